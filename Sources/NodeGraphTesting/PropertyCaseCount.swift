import Foundation

/// How many cases a property test of this package runs: the count it asks for, scaled by
/// `NODEGRAPH_PROPERTY_SCALE` when that is set (a number above 0 and at most 1).
///
/// `Scripts/test.sh` runs every test twice: at full count, then under AddressSanitizer at a
/// quarter, where each case costs several times as much and the sanitizer looks for memory errors
/// rather than for rare sequences.
package enum PropertyCaseCount {
    /// The environment variable that scales the counts.
    package static let variable = "NODEGRAPH_PROPERTY_SCALE"

    /// `full` scaled by the environment's factor, at least 1.
    /// - Parameter full: The count the test asks for.
    /// - Returns: `full` when the variable is unset, else `full` times the factor, rounded up.
    package static func scaled(_ full: Int) -> Int {
        scaled(full, by: ProcessInfo.processInfo.environment[variable])
    }

    /// `full` scaled by `setting`, the variable's text (`nil` when unset).
    /// - Parameters:
    ///   - full: The count the test asks for.
    ///   - setting: The variable's value.
    /// - Returns: The scaled count, at least 1.
    /// - Precondition: `setting` is `nil` or a number above 0 and at most 1.
    package static func scaled(_ full: Int, by setting: String?) -> Int {
        guard let setting else { return full }
        guard let factor = Double(setting), factor > 0, factor <= 1 else {
            preconditionFailure("\(variable) must be a number above 0 and at most 1, not \"\(setting)\"")
        }
        return max(1, Int((Double(full) * factor).rounded(.up)))
    }
}

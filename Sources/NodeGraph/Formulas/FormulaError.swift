/// Why a formula's text does not parse: the reason and the column (from 1) where it was met.
///
/// Its description is the message a person sees: `unexpected ')' at column 7`.
public struct FormulaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `unexpected ')'`.
    public var reason: String
    /// The column of the character at fault, counted from 1; one past the end for a formula that
    /// ends too soon.
    public var column: Int

    /// Creates an error.
    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - column: The column of the character at fault, from 1.
    public init(_ reason: String, column: Int) {
        self.reason = reason
        self.column = column
    }

    /// `REASON at column N`.
    public var description: String { "\(reason) at column \(column)" }
}

/// Why a formula has no value for some inputs: its error value's reason.
public enum FormulaFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `x / 0` or `x % 0`.
    case divisionByZero
    /// A function (or `^`, as `pow`) met an argument outside its domain.
    case outsideDomain(FormulaFunction)
    /// An intermediate result is not a finite number.
    case overflow

    /// `division by zero`, `outside the domain of sqrt`, `overflow`.
    public var description: String {
        switch self {
        case .divisionByZero: "division by zero"
        case .outsideDomain(let function): "outside the domain of \(function.rawValue)"
        case .overflow: "overflow"
        }
    }
}

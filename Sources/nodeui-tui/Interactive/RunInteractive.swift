import Foundation

/// Runs the interactive canvas on `file` (the demo calculator when `nil`) and returns the exit
/// status.
///
/// PLACEHOLDER: the terminal canvas replaces this file. Until then interactive mode reports that
/// it is not available and fails.
/// - Parameter file: The graph file to open, created on first save if missing.
/// - Returns: The process exit status.
func runInteractive(file: String?) -> Int32 {
    StandardError.write("nodeui-tui: interactive mode is not available yet")
    return 1
}

import Foundation

/// Writes whole lines to standard output, unbuffered by Swift's `print`.
enum StandardOutput {
    /// Writes `text` and a line end.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes many lines at once.
    static func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

/// Writes whole lines to standard error.
enum StandardError {
    /// Writes `text` and a line end.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

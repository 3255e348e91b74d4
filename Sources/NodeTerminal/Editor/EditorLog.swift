import Foundation

/// The editor's log: lines with a time stamp, appended to the file given with `--log FILE`, or
/// dropped. Never standard output or error: the screen owns the terminal.
public final class EditorLog {
    private let handle: FileHandle?
    private let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
        return formatter
    }()

    /// A log that writes nothing.
    public static var disabled: EditorLog { EditorLog(handle: nil) }

    private init(handle: FileHandle?) {
        self.handle = handle
    }

    /// Opens (creating if needed) a log file for appending.
    /// - Parameter path: The log file.
    /// - Throws: ``EditorError/cannotOpen(path:purpose:reason:)`` when it cannot be opened.
    public convenience init(path: String) throws(EditorError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, purpose: "log", reason: String(cString: strerror(errno)))
        }
        self.init(handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// Whether lines go anywhere.
    var isEnabled: Bool { handle != nil }

    /// Appends one line with the current time.
    /// - Parameter message: The line, without a line end.
    package func write(_ message: @autoclosure () -> String) {
        guard let handle else { return }
        let line = "\(formatter.string(from: Date())) \(message())\n"
        handle.write(Data(line.utf8))
    }
}

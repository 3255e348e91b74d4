import Foundation
import NodeGraph

/// Appends edits to a journal file as they happen: the autosave journal beside an open file and
/// the `--record` session log. Each edit is one JSON line written with a single `write`, so a
/// killed process leaves every completed line intact.
///
/// Undo and redo are recorded as the edits they applied, so a journal replays to the same graph
/// even when it starts after a save (where an `undo` line would have nothing to undo).
public final class JournalRecorder {
    /// The journal's path.
    public let path: String
    private var descriptor: Int32

    /// Opens (creating if needed) a journal for appending.
    /// - Parameters:
    ///   - path: The journal file.
    ///   - truncating: Whether to start the journal empty.
    /// - Throws: ``JournalRecorderError`` when the file cannot be opened.
    public init(path: String, truncating: Bool = false) throws(JournalRecorderError) {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncating ? O_TRUNC : 0)
        descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            throw JournalRecorderError(path: path, reason: String(cString: strerror(errno)))
        }
    }

    deinit { close() }

    /// Appends one journal line.
    /// - Parameter entry: The entry to record.
    /// - Throws: ``JournalRecorderError`` when the line cannot be written.
    public func record(_ entry: JournalEntry) throws(JournalRecorderError) {
        guard descriptor >= 0 else { throw JournalRecorderError(path: path, reason: "the journal is closed") }
        var line = JSONWriter()
        do throws(JournalLineError) {
            try line.append(entry)
        } catch {
            throw JournalRecorderError(path: path, reason: "cannot record \(entry.operationName): \(error)")
        }
        line.append("\n")
        let written = line.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.bytes.count else {
            throw JournalRecorderError(
                path: path, reason: written < 0 ? String(cString: strerror(errno)) : "short write")
        }
    }

    /// Records every change `document` makes from now on, as the edit it applied.
    /// - Parameters:
    ///   - document: The document to follow.
    ///   - onError: Called when a line cannot be written.
    /// - Returns: The observation token; remove it to stop recording.
    @discardableResult
    public func follow(
        _ document: GraphDocument, onError: @escaping (JournalRecorderError) -> Void = { _ in }
    )
        -> ObservationToken
    {
        document.observe { [weak self] change in
            do throws(JournalRecorderError) {
                try self?.record(.edit(change.edit))
            } catch {
                onError(error)
            }
        }
    }

    /// Empties the journal (after the graph it records was saved).
    /// - Throws: ``JournalRecorderError`` when the file cannot be truncated.
    public func removeAll() throws(JournalRecorderError) {
        guard ftruncate(descriptor, 0) == 0 else {
            throw JournalRecorderError(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Closes the file; later records throw.
    public func close() {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
        descriptor = -1
    }
}

/// Why a journal could not be written.
public struct JournalRecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The journal's path.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}

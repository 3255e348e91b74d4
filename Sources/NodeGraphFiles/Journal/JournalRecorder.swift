import Foundation
import NodeGraph

/// Appends edits to a journal file as they happen: the autosave journal beside an open file and
/// the `--record` session log. Each edit is one JSON line written with a single `write`, so a
/// killed process leaves every completed line intact.
///
/// Undo and redo are recorded as the edits they applied, so a journal replays to the same graph
/// even when it starts after a save (where an `undo` line would have nothing to undo). A change
/// that applied several edits at once (a paste, a delete or move of several nodes, an arrange,
/// or the undo of one) is recorded as its plain edits (`Edit.plainEdits`), one per
/// line, all written by one `write`: replayed line by line they change the graph exactly as the
/// change did.
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
        try record([entry])
    }

    /// Appends journal lines, one per entry, with a single `write`, so the lines of one change
    /// reach the file together.
    /// - Parameter entries: The entries to record, in order; none writes nothing.
    /// - Throws: ``JournalRecorderError`` when a line cannot be made (then nothing is written) or
    ///   written.
    /// - Complexity: O(*n*) in the length of the lines.
    public func record(_ entries: [JournalEntry]) throws(JournalRecorderError) {
        guard descriptor >= 0 else { throw JournalRecorderError(path: path, reason: "the journal is closed") }
        guard !entries.isEmpty else { return }
        var lines = JSONWriter()
        for entry in entries {
            do throws(JournalLineError) {
                try lines.append(entry)
            } catch {
                throw JournalRecorderError(
                    path: path, reason: "cannot record \(entry.operationName): \(error)")
            }
            lines.append("\n")
        }
        let written = lines.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == lines.bytes.count else {
            throw JournalRecorderError(
                path: path, reason: written < 0 ? String(cString: strerror(errno)) : "short write")
        }
    }

    /// Appends what a change applied: its plain edits, one line each, in one `write`.
    /// - Parameter change: The change, from a document's observer.
    /// - Throws: ``JournalRecorderError`` when the lines cannot be written.
    public func record(_ change: Change) throws(JournalRecorderError) {
        try record(change.edit.plainEdits.map(JournalEntry.edit))
    }

    /// Records every change `document` makes from now on, as the plain edits it applied.
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
                try self?.record(change)
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

    /// `path: reason`, on one line: anything unprintable in the path is shown escaped.
    public var description: String { "\(path.escapedForMessage): \(reason)" }
}

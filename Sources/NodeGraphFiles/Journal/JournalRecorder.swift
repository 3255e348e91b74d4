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
    private let files: any FileOperations

    /// Opens (creating if needed) a journal for appending.
    /// - Parameters:
    ///   - path: The journal file.
    ///   - truncating: Whether to start the journal empty.
    /// - Throws: ``JournalRecorderError`` when the file cannot be opened.
    public convenience init(path: String, truncating: Bool = false) throws(JournalRecorderError) {
        try self.init(path: path, truncating: truncating, using: SystemFileOperations())
    }

    /// Opens (creating if needed) a journal for appending, through `files` (a test's failing
    /// system calls).
    /// - Parameters:
    ///   - path: The journal file.
    ///   - truncating: Whether to start the journal empty.
    ///   - files: The system calls to make.
    /// - Throws: ``JournalRecorderError`` when the file cannot be opened.
    package init(path: String, truncating: Bool = false, using files: any FileOperations)
        throws(JournalRecorderError)
    {
        self.path = path
        self.files = files
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncating ? O_TRUNC : 0)
        descriptor = files.open(path, flags, 0o644)
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
    /// reach the file together. A write that fails part way (a full disk, a file-size limit) is
    /// taken back: the journal ends with its last whole line, never half of one.
    /// - Parameter entries: The entries to record, in order; none writes nothing.
    /// - Throws: ``JournalRecorderError`` when a line cannot be made or written (then nothing is
    ///   written).
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
        var status = stat()
        let sizeBefore = fstat(descriptor, &status) == 0 ? status.st_size : nil
        let failure: String? = lines.bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = files.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                if written == 0 { return "nothing could be written" }
                offset += written
            }
            return nil
        }
        if let failure {
            if let sizeBefore { _ = ftruncate(descriptor, sizeBefore) }  // no half line stays
            throw JournalRecorderError(path: path, reason: failure)
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

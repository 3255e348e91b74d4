import Foundation
import NodeCanvas
import NodeGraph

/// Whether a session may write its file and journal.
public enum SessionAccess {
    /// Nothing to lock: the session has no journal (a demo without a state folder, a test).
    case unlocked
    /// This session holds the lock (`nil`: the lock file could not be made; it edits anyway).
    case owner(SessionLock?)
    /// Another session of the tool holds the lock: this session shows the graph and changes
    /// nothing.
    case readOnly(ownerProcess: Int32?)
}

/// Sessions never collide: one lock per file (and one for the demo), a lock file beside the
/// autosave journal. A second session on the same file opens read-only: it never reads,
/// truncates or deletes the first one's journal, offers no recovery, and refuses edits and saves.
extension EditorSession {
    /// The lock file beside an autosave journal: `FILE.autosave.lock`, `demo.autosave.lock`.
    /// - Parameter journal: The journal's path.
    /// - Returns: The lock file's path.
    package static func lockPath(forJournal journal: String) -> String {
        (journal.hasSuffix(".jsonl") ? String(journal.dropLast(6)) : journal) + ".lock"
    }

    /// Whether another session holds this session's file.
    package var isReadOnly: Bool {
        if case .readOnly = access { true } else { false }
    }

    /// What the status line says in a read-only session, and why its edits and saves are refused.
    package var readOnlyMessage: String? {
        guard case .readOnly(let owner) = access else { return nil }
        return "read-only: open in another \(configuration.toolName)" + (owner.map { " (pid \($0))" } ?? "")
    }

    /// Takes the lock of the session's journal, before anything reads the journal.
    func claimAccess() -> SessionAccess {
        guard let journal = journals?.base else { return .unlocked }
        if file == nil {  // the demo's lock and journal live in a state folder that may not exist yet
            try? FileManager.default.createDirectory(
                atPath: (journal as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        switch SessionLock.acquire(path: Self.lockPath(forJournal: journal)) {
        case .acquired(let lock):
            return .owner(lock)
        case .heldElsewhere(let pid):
            log.write("read-only: \(journal) is locked by process \(pid.map(String.init) ?? "unknown")")
            return .readOnly(ownerProcess: pid)
        case .unavailable(let reason):
            log.write("cannot lock \(journal): \(reason); editing without a lock")
            return .owner(nil)
        }
    }

    /// Before saving to `path`: the lock of `path` when it is not the session's file yet.
    /// - Parameter path: Where the graph is about to be saved.
    /// - Returns: `.unlocked` when `path` is the session's own file, the new lock, or `nil` after
    ///   reporting that another session holds `path`.
    func lockForSaving(to path: String) -> SessionAccess? {
        guard path != file else { return .unlocked }
        switch SessionLock.acquire(path: Self.lockPath(forJournal: Self.autosavePath(for: path))) {
        case .acquired(let lock):
            return .owner(lock)
        case .heldElsewhere(let pid):
            report(
                "not saved: \(path) is open in another \(configuration.toolName)"
                    + (pid.map { " (pid \($0))" } ?? ""))
            return nil
        case .unavailable:
            return .owner(nil)
        }
    }

    /// Gives the lock up (removing its file), as the session ends or moves to another file.
    func releaseLock() {
        if case .owner(let lock) = access { lock?.release() }
    }
}

extension EditorSession: CanvasDelegate {
    /// Refuses every edit in a read-only session.
    /// - Parameter edit: The edit the canvas is about to apply.
    /// - Returns: The read-only message, or `nil`.
    public func refusal(of edit: Edit) -> String? { readOnlyMessage }
}

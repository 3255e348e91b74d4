import Foundation
import NodeGraph
import NodeGraphFiles

/// The autosave journal: every edit is appended as it happens to this session's own journal,
/// beside the file (`FILE.autosave.jsonl`, or a numbered sibling when journals are left behind)
/// or, for the demo, in the tool's state folder.
extension EditorSession {
    /// Appends a change to this session's own journal, opening a fresh one at the first edit
    /// (never one a crash left behind).
    func autosaveRecord(_ change: Change) {
        guard let journals, !isAutosaveSuspended, !autosaveFailed, !isReadOnly else { return }
        do throws(JournalRecorderError) {
            if autosave == nil {
                if file == nil {  // the demo's journal lives in a state directory that may not exist yet
                    try? FileManager.default.createDirectory(
                        atPath: (journals.base as NSString).deletingLastPathComponent,
                        withIntermediateDirectories: true)
                }
                let journal = ownJournal ?? journals.fresh()
                autosave = try JournalRecorder(path: journal)
                ownJournal = journal
            }
            try autosave?.record(change)
        } catch {
            autosaveFailed = true
            report("autosave is off: \(error)")
        }
    }

    /// Closes and deletes this session's journals: its own and those it recovered, whose edits
    /// a save now holds or a quit discards on purpose. Journals left for later stay.
    func removeSessionJournals() {
        autosave?.close()
        autosave = nil
        for journal in sessionJournals { removeJournal(at: journal) }
        ownJournal = nil
        adoptedJournals = []
    }

    /// Deletes the journal at `path`, logging why it could not be.
    func removeJournal(at path: String) {
        if unlink(path) != 0 && errno != ENOENT {
            log.write("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }
}

import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// The autosave journal: every edit is appended as it happens to this session's own journal,
/// beside the file (`FILE.autosave.jsonl`, or a numbered sibling when journals are left behind)
/// or, for the demo, in the tool's state folder.
extension EditorSession {
    /// Appends a change to this session's own journal, opening a fresh one at the first edit
    /// (never one a crash left behind). When the journal cannot be written (a full disk, a
    /// file-size limit, a read-only folder) the status line says why and how many edits wait in
    /// memory: each later edit tries again, with them first, until they are all written.
    func autosaveRecord(_ change: Change) {
        guard let journals, !isAutosaveSuspended, !isReadOnly else { return }
        let entries = autosaveBacklog + change.edit.plainEdits.map(JournalEntry.edit)
        do throws(JournalRecorderError) {
            try ownRecorder(in: journals).record(entries)
            autosaveBacklog = []
            if autosaveFailed {
                autosaveFailed = false
                canvas.send(
                    .noticeArrived(StatusMessage("autosave works again: every edit is in the journal")))
            }
        } catch {
            autosaveBacklog = entries
            autosaveFailed = true
            let waiting = entries.count == 1 ? "1 edit waits" : "\(entries.count) edits wait"
            let name = (error.path as NSString).lastPathComponent.escapedForMessage
            report("autosave failing: \(error.reason); \(waiting) until it works again (\(name))")
        }
    }

    /// Tries once more to write the edits waiting for the journal (as the session stops).
    func writeAutosaveBacklog() {
        guard !autosaveBacklog.isEmpty, let journals, !isReadOnly else { return }
        do throws(JournalRecorderError) {
            try ownRecorder(in: journals).record(autosaveBacklog)
            autosaveBacklog = []
        } catch {
            log.write("\(autosaveBacklog.count) edits could not be journaled: \(error)")
        }
    }

    /// This session's own journal, opened (a fresh one) if it is not open yet.
    private func ownRecorder(in journals: AutosaveJournals) throws(JournalRecorderError) -> JournalRecorder {
        if let autosave { return autosave }
        if file == nil {  // the demo's journal lives in a state directory that may not exist yet
            try? FileManager.default.createDirectory(
                atPath: (journals.base as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
        }
        let journal = ownJournal ?? journals.fresh()
        let recorder = try JournalRecorder(path: journal, using: fileOperations)
        autosave = recorder
        ownJournal = journal
        return recorder
    }

    /// Closes and deletes this session's journals: its own and those it recovered, whose edits
    /// a save now holds or a quit discards on purpose. Journals left for later stay.
    func removeSessionJournals() {
        autosave?.close()
        autosave = nil
        for journal in sessionJournals { removeJournal(at: journal) }
        ownJournal = nil
        adoptedJournals = []
        autosaveBacklog = []  // what the file now holds, or what was discarded
    }

    /// Deletes the journal at `path`, logging why it could not be.
    func removeJournal(at path: String) {
        if unlink(path) != 0 && errno != ENOENT {
            log.write("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }
}

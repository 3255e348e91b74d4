import Foundation
import NodeGraph
import NodeGraphFiles

/// The autosave journal: every edit is appended as it happens, beside the file
/// (`FILE.autosave.jsonl`) or, for the demo, in the tool's state folder.
extension EditorSession {
    /// Appends a change to the autosave journal, opening it at the first edit.
    func autosaveRecord(_ change: Change) {
        guard let journal = journalPath, !isAutosaveSuspended, !autosaveFailed, !isReadOnly else { return }
        do throws(JournalRecorderError) {
            if autosave == nil {
                if file == nil {  // the demo's journal lives in a state directory that may not exist yet
                    try? FileManager.default.createDirectory(
                        atPath: (journal as NSString).deletingLastPathComponent,
                        withIntermediateDirectories: true)
                }
                autosave = try JournalRecorder(path: journal)
            }
            try autosave?.record(change)
        } catch {
            autosaveFailed = true
            report("autosave is off: \(error)")
        }
    }

    /// Closes and deletes the autosave journal at `path`.
    func removeAutosaveJournal(at path: String) {
        autosave?.close()
        autosave = nil
        if unlink(path) != 0 && errno != ENOENT {
            log.write("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }
}

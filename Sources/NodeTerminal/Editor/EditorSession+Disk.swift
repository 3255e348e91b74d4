import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// The file changed on disk: another program (an editor, `git checkout`) wrote the open file.
/// The session notices it between keys and at `s`, says so on the status line, and `s` asks
/// whether to overwrite it, reload it or save as another file.
extension EditorSession {
    /// Looks whether the file's content changed on disk since this session loaded or saved it,
    /// and says so on the status line the first time it notices.
    ///
    /// One `stat` while the file's size and time stay as they were; the file is read and hashed
    /// only when they differ, so a `touch` is not a change.
    func noticeChangeOnDisk() {
        guard let file else { return }
        if isChangedOnDisk, let seen = changeSeen, let now = FileStamp.status(file),
            now.hasSameStatus(as: seen)
        {
            return
        }
        let (changed, stamp) = FileStamp.check(diskStamp, at: file)
        diskStamp = stamp
        changeSeen = changed ? FileStamp.status(file) : nil
        guard changed != isChangedOnDisk else { return }
        isChangedOnDisk = changed
        guard changed else { return }
        let gone = !FileManager.default.fileExists(atPath: file)
        let name = (file as NSString).lastPathComponent
        report(
            "\(name) \(gone ? "was removed" : "changed") on disk: s asks whether to overwrite it or reload it"
        )
    }

    /// `r` at the changed-on-disk question: loads the file as it is now. This session's unsaved
    /// edits stay in its journals, which are then offered for recovery like any left behind.
    func reloadFromDisk() {
        guard let file else { return }
        guard autosaveBacklog.isEmpty else {
            let count = autosaveBacklog.count == 1 ? "1 edit is" : "\(autosaveBacklog.count) edits are"
            return report(
                "not reloaded: \(count) not in the journal yet (autosave failing); a save as keeps them")
        }
        let graph: Graph
        do throws(GraphFileError) {
            graph = try GraphFile.load(path: file, registry: configuration.registry)
        } catch {
            return report("not reloaded: " + error.problems.map { "\($0)" }.joined(separator: "; "))
        }
        autosave?.close()
        autosave = nil
        let kept = sessionJournals
        ownJournal = nil
        adoptedJournals = []
        document.replaceGraph(graph)
        canvas.reload()
        liveSources?.follow(document.graph)
        applySourceUpdates()
        backgroundRunner?.follow(document.graph)
        diskStamp = FileStamp.read(file)
        isChangedOnDisk = false
        changeSeen = nil
        let nodes = graph.count == 1 ? "1 node" : "\(graph.count) nodes"
        let note = kept.isEmpty ? "" : "; the unsaved edits stay in the journal"
        canvas.send(.noticeArrived(StatusMessage("reloaded \(file) (\(nodes))\(note)")))
        log.write("reloaded \(file) with \(nodes); kept \(kept.joined(separator: ", "))")
        offerJournalsLeftBehind()
    }
}

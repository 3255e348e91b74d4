import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// Saving: to the session's file, or to one typed in "save as", atomically.
extension EditorSession {
    /// `s`: saves to the file, or asks for a file name first (the demo).
    /// - Parameter thenQuit: Whether to quit once saved.
    func requestSave(thenQuit: Bool) {
        if let readOnlyMessage { return report(readOnlyMessage) }
        if let file {
            noticeChangeOnDisk()
            if isChangedOnDisk {
                return perform(canvas.send(.fileChangedOnDisk(path: file, thenQuit: thenQuit)))
            }
            if save(to: file), thenQuit { finish(clean: true) }
        } else {
            perform(canvas.send(.fileNameNeeded(proposal: configuration.demo.fileName, thenQuit: thenQuit)))
        }
    }

    /// Saves the graph atomically (a crash mid-save leaves the old file whole), marks the
    /// document saved and removes this session's journals, whose edits the file now holds
    /// (journals left for later stay).
    /// - Parameter path: Where to save; it becomes the session's file.
    /// - Returns: Whether the file was written.
    @discardableResult
    func save(to path: String) -> Bool {
        if let readOnlyMessage {
            report(readOnlyMessage)
            return false
        }
        guard let newAccess = lockForSaving(to: path) else { return false }
        do throws(SaveError) {
            try GraphFile.save(document.graph, to: path, using: fileOperations)
        } catch {
            if case .owner(let lock) = newAccess { lock?.release() }
            report("not saved: \(error.reason)")
            return false
        }
        document.markSaved()
        removeSessionJournals()  // the old file's, or the demo's
        if case .owner = newAccess {
            releaseLock()
            access = newAccess
        }
        adoptFile(path)
        diskStamp = FileStamp.read(path)
        isChangedOnDisk = false
        changeSeen = nil
        let count = document.graph.count
        canvas.send(.saved(path: path, nodeCount: count))
        log.write("saved \(path) with \(count) nodes")
        return true
    }

    /// Saves to a path typed in "save as": asks before replacing a file, refuses a directory, and
    /// gives a name without an extension the tool's (`EditorConfiguration/savePath(for:)`).
    /// - Parameters:
    ///   - typed: The path typed.
    ///   - replacing: Whether the person agreed to replace an existing file.
    ///   - thenQuit: Whether to quit once saved.
    func saveAs(_ typed: String, replacing: Bool, thenQuit: Bool) {
        var isDirectory: ObjCBool = false
        let isADirectory =
            FileManager.default.fileExists(atPath: typed, isDirectory: &isDirectory) && isDirectory.boolValue
        let path = isADirectory ? typed : configuration.savePath(for: typed)
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                canvas.send(
                    .noticeArrived(StatusMessage("\(path) is a directory: type a file name", isError: true)))
                return
            }
            if !replacing {
                canvas.send(.saveTargetExists(path: path, thenQuit: thenQuit))
                return
            }
        }
        if save(to: path), thenQuit { finish(clean: true) }
    }
}

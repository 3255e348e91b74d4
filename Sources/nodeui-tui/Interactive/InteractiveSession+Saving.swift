import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

extension InteractiveSession {
    /// `s`: saves to the file, or asks for a file name first (the demo).
    /// - Parameter thenQuit: Whether to quit once saved.
    func requestSave(thenQuit: Bool) {
        if let file {
            if save(to: file), thenQuit { finish(clean: true) }
        } else {
            setPrompt(.saveAs(text: Self.demoFileName, thenQuit: thenQuit))
        }
    }

    /// Saves the graph atomically (a crash mid-save leaves the old file whole), marks the
    /// document saved and removes the autosave journal, whose edits the file now holds.
    /// - Parameter path: Where to save; it becomes the session's file.
    /// - Returns: Whether the file was written.
    @discardableResult
    func save(to path: String) -> Bool {
        do throws(SaveError) {
            try GraphFile.save(document.graph, to: path)
        } catch {
            report("not saved: \(path): \(error.reason)")
            return false
        }
        document.markSaved()
        let previousJournal = journalPath  // the old file's, or the demo's
        adoptFile(path)
        if let previousJournal, previousJournal != journalPath { removeAutosaveJournal(at: previousJournal) }
        removeAutosaveJournal(at: Self.autosavePath(for: path))
        let count = document.graph.count
        canvas.post("saved \(path) (\(count == 1 ? "1 node" : "\(count) nodes"))", isError: false)
        log.write("saved \(path) with \(count) nodes")
        return true
    }

    /// Answers a key while "save as" is open: typing edits the name, Enter saves, Esc cancels.
    func answerSaveAs(text: String, thenQuit: Bool, event: InputEvent) {
        var text = text
        switch event {
        case .escape:
            setPrompt(nil)
            canvas.post("not saved", isError: false)
            return
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case .character(let character) where !character.isNewline && text.count < 4_096:
            text.append(character)
        case .enter:
            let path = text.trimmingCharacters(in: .whitespaces)
            var isDirectory: ObjCBool = false
            if path.isEmpty {
                canvas.post("type a file name, or Esc", isError: true)
            } else if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    canvas.post("\(path) is a directory: type a file name", isError: true)
                } else {
                    setPrompt(.overwrite(path: path, thenQuit: thenQuit))
                }
                return
            } else {
                setPrompt(nil)
                if save(to: path), thenQuit { finish(clean: true) }
                return
            }
        default:
            return
        }
        setPrompt(.saveAs(text: text, thenQuit: thenQuit))
    }
}

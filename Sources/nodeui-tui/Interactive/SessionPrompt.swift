/// A question on the status line. While one is open it takes every key; the canvas waits.
enum SessionPrompt: Hashable, Sendable {
    /// Unsaved edits from an earlier session were found beside the file: replay them?
    case recover(journal: String, editCount: Int)
    /// `q` with unsaved changes: quit anyway, stay, or save first?
    case quitWithUnsavedChanges
    /// The file to save to, typed on the status line (the demo, or a graph never saved).
    case saveAs(text: String, thenQuit: Bool)
    /// The file typed for "save as" exists: replace it?
    case overwrite(path: String, thenQuit: Bool)

    /// The badge at the left of the status line.
    var title: String {
        switch self {
        case .recover: "RECOVER"
        case .quitWithUnsavedChanges: "QUIT"
        case .saveAs: "SAVE AS"
        case .overwrite: "REPLACE"
        }
    }

    /// The question and the keys that answer it.
    /// - Parameter textCursor: The glyph that marks where typing goes.
    /// - Returns: The text after the badge.
    func text(textCursor: Character) -> String {
        switch self {
        case .recover(let journal, let editCount):
            let edits = editCount == 1 ? "1 unsaved edit" : "\(editCount) unsaved edits"
            return "\(edits) from a session that ended abruptly · y recovers · n discards · in \(journal)"
        case .quitWithUnsavedChanges:
            return "Unsaved changes. Quit without saving? y quits · n stays · s saves and quits"
        case .saveAs(let text, _):
            return "file: \(text)\(textCursor)  Enter saves · Esc cancels"
        case .overwrite(let path, _):
            return "\(path) exists. Replace it? y replaces · n goes back"
        }
    }
}

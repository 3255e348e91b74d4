import NodeGraph

/// What the reducer asks to be done: the canvas carries out the document's part (edits, undo,
/// transactions) and hands the rest to its host (saving, quitting, the clipboard).
public enum CanvasEffect: Hashable, Sendable {
    /// Apply an edit through the document, unless the delegate refuses it. Carried out by the
    /// canvas.
    case apply(Edit)
    /// Undo the latest step. Carried out by the canvas.
    case undo
    /// Redo the latest undone step. Carried out by the canvas.
    case redo
    /// Start grouping edits into one undo step. Carried out by the canvas.
    case beginTransaction
    /// Close the group as one undo step. Carried out by the canvas.
    case commitTransaction
    /// Revert every edit of the group. Carried out by the canvas.
    case cancelTransaction
    /// Save the document to its file, or answer ``CanvasAction/fileNameNeeded(proposal:thenQuit:)``
    /// when it has none; quit afterwards when `thenQuit`. For the host.
    case save(thenQuit: Bool)
    /// Save to a path the person typed; answer ``CanvasAction/saveTargetExists(path:thenQuit:)``
    /// when it exists and `replacing` is false. For the host.
    case saveAs(path: String, replacing: Bool, thenQuit: Bool)
    /// Save to the document's file although it changed on disk: the person chose to overwrite
    /// it. Quit afterwards when `thenQuit`. For the host.
    case overwrite(thenQuit: Bool)
    /// Load the document's file again, as it is on disk now; this session's unsaved edits stay in
    /// its journal, offered as recovery. For the host.
    case reload
    /// Quit; the person chose to, unsaved changes included. For the host.
    case quit
    /// Apply the unsaved edits of the offered journal. For the host.
    case recover
    /// Delete the offered journal: the person declined its edits. For the host.
    case discardRecovery
    /// Put these nodes on the clipboard (a file other sessions read, and the terminal's
    /// clipboard where it has one). For the host.
    case copy(ClipboardContents)
    /// Read the clipboard and answer with ``CanvasAction/clipboardRead(_:keepingOutsideInputs:)``.
    /// For the host.
    case paste(keepingOutsideInputs: Bool)
    /// Run a tool's own command (``CanvasCommand/tool(_:)``), by its name. For the host.
    case runToolCommand(String)
    /// Write every cell of the terminal again: its picture may have been disturbed (Ctrl-L).
    /// For the host.
    case repaint
    /// Route ahead, for a slice of about a millisecond, the links of the windows the next keys
    /// are likely to show (``Canvas/hasWorkAhead`` says whether any remain). Carried out by the
    /// canvas.
    case routeAhead

    /// Whether the canvas carries it out itself (the document's part) rather than its host.
    var isCarriedOutByCanvas: Bool {
        switch self {
        case .apply, .undo, .redo, .beginTransaction, .commitTransaction, .cancelTransaction, .routeAhead:
            true
        case .save, .saveAs, .overwrite, .reload, .quit, .recover, .discardRecovery, .copy, .paste,
            .runToolCommand, .repaint:
            false
        }
    }
}

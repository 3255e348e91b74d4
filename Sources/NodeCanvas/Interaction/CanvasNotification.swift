import NodeGraph

/// What changed on the canvas, told to plugins in their declared order after the reducer
/// answered an action. Notifications only report; they change nothing.
public enum CanvasNotification: Hashable, Sendable {
    /// The cursor's node or the selection changed.
    case selectionChanged(cursorNode: NodeID?, selection: Set<NodeID>)
    /// The mode changed.
    case modeChanged(CanvasMode)
    /// The level of detail changed.
    case levelOfDetailChanged(LevelOfDetail)
    /// The inspector was shown or hidden.
    case inspectorToggled(isShown: Bool)
    /// A new message is on the status line.
    case messageShown(StatusMessage)
    /// The document changed.
    case documentChanged(Change, cause: ChangeCause)
    /// A graph was opened on the canvas: at the session's start, and after a reload from disk.
    case documentOpened
    /// The document was saved to a file.
    case documentSaved(path: String)
    /// Live sources pushed new values (not an edit: not undone, journaled or saved).
    case sourcesUpdated(SourceChange)
}

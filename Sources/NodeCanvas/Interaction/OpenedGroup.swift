import NodeGraph

/// A group opened with Enter: the instance it was entered from, its definition, and where the
/// canvas was before, so that going back up puts the cursor and the view where they were.
public struct OpenedGroup: Hashable, Sendable {
    /// The instance entered, at the level above.
    package var instance: NodeID
    /// The definition's kind, which edits inside name (`{"op":…,"in":KIND}`).
    public var kind: String
    /// The definition's display name, as the breadcrumb shows it.
    public var name: String
    /// The cursor at the level above.
    public var cursor: Position
    /// The cursor's node at the level above.
    package var cursorNode: NodeID?
    /// The selection at the level above.
    package var selection: Set<NodeID>
    /// The view's top left at the level above.
    public var origin: Position

    /// Remembers the level above an instance about to be opened.
    /// - Parameters:
    ///   - instance: The instance.
    ///   - summary: What it is an instance of.
    ///   - state: The canvas state at the level above.
    public init(instance: NodeID, summary: InstanceSummary, leaving state: CanvasState) {
        self.instance = instance
        kind = summary.kind
        name = summary.name
        cursor = state.cursor
        cursorNode = state.cursorNode
        selection = state.selection
        origin = state.viewport.origin
    }
}

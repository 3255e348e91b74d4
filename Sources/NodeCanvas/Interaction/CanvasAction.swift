import NodeGraph

/// What the reducer decided in answer to an event, for the canvas to carry out and for every
/// plugin to hear, in order.
///
/// Graph changes are always ``edit(_:)`` values applied through the document; everything else
/// is state the reducer already changed (selection, mode), told to plugins and the delegate.
public enum CanvasAction: Hashable, Sendable {
    /// Apply an edit to the document.
    case edit(Edit)
    /// Undo the latest step.
    case undo
    /// Redo the latest undone step.
    case redo
    /// Start grouping edits into one undo step (a move began).
    case transactionBegan
    /// Close the group as one undo step (a move ended).
    case transactionCommitted
    /// Revert every edit of the group (a move was cancelled).
    case transactionCancelled
    /// The selection changed.
    case selectionChanged(NodeID?)
    /// The mode changed; the new mode's name.
    case modeChanged(String)
    /// The level of detail changed.
    case levelOfDetailChanged(LevelOfDetail)
    /// The inspector panel was asked to show or hide.
    case inspectorToggled
    /// A message for the status line.
    case message(String, isError: Bool)
    /// Something for the host to do.
    case effect(CanvasEffect)
}

/// What the reducer may read besides the state: the graph, the scene, and the host's choices.
public struct CanvasContext {
    /// The graph.
    public var graph: Graph
    /// The shown nodes and their layouts.
    public var scene: CanvasScene
    /// The screen cells the canvas draws nodes in (the screen minus panels and status line).
    public var area: Rect
    /// Whether link mode may offer a target (the delegate's veto).
    public var offersLinkTarget: (LinkCandidate, NodeID) -> Bool
    /// The size a new node of a kind is expected to take.
    public var defaultSize: (String) -> Size

    /// Creates a context.
    public init(
        graph: Graph, scene: CanvasScene, area: Rect,
        offersLinkTarget: @escaping (LinkCandidate, NodeID) -> Bool = { _, _ in true },
        defaultSize: @escaping (String) -> Size = { _ in Size(width: 18, height: 6) }
    ) {
        self.graph = graph
        self.scene = scene
        self.area = area
        self.offersLinkTarget = offersLinkTarget
        self.defaultSize = defaultSize
    }
}

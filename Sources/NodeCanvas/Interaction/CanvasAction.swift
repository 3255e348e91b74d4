import NodeGraph

/// Something that happened, for ``CanvasReducer`` to answer: the only way canvas state changes.
///
/// Actions are events, named for what happened: a key or mouse event, a change to the document,
/// a live source's new value, an answer from the host (a save that succeeded, a file that
/// exists). What the reducer wants done comes back as ``CanvasEffect`` values; what changed is
/// told to plugins and the delegate as ``CanvasNotification`` values.
public enum CanvasAction: Hashable, Sendable {
    /// A key, a mouse event or a resize: what the person did.
    case input(InputEvent)
    /// The document changed: an edit, undo or redo the canvas asked for, or a change someone
    /// else applied (``ChangeCause/host``). The scene already shows it.
    case documentChanged(Change, cause: ChangeCause)
    /// Live sources pushed values and their downstream recomputed
    /// (`GraphDocument.applySourceUpdates(_:)`). The scene already shows it; cursor, mode,
    /// selection and any open editor or prompt stay.
    case sourceUpdated(SourceChange)
    /// The host counted its running live sources and the failing ones; the status line shows
    /// them.
    case liveSourcesReported(LiveSourceStatus)
    /// The document's whole graph was replaced (a file loaded, edits recovered in bulk).
    case documentReplaced
    /// An edit the canvas asked for was refused, by the graph or by the delegate.
    case editRefused(Edit, reason: String)
    /// The host chose a node, as if the person had moved the cursor onto it.
    case nodeChosen(NodeID)
    /// The host opened the document: the view fits the graph (as `f`), the cursor rests just
    /// above it, and the welcome message shows.
    case documentOpened(welcome: StatusMessage)
    /// The host placed the view and the cursor (opening a file, restoring a view).
    case viewPlaced(origin: Position, cursor: Position)
    /// The host chose a level of detail (a command-line option, a benchmark).
    case levelOfDetailChosen(LevelOfDetail)
    /// The host has something to tell the person (opened a file, saved, a problem).
    case noticeArrived(StatusMessage)
    /// The host needs a file name to save to (``CanvasEffect/save(thenQuit:)`` on a graph
    /// without a file).
    case fileNameNeeded(proposal: String, thenQuit: Bool)
    /// The file chosen in "save as" exists: ask before replacing it.
    case saveTargetExists(path: String, thenQuit: Bool)
    /// The file to save to changed on disk since it was opened or saved: ask whether to
    /// overwrite it, reload it or save as another file.
    case fileChangedOnDisk(path: String, thenQuit: Bool)
    /// The host saved the graph.
    case saved(path: String, nodeCount: Int)
    /// The host found unsaved edits from an earlier session.
    case recoveryFound(RecoveryOffer)
    /// The host read the clipboard for a paste (``CanvasEffect/paste(keepingOutsideInputs:)``);
    /// `nil` when it is empty or unreadable.
    case clipboardRead(ClipboardContents?, keepingOutsideInputs: Bool)
    /// The canvas shows the level ``CanvasState/openedGroups`` names, after a group was opened
    /// (`entered`) or left: the scene holds that level's nodes now.
    case groupLevelShown(entered: Bool)
    /// The host decided whether this canvas may edit: `readOnlyReason` says why it may not
    /// (`read-only: open in another nodeui-tui (pid 42)`), `nil` lets it edit. While read-only,
    /// every key, press or drag that would edit is refused as it comes, with the reason on the
    /// status line, before any prompt or mode opens.
    case accessDecided(readOnlyReason: String?)
    /// Instances the opened groups were entered from are gone (an undo took them): only the
    /// first `keeping` opened groups are still there, and the canvas goes back up to them.
    case openedGroupsGone(keeping: Int)
    /// No input is waiting and the frame is drawn: a moment to prepare what the next keys are
    /// likely to need (the links of the windows a pan or a level of detail enters next,
    /// ``CanvasEffect/routeAhead``), a short slice at a time.
    case idle
}

/// Why the document changed.
public enum ChangeCause: Hashable, Sendable {
    /// An edit the canvas asked for (``CanvasEffect/apply(_:)``).
    case edit
    /// An undo of the step that applied this edit.
    case undo(of: Edit)
    /// A redo of this edit.
    case redo(of: Edit)
    /// Someone else applied it through the document (a host, a replayed journal).
    case host
}

/// What the reader of the state may need besides it: the graph, the scene, and the host's choices.
public struct CanvasContext {
    /// The graph.
    public var graph: Graph
    /// The shown nodes and their layouts.
    package var scene: CanvasScene
    /// The screen cells the canvas draws nodes in (the screen minus panels and status line).
    package var area: Rect
    /// The cells nodes would be drawn in with another state (after a resize, with the
    /// inspector toggled).
    var areaForState: (CanvasState) -> Rect
    /// Whether the document has changes not saved.
    package var isModified: Bool
    /// Whether link mode may offer a target (the delegate's veto).
    var offersLinkTarget: (LinkCandidate, NodeID) -> Bool
    /// The size a new node of a kind is expected to take.
    public var defaultSize: (String) -> Size
    /// The arrow drawn between names in messages (`→`, or `->` in ASCII).
    package var arrow: String
    /// Separates the parts of a message (`·`, or `|` in ASCII).
    package var separator: Character
    /// The document's graph: the top level, where the definitions are (``graph`` is the opened
    /// group's definition inside one).
    var documentGraph: Graph
    /// The keys in effect: what each key runs in normal mode, and every command by name.
    public var keyTable: KeyTable

    /// Creates a context.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - scene: The shown nodes and their layouts.
    ///   - area: The cells nodes are drawn in.
    ///   - areaForState: The cells nodes are drawn in with another state; by default `area`.
    ///   - isModified: Whether the document has unsaved changes.
    ///   - offersLinkTarget: The delegate's veto on link targets.
    ///   - defaultSize: The size of a new node of a kind.
    ///   - arrow: The arrow between names.
    ///   - separator: Separates the parts of a message.
    ///   - documentGraph: The document's graph, when ``graph`` is a definition's; `nil`: ``graph``.
    ///   - keyTable: The keys in effect; the standard ones by default.
    public init(
        graph: Graph, scene: CanvasScene, area: Rect, areaForState: ((CanvasState) -> Rect)? = nil,
        isModified: Bool = false,
        offersLinkTarget: @escaping (LinkCandidate, NodeID) -> Bool = { _, _ in true },
        defaultSize: @escaping (String) -> Size = { _ in Size(width: 18, height: 6) }, arrow: String = "→",
        separator: Character = "·", documentGraph: Graph? = nil, keyTable: KeyTable = .standard
    ) {
        self.keyTable = keyTable
        self.graph = graph
        self.documentGraph = documentGraph ?? graph
        self.scene = scene
        self.area = area
        self.areaForState = areaForState ?? { _ in area }
        self.isModified = isModified
        self.offersLinkTarget = offersLinkTarget
        self.defaultSize = defaultSize
        self.arrow = arrow
        self.separator = separator
    }
}

extension CanvasContext {
    /// The cells nodes are drawn in with a state.
    /// - Parameter state: The state.
    /// - Returns: The area.
    func area(for state: CanvasState) -> Rect { areaForState(state) }
}

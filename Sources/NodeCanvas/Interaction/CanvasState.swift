import NodeGraph

/// The part of the canvas the screen shows: where its top left is on the canvas, and the
/// screen's size.
public struct Viewport: Hashable, Sendable {
    /// The canvas cell at the screen's top left (at full detail; scaled for dot detail).
    public var origin: Position
    /// The screen's columns.
    public var width: Int
    /// The screen's rows.
    package var height: Int

    /// Creates a viewport.
    /// - Parameters:
    ///   - origin: The canvas cell at the top left.
    ///   - width: The screen's columns.
    ///   - height: The screen's rows.
    public init(origin: Position = .zero, width: Int, height: Int) {
        self.origin = origin
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

/// One slot as a link-mode target: what the graph says about it, and whether the host vetoed it.
public struct LinkTarget: Hashable, Sendable {
    /// The slot and the graph's verdict.
    var candidate: LinkCandidate
    /// Whether the host's delegate declined to offer this slot.
    package var isVetoed: Bool

    /// Creates a target.
    /// - Parameters:
    ///   - candidate: The slot and the graph's verdict.
    ///   - isVetoed: Whether the host declined it.
    public init(candidate: LinkCandidate, isVetoed: Bool = false) {
        self.candidate = candidate
        self.isVetoed = isVetoed
    }

    /// The node owning the slot.
    public var node: NodeID { candidate.node }
    /// The slot's index.
    public var slot: Int { candidate.slot }
    /// Whether the link may be toggled here.
    package var isAllowed: Bool { candidate.isAllowed && !isVetoed }
    /// The slot as a link key.
    package var key: LinkKey { LinkKey(downstream: candidate.node, slot: candidate.slot) }
}

/// Link mode: the node links come from, every slot as a target, and the current target.
public struct LinkModeState: Hashable, Sendable {
    /// The node whose output feeds the targets.
    public var source: NodeID
    /// Every slot of every shown node, in reading order, with whether it may be linked.
    public var targets: [LinkTarget]
    /// The index in ``targets`` of the current target, if any.
    package var current: Int?

    /// Creates link mode state.
    /// - Parameters:
    ///   - source: The node links come from.
    ///   - targets: The slots.
    ///   - current: The current target.
    public init(source: NodeID, targets: [LinkTarget], current: Int? = nil) {
        self.source = source
        self.targets = targets
        self.current = current
    }

    /// The current target.
    package var currentTarget: LinkTarget? {
        guard let current, current < targets.count else { return nil }
        return targets[current]
    }
}

/// Value editing: the node and the text typed so far.
public struct ValueEditState: Hashable, Sendable {
    /// The source node being edited.
    public var node: NodeID
    /// The value being typed.
    public var editor: LineEditor

    /// Creates value editing state.
    /// - Parameters:
    ///   - node: The node.
    ///   - editor: The value being typed.
    public init(node: NodeID, editor: LineEditor) {
        self.node = node
        self.editor = editor
    }

    /// The text so far.
    public var text: String { editor.text }
}

/// The new-node palette: the filter typed so far, the chosen entry, and where the node will go.
public struct PaletteState: Hashable, Sendable {
    /// The filter.
    package var query: String
    /// The index of the chosen entry among the filtered kinds.
    package var choice: Int
    /// Where the new node goes (the cursor when the palette opened).
    package var position: Position

    /// Creates palette state.
    /// - Parameters:
    ///   - query: The filter.
    ///   - choice: The chosen entry.
    ///   - position: Where the new node goes.
    public init(query: String = "", choice: Int = 0, position: Position) {
        self.query = query
        self.choice = choice
        self.position = position
    }
}

/// A mouse drag in progress.
enum DragState: Hashable, Sendable {
    /// Dragging a node and the nodes moving with it; `grab` is where the node was taken,
    /// relative to its position.
    case node(NodeID, grab: Position, started: Bool)
    /// Dragging the background, which pans the view.
    case pan(fromX: Int, fromY: Int, origin: Position)
    /// Ctrl-dragging a rectangle on the background, which selects the nodes it touches; the
    /// corners in cells of the current level of detail.
    case rectangle(from: Point, to: Point)
}

/// A line for the status bar: a confirmation, or a refusal when `isError`.
public struct StatusMessage: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Whether it reports something refused or wrong.
    package var isError: Bool

    /// Creates a message.
    /// - Parameters:
    ///   - text: The text.
    ///   - isError: Whether it reports something refused or wrong.
    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// Everything about the canvas besides the graph: cursor, selection, viewport, mode.
///
/// Only ``CanvasReducer`` changes it: a host or a test sends a ``CanvasAction`` and reads the
/// result.
public struct CanvasState: Hashable, Sendable {
    /// The cursor, in canvas cells.
    public var cursor: Position
    /// The node under the cursor, which every command acts on (with `selection`).
    package var cursorNode: NodeID?
    /// The nodes marked with Space, Ctrl-A or Ctrl-click, besides the cursor's node.
    package var selection: Set<NodeID>
    /// The shown part of the canvas.
    public var viewport: Viewport
    /// What the keys do.
    package var mode: CanvasMode
    /// How much of each node is shown.
    package var levelOfDetail: LevelOfDetail
    /// Whether each node wears a badge with its recomputations and last compute time (`t`).
    package var showsTiming = false
    /// The latest message for the status line (a refusal, a confirmation); each one shown is
    /// also kept in `messageHistory`.
    package var message: StatusMessage? {
        didSet {
            guard let message else { return }
            if messageHistory.count >= Self.messageHistoryLimit {
                messageHistory.removeFirst(messageHistory.count - Self.messageHistoryLimit + 1)
            }
            messageHistory.append(message)
        }
    }
    /// Every message of the session, oldest first: the latest `messageHistoryLimit` (`@`
    /// shows them).
    package private(set) var messageHistory: [StatusMessage] = []
    /// How many messages `messageHistory` keeps.
    package static let messageHistoryLimit = 500
    /// A mouse drag in progress.
    var drag: DragState?
    /// Whether the inspector panel is shown (`i`).
    package var isInspectorShown: Bool
    /// Whether the minimap is shown (`M`, and `f` when even dots do not fit).
    package var showsMinimap = false
    /// The latest query typed into find (`/`), offered again the next time.
    package var lastQuery: String
    /// How many live sources run and which fail, as the host last reported; `nil` until it
    /// reports (a graph without sources shows nothing).
    package var liveSources: LiveSourceStatus?
    /// The groups opened with Enter, outermost first; empty at the top level. The canvas shows
    /// the innermost one's definition, and its edits are edits inside that definition.
    public var openedGroups: [OpenedGroup] = []
    /// Why this canvas may not edit (another session holds the file), as the host said with
    /// ``CanvasAction/accessDecided(readOnlyReason:)``; `nil`: it may. The reducer refuses every
    /// command that would edit while it is set (``CanvasCommand/edits(cursorNode:in:)``).
    package var readOnlyReason: String?

    /// Creates a canvas state.
    /// - Parameters:
    ///   - width: The screen's columns.
    ///   - height: The screen's rows.
    ///   - levelOfDetail: The level of detail.
    public init(width: Int, height: Int, levelOfDetail: LevelOfDetail = .full) {
        cursor = Position(x: 1, y: 1)
        cursorNode = nil
        selection = []
        viewport = Viewport(width: width, height: height)
        mode = .normal
        self.levelOfDetail = levelOfDetail
        message = nil
        drag = nil
        isInspectorShown = false
        lastQuery = ""
    }

    /// What a command acts on: the cursor's node and the selection, in id order.
    public var targets: [NodeID] {
        var nodes = selection
        if let cursorNode { nodes.insert(cursorNode) }
        return nodes.sorted()
    }

    /// Whether a node is drawn as selected: it is the cursor's node or in the selection.
    /// - Parameter node: The node.
    /// - Returns: `true` when a command would act on it.
    func isSelected(_ node: NodeID) -> Bool { node == cursorNode || selection.contains(node) }

    /// The viewport's top left at the current level of detail.
    package var scaledOrigin: Point {
        Point(
            x: floorDivide(viewport.origin.x, levelOfDetail.horizontalScale),
            y: floorDivide(viewport.origin.y, levelOfDetail.verticalScale))
    }

    /// The cursor at the current level of detail.
    package var scaledCursor: Point {
        Point(
            x: floorDivide(cursor.x, levelOfDetail.horizontalScale),
            y: floorDivide(cursor.y, levelOfDetail.verticalScale))
    }

    /// The canvas cell (at full scale) shown at a cell of the current level of detail.
    /// - Parameter point: A cell at the current level of detail.
    /// - Returns: The canvas position.
    func canvasPosition(_ point: Point) -> Position {
        Position(x: point.x * levelOfDetail.horizontalScale, y: point.y * levelOfDetail.verticalScale)
    }
}

/// How many live sources (clocks, files) run and which of them fail: what the status line shows.
public struct LiveSourceStatus: Hashable, Sendable {
    /// The number of live sources running.
    package var live: Int
    /// The failing sources, by id, with their error's reason.
    package var failing: [NodeID: String]

    /// Creates a status.
    /// - Parameters:
    ///   - live: The number of live sources running.
    ///   - failing: The failing sources and their errors' reasons.
    public init(live: Int, failing: [NodeID: String] = [:]) {
        self.live = live
        self.failing = failing
    }
}

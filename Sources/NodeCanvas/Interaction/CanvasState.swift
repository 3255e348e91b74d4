import NodeGraph

/// The part of the canvas the screen shows: where its top left is on the canvas, and the
/// screen's size.
public struct Viewport: Hashable, Sendable {
    /// The canvas cell at the screen's top left (at full detail; scaled for dot detail).
    public var origin: Position
    /// The screen's columns.
    public var width: Int
    /// The screen's rows.
    public var height: Int

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

/// What the keys currently do.
public enum CanvasMode: Hashable, Sendable {
    /// Moving around, selecting, and starting the other modes.
    case normal
    /// Choosing the slots the selected node's output feeds.
    case link(LinkModeState)
    /// Moving the selected node with the arrows; one undo step.
    case move(node: NodeID, from: Position)
    /// Typing a new value for a number node.
    case editValue(ValueEditState)
    /// Choosing the kind of a new node.
    case palette(PaletteState)
    /// Typing part of a node's name to jump to it.
    case find(query: String)
    /// The list of keys.
    case help

    /// The mode's name, as the status line shows it.
    public var name: String {
        switch self {
        case .normal: "NORMAL"
        case .link: "LINK"
        case .move: "MOVE"
        case .editValue: "EDIT"
        case .palette: "NEW"
        case .find: "FIND"
        case .help: "HELP"
        }
    }
}

/// One slot as a link-mode target: what the graph says about it, and whether the host vetoed it.
public struct LinkTarget: Hashable, Sendable {
    /// The slot and the graph's verdict.
    public var candidate: LinkCandidate
    /// Whether the host's delegate declined to offer this slot.
    public var isVetoed: Bool

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
    public var isAllowed: Bool { candidate.isAllowed && !isVetoed }
    /// The slot as a link key.
    public var key: LinkKey { LinkKey(downstream: candidate.node, slot: candidate.slot) }
}

/// Link mode: the node links come from, every slot as a target, and the current target.
public struct LinkModeState: Hashable, Sendable {
    /// The node whose output feeds the targets.
    public var source: NodeID
    /// Every slot of every shown node, in reading order, with whether it may be linked.
    public var targets: [LinkTarget]
    /// The index in ``targets`` of the current target, if any.
    public var current: Int?

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
    public var currentTarget: LinkTarget? {
        guard let current, current < targets.count else { return nil }
        return targets[current]
    }
}

/// Value editing: the node and the text typed so far.
public struct ValueEditState: Hashable, Sendable {
    /// The number node being edited.
    public var node: NodeID
    /// The text so far.
    public var text: String
    /// Whether the text is still the old value, which the first typed character replaces.
    public var isPristine: Bool

    /// Creates value editing state.
    /// - Parameters:
    ///   - node: The node.
    ///   - text: The starting text.
    ///   - isPristine: Whether typing replaces the text.
    public init(node: NodeID, text: String, isPristine: Bool = true) {
        self.node = node
        self.text = text
        self.isPristine = isPristine
    }
}

/// The new-node palette: the filter typed so far, the chosen entry, and where the node will go.
public struct PaletteState: Hashable, Sendable {
    /// The filter.
    public var query: String
    /// The index of the chosen entry among the filtered kinds.
    public var choice: Int
    /// Where the new node goes (the cursor when the palette opened).
    public var position: Position

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
public enum DragState: Hashable, Sendable {
    /// Dragging a node; `grab` is where the node was taken, relative to its position.
    case node(NodeID, grab: Position, started: Bool)
    /// Dragging the background, which pans the view.
    case pan(fromX: Int, fromY: Int, origin: Position)
}

/// Everything about the canvas besides the graph: cursor, selection, viewport, mode.
public struct CanvasState: Hashable, Sendable {
    /// The cursor, in canvas cells.
    public var cursor: Position
    /// The selected node.
    public var selection: NodeID?
    /// The shown part of the canvas.
    public var viewport: Viewport
    /// What the keys do.
    public var mode: CanvasMode
    /// How much of each node is shown.
    public var levelOfDetail: LevelOfDetail
    /// The latest message for the status line (a refusal, a confirmation).
    public var message: String?
    /// Whether ``message`` reports something refused or wrong.
    public var messageIsError: Bool
    /// A mouse drag in progress.
    public var drag: DragState?

    /// Creates a canvas state.
    /// - Parameters:
    ///   - width: The screen's columns.
    ///   - height: The screen's rows.
    ///   - levelOfDetail: The level of detail.
    public init(width: Int, height: Int, levelOfDetail: LevelOfDetail = .full) {
        cursor = Position(x: 1, y: 1)
        selection = nil
        viewport = Viewport(width: width, height: height)
        mode = .normal
        self.levelOfDetail = levelOfDetail
        message = nil
        messageIsError = false
        drag = nil
    }

    /// The viewport's top left at the current level of detail.
    public var scaledOrigin: Point {
        Point(
            x: floorDivide(viewport.origin.x, levelOfDetail.horizontalScale),
            y: floorDivide(viewport.origin.y, levelOfDetail.verticalScale))
    }

    /// The cursor at the current level of detail.
    public var scaledCursor: Point {
        Point(
            x: floorDivide(cursor.x, levelOfDetail.horizontalScale),
            y: floorDivide(cursor.y, levelOfDetail.verticalScale))
    }

    /// The canvas cell (at full scale) shown at a cell of the current level of detail.
    /// - Parameter point: A cell at the current level of detail.
    /// - Returns: The canvas position.
    public func canvasPosition(_ point: Point) -> Position {
        Position(x: point.x * levelOfDetail.horizontalScale, y: point.y * levelOfDetail.verticalScale)
    }
}

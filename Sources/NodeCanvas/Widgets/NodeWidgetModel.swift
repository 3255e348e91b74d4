import NodeGraph

/// What one input row shows: its slot, label, the node feeding it and the value it reads.
public struct InputRowModel: Hashable, Sendable {
    /// The slot's index.
    public var slot: Int
    /// The slot's label, e.g. `x`.
    public var label: String
    /// The type the slot accepts.
    package var type: ValueType
    /// The node feeding the slot, or `nil` when unconnected.
    package var upstream: NodeID?
    /// The display name of the node feeding the slot.
    package var upstreamName: String?
    /// The value the slot reads: the upstream node's value, or the slot's default.
    public var value: Value

    /// Creates an input row model.
    /// - Parameters:
    ///   - slot: The slot's index.
    ///   - label: The slot's label.
    ///   - type: The type the slot accepts.
    ///   - upstream: The node feeding the slot.
    ///   - upstreamName: That node's display name.
    ///   - value: The value the slot reads.
    public init(
        slot: Int, label: String, type: ValueType, upstream: NodeID?, upstreamName: String?, value: Value
    ) {
        self.slot = slot
        self.label = label
        self.type = type
        self.upstream = upstream
        self.upstreamName = upstreamName
        self.value = value
    }

    /// Whether a node feeds the slot.
    public var isConnected: Bool { upstream != nil }
}

/// Everything a node's widget shows, derived from the graph: the view model renderers draw from.
///
/// A `WidgetModelCache` builds one per node and rebuilds it only when a change touches that node.
public struct NodeWidgetModel: Hashable, Sendable {
    /// The node's identifier.
    public var id: NodeID
    /// The node's display name.
    public var name: String
    /// The name of the node's kind, e.g. `add`.
    public var kind: String
    /// The kind's title, e.g. `Add`.
    var kindTitle: String
    /// The kind's symbol, e.g. `+`.
    public var symbol: String
    /// The kind's category, e.g. `arithmetic`.
    public var category: String
    /// The node's position on the canvas (top left of its widget).
    package var position: Position
    /// The node's current value.
    public var value: Value
    /// The value a source node holds; `nil` for computed kinds.
    public var parameter: Value?
    /// The type of the node's output.
    package var outputType: ValueType
    /// One row per input slot.
    public var inputs: [InputRowModel]
    /// When the value is an error that arose upstream, the display name of the node it arose at.
    var blockedBy: String?
    /// Whether the node is a live source: its value comes from outside (a clock, a file).
    package var isLive: Bool
    /// What the node is an instance of, when it is a group (an instance of a definition).
    package var group: InstanceSummary?
    /// Whether the node is bypassed: drawn dim, its name followed by ``Glyphs/bypassMark``.
    package var isBypassed: Bool

    /// Creates a widget model.
    public init(
        id: NodeID, name: String, kind: String, kindTitle: String, symbol: String, category: String,
        position: Position, value: Value, parameter: Value?, outputType: ValueType, inputs: [InputRowModel],
        blockedBy: String?, isLive: Bool = false, group: InstanceSummary? = nil, isBypassed: Bool = false
    ) {
        self.isBypassed = isBypassed
        self.isLive = isLive
        self.group = group
        self.id = id
        self.name = name
        self.kind = kind
        self.kindTitle = kindTitle
        self.symbol = symbol
        self.category = category
        self.position = position
        self.value = value
        self.parameter = parameter
        self.outputType = outputType
        self.inputs = inputs
        self.blockedBy = blockedBy
    }

    /// Builds the model of one node from the graph.
    /// - Parameters:
    ///   - id: The node.
    ///   - graph: The graph holding it.
    /// - Returns: The model, or `nil` when the graph has no such node.
    /// - Complexity: O(*s*), the node's slot count.
    public init?(node id: NodeID, in graph: Graph) {
        guard let kind = graph.kind(of: id), let value = graph.value(of: id),
            let position = graph.position(of: id)
        else { return nil }
        let upstreams = graph.inputs(of: id)
        let rows = kind.inputs.enumerated().map { slot, spec in
            let upstream = slot < upstreams.count ? upstreams[slot] : nil
            return InputRowModel(
                slot: slot, label: spec.label, type: spec.type, upstream: upstream,
                upstreamName: upstream.flatMap { graph.name(of: $0) },
                value: upstream.flatMap { graph.value(of: $0) } ?? spec.defaultValue)
        }
        var blockedBy: String?
        if let error = value.error, error.origin != id {
            blockedBy = graph.name(of: error.origin) ?? error.origin.rawValue
        }
        self.init(
            id: id, name: graph.name(of: id) ?? id.rawValue, kind: kind.name, kindTitle: kind.title,
            symbol: kind.symbol, category: kind.category, position: position, value: value,
            parameter: graph.parameter(of: id), outputType: kind.outputType, inputs: rows,
            blockedBy: blockedBy, isLive: kind is any LiveSourceKind, group: graph.instanceSummary(of: id),
            isBypassed: graph.isBypassed(id))
    }

    /// Whether the node holds a value a person can edit (a source node).
    public var isSource: Bool { parameter != nil }
}

/// How much of each node the canvas shows: the terminal's form of zoom.
public enum LevelOfDetail: String, CaseIterable, Hashable, Sendable {
    /// The whole widget: title bar, body, input rows and output row.
    case full
    /// A small box: title and value.
    case compact
    /// One glyph per node, positions scaled down to see a large graph at once.
    case dot

    /// The next level, wrapping from dot back to full.
    public var next: LevelOfDetail {
        switch self {
        case .full: .compact
        case .compact: .dot
        case .dot: .full
        }
    }

    /// Canvas columns per screen column.
    public var horizontalScale: Int { self == .dot ? 4 : 1 }
    /// Canvas rows per screen row.
    public var verticalScale: Int { self == .dot ? 2 : 1 }
}

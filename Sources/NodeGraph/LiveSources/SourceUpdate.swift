/// A value pushed into a live source node from outside the graph (see ``LiveSourceKind``).
public struct SourceUpdate: Hashable, Sendable {
    /// The live source node.
    public var node: NodeID
    /// Its new value: a value of its kind's output type, or an error value (whose `origin` may
    /// be left empty: the node's id is filled in).
    public var value: Value

    /// Creates an update.
    /// - Parameters:
    ///   - node: The live source node.
    ///   - value: Its new value.
    public init(node: NodeID, value: Value) {
        self.node = node
        self.value = value
    }
}

/// What applying source updates did: which sources took a new value and which nodes were
/// recomputed, in order, each once.
public struct SourceChange: Hashable, Sendable {
    /// The sources updated, each once, in the order their first update came; updates for nodes
    /// that are gone or are not live sources are left out.
    public var sources: [NodeID]
    /// The nodes recomputed, in the order they were recomputed: the sources, then what depends
    /// on them. A node whose inputs did not change in value need not appear (cutoff).
    public var recomputed: NodeList

    /// Creates a record of applied source updates.
    /// - Parameters:
    ///   - sources: The sources updated.
    ///   - recomputed: The nodes recomputed, in order.
    public init(sources: [NodeID], recomputed: NodeList) {
        self.sources = sources
        self.recomputed = recomputed
    }

    /// The same nodes as a ``Change`` that edits nothing, for code that follows changes (a
    /// canvas's scene): it recomputed these nodes, and neither it nor its inverse edits anything.
    public var asChange: Change { Change(edit: .batch([]), inverse: .batch([]), recomputed: recomputed) }
}

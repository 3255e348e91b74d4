/// A node's identifier together with where the graph keeps the node, so that asking about the
/// node again skips the id lookup (a hash of the id and a probe of the id table).
///
/// Get one with ``Graph/handle(of:)`` and use it where an id would do, for questions asked and
/// edits made over and over: ``Graph/linkRefusal(from:to:slot:)-(NodeHandle,NodeHandle,Int)``
/// while a person drags a link, ``Graph/value(of:)-(NodeHandle)`` in a loop,
/// ``Graph/setValue(_:of:)-(Value,NodeHandle)`` while a slider moves, or
/// ``Graph/link(from:to:slot:)-(NodeHandle,NodeHandle,Int)``.
///
/// A handle never goes stale in a harmful way: it names its node by ``id``. When the node is
/// still where the handle says, the graph reads it there; otherwise (the node was removed and
/// added again, or the handle came from another graph) the graph looks the id up, exactly as if
/// the id had been passed.
public struct NodeHandle: Hashable, Sendable, CustomStringConvertible {
    /// The node's identifier.
    public let id: NodeID
    /// Where the graph kept the node when the handle was made.
    let index: Int32

    /// The identifier.
    public var description: String { id.description }
}

extension Graph {
    /// A handle for a node, to ask about it again without looking its id up.
    /// - Parameter id: The node's identifier.
    /// - Returns: The handle, or `nil` when there is no such node.
    public func handle(of id: NodeID) -> NodeHandle? {
        guard let node = store.index(of: id) else { return nil }
        return NodeHandle(id: store.ids[Int(node)], index: node)
    }

    /// The index of a handle's node: where the handle says when the node is still there (the
    /// same id, bit for bit, which a handle made by this graph's storage has), else by id.
    @inline(__always) func index(of handle: NodeHandle) -> Int32? {
        let node = handle.index
        if store.isLive(node) && IDTable.Probe.sameBits(store.ids[Int(node)], handle.id) { return node }
        return store.index(of: handle.id)
    }

    /// The node's current value; `nil` if there is no such node.
    /// - Parameter handle: The node, from ``handle(of:)``.
    /// - Returns: The value.
    public func value(of handle: NodeHandle) -> Value? {
        guard let node = index(of: handle) else { return nil }
        return store.value(of: node)
    }

    /// Whether `upstream` may feed a slot of `downstream`, and why not: ``linkRefusal(from:to:slot:)-(NodeID,NodeID,Int)``
    /// without the two id lookups.
    /// - Parameters:
    ///   - upstream: The node whose output would feed the slot.
    ///   - downstream: The node that owns the slot.
    ///   - slot: The slot's index.
    /// - Returns: `nil` when the link would be accepted, otherwise the error it would throw.
    /// - Complexity: O(1) for a link that agrees with the maintained order, as for ids.
    public func linkRefusal(from upstream: NodeHandle, to downstream: NodeHandle, slot: Int) -> GraphError? {
        guard let from = index(of: upstream) else { return .unknownNode(upstream.id) }
        guard let to = index(of: downstream) else { return .unknownNode(downstream.id) }
        return linkRefusal(from: from, to: to, slot: slot)
    }
}

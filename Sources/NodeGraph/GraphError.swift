/// Why the graph refused an edit. A refused edit changes nothing.
public enum GraphError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No node has this identifier.
    case unknownNode(NodeID)
    /// A node with this identifier already exists.
    case duplicateNode(NodeID)
    /// The identifier is not acceptable (empty, too long, control characters).
    case invalidNodeID(NodeID, reason: String)
    /// No registered kind has this name.
    case unknownKind(String)
    /// The node has no slot with this index.
    case unknownSlot(node: NodeID, slot: Int, slotCount: Int)
    /// The link would close a loop; the path starts and ends at the same node.
    case wouldCreateCycle(path: NodeList)
    /// The slot accepts another type than the upstream node produces.
    case slotTypeMismatch(
        from: NodeID, produces: ValueType, to: NodeID, slot: Int, label: String, accepts: ValueType)
    /// The slot is not fed by anything, so there is nothing to unlink.
    case slotNotLinked(node: NodeID, slot: Int)
    /// The node's kind computes its value from inputs; it holds no value to set.
    case notASource(NodeID, kind: String)
    /// The value does not have the type the node holds.
    case valueTypeMismatch(node: NodeID, expected: ValueType, got: String)
    /// Numbers must be finite.
    case nonFiniteValue(node: NodeID)
    /// The name is not acceptable (empty, too long, control characters).
    case invalidName(node: NodeID, reason: String)
    /// The position is outside ``Position/validRange``.
    case invalidPosition(node: NodeID)
    /// A ``GraphBuilder`` input names no node in the builder: nodes are numbered `0..<count`.
    case unknownInput(node: NodeID, slot: Int, input: Int, count: Int)
    /// There is no edit to undo.
    case nothingToUndo
    /// There is no edit to redo.
    case nothingToRedo

    /// A one-line explanation naming the node, the slot and the reason; ids, kinds and labels are
    /// shown with anything unprintable escaped (`'a\nb'`).
    public var description: String {
        switch self {
        case .unknownNode(let id): "unknown node '\(id.escapedForMessage)'"
        case .duplicateNode(let id): "a node with id '\(id.escapedForMessage)' already exists"
        case .invalidNodeID(let id, let reason): "invalid node id '\(id.escapedForMessage)': \(reason)"
        case .unknownKind(let kind): "unknown kind '\(kind.escapedForMessage)'"
        case .unknownSlot(let node, let slot, let count):
            count == 0
                ? "node '\(node.escapedForMessage)' has no input slots (slot \(slot) requested)"
                : "node '\(node.escapedForMessage)' has no slot \(slot) (it has slots 0–\(count - 1))"
        case .wouldCreateCycle(let path):
            "would create a cycle: " + path.map(\.rawValue.escapedForMessage).joined(separator: " → ")
        case .slotTypeMismatch(let from, let produces, let to, let slot, let label, let accepts):
            "slot \(slot) (\(label.escapedForMessage)) of '\(to.escapedForMessage)' takes a \(accepts), but '\(from.escapedForMessage)' produces a \(produces)"
        case .slotNotLinked(let node, let slot): "slot \(slot) of '\(node.escapedForMessage)' is not linked"
        case .notASource(let node, let kind):
            "node '\(node.escapedForMessage)' (\(kind.escapedForMessage)) computes its value from its inputs; it holds no value to set"
        case .valueTypeMismatch(let node, let expected, let got):
            "node '\(node.escapedForMessage)' holds a \(expected), not \(got)"
        case .nonFiniteValue(let node): "the value of '\(node.escapedForMessage)' must be a finite number"
        case .invalidName(let node, let reason): "invalid name for '\(node.escapedForMessage)': \(reason)"
        case .invalidPosition(let node):
            "the position of '\(node.escapedForMessage)' is outside \(Position.validRange.lowerBound)…\(Position.validRange.upperBound)"
        case .unknownInput(let node, let slot, let input, let count):
            count == 0
                ? "slot \(slot) of '\(node.escapedForMessage)' is fed from node \(input), but the builder has no nodes yet"
                : "slot \(slot) of '\(node.escapedForMessage)' is fed from node \(input), but the builder has nodes 0–\(count - 1)"
        case .nothingToUndo: "nothing to undo"
        case .nothingToRedo: "nothing to redo"
        }
    }
}

extension NodeID {
    /// The id as a message shows it: unprintable characters escaped.
    fileprivate var escapedForMessage: String { rawValue.escapedForMessage }
}

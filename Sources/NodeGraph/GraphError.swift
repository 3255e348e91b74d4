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
    /// The value has the type the node holds, but its kind refuses it
    /// (``NodeKind/heldValueProblem(_:)``); `name` is the held value's name (`interval`).
    case invalidHeldValue(node: NodeID, name: String, reason: String)
    /// A formula node's formula does not parse (``FormulaError`` names the column).
    case invalidFormula(node: NodeID, FormulaError)
    /// A formula was given to a node that is not a formula node.
    case notAFormula(NodeID, kind: String)
    /// The node cannot be bypassed (a source has no input to pass through); `reason` says why.
    case cannotBypass(NodeID, kind: String, reason: String)
    /// A live source (``LiveSourceKind``) cannot be inside a definition: it would follow the
    /// world once per instance. It belongs at the top level, feeding the group's input.
    case liveSourceInDefinition(node: NodeID, kind: String)
    /// A background kind (``BackgroundKind``) cannot be inside a definition: its result would be
    /// computed once per instance. It belongs at the top level, feeding the group's input.
    case backgroundKindInDefinition(node: NodeID, kind: String)
    /// The position is outside ``Position/validRange``.
    case invalidPosition(node: NodeID)
    /// A ``GraphBuilder`` input names no node in the builder: nodes are numbered `0..<count`.
    case unknownInput(node: NodeID, slot: Int, input: Int, count: Int)
    /// No definition (group) has this kind.
    case unknownDefinition(String)
    /// A new definition's kind is already a kind: registered, another definition's, or
    /// `groupInput`.
    case kindTaken(String)
    /// A new definition's kind is not acceptable (empty, too long, control characters).
    case invalidKind(String, reason: String)
    /// A definition would use itself, directly or through others; the path starts and ends with
    /// the same definition.
    case definitionLoop(path: [String])
    /// Definitions would nest deeper than ``Graph/maximumNesting``; the path is the deepest chain,
    /// outermost first.
    case nestingTooDeep(path: [String])
    /// `group` was given no nodes, or a node twice.
    case invalidGroup(reason: String)
    /// More than one of the nodes to group could be its output: each feeds nodes outside
    /// (`feedOutside`), or, when none does, no other listed node depends on it.
    case severalGroupOutputs([NodeID], feedOutside: Bool)
    /// `ungroup` was given a node that is not an instance of a definition.
    case notAnInstance(NodeID)
    /// The definition still has instances, so it cannot be removed.
    case definitionInUse(String, instances: Int)
    /// The node is the output of the definition it is in; another node cannot take its place.
    case definitionOutputRemoved(node: NodeID, definition: String)
    /// The edit would change the type a definition outputs, which its instances' links rely on.
    case definitionOutputType(definition: String, from: ValueType, to: ValueType)
    /// A `groupInput` holds a number or a color (the type of its slot).
    case groupInputType(node: NodeID, got: String)
    /// A node cannot change kind to or from `groupInput`.
    case groupInputKindChange(NodeID)
    /// `setInputOrder` must list each of the definition's `groupInput` nodes once.
    case invalidInputOrder(definition: String, expected: [NodeID])
    /// The edit applies inside a definition only (`setInputOrder`), or at the top level only
    /// (adding or removing a definition).
    case wrongLevel(operation: String, insideDefinition: Bool)
    /// An edit inside a definition was refused; the reason names the node at that level.
    indirect case inDefinition(String, GraphError)
    /// There is no edit to undo.
    case nothingToUndo
    /// There is no edit to redo.
    case nothingToRedo
    /// A tool's rule (``GraphDocument/rule``) refused the edit, undo or redo, for this reason.
    case refusedByRule(String)

    /// A one-line explanation naming the node, the slot and the reason; ids, kinds and labels are
    /// shown with anything unprintable escaped (`'a\nb'`).
    public var description: String {
        switch self {
        case .unknownNode(let id): "unknown node '\(id.escapedForMessage)'"
        case .duplicateNode(let id): "a node with id '\(id.escapedForMessage)' already exists"
        case .invalidNodeID(let id, let reason): "invalid node id '\(id.escapedForMessage)': \(reason)"
        case .unknownKind(GroupInputKind.kindName):
            "unknown kind '\(GroupInputKind.kindName)': a group input belongs inside a definition"
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
        case .invalidFormula(let node, let error):
            "invalid formula for '\(node.escapedForMessage)': \(error)"
        case .notAFormula(let node, let kind):
            "'\(node.escapedForMessage)' is \("aeiou".contains(kind.first ?? "x") ? "an" : "a") \(kind.escapedForMessage) node, not a formula node"
        case .cannotBypass(let node, let kind, let reason):
            "'\(node.escapedForMessage)' (\(kind.escapedForMessage)) cannot be bypassed: \(reason)"
        case .invalidHeldValue(let node, let name, let reason):
            "invalid \(name.escapedForMessage) for '\(node.escapedForMessage)': \(reason)"
        case .liveSourceInDefinition(let node, let kind):
            "'\(node.escapedForMessage)' is a live source (\(kind.escapedForMessage)): it cannot be inside a definition; keep it outside and link it to the group's input"
        case .backgroundKindInDefinition(let node, let kind):
            "'\(node.escapedForMessage)' computes in the background (\(kind.escapedForMessage)): it cannot be inside a definition; keep it outside and link it to the group's input"
        case .invalidPosition(let node):
            "the position of '\(node.escapedForMessage)' is outside \(Position.validRange.lowerBound)…\(Position.validRange.upperBound)"
        case .unknownInput(let node, let slot, let input, let count):
            count == 0
                ? "slot \(slot) of '\(node.escapedForMessage)' is fed from node \(input), but the builder has no nodes yet"
                : "slot \(slot) of '\(node.escapedForMessage)' is fed from node \(input), but the builder has nodes 0–\(count - 1)"
        case .unknownDefinition(let kind): "no definition has kind '\(kind.escapedForMessage)'"
        case .kindTaken(let kind): "a kind named '\(kind.escapedForMessage)' already exists"
        case .invalidKind(let kind, let reason): "invalid kind '\(kind.escapedForMessage)': \(reason)"
        case .definitionLoop(let path):
            "definition loop: " + path.map(\.escapedForMessage).joined(separator: " → ")
        case .nestingTooDeep(let path):
            "definitions would nest \(path.count) deep (\(path.map(\.escapedForMessage).joined(separator: " › "))); at most \(Graph.maximumNesting)"
        case .invalidGroup(let reason): reason
        case .severalGroupOutputs(let nodes, let feedOutside):
            feedOutside
                ? "a group has one output, but \(Self.list(nodes)) each feed nodes outside it"
                : "a group has one output, but no grouped node uses \(Self.list(nodes))"
        case .notAnInstance(let node): "node '\(node.escapedForMessage)' is not an instance of a definition"
        case .definitionInUse(let kind, let count):
            "definition '\(kind.escapedForMessage)' is used by \(count) node\(count == 1 ? "" : "s")"
        case .definitionOutputRemoved(let node, let definition):
            "'\(node.escapedForMessage)' is the output of definition '\(definition.escapedForMessage)'"
        case .definitionOutputType(let definition, let from, let to):
            "definition '\(definition.escapedForMessage)' outputs a \(from); this would make it a \(to)"
        case .groupInputType(let node, let got):
            "group input '\(node.escapedForMessage)' holds a number or a color, not \(got)"
        case .groupInputKindChange(let node):
            "'\(node.escapedForMessage)' cannot change kind to or from a group input: add or remove one instead"
        case .invalidInputOrder(let definition, let expected):
            "the order of '\(definition.escapedForMessage)' must list each of its inputs once: "
                + expected.map { "'\($0.escapedForMessage)'" }.joined(separator: ", ")
        case .wrongLevel(let operation, let inside):
            inside
                ? "'\(operation.escapedForMessage)' applies at the top level, not inside a definition"
                : "'\(operation.escapedForMessage)' applies inside a definition: name it with 'in'"
        case .inDefinition(let kind, let error): "in definition '\(kind.escapedForMessage)': \(error)"
        case .nothingToUndo: "nothing to undo"
        case .nothingToRedo: "nothing to redo"
        case .refusedByRule(let reason): reason
        }
    }
}

extension NodeID {
    /// The id as a message shows it: unprintable characters escaped.
    fileprivate var escapedForMessage: String { rawValue.escapedForMessage }
}

extension GraphError {
    /// `'a' and 'b'`, or `'a', 'b' and 'c'`.
    fileprivate static func list(_ nodes: [NodeID]) -> String {
        let quoted = nodes.map { "'\($0.escapedForMessage)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}

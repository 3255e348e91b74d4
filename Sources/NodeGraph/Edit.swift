/// Everything needed to create a node: what `addNode` takes and what a graph file holds.
public struct NodeDescription: Hashable, Sendable {
    /// The node's identifier.
    public var id: NodeID
    /// The name of the node's kind, e.g. `add`.
    public var kind: String
    /// The display name; `nil` means the kind's title.
    public var name: String?
    /// The position on the canvas.
    public var position: Position
    /// The held value of a source node; `nil` means the kind's default.
    public var value: Value?
    /// The node feeding each slot, or `nil`; may be shorter than the kind's slot list.
    public var inputs: [NodeID?]
    /// Whether the node is bypassed (see ``Edit/setBypass(node:bypassed:)``).
    public var bypassed: Bool

    /// Creates a node description.
    /// - Parameters:
    ///   - id: The node's identifier.
    ///   - kind: The name of the node's kind.
    ///   - name: The display name; `nil` for the kind's title.
    ///   - position: The position on the canvas.
    ///   - value: The held value of a source node.
    ///   - inputs: The node feeding each slot, or `nil`.
    ///   - bypassed: Whether the node is bypassed.
    public init(
        id: NodeID, kind: String, name: String? = nil, position: Position = .zero, value: Value? = nil,
        inputs: [NodeID?] = [], bypassed: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.position = position
        self.value = value
        self.inputs = inputs
        self.bypassed = bypassed
    }
}

/// One change to a graph, as a value. Apply it with ``Graph/apply(_:)``; a journal is a list of
/// edits, and undo applies the inverse edit that every ``Change`` carries.
///
/// Every edit of a node applies at the top level, or inside a definition (a group) when wrapped
/// in ``inside(definition:_:)``.
public enum Edit: Hashable, Sendable {
    /// Adds a node, linking its inputs.
    case addNode(NodeDescription)
    /// Removes a node; the slots it fed become unconnected.
    case removeNode(NodeID)
    /// Feeds a slot from a node, replacing whatever fed it.
    case link(from: NodeID, to: NodeID, slot: Int)
    /// Disconnects a slot.
    case unlink(to: NodeID, slot: Int)
    /// Links, or unlinks when the slot is already fed by the same node.
    case toggleLink(from: NodeID, to: NodeID, slot: Int)
    /// Sets the value a source node holds.
    case setValue(node: NodeID, value: Value)
    /// Changes a node's kind, keeping the links that still fit.
    case setKind(node: NodeID, kind: String)
    /// Changes a formula node's formula, keeping the link of every variable that remains (see
    /// ``Graph/setFormula(of:to:)``).
    case setFormula(node: NodeID, formula: String)
    /// Bypasses a node (its value becomes its first connected input of its output type) or
    /// stops bypassing it (see ``Graph/setBypass(of:to:)``).
    case setBypass(node: NodeID, bypassed: Bool)
    /// Renames a node.
    case rename(node: NodeID, name: String)
    /// Moves a node on the canvas.
    case move(node: NodeID, to: Position)
    /// Several edits applied as one: all of them, or none.
    case batch([Edit])
    /// An edit inside a definition (a group), named by its kind: it changes the definition, and
    /// so every instance of it. Undo and redo are not edits inside anything.
    indirect case inside(definition: String, Edit)
    /// Makes nodes a definition of kind `kind` called `name`, and replaces them by one instance
    /// of it with the id `id` (see ``Graph/group(_:kind:name:id:)``).
    case group(nodes: [NodeID], kind: String, name: String, id: NodeID)
    /// Replaces an instance by copies of its definition's nodes (see ``Graph/ungroup(_:)``).
    case ungroup(NodeID)
    /// Adds a definition (a group's kind made of nodes).
    case addDefinition(DefinitionDescription)
    /// Removes a definition that no node uses.
    case removeDefinition(String)
    /// Inside a definition: orders its inputs (a permutation of its `groupInput` nodes), and so
    /// the slots of every instance, with their links.
    case setInputOrder([NodeID])

    /// The edit's name in journals, e.g. `link`.
    public var operationName: String {
        switch self {
        case .addNode: "addNode"
        case .removeNode: "removeNode"
        case .link: "link"
        case .unlink: "unlink"
        case .toggleLink: "toggleLink"
        case .setValue: "setValue"
        case .setKind: "setKind"
        case .setFormula: "setFormula"
        case .setBypass: "setBypass"
        case .rename: "rename"
        case .move: "move"
        case .batch: "batch"
        case .inside(_, let edit): edit.operationName
        case .group: "group"
        case .ungroup: "ungroup"
        case .addDefinition: "addDefinition"
        case .removeDefinition: "removeDefinition"
        case .setInputOrder: "setInputOrder"
        }
    }

    /// The definition the edit is inside, by kind; `nil` for an edit at the top level.
    public var definition: String? {
        if case .inside(let definition, _) = self { return definition }
        return nil
    }
}

/// What an applied edit did: the nodes it recomputed, in order, and the edit that undoes it.
public struct Change: Hashable, Sendable {
    /// The usual edit, a number source's number set on a node with a short identifier (see
    /// ``ShortIDs``), is kept as plain values and made into edits only when read: such a change
    /// allocates nothing and touches no reference count. Used when ``edits`` is `nil`.
    private let numberSet: NumberSet
    /// The edit and its inverse, for any other change. (Both stored properties are constants:
    /// a change is built in place, never assembled aside and copied.)
    private let edits: EditPair?

    /// ``Edit/setValue(node:value:)`` of `new` on `node`; its inverse sets `old` back.
    private struct NumberSet {
        var node: ShortID
        var new: Double
        var old: Double

        static let none = NumberSet(node: .none, new: 0, old: 0)
    }

    /// The nodes recomputed, in the order they were recomputed; each appears at most once.
    public var recomputed: NodeList

    /// Creates a change record.
    /// - Parameters:
    ///   - edit: The applied edit.
    ///   - inverse: The edit that undoes it.
    ///   - recomputed: The nodes recomputed, in order.
    public init(edit: Edit, inverse: Edit, recomputed: NodeList) {
        numberSet = .none
        edits = EditPair(edit: edit, inverse: inverse)
        self.recomputed = recomputed
    }

    /// The change of setting number source `node` from `old` to `new`; `short` is `node`, when it
    /// is short.
    @inline(__always)
    init(
        settingNumberOf node: NodeID, short: ShortID?, to new: Double, from old: Double, recomputed: NodeList
    ) {
        if let short {
            numberSet = NumberSet(node: short, new: new, old: old)
            edits = nil
        } else {
            numberSet = .none
            edits = EditPair(
                edit: .setValue(node: node, value: .number(new)),
                inverse: .setValue(node: node, value: .number(old)))
        }
        self.recomputed = recomputed
    }

    /// The edit that was applied.
    public var edit: Edit {
        get {
            if let edits { return edits.edit }
            return .setValue(node: numberSet.node.id, value: .number(numberSet.new))
        }
        set { self = Change(edit: newValue, inverse: inverse, recomputed: recomputed) }
    }

    /// The edit that returns the graph to its state before ``edit``.
    public var inverse: Edit {
        get {
            if let edits { return edits.inverse }
            return .setValue(node: numberSet.node.id, value: .number(numberSet.old))
        }
        set { self = Change(edit: edit, inverse: newValue, recomputed: recomputed) }
    }

    /// Whether two changes applied the same edit, with the same inverse, recomputing the same
    /// nodes in the same order.
    public static func == (lhs: Change, rhs: Change) -> Bool {
        lhs.edit == rhs.edit && lhs.inverse == rhs.inverse && lhs.recomputed == rhs.recomputed
    }

    /// Hashes the edit, the inverse and the recomputed nodes.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(edit)
        hasher.combine(inverse)
        hasher.combine(recomputed)
    }
}

/// An edit and its inverse, as a ``Change`` keeps them (one reference, whatever their size).
private final class EditPair: Sendable {
    let edit: Edit
    let inverse: Edit

    init(edit: Edit, inverse: Edit) {
        self.edit = edit
        self.inverse = inverse
    }
}

extension Edit {
    /// The edit as the plain edits it applies, in order: a batch opened (nested batches too),
    /// an edit inside a definition kept inside it; any other edit is itself.
    ///
    /// Applying them one after another changes the graph exactly as applying the edit does: a
    /// batch applies its edits in order, each checked against the graph the previous one left.
    /// Journals record changes this way, one plain edit per line.
    ///
    /// ```swift
    /// Edit.batch([.removeNode("a"), .batch([.rename(node: "b", name: "B")])]).plainEdits
    /// // [.removeNode("a"), .rename(node: "b", name: "B")]
    /// ```
    /// - Complexity: O(*e*) for the *e* edits it holds.
    public var plainEdits: [Edit] {
        switch self {
        case .batch(let edits): edits.flatMap(\.plainEdits)
        case .inside(let definition, let edit): edit.plainEdits.map { .inside(definition: definition, $0) }
        default: [self]
        }
    }
}

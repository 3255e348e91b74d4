extension Graph {
    /// Validates and applies an edit, recomputing exactly the nodes it affects.
    ///
    /// A refused edit throws and leaves the graph exactly as it was; a ``Edit/batch(_:)`` is
    /// applied whole or not at all.
    /// - Parameter edit: The edit to apply.
    /// - Returns: The nodes recomputed, in order, and the edit that undoes this one.
    /// - Throws: ``GraphError`` naming the node, slot and reason when the edit is refused.
    /// - Complexity: O(*a*), the size of the affected region (plus, for a link against the
    ///   maintained order, what a two-way search from its ends touches: see
    ///   ``link(from:to:slot:)-(NodeID,NodeID,Int)``).
    @discardableResult
    public mutating func apply(_ edit: consuming Edit) throws(GraphError) -> Change {
        makeUnique()
        var roots: [Int32] = []
        let inverse: Edit
        do throws(GraphError) {
            inverse = try perform(edit, roots: &roots)
        } catch {
            // A batch (or an edit made of one) rolled back: recompute what its undone parts touched.
            if !roots.isEmpty { _ = recomputeTrace(from: roots) }
            throw error
        }
        return Change(edit: edit, inverse: inverse, recomputed: recompute(from: roots))
    }

    /// Applies one edit's structural part, collecting the nodes whose values must be recomputed.
    /// Each primitive validates everything before it mutates anything.
    mutating func perform(_ edit: Edit, roots: inout [Int32]) throws(GraphError) -> Edit {
        // A level that holds instances of definitions keeps its list of them.
        if groups.tracksInstances { return try performKeepingInstances(edit, roots: &roots) }
        return try performAtThisLevel(edit, roots: &roots)
    }

    /// ``perform(_:roots:)`` without keeping the list of instances.
    mutating func performAtThisLevel(_ edit: Edit, roots: inout [Int32]) throws(GraphError) -> Edit {
        switch edit {
        case .addNode(let description): try performAddNode(description, roots: &roots)
        case .removeNode(let id): try performRemoveNode(id, roots: &roots)
        case .link(let from, let to, let slot): try performLink(from: from, to: to, slot: slot, roots: &roots)
        case .unlink(let to, let slot): try performUnlink(to: to, slot: slot, roots: &roots)
        case .toggleLink(let from, let to, let slot):
            try performToggle(from: from, to: to, slot: slot, roots: &roots)
        case .setValue(let id, let value): try performSetValue(value, of: id, roots: &roots)
        case .setKind(let id, let kind): try performSetKind(kind, of: id, roots: &roots)
        case .setFormula(let id, let text): try performSetFormula(text, of: id, roots: &roots)
        case .setBypass(let id, let bypassed): try performSetBypass(bypassed, of: id, roots: &roots)
        case .rename(let id, let name): try performRename(id, to: name)
        case .move(let id, let position): try performMove(id, to: position)
        case .batch(let edits): try performBatch(edits, roots: &roots)
        case .inside(let kind, let edit): try performInside(kind, edit, roots: &roots)
        case .group(let nodes, let kind, let name, let id):
            try performGroup(nodes, kind: kind, name: name, id: id, roots: &roots)
        case .ungroup(let id): try performUngroup(id, roots: &roots)
        case .addDefinition(let description): try performAddDefinition(description, roots: &roots)
        case .removeDefinition(let kind): try performRemoveDefinition(kind)
        case .setInputOrder: throw .wrongLevel(operation: edit.operationName, insideDefinition: false)
        }
    }

    mutating func performBatch(_ edits: [Edit], roots: inout [Int32]) throws(GraphError) -> Edit {
        var inverses: [Edit] = []
        inverses.reserveCapacity(edits.count)
        for edit in edits {
            do throws(GraphError) {
                inverses.append(try perform(edit, roots: &roots))
            } catch {
                for inverse in inverses.reversed() {
                    do throws(GraphError) {
                        _ = try perform(inverse, roots: &roots)
                    } catch {
                        preconditionFailure("the inverse of an applied edit was refused: \(error)")
                    }
                }
                throw error
            }
        }
        return .batch(inverses.reversed())
    }

    /// The dense index of a live node.
    func index(of id: NodeID) throws(GraphError) -> Int32 {
        guard let node = store.index(of: id) else { throw .unknownNode(id) }
        return node
    }

    /// The global index of a node's slot.
    func slotIndex(_ slot: Int, of node: Int32) throws(GraphError) -> Int32 {
        let count = store.slotCount(of: node)
        guard slot >= 0 && slot < count else {
            throw .unknownSlot(node: store.ids[Int(node)], slot: slot, slotCount: count)
        }
        return store.nodes.slotStart[node] + Int32(slot)
    }

    // MARK: Shorthands

    /// Adds a node. See ``Edit/addNode(_:)``.
    /// - Parameters:
    ///   - id: The new node's identifier.
    ///   - kind: The name of its kind.
    ///   - name: Its display name; the kind's title when `nil`.
    ///   - position: Its position on the canvas.
    ///   - value: The value a source node holds; the kind's default when `nil`.
    ///   - inputs: The node feeding each slot, or `nil`.
    /// - Returns: The change (the new node is recomputed).
    /// - Throws: ``GraphError`` for a duplicate or invalid id, unknown kind, bad value or input.
    @discardableResult
    public mutating func addNode(
        _ id: NodeID, kind: String, name: String? = nil, at position: Position = .zero,
        value: Value? = nil, inputs: [NodeID?] = []
    ) throws(GraphError) -> Change {
        try apply(
            .addNode(
                NodeDescription(
                    id: id, kind: kind, name: name, position: position, value: value, inputs: inputs)))
    }

    /// Removes a node; the slots it fed become unconnected and their nodes recompute.
    /// - Parameter id: The node to remove.
    /// - Returns: The change.
    /// - Throws: ``GraphError/unknownNode(_:)``.
    @discardableResult
    public mutating func removeNode(_ id: NodeID) throws(GraphError) -> Change {
        try apply(.removeNode(id))
    }

    /// Feeds a slot from a node, replacing any link already in that slot.
    /// - Parameters:
    ///   - upstream: The node whose output feeds the slot.
    ///   - downstream: The node that owns the slot.
    ///   - slot: The slot's index.
    /// - Returns: The change: `downstream` and what depends on it, recomputed.
    /// - Throws: ``GraphError/wouldCreateCycle(path:)``, ``GraphError/slotTypeMismatch(from:produces:to:slot:label:accepts:)``,
    ///   ``GraphError/unknownNode(_:)`` or ``GraphError/unknownSlot(node:slot:slotCount:)``.
    /// - Complexity: O(1) for a link that agrees with the maintained order, plus the recompute.
    ///   A link against it is checked by a two-way search from its ends that stops as soon as
    ///   the searches meet: a refusal costs about what the loop touches; an accepted link also
    ///   finishes both searches and reorders the nodes they reached (Pearce–Kelly).
    @discardableResult
    public mutating func link(from upstream: NodeID, to downstream: NodeID, slot: Int) throws(GraphError)
        -> Change
    {
        guard let from = store.index(of: upstream) else { throw .unknownNode(upstream) }
        guard let to = store.index(of: downstream) else { throw .unknownNode(downstream) }
        return try link(from: from, to: to, slot: slot, upstream: upstream, downstream: downstream)
    }

    /// Feeds a slot from a node, both found by handles: ``link(from:to:slot:)-(NodeID,NodeID,Int)``
    /// without the two id lookups.
    /// - Parameters:
    ///   - upstream: The node whose output feeds the slot, from ``handle(of:)``.
    ///   - downstream: The node that owns the slot, from ``handle(of:)``.
    ///   - slot: The slot's index.
    /// - Returns: The change, as for ids.
    /// - Throws: As ``link(from:to:slot:)-(NodeID,NodeID,Int)``.
    @discardableResult
    public mutating func link(from upstream: NodeHandle, to downstream: NodeHandle, slot: Int)
        throws(GraphError) -> Change
    {
        guard let from = index(of: upstream) else { throw .unknownNode(upstream.id) }
        guard let to = index(of: downstream) else { throw .unknownNode(downstream.id) }
        return try link(from: from, to: to, slot: slot, upstream: upstream.id, downstream: downstream.id)
    }

    /// A link between two live nodes, applied as ``apply(_:)`` applies ``Edit/link(from:to:slot:)``
    /// (a link changes no level's list of instances), without the edit's dispatch.
    private mutating func link(from: Int32, to: Int32, slot: Int, upstream: NodeID, downstream: NodeID)
        throws(GraphError) -> Change
    {
        makeUnique()
        let (inverse, changed) = try performLink(from: from, to: to, slot: slot, downstreamID: downstream)
        return Change(
            edit: .link(from: upstream, to: downstream, slot: slot), inverse: inverse,
            recomputed: changed ? recompute(from: CollectionOfOne(to)) : [])
    }

    /// Disconnects a slot.
    /// - Parameters:
    ///   - downstream: The node that owns the slot.
    ///   - slot: The slot's index.
    /// - Returns: The change.
    /// - Throws: ``GraphError/slotNotLinked(node:slot:)`` when nothing feeds the slot, or an
    ///   unknown node or slot.
    @discardableResult
    public mutating func unlink(to downstream: NodeID, slot: Int) throws(GraphError) -> Change {
        try apply(.unlink(to: downstream, slot: slot))
    }

    /// Links, or unlinks when the slot is already fed by `upstream`.
    /// - Parameters:
    ///   - upstream: The node whose output feeds the slot.
    ///   - downstream: The node that owns the slot.
    ///   - slot: The slot's index.
    /// - Returns: The change.
    /// - Throws: As ``link(from:to:slot:)-(NodeID,NodeID,Int)``.
    @discardableResult
    public mutating func toggleLink(from upstream: NodeID, to downstream: NodeID, slot: Int)
        throws(GraphError) -> Change
    {
        try apply(.toggleLink(from: upstream, to: downstream, slot: slot))
    }

    /// Sets the value a source node holds.
    /// - Parameters:
    ///   - value: The new value.
    ///   - id: The source node.
    /// - Returns: The change: the node and its dependents, recomputed (nothing if the value is
    ///   the one already held).
    /// - Throws: ``GraphError/notASource(_:kind:)``, ``GraphError/valueTypeMismatch(node:expected:got:)``,
    ///   ``GraphError/nonFiniteValue(node:)`` or an unknown node.
    /// - Complexity: O(*a*), the nodes recomputed. Setting a number source's number takes a lean
    ///   path (no edit dispatch, no list of roots, and in the usual case no allocation); set twice
    ///   in a row, the source's region is kept, in order, until a link is made or removed, and
    ///   each further set follows it in one pass. Any other value goes through ``apply(_:)``.
    @discardableResult
    public mutating func setValue(_ value: Value, of id: NodeID) throws(GraphError) -> Change {
        guard let node = store.index(of: id) else { throw .unknownNode(id) }
        return try setValue(value, ofNodeAt: node, id: id)
    }

    /// Sets the value a source node holds, found by a handle: ``setValue(_:of:)-(Value,NodeID)``
    /// without the id lookup, for a value set over and over (a slider being dragged).
    /// - Parameters:
    ///   - value: The new value.
    ///   - handle: The source node, from ``handle(of:)``.
    /// - Returns: The change, as for an id.
    /// - Throws: As ``setValue(_:of:)-(Value,NodeID)``.
    @discardableResult
    public mutating func setValue(_ value: Value, of handle: NodeHandle) throws(GraphError) -> Change {
        guard let node = index(of: handle) else { throw .unknownNode(handle.id) }
        return try setValue(value, ofNodeAt: node, id: handle.id)
    }

    /// ``setValue(_:of:)-(Value,NodeID)`` of the live node at `node`, named `id` by the caller.
    @inline(__always)
    private mutating func setValue(_ value: Value, ofNodeAt node: Int32, id: NodeID) throws(GraphError)
        -> Change
    {
        // A number into a number source, the usual edit: what ``performSetValue(_:of:roots:)``
        // does with it, without the dispatch.
        guard case .number(let number) = value, store.isNumberSource(node) else {
            return try apply(.setValue(node: id, value: value))
        }
        guard number.isFinite else { throw .nonFiniteValue(node: id) }
        return setNumber(number, ofSourceAt: node, id: id)
    }

    /// Stores a finite number as the held number of the number source at `node`, named `id`,
    /// and recomputes what depends on it.
    @inline(__always)
    private mutating func setNumber(_ number: Double, ofSourceAt node: Int32, id: NodeID) -> Change {
        makeUnique()
        let payload = store.nodes.payload
        let old = payload[node]
        let short = store.ids.shortReader.shortID(at: node)
        // Numerically: 0 and -0 are the same value (as `Value ==` says), so nothing changes.
        if old == number {
            return Change(settingNumberOf: id, short: short, to: number, from: old, recomputed: NodeList())
        }
        payload[node] = number
        return Change(
            settingNumberOf: id, short: short, to: number, from: old,
            recomputed: recompute(changedSource: node))
    }

    /// Changes a node's kind; slots that no longer exist and links whose type no longer fits
    /// are dropped.
    /// - Parameters:
    ///   - kind: The name of the new kind.
    ///   - id: The node.
    /// - Returns: The change.
    /// - Throws: ``GraphError/unknownKind(_:)`` or an unknown node.
    @discardableResult
    public mutating func setKind(_ kind: String, of id: NodeID) throws(GraphError) -> Change {
        try apply(.setKind(node: id, kind: kind))
    }

    /// Renames a node. Recomputes nothing.
    /// - Parameters:
    ///   - id: The node.
    ///   - name: The new display name.
    /// - Returns: The change.
    /// - Throws: ``GraphError/invalidName(node:reason:)`` or an unknown node.
    @discardableResult
    public mutating func rename(_ id: NodeID, to name: String) throws(GraphError) -> Change {
        try apply(.rename(node: id, name: name))
    }

    /// Moves a node on the canvas. Recomputes nothing.
    /// - Parameters:
    ///   - id: The node.
    ///   - position: The new position.
    /// - Returns: The change.
    /// - Throws: ``GraphError/invalidPosition(node:)`` or an unknown node.
    @discardableResult
    public mutating func move(_ id: NodeID, to position: Position) throws(GraphError) -> Change {
        try apply(.move(node: id, to: position))
    }
}

extension Graph {
    /// The longest display name accepted, in characters.
    public static let maximumNameLength = 200

    /// Why a display name is not acceptable (empty, too long, control characters); `nil` when it is.
    package func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a name must not be empty" }
        if name.count > Graph.maximumNameLength {
            return "a name must be at most \(Graph.maximumNameLength) characters"
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a name must not contain control characters"
        }
        return nil
    }

    /// The value, converted to `type` where the representation allows it (a journal's plain
    /// number or string for a tool-defined type), checked to be finite.
    package func coerce(_ value: Value, to type: ValueType, for id: NodeID) throws(GraphError) -> Value {
        switch value {
        case .number(let number) where type == .number:
            guard number.isFinite else { throw .nonFiniteValue(node: id) }
            return value
        case .color where type == .color: return value
        case .color(let color) where type != .number:
            // A journal's "#rrggbb" string for a tool-defined type is text that looks like a color.
            return .custom(CustomValue(type: type, payload: .string(color.hex)))
        case .custom(let custom) where custom.type == type: return value
        case .custom(let custom) where type != .number && type != .color:
            return .custom(CustomValue(type: type, payload: custom.payload))
        case .number(let number) where type != .color:
            guard number.isFinite else { throw .nonFiniteValue(node: id) }
            return .custom(CustomValue(type: type, payload: .number(number)))
        default:
            throw .valueTypeMismatch(
                node: id, expected: type, got: value.type.map { "a \($0)" } ?? "an error")
        }
    }

    /// Checks that a held value is one the kind accepts (``NodeKind/heldValueProblem(_:)``).
    func checkHeldValue(_ value: Value, of entry: KindEntry, for id: NodeID) throws(GraphError) {
        if let problem = entry.kind.heldValueProblem(value) {
            throw .invalidHeldValue(node: id, name: entry.kind.heldValueName, reason: problem)
        }
    }

    /// Checks that a node of this kind may be at this level: a live source or a background
    /// kind only at the top level, not inside a definition.
    func checkLevel(of entry: KindEntry, for id: NodeID) throws(GraphError) {
        guard entry.isLive || entry.isBackground, store.localKinds[GroupInputKind.kindName] != nil else {
            return
        }
        if entry.isLive { throw .liveSourceInDefinition(node: id, kind: entry.name) }
        throw .backgroundKindInDefinition(node: id, kind: entry.name)
    }

    func checkPosition(_ position: Position, of id: NodeID) throws(GraphError) {
        guard Position.validRange.contains(position.x), Position.validRange.contains(position.y) else {
            throw .invalidPosition(node: id)
        }
    }

    /// What adding a node needs once everything but its inputs is checked.
    struct NewNode {
        /// The id's hash in the id table.
        let hash: Int
        let kindIndex: UInt16
        let entry: KindEntry
        /// The held value, coerced to the kind's parameter type; `nil` for a kind without one.
        let parameter: Value?
        /// The display name to store: `nil` when it is the kind's title.
        let name: String?
    }

    /// Checks that `id` is acceptable and not in the graph, in one pass over its bytes.
    /// - Returns: Its hash in the id table.
    @inline(__always) func checkNewID(_ id: NodeID) throws(GraphError) -> Int {
        if let short = store.idTable.probe.lookUpShortPrintableID(id, in: store.ids.buffer) {
            if short.taken { throw .duplicateNode(id) }
            return short.hash
        }
        var text = id.rawValue
        let (hash, problem, taken) = text.withUTF8 { bytes -> (Int, String?, Bool) in
            if let problem = NodeID.validationProblem(bytes, id) { return (0, problem, false) }
            let hash = store.idTable.probe.hash(bytes)
            return (
                hash, nil,
                store.idTable.probe.index(of: id, bytes: bytes, hash: hash, in: store.ids.buffer) != nil
            )
        }
        if let problem { throw .invalidNodeID(id, reason: problem) }
        if taken { throw .duplicateNode(id) }
        return hash
    }

    /// Checks a new node apart from its inputs: the id is acceptable and not in the graph, the
    /// kind is known, the name and position are valid, the value fits the kind, and there are
    /// no more inputs than slots. Changes nothing but the kind table (a kind is registered on
    /// first use).
    mutating func checkNewNode(
        _ id: NodeID, kind: String, name: String?, position: Position, value: Value?, inputCount: Int
    ) throws(GraphError) -> NewNode {
        let hash = try checkNewID(id)
        // Inside a definition a group input's kind follows its value's type: the inverse of
        // removing one names it as a file does, `groupInput` with its value.
        let storedKind =
            kind == GroupInputKind.kindName && !store.localKinds.isEmpty
            ? GroupInputKind.storeKey(for: value?.type ?? .number) : kind
        let kindIndex: UInt16
        // A formula node's kind is its formula's: parsed here, once.
        if kind == FormulaKind.kindName, let text = FormulaKind.text(in: value),
            store.registry.kind(named: kind) is FormulaKind
        {
            let formula: Formula
            do throws(FormulaError) { formula = try Formula(text) } catch {
                throw .invalidFormula(node: id, error)
            }
            guard let index = store.kindIndex(for: formula) else { throw .unknownKind(kind) }
            kindIndex = index
        } else {
            guard let index = store.kindIndex(named: storedKind) else { throw .unknownKind(kind) }
            kindIndex = index
        }
        let entry = store.kinds[Int(kindIndex)]
        try checkLevel(of: entry, for: id)
        if let name, let problem = nameProblem(name) { throw .invalidName(node: id, reason: problem) }
        try checkPosition(position, of: id)
        var parameter: Value?
        if let type = entry.parameterType {
            parameter = try coerce(value ?? entry.defaultParameter ?? .number(0), to: type, for: id)
            try checkHeldValue(parameter!, of: entry, for: id)
        } else if value != nil {
            throw .notASource(id, kind: entry.name)
        }
        if inputCount > entry.slotCount {
            throw .unknownSlot(node: id, slot: inputCount - 1, slotCount: entry.slotCount)
        }
        return NewNode(
            hash: hash, kindIndex: kindIndex, entry: entry, parameter: parameter,
            name: name == entry.title ? nil : name)
    }

    /// Stores a node that was checked beforehand, without recomputing anything.
    ///
    /// The caller has checked everything ``checkNewNode(_:kind:name:position:value:inputCount:)``
    /// and ``NodeStore/checkNewInput(_:to:slot:of:)`` check (the file loader checks the same things its own
    /// way), every upstream is a node of this graph, and the storage is unique.
    /// - Parameters:
    ///   - upstreams: The node index feeding each slot from the first, or -1.
    /// - Returns: The new node's index.
    /// - Complexity: O(*s*), the kind's slot count.
    mutating func insertNode(
        _ id: NodeID, hash: Int, kindIndex: UInt16, name: String?, x: Int32, y: Int32, parameter: Value?,
        upstreams: UnsafeBufferPointer<Int32>
    ) -> Int32 {
        let node = store.allocateNode(id.compacted)
        store.idTable.insert(node, hash: hash, ids: store.ids.buffer)
        let start = store.allocateSlots(Int(store.kindColumns.slotCount[Int(kindIndex)]), for: node)
        let nodes = store.nodes  // after any growth
        nodes.kind[node] = kindIndex
        nodes.x[node] = x
        nodes.y[node] = y
        nodes.payload[node] = 0
        nodes.firstOut[node] = -1
        nodes.slotStart[node] = start
        if let name { store.names[node] = name }
        if let parameter {
            // A number source's value is its held number, in its payload alone.
            if case .number(let number) = parameter,
                store.kindColumns.kernel[Int(kindIndex)] == Kernel.heldNumber.rawValue
            {
                nodes.payload[node] = number
            } else {
                store.parameters[node] = parameter
            }
        }
        // A node appended while index order is topological comes after its inputs as it is.
        if let positions = store.positions { positions[node] = nextPosition() }
        for (slot, upstream) in upstreams.enumerated() where upstream >= 0 {
            store.attach(start + Int32(slot), to: upstream)
        }
        store.liveCount += 1
        return node
    }

    /// ``insertNode(_:hash:kindIndex:name:x:y:parameter:upstreams:)`` for a node checked by
    /// ``checkNewNode(_:kind:name:position:value:inputCount:)``.
    @inline(__always) mutating func insertNode(
        _ id: NodeID, _ new: borrowing NewNode, at position: Position, upstreams: UnsafeBufferPointer<Int32>
    ) -> Int32 {
        insertNode(
            id, hash: new.hash, kindIndex: new.kindIndex, name: new.name, x: Int32(position.x),
            y: Int32(position.y), parameter: new.parameter, upstreams: upstreams)
    }

    mutating func performAddNode(_ description: NodeDescription, roots: inout [Int32]) throws(GraphError)
        -> Edit
    {
        let id = description.id
        let new = try checkNewNode(
            id, kind: description.kind, name: description.name, position: description.position,
            value: description.value, inputCount: description.inputs.count)
        let upstreams = try store.resolveInputs(description.inputs) { slot, input throws(GraphError) in
            if input == id { throw .wouldCreateCycle(path: [id, id]) }
            let upstream = try index(of: input)
            try store.checkNewInput(upstream, to: id, slot: slot, of: new.entry)
            return upstream
        }
        let kindIndex =
            description.bypassed
            ? try bypassedKindIndex(of: new.entry, at: new.kindIndex, for: id) : new.kindIndex
        let node = insertNode(
            id, hash: new.hash, kindIndex: kindIndex, name: new.name, x: Int32(description.position.x),
            y: Int32(description.position.y), parameter: new.parameter, upstreams: upstreams)
        roots.append(node)
        return .removeNode(id)
    }

    mutating func performRemoveNode(_ id: NodeID, roots: inout [Int32]) throws(GraphError) -> Edit {
        let node = try index(of: id)
        let description = description(at: node)
        let dependents = store.dependents(of: node)
        let start = store.nodes.slotStart[node]
        let slotCount = store.slotCount(of: node)
        for slot in start..<start + Int32(slotCount) { store.detach(slot) }
        var slot = store.nodes.firstOut[node]
        while slot >= 0 {
            let next = store.slots.outLink[slot].next
            store.slots.source[slot] = -1
            store.slots.outLink[slot].next = -1
            slot = next
        }
        store.nodes.firstOut[node] = -1
        store.freeSlots(start: start, count: slotCount)
        store.idTable.remove(id, ids: store.ids.buffer)
        store.nodes.kind[node] = NodeStore.freeKind
        // The identifier stays stored until the index is reused (lists handed out may read it).
        store.names[node] = nil
        store.parameters[node] = nil
        store.boxed[node] = nil
        store.pushedValues[node] = nil
        store.backgroundResults[node] = nil
        store.stale.remove(node)
        store.freeNodes.append(node)
        store.dropPlan()  // the node may be a planned source with no links (its index reused later)
        store.liveCount -= 1
        roots.append(contentsOf: dependents.map(\.node))
        let relinks = dependents.map { Edit.link(from: id, to: store.ids[Int($0.node)], slot: $0.slot) }
        return relinks.isEmpty ? .addNode(description) : .batch([.addNode(description)] + relinks)
    }

    mutating func performSetValue(_ value: Value, of id: NodeID, roots: inout [Int32]) throws(GraphError)
        -> Edit
    {
        let node = try index(of: id)
        // A number into a number source: its value is its held number, stored here.
        if case .number(let number) = value, store.isNumberSource(node) {
            guard number.isFinite else { throw .nonFiniteValue(node: id) }
            let (inverse, changed) = setHeldNumber(number, of: node)
            if changed { roots.append(node) }
            return inverse
        }
        let kind = store.entry(of: node).kind
        // A formula's text set as a value (a journal's string, a tool's text editor).
        if kind is FormulaKind {
            let held = try coerce(value, to: FormulaKind.formulaType, for: id)
            guard let text = FormulaKind.text(in: held) else {
                throw .valueTypeMismatch(node: id, expected: FormulaKind.formulaType, got: "a number")
            }
            return try performSetFormula(text, of: id, roots: &roots)
        }
        guard let type = kind.parameterType else { throw .notASource(id, kind: kind.name) }
        let newValue = try coerce(value, to: type, for: id)
        try checkHeldValue(newValue, of: store.entry(of: node), for: id)
        let held = store.parameter(of: node)
        let oldValue = held ?? kind.defaultParameter ?? newValue
        if oldValue == newValue && held != nil {
            return .setValue(node: id, value: oldValue)
        }
        store.setParameter(newValue, of: node)
        roots.append(node)
        return .setValue(node: id, value: oldValue)
    }

    /// Stores a finite number as a number source's held number (its value, in its payload).
    /// - Returns: The edit that sets the old number back, and whether the number changed
    ///   (numerically: 0 and -0 are the same, as `Value ==` says); a changed one is noted for
    ///   the recompute, which the caller starts from `node`.
    @inline(__always)
    mutating func setHeldNumber(_ number: Double, of node: Int32) -> (inverse: Edit, changed: Bool) {
        let old = store.nodes.payload[node]
        let inverse = Edit.setValue(node: store.ids[Int(node)], value: .number(old))
        if old == number { return (inverse, false) }
        store.nodes.payload[node] = number
        store.noteNumberChange(of: node, from: old, to: number)
        return (inverse, true)
    }

    mutating func performSetKind(_ kindName: String, of id: NodeID, roots: inout [Int32]) throws(GraphError)
        -> Edit
    {
        let node = try index(of: id)
        guard let newKindIndex = store.kindIndex(named: kindName) else { throw .unknownKind(kindName) }
        let oldKindIndex = store.nodes.kind[node]
        let old = store.kinds[Int(oldKindIndex)]
        // A formula node is of kind `formula` whatever its formula: it keeps it.
        if newKindIndex == oldKindIndex || old.name == kindName { return .batch([]) }
        let new = store.kinds[Int(newKindIndex)]
        // A formula's slots are its variables, not positions: to or from one, no input link fits
        // (and undo, through the default formula, finds every link in the inverse).
        let keepsInputs = old.formula == nil && new.formula == nil
        try checkLevel(of: new, for: id)
        var inverse: [Edit] = [.setKind(node: id, kind: old.name)]
        // A bypassed node stays bypassed, unless its new kind cannot be (a source).
        var target = newKindIndex
        var restoreBypass: [Edit] = []
        if old.bypassed {
            if new.bypassProblem == nil, let variant = store.bypassVariant(of: newKindIndex) {
                target = variant
            } else {
                restoreBypass = [.setBypass(node: id, bypassed: true)]
            }
        }
        // A number source whose held number changed earlier in this batch holds in its payload a
        // value its dependents have not seen, so the new kind's result cannot be compared with
        // what they saw: they are recomputed.
        if store.isNumberSource(node) && store.numberChanged(node) {
            for (dependent, _) in store.dependents(of: node) { roots.append(dependent) }
        }

        // Inputs: keep those that still exist and fit; the rest are dropped.
        let (newStart, upstreams) = store.replaceSlots(
            of: node, oldCount: old.slotCount, newCount: new.slotCount)
        var dropped: [Edit] = []
        for (slot, upstream) in upstreams.enumerated() where upstream >= 0 {
            if keepsInputs && slot < new.slotCount
                && store.entry(of: upstream).outputType == new.slots[slot].type
            {
                store.attach(newStart + Int32(slot), to: upstream)
            } else {
                dropped.append(.link(from: store.ids[Int(upstream)], to: id, slot: slot))
            }
        }

        // Outputs: links into slots that do not accept the new output type are dropped.
        if new.outputType != old.outputType {
            for (dependent, slot) in store.dependents(of: node) {
                let slotIndex = store.nodes.slotStart[dependent] + Int32(slot)
                if store.entry(of: dependent).slots[slot].type != new.outputType {
                    store.detach(slotIndex)
                    roots.append(dependent)
                    dropped.append(.link(from: id, to: store.ids[Int(dependent)], slot: slot))
                }
            }
        }

        // The held value: kept when the new kind holds the same type.
        let oldParameter = store.parameter(of: node)
        var newParameter: Value? = nil
        if let type = new.parameterType {
            let keeps = oldParameter?.type == type && oldParameter.flatMap(new.kind.heldValueProblem) == nil
            newParameter = keeps ? oldParameter : new.defaultParameter
        }
        if let formula = old.formula {
            inverse.append(.setFormula(node: id, formula: formula.text))
        } else if let oldParameter, oldParameter != newParameter {
            inverse.append(.setValue(node: id, value: oldParameter))
        }
        store.parameters[node] = nil
        store.nodes.kind[node] = target
        // A value pushed into the node as one live source means nothing to another kind.
        store.pushedValues[node] = nil
        store.backgroundResults[node] = nil
        store.setParameter(newParameter, of: node)
        roots.append(node)
        return .batch(inverse + restoreBypass + dropped)
    }

    mutating func performRename(_ id: NodeID, to name: String) throws(GraphError) -> Edit {
        let node = try index(of: id)
        if let problem = nameProblem(name) { throw .invalidName(node: id, reason: problem) }
        let oldName = self.name(at: node)
        store.names[node] = name == store.entry(of: node).title ? nil : name
        return .rename(node: id, name: oldName)
    }

    mutating func performMove(_ id: NodeID, to position: Position) throws(GraphError) -> Edit {
        let node = try index(of: id)
        try checkPosition(position, of: id)
        let old = Position(x: Int(store.nodes.x[node]), y: Int(store.nodes.y[node]))
        store.nodes.x[node] = Int32(position.x)
        store.nodes.y[node] = Int32(position.y)
        return .move(node: id, to: old)
    }
}

extension NodeStore {
    /// Checks that node `upstream` may feed slot `slot` of the new node `id` (of kind `entry`).
    func checkNewInput(_ upstream: Int32, to id: NodeID, slot: Int, of entry: KindEntry) throws(GraphError) {
        let produces = self.entry(of: upstream).outputType
        let accepts = entry.slots[slot].type
        guard produces == accepts else {
            throw .slotTypeMismatch(
                from: ids[Int(upstream)], produces: produces, to: id, slot: slot,
                label: entry.slots[slot].label, accepts: accepts)
        }
    }

    /// A new node's inputs as node indices (-1 for an empty slot), each resolved and checked by
    /// `resolve` (which throws to refuse one) before anything changes. They are kept in the
    /// store's idle stack buffer (no allocation), valid until the buffer is used again.
    @inline(__always) func resolveInputs<Input>(
        _ inputs: [Input?], _ resolve: (_ slot: Int, _ input: Input) throws(GraphError) -> Int32
    ) throws(GraphError) -> UnsafeBufferPointer<Int32> {
        stack.removeAll()
        for (slot, input) in inputs.enumerated() {
            guard let input else {
                stack.append(-1)
                continue
            }
            let upstream = try resolve(slot, input)
            stack.append(upstream)
        }
        return UnsafeBufferPointer(start: stack.base, count: stack.count)
    }
}

internal import CNodeGraphPrefetch

/// The work of one ``GraphBuilder/add(ids:kinds:kindOfNode:inputs:slotsPerNode:values:names:positions:)``:
/// its kinds looked up once, then each node checked and stored, and on a refusal the nodes
/// stored so far taken out again.
struct ColumnBatch {
    /// A kind of the batch, looked up once.
    struct Kind {
        let name: String
        /// `nil` for a kind whose table entry depends on each node's value (a formula, a group
        /// input inside a definition): such a node takes ``Graph/checkNewNode(_:kind:name:position:value:inputCount:)``.
        let index: UInt16?
        let entry: KindEntry?
        let slotCount: Int
    }

    private(set) var kinds: [Kind] = []
    /// Per kind: `kinds[k].index`, or `UInt16.max` for a kind decided per node (read without
    /// copying a ``Kind``, which would retain its name and entry for every node).
    private var plainIndex: [UInt16] = []
    /// Per kind: whether its nodes need no look at their kind entry beyond its slot count, for
    /// a node with no value and no name: it holds no parameter, is no live source, and every slot
    /// takes the one output type every kind in the table has (see ``settle(onlyOutputType:)``).
    private var plain: [Bool] = []
    /// Per kind: whether it is the built-in number source (``Kernel/heldNumber``): a node of it
    /// with a finite number or no value, and no name, stores nothing but that number beside
    /// what a plain kind's node stores.
    private var heldNumber: [Bool] = []
    /// Per kind: whether it is a plain kind whose nodes the evaluation adds in line
    /// (``Kernel/addThree``, three slots): a node of it is evaluated as it is stored when every
    /// node before it holds its value (see ``storePlainNodes(from:kindOfNode:inputs:values:names:positions:evaluatedEnd:into:)``).
    private var addsThree: [Bool] = []
    private var slotCounts: [Int] = []
    /// The number of the call's first node.
    let first: Int
    /// The call's identifiers, to name a loop through its later nodes.
    let ids: [NodeID]
    /// The number of inputs each node of the call has.
    let slotsPerNode: Int

    init(kinds count: Int, first: Int, ids: [NodeID], slotsPerNode: Int) {
        kinds.reserveCapacity(count)
        self.first = first
        self.ids = ids
        self.slotsPerNode = slotsPerNode
    }

    /// Looks up a kind by name, registering it in the graph's kind table on first use.
    mutating func resolve(kind name: String, in graph: inout Graph) throws(GraphError) {
        let store = graph.store
        if name == FormulaKind.kindName
            || (name == GroupInputKind.kindName && !store.localKinds.isEmpty)
        {
            guard store.registry.kind(named: name) != nil || store.localKinds[name] != nil else {
                throw .unknownKind(name)
            }
            // The most slots a node of it may have: its own slot count is checked per node.
            kinds.append(Kind(name: name, index: nil, entry: nil, slotCount: Int.max))
            return
        }
        guard let index = store.kindIndex(named: name) else { throw .unknownKind(name) }
        let entry = store.kinds[Int(index)]
        kinds.append(Kind(name: name, index: index, entry: entry, slotCount: entry.slotCount))
    }

    /// Works out which kinds are plain (see ``plain``), once every kind is looked up and
    /// `onlyOutputType` is the graph's table's.
    mutating func settle(onlyOutputType: ValueType?) {
        plainIndex = kinds.map { $0.index ?? UInt16.max }
        slotCounts = kinds.map(\.slotCount)
        heldNumber = kinds.map { kind in
            guard let entry = kind.entry else { return false }
            return Kernel(entry) == .heldNumber && !entry.isLive && entry.slotCount == 0
        }
        plain = kinds.map { kind in
            guard let entry = kind.entry, let onlyOutputType else { return false }
            return entry.parameterType == nil && !entry.isLive
                && entry.slots.allSatisfy { $0.type == onlyOutputType }
        }
        addsThree = kinds.indices.map { kind in
            guard plain[kind], let entry = kinds[kind].entry else { return false }
            return Kernel(entry) == .addThree && entry.slotCount == 3 && onlyOutputType == .number
        }
    }

    /// The number of slots a node of kind `kind` reserves (0 for a kind decided per node).
    func slotCount(of kind: UInt16) -> Int {
        let count = kinds[Int(kind)].slotCount
        return count == Int.max ? 0 : count
    }

    /// Stores node `first`, the next and so on while each has nothing to refuse and nothing
    /// but its kind's number, slot count, position and inputs to store: a plain kind (see
    /// ``plain``) and no value, or a number source (see ``heldNumber``) and a finite number or
    /// none; no name, a valid position, an identifier stored inline, of printable ASCII and
    /// new, and inputs only in the kind's slots, each from a node before it. Stops at
    /// the first node that is anything else, which takes
    /// ``insert(_:kind:inputs:value:name:position:onlyOutputType:allInputs:into:)`` (checked
    /// there again, and refused or stored there).
    ///
    /// Reads every column in place (no identifier, value or name copied), and stores through
    /// ``NodeStore/appendNode(inline:_:bucket:kind:slotCount:inputs:inputCount:x:y:payload:)``; the caller has
    /// reserved room for the whole call.
    /// - Returns: The call's index of the first node not stored (the number of nodes when it
    ///   stored every one).
    func storePlainNodes(
        from first: Int, kindOfNode: UnsafeBufferPointer<UInt16>, inputs: UnsafeBufferPointer<Int32>,
        values: UnsafeBufferPointer<Value?>, names: UnsafeBufferPointer<String?>,
        positions: UnsafeBufferPointer<Position>, evaluatedEnd: inout Int32, into graph: inout Graph
    ) -> Int {
        // Three inputs a node (an add's slots, what a calculator's loader passes) gets a copy of
        // the loop compiled for three: the slots' loops unrolled, no count read per node.
        if slotsPerNode == 3 {
            return storePlainNodes(
                from: first, slotsPerNode: 3, kindOfNode: kindOfNode, inputs: inputs, values: values,
                names: names, positions: positions, evaluatedEnd: &evaluatedEnd, into: &graph)
        }
        return storePlainNodes(
            from: first, slotsPerNode: slotsPerNode, kindOfNode: kindOfNode, inputs: inputs, values: values,
            names: names, positions: positions, evaluatedEnd: &evaluatedEnd, into: &graph)
    }

    /// ``storePlainNodes(from:kindOfNode:inputs:values:names:positions:evaluatedEnd:into:)`` with
    /// `slotsPerNode`, the call's, given (a constant where it is inlined).
    @inline(__always)
    private func storePlainNodes(
        from first: Int, slotsPerNode: Int, kindOfNode: UnsafeBufferPointer<UInt16>,
        inputs: UnsafeBufferPointer<Int32>, values: UnsafeBufferPointer<Value?>,
        names: UnsafeBufferPointer<String?>, positions: UnsafeBufferPointer<Position>,
        evaluatedEnd: inout Int32, into graph: inout Graph
    ) -> Int {
        let store = graph.store
        guard store.appendsInIndexOrder, first < ids.count,
            store.hasRoom(forNodes: ids.count - first)
        else { return first }
        store.dropPlan()
        // A first node stored elsewhere (a name; a held value but a number source's number)
        // returns before anything is fetched ahead for the nodes after it.
        let firstKind = Int(kindOfNode[first])
        if !names.isEmpty && names[first] != nil { return first }
        if plain[firstKind] ? !values.isEmpty && values[first] != nil : !heldNumber[firstKind] {
            return first
        }
        let count = ids.count
        let noInput: Int32 = -1
        // Read once: room for every node is reserved, so the columns do not move.
        let payloads = store.nodes.payload
        var evaluated = evaluatedEnd
        defer { evaluatedEnd = evaluated }
        return ids.withUnsafeBufferPointer { idBuffer in
            plain.withUnsafeBufferPointer { plain in
                addsThree.withUnsafeBufferPointer { addsThree in
                    heldNumber.withUnsafeBufferPointer { heldNumber in
                        plainIndex.withUnsafeBufferPointer { plainIndex in
                            slotCounts.withUnsafeBufferPointer { slotCounts in
                                let idBits = UnsafeRawPointer(idBuffer.baseAddress!)
                                let stride = MemoryLayout<NodeID>.stride
                                let ahead = ColumnBatch.fetchedAhead
                                let inputEnd = UInt32(bitPattern: store.nodeEnd) &+ UInt32(count &- first)
                                // The id table's bucket where each node's probe starts, at the
                                // node's call index modulo `ring`: the nodes from the one stored
                                // to the last one fetched are never more.
                                let ring = 4 &* ahead
                                return withUnsafeTemporaryAllocation(of: Int32.self, capacity: ring) {
                                    homeBuffer in
                                    let homes = HomeBuckets(base: homeBuffer.baseAddress!, mask: ring &- 1)
                                    var k = first
                                    // Two runs ahead: the buckets and inputs; one run ahead, and
                                    // first the first run: the identifiers stored in those buckets.
                                    var fetchedEnd = Swift.min(first &+ 2 &* ahead, count)
                                    ColumnBatch.prefetch(
                                        first..<fetchedEnd, idBits: idBits, inputs: inputs,
                                        slotsPerNode: slotsPerNode, inputEnd: inputEnd, store: store,
                                        homes: homes)
                                    ColumnBatch.prefetchStoredIDs(
                                        first..<Swift.min(first &+ ahead, count), homes: homes, store: store)
                                    var nextFetch = first
                                    while k < count {
                                        if k == nextFetch {
                                            nextFetch = k &+ ahead
                                            let end = Swift.min(fetchedEnd &+ ahead, count)
                                            ColumnBatch.prefetch(
                                                fetchedEnd..<end, idBits: idBits, inputs: inputs,
                                                slotsPerNode: slotsPerNode, inputEnd: inputEnd, store: store,
                                                homes: homes)
                                            fetchedEnd = end
                                            ColumnBatch.prefetchStoredIDs(
                                                Swift.min(
                                                    nextFetch, count)..<Swift.min(nextFetch &+ ahead, count),
                                                homes: homes,
                                                store: store)
                                        }
                                        let kind = Int(kindOfNode[k])
                                        var payload = 0.0
                                        if plain[kind] {
                                            if !values.isEmpty, values[k] != nil { break }
                                        } else if heldNumber[kind] {
                                            if !values.isEmpty, values[k] != nil {
                                                guard case .number(let number)? = values[k], number.isFinite
                                                else {
                                                    break
                                                }
                                                payload = number
                                            }
                                        } else {
                                            break
                                        }
                                        if !names.isEmpty, names[k] != nil { break }
                                        var x: Int32 = 0, y: Int32 = 0
                                        if !positions.isEmpty {
                                            let position = positions[k]
                                            guard Position.validRange.contains(position.x),
                                                Position.validRange.contains(position.y)
                                            else { break }
                                            x = Int32(position.x)
                                            y = Int32(position.y)
                                        }
                                        let slotCount = slotCounts[kind], node = store.nodeEnd
                                        guard Int(store.slotEnd) + slotCount <= store.slotTable.capacity
                                        else {
                                            break
                                        }
                                        let row = inputs.baseAddress.map { $0 + k &* slotsPerNode }
                                        var clean = true
                                        for slot in 0..<slotsPerNode {
                                            let input = row.unsafelyUnwrapped[slot]
                                            if input != -1
                                                && (slot >= slotCount
                                                    || UInt32(bitPattern: input) >= UInt32(node))
                                            {
                                                clean = false
                                                break
                                            }
                                        }
                                        guard clean else { break }
                                        // Evaluated as it is stored while every node before it holds its
                                        // value, as `finish()`'s pass would (empty slots read the payload
                                        // column's guard, 0); a sum that is not finite is left to it.
                                        if node == evaluated {
                                            if addsThree[kind] {
                                                let a = slotsPerNode > 0 ? row.unsafelyUnwrapped[0] : noInput
                                                let b = slotsPerNode > 1 ? row.unsafelyUnwrapped[1] : noInput
                                                let c = slotsPerNode > 2 ? row.unsafelyUnwrapped[2] : noInput
                                                let sum = Kernel.addThree(
                                                    payloads[a], payloads[b], payloads[c])
                                                if sum.isFinite {
                                                    payload = sum
                                                    evaluated = node &+ 1
                                                }
                                            } else if heldNumber[kind] {
                                                evaluated = node &+ 1
                                            }
                                        }
                                        let offset = k &* stride
                                        let low = idBits.load(fromByteOffset: offset, as: UInt64.self)
                                        let high = idBits.load(fromByteOffset: offset + 8, as: UInt64.self)
                                        let bucket = store.idTable.probe.emptyBucket(
                                            forShortPrintable: low, high, home: Int(homes[k]),
                                            in: store.ids.buffer)
                                        guard bucket >= 0 else { break }
                                        withUnsafePointer(to: noInput) { none in
                                            _ = store.appendNode(
                                                inline: low, high, bucket: bucket, kind: plainIndex[kind],
                                                slotCount: slotCount, inputs: row ?? none,
                                                inputCount: Swift.min(slotCount, slotsPerNode), x: x, y: y,
                                                payload: payload)
                                        }
                                        k += 1
                                    }
                                    return k
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The number of nodes ``prefetch(_:idBits:inputs:slotsPerNode:inputEnd:store:homes:)``
    /// fetches at a time, two runs ahead of storing them.
    static let fetchedAhead = 16

    /// Each node's home bucket (``IDTable/Probe/homeBucket(ofShort:_:)``) from when it was
    /// fetched, by call index modulo a power of two: plain memory, read and written one entry
    /// at a time.
    struct HomeBuckets {
        let base: UnsafeMutablePointer<Int32>
        let mask: Int

        @inline(__always) subscript(node: Int) -> Int32 {
            get { base[node & mask] }
            nonmutating set { base[node & mask] = newValue }
        }
    }

    /// Asks for what storing `nodes` reads at scattered places, two runs of nodes before
    /// storing them: the id table's bucket where each identifier's probe starts, and each
    /// input's out-list head and value. Prefetches wait for nothing, so every one of them is in
    /// flight at once while the nodes before are stored, and the stores find them in the cache.
    /// Keeps each node's bucket in `homes`, for its probe to start there without hashing the
    /// identifier again.
    @inline(__always)
    static func prefetch(
        _ nodes: Range<Int>, idBits: UnsafeRawPointer, inputs: UnsafeBufferPointer<Int32>, slotsPerNode: Int,
        inputEnd: UInt32, store: NodeStore, homes: HomeBuckets
    ) {
        let probe = store.idTable.probe
        let firstOut = store.nodes.firstOut, payload = store.nodes.payload
        for k in nodes {
            let offset = k &* MemoryLayout<NodeID>.stride
            let bucket = probe.homeBucket(
                ofShort: idBits.load(fromByteOffset: offset, as: UInt64.self),
                idBits.load(fromByteOffset: offset + 8, as: UInt64.self))
            homes[k] = Int32(truncatingIfNeeded: bucket)
            if bucket >= 0 { nodegraph_prefetch(probe.buckets.base + bucket) }
            guard let row = inputs.baseAddress.map({ $0 + k &* slotsPerNode }) else { continue }
            for slot in 0..<slotsPerNode {
                let input = row[slot]
                // Only inputs that may be nodes (any other sends its node to the full checks).
                guard UInt32(bitPattern: input) < inputEnd else { continue }
                nodegraph_prefetch(firstOut.base + Int(input))
                nodegraph_prefetch(payload.base + Int(input))
            }
        }
    }

    /// Asks for the identifier stored in each of `nodes`' home buckets (when the bucket holds
    /// one), which their probes compare: the buckets were asked for a run before.
    @inline(__always)
    static func prefetchStoredIDs(_ nodes: Range<Int>, homes: HomeBuckets, store: NodeStore) {
        let buckets = store.idTable.probe.buckets, stored = store.ids.base
        for k in nodes {
            let bucket = homes[k]
            guard bucket >= 0 else { continue }
            let entry = buckets[Int(bucket)]
            if entry >= 0 { nodegraph_prefetch(stored + Int(entry)) }
        }
    }

    /// Checks one node and stores it, or throws without storing it.
    /// - Parameters:
    ///   - inputs: The node's `slotsPerNode` inputs.
    ///   - allInputs: Every node's inputs, to name a loop through later nodes.
    @inline(__always)
    func insert(
        _ id: NodeID, kind: UInt16, inputs: UnsafeBufferPointer<Int32>, value: Value?, name: String?,
        position: Position, onlyOutputType: ValueType?, allInputs: UnsafeBufferPointer<Int32>,
        into graph: inout Graph
    ) throws(GraphError) {
        let kindNumber = Int(kind)
        if plain[kindNumber] && value == nil && name == nil {
            // A node whose kind needs no look (see ``plain``): its id, position and inputs.
            let index = plainIndex[kindNumber], slotCount = slotCounts[kindNumber]
            let hash = try graph.checkNewID(id)
            try graph.checkPosition(position, of: id)
            let node = Int(graph.store.nodeEnd)
            for (slot, input) in inputs.enumerated() where input != -1 {
                if slot >= slotCount { throw .unknownSlot(node: id, slot: slot, slotCount: slotCount) }
                guard input >= 0 && Int(input) < node else {
                    throw refusal(id, slot: slot, input: Int(input), node: node, allInputs: allInputs)
                }
            }
            _ = graph.insertNode(
                id, hash: hash, kindIndex: index, name: nil, x: Int32(position.x), y: Int32(position.y),
                parameter: nil, upstreams: UnsafeBufferPointer(rebasing: inputs.prefix(slotCount)))
            return
        }
        let kind = kinds[kindNumber]
        guard let index = kind.index, let entry = kind.entry else {
            try insertChecked(
                id, kind: kind.name, inputs: inputs, value: value, name: name, position: position,
                allInputs: allInputs, into: &graph)
            return
        }
        let hash = try graph.checkNewID(id)
        if entry.isLive || entry.isBackground { try graph.checkLevel(of: entry, for: id) }
        if let name, let problem = graph.nameProblem(name) { throw .invalidName(node: id, reason: problem) }
        try graph.checkPosition(position, of: id)
        var parameter: Value?
        if let type = entry.parameterType {
            parameter = try graph.coerce(value ?? entry.defaultParameter ?? .number(0), to: type, for: id)
            try graph.checkHeldValue(parameter!, of: entry, for: id)
        } else if value != nil {
            throw .notASource(id, kind: entry.name)
        }
        let node = Int(graph.store.nodeEnd)
        for (slot, input) in inputs.enumerated() where input != -1 {
            if slot >= kind.slotCount { throw .unknownSlot(node: id, slot: slot, slotCount: kind.slotCount) }
            guard input >= 0 && Int(input) < node else {
                throw refusal(id, slot: slot, input: Int(input), node: node, allInputs: allInputs)
            }
            if onlyOutputType != entry.slots[slot].type {
                try graph.store.checkNewInput(input, to: id, slot: slot, of: entry)
            }
        }
        let upstreams = UnsafeBufferPointer(rebasing: inputs.prefix(kind.slotCount))
        _ = graph.insertNode(
            id, hash: hash, kindIndex: index, name: name == entry.title ? nil : name, x: Int32(position.x),
            y: Int32(position.y), parameter: parameter, upstreams: upstreams)
    }

    /// ``insert(_:kind:inputs:value:name:position:onlyOutputType:allInputs:into:)``
    /// of a node whose kind follows its value: checked as a single add checks it.
    private func insertChecked(
        _ id: NodeID, kind: String, inputs: UnsafeBufferPointer<Int32>, value: Value?, name: String?,
        position: Position, allInputs: UnsafeBufferPointer<Int32>, into graph: inout Graph
    ) throws(GraphError) {
        let used = (inputs.lastIndex { $0 != -1 } ?? -1) + 1
        let new = try graph.checkNewNode(
            id, kind: kind, name: name, position: position, value: value, inputCount: used)
        let node = Int(graph.store.nodeEnd)
        for (slot, input) in inputs.prefix(used).enumerated() where input != -1 {
            guard input >= 0 && Int(input) < node else {
                throw refusal(id, slot: slot, input: Int(input), node: node, allInputs: allInputs)
            }
            try graph.store.checkNewInput(input, to: id, slot: slot, of: new.entry)
        }
        _ = graph.insertNode(
            id, new, at: position, upstreams: UnsafeBufferPointer(rebasing: inputs.prefix(used)))
    }

    /// The error for node `node` (`id`) fed from `input`, which is not a node before it: itself
    /// or a later node of the call that it feeds, directly or not, closes a loop (named);
    /// anything else is no node of the builder yet.
    private func refusal(
        _ id: NodeID, slot: Int, input: Int, node: Int, allInputs: UnsafeBufferPointer<Int32>
    ) -> GraphError {
        let end = first + ids.count
        guard input >= node && input < end else {
            return .unknownInput(node: id, slot: slot, input: input, count: node)
        }
        // Does `node` feed `input` through the call's later nodes? Search back from `input`.
        var cameFrom: [Int: Int] = [input: -1]
        var stack = [input]
        while let current = stack.popLast(), current != node {
            let start = (current - first) * slotsPerNode
            for upstream in allInputs[start..<start + slotsPerNode].map(Int.init)
            where upstream >= node && upstream < end && cameFrom[upstream] == nil {
                cameFrom[upstream] = current
                stack.append(upstream)
            }
        }
        guard cameFrom[node] != nil else {
            return .unknownInput(node: id, slot: slot, input: input, count: node)
        }
        // From `node` forward along the links to `input`, then back into `node`.
        var path: [Int] = []
        var current = node
        while current >= 0 {
            path.append(current)
            current = cameFrom[current]!
        }
        path.append(node)
        return .wouldCreateCycle(path: NodeList(path.map { ids[$0 - first] }))
    }
}

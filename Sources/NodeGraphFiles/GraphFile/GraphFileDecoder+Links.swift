import NodeGraph

/// What lies between the nodes of a list: ids, inputs, cycles.
extension GraphFileDecoder {
    /// Resolves every input of `nodes` to the node it names, reporting duplicate ids, dangling
    /// inputs, slot type mismatches and cycles.
    /// - Returns: The nodes in an order where every node follows its inputs (Kahn's algorithm,
    ///   file order among ready nodes); complete only when there is no cycle.
    /// - Complexity: O(*n* + *e*), plus the length of any cycle found.
    mutating func resolve(_ nodes: inout FileNodes) -> [Int32] {
        do {
            var indexOfID = indexIDs(&nodes)
            resolveInputs(&nodes, indexOfID: &indexOfID)
        }  // the id table is freed here, before the order is made
        nodes.idOffsets = []  // only a duplicate id's problem needs them: reported by now
        return dependencyOrder(nodes)
    }

    /// Each id's node; an id taken twice is reported, and the first node keeps it.
    private mutating func indexIDs(_ nodes: inout FileNodes) -> FileIDIndex {
        var duplicates: [(node: Int, first: Int32)] = []
        let index = FileIDIndex(nodes.ids) { duplicates.append(($0, $1)) }
        for (node, first) in duplicates {
            report(
                .duplicateID, node: node, of: nodes, field: "id", offset: Int(nodes.idOffsets[node]),
                reason: "another node (nodes[\(first)]) already has this id")
            nodes.ids[node] = nil  // keeps its inputs out of the cycle check
        }
        return index
    }

    /// Resolves ``FileNodes/inputs`` in place, from where each input's id is in the text to the
    /// node it names, reporting dangling inputs and slot type mismatches.
    ///
    /// The inputs are resolved a run of nodes at a time (about ``resolvedTogether`` inputs): the
    /// run's nodes are looked up into a small buffer, checked while their offsets are still
    /// there for the messages, then written over the offsets, so that no second column of a
    /// million inputs is made.
    private mutating func resolveInputs(_ nodes: inout FileNodes, indexOfID: inout FileIDIndex) {
        // Each kind's output type and slot types as small numbers, asked of the kind once rather
        // than once an input.
        var typeNumbers: [ValueType: Int32] = [:]
        var produces: [Int32] = []
        var accepts: [[Int32]] = []
        for known in kinds {
            for type in [known.kind.outputType] + known.kind.inputs.map(\.type) where typeNumbers[type] == nil
            {
                typeNumbers[type] = Int32(typeNumbers.count)
            }
            produces.append(typeNumbers[known.kind.outputType]!)
            accepts.append(known.kind.inputs.map { typeNumbers[$0.type]! })
        }
        var runStart = 0
        while runStart < nodes.count {
            var runEnd = runStart + 1
            let first = Int(nodes.inputStart[runStart])
            while runEnd < nodes.count && Int(nodes.inputStart[runEnd + 1]) - first <= Self.resolvedTogether {
                runEnd += 1
            }
            let positions = first..<Int(nodes.inputStart[runEnd])
            var resolved = indexOfID.nodes(
                namedAt: nodes.inputs[positions], none: FileNodes.noInput, in: document.text, ids: nodes.ids)
            for node in runStart..<runEnd {
                checkInputs(
                    of: node, in: nodes, resolved: &resolved, from: first, produces: produces,
                    accepts: accepts)
            }
            noteColumnBytes(nodes.byteCount + resolved.count * MemoryLayout<Int32>.stride)
            nodes.inputs.replaceSubrange(positions, with: resolved)
            runStart = runEnd
        }
    }

    /// About how many inputs ``resolveInputs(_:indexOfID:)`` resolves together.
    static let resolvedTogether = 4096

    /// Checks the inputs of `node`, resolved into `resolved` (which starts at input position
    /// `first`) while ``FileNodes/inputs`` still holds their offsets; an input of a node without
    /// an id is cleared.
    private mutating func checkInputs(
        of node: Int, in nodes: FileNodes, resolved: inout [Int32], from first: Int, produces: [Int32],
        accepts: [[Int32]]
    ) {
        let start = Int(nodes.inputStart[node])
        let end = Int(nodes.inputStart[node + 1])
        guard nodes.ids[node] != nil else {
            // A node without an id (or whose id was taken) stays out of the cycle check.
            for position in start..<end { resolved[position - first] = -1 }
            return
        }
        let kind = Int(nodes.kinds[node])
        let slotTypes = kind >= 0 ? accepts[kind] : []
        for position in start..<end {
            guard let offset = nodes.inputOffset(position) else { continue }
            let slot = position - start
            let upstream = resolved[position - first]
            guard upstream >= 0 else {
                let input = NodeID(JSONDocument.string(at: offset, in: document.text))
                if outsideInputs != nil, nodes.definition == nil, let id = nodes.ids[node] {
                    outsideInputs?.append(.link(from: input, to: id, slot: slot))
                    continue
                }
                report(
                    .danglingInput, node: node, of: nodes, field: "inputs[\(slot)]",
                    offset: offset, reason: "no node has id '\(input.rawValue.escapedForMessage)'")
                continue
            }
            let upstreamKind = Int(nodes.kinds[Int(upstream)])
            guard slot < slotTypes.count, upstreamKind >= 0, produces[upstreamKind] != slotTypes[slot]
            else { continue }
            let input = NodeID(JSONDocument.string(at: offset, in: document.text))
            let spec = kinds[kind].kind.inputs[slot]
            let produced = kinds[upstreamKind].kind.outputType
            report(
                .slotTypeMismatch, node: node, of: nodes, field: "inputs[\(slot)]", offset: offset,
                reason:
                    "slot \(slot) (\(spec.label)) takes a \(spec.type), but '\(input.rawValue.escapedForMessage)' produces a \(produced)"
            )
        }
    }

    /// File order when every node comes after its inputs (as a saved file lists them), else
    /// Kahn's algorithm, file order among ready nodes; each loop of inputs that keeps nodes out
    /// of the order is reported once, as a path. Taking the file's own order when it is one
    /// keeps the nodes where the file has them: the graph is built, evaluated and printed
    /// reading its columns in order, where Kahn's waves would scatter a random graph's nodes.
    private mutating func dependencyOrder(_ nodes: FileNodes) -> [Int32] {
        let count = nodes.count
        if nodes.listsEveryNodeAfterItsInputs {
            let order = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
                for node in 0..<count { buffer[node] = Int32(node) }
                initialized = count
            }
            noteColumnBytes(nodes.byteCount + order.count * MemoryLayout<Int32>.stride)
            return order
        }
        var pending = [Int32](repeating: 0, count: count)
        // The dependents of each node, in file order (a node fed twice by one node is listed twice):
        // node `u`'s are `dependents[dependentEnd[u - 1]..<dependentEnd[u]]` (from 0 for the first
        // node). Each entry starts as where its node's dependents begin and is moved on as they
        // are filled in, so that one column serves for both.
        var dependentEnd = [Int32](repeating: 0, count: count)
        for input in nodes.inputs where input >= 0 && Int(input) + 1 < count {
            dependentEnd[Int(input) + 1] += 1
        }
        for node in 1..<max(count, 1) { dependentEnd[node] += dependentEnd[node - 1] }
        let dependentCount = nodes.inputs.reduce(0) { $1 >= 0 ? $0 + 1 : $0 }
        var dependents = [Int32](repeating: 0, count: dependentCount)
        for node in 0..<count {
            for position in Int(nodes.inputStart[node])..<Int(nodes.inputStart[node + 1]) {
                let upstream = Int(nodes.inputs[position])
                guard upstream >= 0 else { continue }
                pending[node] += 1
                dependents[Int(dependentEnd[upstream])] = Int32(node)
                dependentEnd[upstream] += 1
            }
        }
        var order: [Int32] = []
        order.reserveCapacity(count)
        for node in 0..<count where pending[node] == 0 { order.append(Int32(node)) }
        var next = 0
        while next < order.count {
            let node = Int(order[next])
            for position in (node == 0 ? 0 : Int(dependentEnd[node - 1]))..<Int(dependentEnd[node]) {
                let dependent = Int(dependents[position])
                pending[dependent] -= 1
                if pending[dependent] == 0 { order.append(Int32(dependent)) }
            }
            next += 1
        }
        noteColumnBytes(
            nodes.byteCount + (pending.count + dependentEnd.count + dependents.count + order.count)
                * MemoryLayout<Int32>.stride)
        if order.count < count { reportCycles(nodes, pending: pending) }
        return order
    }

    /// Reports each loop among the nodes Kahn's algorithm could not order.
    ///
    /// Each such node has an input among them: walking upstream from any of them must come back
    /// to a node of the same walk.
    private mutating func reportCycles(_ nodes: FileNodes, pending: [Int32]) {
        var walk = [Int](repeating: -1, count: nodes.count)  // the walk that visited a node
        for start in 0..<nodes.count where pending[start] > 0 && walk[start] < 0 {
            var path: [Int] = []
            var current = start
            while walk[current] < 0 {
                walk[current] = start
                path.append(current)
                let inputs = nodes.inputs[Int(nodes.inputStart[current])..<Int(nodes.inputStart[current + 1])]
                current = Int(inputs.first { $0 >= 0 && pending[Int($0)] > 0 }!)
            }
            guard walk[current] == start else { continue }  // joined an earlier walk's loop
            var loop = Array(path[path.firstIndex(of: current)!...])  // each node fed by the next
            loop.reverse()  // each node feeds the next
            let first = loop.indices.min { loop[$0] < loop[$1] }!
            loop = Array(loop[first...] + loop[..<first])
            let names = (loop + [loop[0]]).map { nodes.ids[$0]!.rawValue.escapedForMessage }
            report(
                .cycle, node: loop[0], of: nodes, field: "inputs", offset: Int(nodes.offsets[loop[0]]),
                reason: "inputs form a cycle: " + names.joined(separator: " → "))
        }
    }
}

extension GraphFileDecoder.FileNodes {
    /// Whether every input names a node listed before its own (so file order is a dependency
    /// order; a node naming itself or a later node is not).
    var listsEveryNodeAfterItsInputs: Bool {
        for node in 0..<count {
            for position in Int(inputStart[node])..<Int(inputStart[node + 1]) where inputs[position] >= node {
                return false
            }
        }
        return true
    }
}

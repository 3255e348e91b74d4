/// Checks between nodes — ids, inputs, cycles — and building the graph.
extension GraphFileDecoder {
    // MARK: Between nodes

    /// Reports duplicate ids; the first node with an id keeps it.
    mutating func checkIDs(_ nodes: inout [FileNode]) -> [NodeID: Int] {
        var firstIndexOfID: [NodeID: Int] = [:]
        firstIndexOfID.reserveCapacity(nodes.count)
        for index in nodes.indices {
            guard let id = nodes[index].id else { continue }
            if let first = firstIndexOfID[id] {
                report(
                    .duplicateID, node: nodes[index], field: "id", at: nodes[index].idOffset,
                    reason: "another node (nodes[\(first)]) already has this id")
                nodes[index].isSound = false
                nodes[index].id = nil  // keeps its inputs out of the cycle check
            } else {
                firstIndexOfID[id] = index
            }
        }
        return firstIndexOfID
    }

    /// Reports dangling inputs and slot type mismatches.
    mutating func checkInputs(_ nodes: [FileNode], firstIndexOfID: [NodeID: Int]) {
        for node in nodes where node.id != nil {
            for (slot, input) in node.inputs.enumerated() {
                guard let input else { continue }
                guard let upstream = firstIndexOfID[input] else {
                    report(
                        .danglingInput, node: node, field: "inputs[\(slot)]", at: node.inputOffsets[slot],
                        reason: "no node has id '\(input)'")
                    continue
                }
                guard let kind = node.kind, slot < kind.inputs.count, let upstreamKind = nodes[upstream].kind
                else {
                    continue
                }
                let spec = kind.inputs[slot]
                if upstreamKind.outputType != spec.type {
                    report(
                        .slotTypeMismatch, node: node, field: "inputs[\(slot)]", at: node.inputOffsets[slot],
                        reason:
                            "slot \(slot) (\(spec.label)) takes a \(spec.type), but '\(input)' produces a \(upstreamKind.outputType)"
                    )
                }
            }
        }
    }

    /// Reports each loop of inputs once, as a path; returns the nodes in an order where every
    /// node follows its inputs (Kahn's algorithm, file order among ready nodes).
    mutating func checkCycles(_ nodes: [FileNode], firstIndexOfID: [NodeID: Int]) -> [Int] {
        var pending = [Int](repeating: 0, count: nodes.count)
        var dependents = [[Int]](repeating: [], count: nodes.count)
        for node in nodes where node.id != nil {
            for input in node.inputs {
                guard let input, let upstream = firstIndexOfID[input] else { continue }
                pending[node.index] += 1
                dependents[upstream].append(node.index)
            }
        }
        var order: [Int] = []
        order.reserveCapacity(nodes.count)
        for index in nodes.indices where pending[index] == 0 { order.append(index) }
        var next = 0
        while next < order.count {
            for dependent in dependents[order[next]] {
                pending[dependent] -= 1
                if pending[dependent] == 0 { order.append(dependent) }
            }
            next += 1
        }
        guard order.count < nodes.count else { return order }

        // Each remaining node has an input among the remaining nodes: walking upstream from any
        // of them must come back to a node of the same walk.
        var walk = [Int](repeating: -1, count: nodes.count)  // the walk that visited a node
        for start in nodes.indices where pending[start] > 0 && walk[start] < 0 {
            var path: [Int] = []
            var current = start
            while walk[current] < 0 {
                walk[current] = start
                path.append(current)
                current = nodes[current].inputs.lazy.compactMap { $0 }.compactMap { firstIndexOfID[$0] }
                    .first { pending[$0] > 0 }!
            }
            guard walk[current] == start else { continue }  // joined an earlier walk's loop
            var loop = Array(path[path.firstIndex(of: current)!...])  // each node fed by the next
            loop.reverse()  // each node feeds the next
            let first = loop.indices.min { loop[$0] < loop[$1] }!
            loop = Array(loop[first...] + loop[..<first])
            let names = (loop + [loop[0]]).map { nodes[$0].id!.rawValue }
            report(
                .cycle, node: nodes[loop[0]], field: "inputs", at: nodes[loop[0]].offset,
                reason: "inputs form a cycle: " + names.joined(separator: " → "))
        }
        return order
    }

    // MARK: Building

    /// The checked nodes as columns, for ``CheckedNodes/makeGraph(registry:order:)``; reports a
    /// node whose kind's default value cannot be held (a tool-defined kind at fault).
    mutating func checkedNodes(_ nodes: [FileNode], firstIndexOfID: [NodeID: Int]) -> CheckedNodes {
        var checked = CheckedNodes()
        var kindIndexByName: [String: Int32] = [:]
        for node in nodes {
            let kind = node.kind!
            let kindIndex: Int32
            if let known = kindIndexByName[kind.name] {
                kindIndex = known
            } else {
                kindIndex = Int32(checked.kinds.count)
                kindIndexByName[kind.name] = kindIndex
                checked.kinds.append(kind)
            }
            var parameter: Value?
            if let type = kind.parameterType {
                do throws(GraphError) {
                    parameter = try scratch.coerce(
                        node.value ?? kind.defaultParameter ?? .number(0), to: type, for: node.id!)
                } catch {
                    report(.invalidValue, node: node, at: node.offset, reason: error.description)
                }
            }
            checked.ids.append(node.id!)
            checked.kindOfNode.append(kindIndex)
            checked.names.append(node.name)
            checked.x.append(Int32(node.position.x))
            checked.y.append(Int32(node.position.y))
            checked.parameters.append(parameter)
            for input in node.inputs { checked.inputs.append(input.map { Int32(firstIndexOfID[$0]!) } ?? -1) }
            checked.inputStart.append(Int32(checked.inputs.count))
        }
        return checked
    }

    mutating func build(_ nodes: [FileNode], firstIndexOfID: [NodeID: Int], order: [Int]) -> Result<
        Graph, GraphFileError
    > {
        let checked = checkedNodes(nodes, firstIndexOfID: firstIndexOfID)
        guard problems.isEmpty else { return .failure(GraphFileError(problems: problems)) }
        guard let graph = checked.makeGraph(registry: registry, order: order.map { Int32($0) }) else {
            report(.unknownKind, at: 0, reason: "the file uses more kinds than a graph can hold")
            return .failure(GraphFileError(problems: problems))
        }
        return .success(graph)
    }
}

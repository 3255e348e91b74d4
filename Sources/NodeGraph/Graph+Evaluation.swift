extension Graph {
    /// Recomputes `roots` and everything downstream whose inputs change, each node once and
    /// after all of its inputs, and returns the recomputed nodes in order.
    ///
    /// Two passes over the affected region only: the first counts, for each downstream node, the
    /// links arriving from inside the region; the second releases nodes as those counts reach
    /// zero (Kahn's algorithm restricted to the region). A node is recomputed only when one of
    /// its inputs changed value (cutoff); unchanged nodes still release their dependents.
    mutating func recompute(from roots: [Int32]) -> [NodeID] {
        let trace = recomputeTrace(from: roots)
        return trace.map { store.ids[Int($0)] }
    }

    /// ``recompute(from:)`` without converting the trace to identifiers. The buffer is valid
    /// until the next mutation.
    mutating func recomputeTrace(from roots: [Int32]) -> UnsafeMutableBufferPointer<Int32> {
        let store = self.store
        let mark = store.mark, firstOut = store.firstOut, nextOut = store.nextOut, owner = store.owner
        let dirty = NodeStore.dirtyFlag, countMask = NodeStore.countMask
        var stack = store.stack, queue = store.queue, trace = store.trace
        stack.removeAll()
        queue.removeAll()
        trace.removeAll()
        defer {
            store.stack = stack
            store.queue = queue
            store.trace = trace
        }

        // Pass 1: discover the region and count the links into each node from inside it.
        for root in roots where store.isLive(root) && mark[root] == NodeStore.idle {
            mark[root] = dirty
            stack.append(root)
            queue.append(root)
        }
        while let node = stack.popLast() {
            var slot = firstOut[node]
            while slot >= 0 {
                let target = owner[slot]
                let current = mark[target]
                if current == NodeStore.idle {
                    mark[target] = 1
                    stack.append(target)
                } else {
                    mark[target] = current + 1
                }
                slot = nextOut[slot]
            }
        }

        // Pass 2: release nodes in dependency order; roots fed by other roots wait their turn.
        var kept = 0
        for index in 0..<queue.count where mark[queue[index]] & countMask == 0 {
            queue[kept] = queue[index]
            kept += 1
        }
        queue.count = kept
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let state = mark[node]
            mark[node] = NodeStore.idle
            var changed = false
            if state & dirty != 0 {
                changed = store.recomputeNode(node)
                trace.append(node)
            }
            var slot = firstOut[node]
            while slot >= 0 {
                let target = owner[slot]
                var targetState = mark[target] - 1
                if changed { targetState |= dirty }
                mark[target] = targetState
                if targetState & countMask == 0 { queue.append(target) }
                slot = nextOut[slot]
            }
        }
        return trace.elements
    }

    /// Evaluates every node from scratch, in topological order.
    /// - Returns: The number of nodes evaluated.
    /// - Complexity: O(*n* + *e*).
    @discardableResult
    public mutating func evaluateAll() -> Int {
        makeUnique()
        let order = maintainedOrder()
        for node in order { store.recomputeNode(node) }
        return order.count
    }
}

extension NodeStore {
    /// Computes a node's value from its inputs and stores it; returns whether it changed.
    @inline(__always) @discardableResult
    func recomputeNode(_ node: Int32) -> Bool {
        let entry = kinds[Int(kind[node])]
        if let kernel = entry.kernel, let result = kernelResult(node, kernel, entry.slotCount) {
            // Numeric comparison: 0 and -0 are the same value (as `Value ==` says), so no change.
            let changed = tag[node] != ValueTag.number.rawValue || payload[node] != result
            if changed {
                if tag[node] == ValueTag.boxed.rawValue { boxed[node] = nil }
                tag[node] = ValueTag.number.rawValue
                payload[node] = result
            }
            return changed
        }
        return setValue(evaluate(node, entry), of: node)
    }

    /// The kernel's result on plain numbers, or `nil` to take the general path (an input that is
    /// not a number, a zero divisor, a result that is not finite).
    @inline(__always)
    func kernelResult(_ node: Int32, _ kernel: NumericKernel, _ count: Int) -> Double? {
        let start = Int(slotStart[node])
        let source = self.source, tag = self.tag, payload = self.payload
        @inline(__always) func input(_ offset: Int) -> Double? {
            let upstream = source[start + offset]
            if upstream < 0 { return 0 }
            return tag[upstream] == ValueTag.number.rawValue ? payload[upstream] : nil
        }
        let result: Double
        switch kernel {
        case .sum:
            guard count > 0 else { return 0 }
            guard var total = input(0) else { return nil }
            for offset in 1..<count {
                guard let next = input(offset) else { return nil }
                total += next
            }
            result = total
        case .difference:
            guard count == 2, let x = input(0), let y = input(1) else { return nil }
            result = x - y
        case .product:
            guard count == 2, let x = input(0), let y = input(1) else { return nil }
            result = x * y
        case .quotient:
            guard count == 2, let x = input(0), let y = input(1), y != 0 else { return nil }
            result = x / y
        }
        return result.isFinite ? result : nil
    }

    /// The general path: gathers inputs as values, passes errors on, calls the kind.
    func evaluate(_ node: Int32, _ entry: KindEntry) -> Value {
        let start = slotStart[node]
        var values: [Value] = []
        values.reserveCapacity(entry.slotCount)
        for offset in 0..<entry.slotCount {
            let upstream = source[start + Int32(offset)]
            if upstream < 0 {
                values.append(entry.slots[offset].defaultValue)
                continue
            }
            let value = value(of: upstream)
            if case .error = value { return value }
            values.append(value)
        }
        let origin = ids[Int(node)]
        let result: Value
        do {
            result = try entry.kind.evaluate(KindInputs(values: values, parameter: parameters[node]))
        } catch {
            return .error(ValueError(reason: error.reason, origin: origin))
        }
        if case .number(let number) = result, !number.isFinite {
            return .error(ValueError(reason: "result is not a finite number", origin: origin))
        }
        if case .error(var error) = result {
            if error.origin.rawValue.isEmpty { error.origin = origin }
            return .error(error)
        }
        if result.type != entry.kind.outputType {
            return .error(
                ValueError(
                    reason: "\(entry.kind.name) produced a \(result.type?.name ?? "value"), not a \(entry.kind.outputType)",
                    origin: origin))
        }
        return result
    }
}

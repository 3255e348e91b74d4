extension Graph {
    /// Recomputes `roots` and everything downstream whose inputs change, each node once and
    /// after all of its inputs, and returns the recomputed nodes in order.
    ///
    /// Two passes over the affected region only: the first counts, for each downstream node, the
    /// links arriving from inside the region; the second releases nodes as those counts reach
    /// zero (Kahn's algorithm restricted to the region). A node is recomputed only when one of
    /// its inputs changed value (cutoff); unchanged nodes still release their dependents.
    mutating func recompute(from roots: [Int32]) -> [NodeID] {
        guard !roots.isEmpty else { return [] }
        let trace = recomputeTrace(from: roots)
        guard !trace.isEmpty else { return [] }
        return store.ids.withUnsafeBufferPointer { ids in
            [NodeID](unsafeUninitializedCapacity: trace.count) { buffer, count in
                for index in 0..<trace.count { (buffer.baseAddress! + index).initialize(to: ids[Int(trace[index])]) }
                count = trace.count
            }
        }
    }

    /// ``recompute(from:)`` without converting the trace to identifiers. The buffer is valid
    /// until the next mutation.
    mutating func recomputeTrace(from roots: [Int32]) -> UnsafeMutableBufferPointer<Int32> {
        let store = self.store
        let mark = store.mark, firstOut = store.firstOut, nextOut = store.nextOut, owner = store.owner
        let dirty = NodeStore.dirtyFlag, countMask = NodeStore.countMask, idle = NodeStore.idle
        var stack = store.stack, queue = store.queue
        stack.removeAll()
        queue.removeAll()
        defer {
            store.stack = stack
            store.queue = queue
        }
        let evaluator = Evaluator(store)

        // Pass 1: discover the region and count the links into each node from inside it.
        for root in roots where store.isLive(root) && mark[root] == idle {
            mark[root] = dirty
            stack.append(root)
            queue.append(root)
        }
        while let node = stack.popLast() {
            var slot = firstOut[node]
            while slot >= 0 {
                let target = owner[slot]
                let current = mark[target]
                if current == idle {
                    mark[target] = 1
                    stack.append(target)
                } else {
                    mark[target] = current + 1
                }
                slot = nextOut[slot]
            }
        }

        // Pass 2: release nodes in dependency order; roots fed by other roots wait their turn.
        // The trace (the nodes recomputed, in order) is written over the front of the queue:
        // it never catches up with the head.
        var kept = 0
        for index in 0..<queue.count where mark[queue[index]] & countMask == 0 {
            queue[kept] = queue[index]
            kept += 1
        }
        queue.count = kept
        var head = 0
        var traced = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let state = mark[node]
            mark[node] = idle
            var changed = false
            if state & dirty != 0 {
                changed = evaluator.recompute(node)
                queue[traced] = node
                traced += 1
            }
            let flag = changed ? dirty : 0
            var slot = firstOut[node]
            while slot >= 0 {
                let target = owner[slot]
                let targetState = (mark[target] - 1) | flag
                mark[target] = targetState
                if targetState & countMask == 0 { queue.append(target) }
                slot = nextOut[slot]
            }
        }
        return UnsafeMutableBufferPointer(start: queue.base, count: traced)
    }

    /// Evaluates every node from scratch, in topological order.
    /// - Returns: The number of nodes evaluated.
    /// - Complexity: O(*n* + *e*).
    @discardableResult
    public mutating func evaluateAll() -> Int {
        makeUnique()
        let store = self.store
        let evaluator = Evaluator(store)
        if store.indexOrderIsTopological {
            let kind = store.kind, free = NodeStore.freeKind
            var count = 0
            for node in 0..<store.nodeEnd where kind[node] != free {
                evaluator.recompute(node)
                count += 1
            }
            return count
        }
        let end = Int(store.nextOrder)
        guard end <= store.mark.capacity else {
            let order = maintainedOrder()
            for node in order { evaluator.recompute(node) }
            return order.count
        }
        // The maintained order, scattered into the idle scratch column (position → node), then
        // read back in position order, restoring it to idle as it goes. No allocation.
        let mark = store.mark, order = store.order, kind = store.kind, free = NodeStore.freeKind
        for node in 0..<store.nodeEnd where kind[node] != free { mark[order[node]] = node }
        var count = 0
        for position in 0..<end {
            let node = mark[position]
            if node < 0 { continue }
            mark[position] = NodeStore.idle
            evaluator.recompute(node)
            count += 1
        }
        return count
    }
}

/// The columns node evaluation reads, copied out of the store once per pass so the hot loops do
/// no class-property access (exclusivity checks) and never copy a `KindEntry`.
struct Evaluator {
    let store: NodeStore
    let kind: Column<UInt16>
    let fastKind: Column<UInt8>
    let kindSlotCount: Column<Int32>
    let slotStart: Column<Int32>
    let source: Column<Int32>
    let tag: Column<UInt8>
    let payload: Column<Double>

    @inline(__always) init(_ store: NodeStore) {
        self.store = store
        kind = store.kind
        fastKind = store.fastKind
        kindSlotCount = store.kindSlotCount
        slotStart = store.slotStart
        source = store.source
        tag = store.tag
        payload = store.payload
    }

    /// Computes a node's value from its inputs and stores it; returns whether it changed.
    @inline(__always) @discardableResult
    func recompute(_ node: Int32) -> Bool {
        let kindIndex = Int(kind[node])
        let fast = fastKind[kindIndex]
        if fast == FastKind.sum3.rawValue {
            // The calculator's add, inline: three slots, empty ones read 0.
            let start = Int(slotStart[node])
            let a = source[start], b = source[start + 1], c = source[start + 2]
            let tags = (a >= 0 ? tag[a] : 0) | (b >= 0 ? tag[b] : 0) | (c >= 0 ? tag[c] : 0)
            if tags == ValueTag.number.rawValue {
                let x = a >= 0 ? payload[a] : 0, y = b >= 0 ? payload[b] : 0, z = c >= 0 ? payload[c] : 0
                let result = (x + y) + z
                if result.isFinite {
                    let oldTag = tag[node]
                    // Numeric comparison: 0 and -0 are the same value (as `Value ==` says), so no change.
                    if oldTag == ValueTag.number.rawValue && payload[node] == result { return false }
                    if oldTag == ValueTag.boxed.rawValue { store.boxed[node] = nil }
                    tag[node] = ValueTag.number.rawValue
                    payload[node] = result
                    return true
                }
            }
            return slow(node, kindIndex, fast)
        }
        return slow(node, kindIndex, fast)
    }

    /// Every kind but the inlined add: the other kernels, then the kind's `evaluate`.
    @inline(never)
    func slow(_ node: Int32, _ kindIndex: Int, _ fast: UInt8) -> Bool {
        if fast != FastKind.general.rawValue, let result = fastResult(node, fast, Int(kindSlotCount[kindIndex])) {
            let oldTag = tag[node]
            let changed = oldTag != ValueTag.number.rawValue || payload[node] != result
            if changed {
                if oldTag == ValueTag.boxed.rawValue { store.boxed[node] = nil }
                tag[node] = ValueTag.number.rawValue
                payload[node] = result
            }
            return changed
        }
        return general(node, kindIndex)
    }

    /// The general path: the kind's `evaluate`, through `Value`s.
    @inline(never)
    func general(_ node: Int32, _ kindIndex: Int) -> Bool {
        store.setValue(store.evaluate(node, store.kinds[kindIndex]), of: node)
    }

    /// The result on plain numbers, or `nil` to take the general path (an input that is not a
    /// number, a zero divisor, a result that is not finite, a held value that is not a number).
    @inline(__always)
    func fastResult(_ node: Int32, _ fast: UInt8, _ count: Int) -> Double? {
        let start = Int(slotStart[node])
        let source = self.source, tag = self.tag, payload = self.payload
        @inline(__always) func input(_ offset: Int) -> Double? {
            let upstream = source[start + offset]
            if upstream < 0 { return 0 }
            return tag[upstream] == ValueTag.number.rawValue ? payload[upstream] : nil
        }
        let result: Double
        switch fast {
        case FastKind.sum.rawValue, FastKind.sum3.rawValue:
            guard count > 0 else { return 0 }
            guard var total = input(0) else { return nil }
            var offset = 1
            while offset < count {
                guard let next = input(offset) else { return nil }
                total += next
                offset += 1
            }
            result = total
        case FastKind.difference.rawValue:
            guard count == 2, let x = input(0), let y = input(1) else { return nil }
            result = x - y
        case FastKind.product.rawValue:
            guard count == 2, let x = input(0), let y = input(1) else { return nil }
            result = x * y
        case FastKind.quotient.rawValue:
            guard count == 2, let x = input(0), let y = input(1), y != 0 else { return nil }
            result = x / y
        case FastKind.heldNumber.rawValue:
            guard case .number(let number)? = store.parameters[node] else { return nil }
            result = number
        default:
            return nil
        }
        return result.isFinite ? result : nil
    }
}

extension NodeStore {
    /// Computes a node's value from its inputs and stores it; returns whether it changed.
    @discardableResult
    func recomputeNode(_ node: Int32) -> Bool { Evaluator(self).recompute(node) }

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

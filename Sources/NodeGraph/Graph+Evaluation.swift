extension Graph {
    /// Recomputes `roots` and everything downstream whose inputs change, each node once and
    /// after all of its inputs, and returns the recomputed nodes in order.
    ///
    /// Two passes over the affected region only: the first counts, for each downstream node, the
    /// links arriving from inside the region; the second releases nodes as those counts reach
    /// zero (Kahn's algorithm restricted to the region). A node is recomputed only when one of
    /// its inputs changed value (cutoff); unchanged nodes still release their dependents.
    mutating func recompute(from roots: [Int32]) -> NodeList {
        guard !roots.isEmpty else { return NodeList() }
        if roots.count == 1, case let root = roots[0], store.isLive(root), store.nodes.firstOut[root] < 0 {
            // One root that nothing depends on (a node just added, a slot of a sink relinked):
            // it alone is recomputed.
            Evaluator(store).recompute(root)
            return NodeList(index: root, in: store.ids)
        }
        let trace = recomputeTrace(from: roots)
        return NodeList(indices: UnsafeBufferPointer(trace), in: store.ids)
    }

    /// ``recompute(from:)`` without converting the trace to identifiers. The buffer is valid
    /// until the next mutation.
    mutating func recomputeTrace(from roots: [Int32]) -> UnsafeMutableBufferPointer<Int32> {
        let store = self.store
        let mark = store.nodes.mark, firstOut = store.nodes.firstOut, outLink = store.slots.outLink
        let dirty = NodeStore.dirtyFlag, countMask = NodeStore.countMask, idle = NodeStore.idle
        let evaluator = Evaluator(store)
        return store.withWorkLists { stack, queue in
            stack.removeAll()
            queue.removeAll()

            // Pass 1: discover the region and count the links into each node from inside it.
            var firstRoot = Int32.max
            for root in roots where store.isLive(root) && mark[root] == idle {
                mark[root] = dirty
                stack.append(root)
                queue.append(root)
                firstRoot = Swift.min(firstRoot, root)
            }
            // While index order is topological, a large region is cheaper to recompute by one
            // sequential sweep over the indices after the first root than by following out-lists
            // (a dependent cache miss per link): discovery stops once the region exceeds `budget`.
            let sweepable = store.indexOrderIsTopological && firstRoot != Int32.max
            let budget = sweepable ? Swift.max(4096, Int(store.nodeEnd - firstRoot) / 16) : Int.max
            var discovered = 0
            // The work lists' pointers and counts live in locals (registers) in the loops below;
            // they are written back only to grow.
            var stackBase = stack.base, stackCapacity = stack.capacity, top = stack.count
            while top > 0 {
                if discovered > budget {
                    stack.count = 0
                    return sweep(from: firstRoot, evaluator: evaluator, into: &queue)
                }
                top -= 1
                let node = stackBase[top]
                var slot = firstOut[node]
                while slot >= 0 {
                    let link = outLink[slot]
                    let target = link.owner
                    let current = mark[target]
                    if current == idle {
                        mark[target] = 1
                        discovered += 1
                        stack.append(target, base: &stackBase, capacity: &stackCapacity, count: &top)
                    } else {
                        mark[target] = current + 1
                    }
                    slot = link.next
                }
            }
            stack.count = 0

            // Pass 2: release nodes in dependency order; roots fed by other roots wait their turn.
            // The trace (the nodes recomputed, in order) is written over the front of the queue:
            // it never catches up with the head.
            var kept = 0
            for index in 0..<queue.count where mark[queue[index]] & countMask == 0 {
                queue[kept] = queue[index]
                kept += 1
            }
            var queueBase = queue.base, queueCapacity = queue.capacity, tail = kept
            var head = 0
            var traced = 0
            while head < tail {
                let node = queueBase[head]
                head += 1
                let state = mark[node]
                mark[node] = idle
                var changed = false
                if state & dirty != 0 {
                    changed = evaluator.recompute(node)
                    queueBase[traced] = node
                    traced += 1
                }
                let flag = changed ? dirty : 0
                var slot = firstOut[node]
                while slot >= 0 {
                    let link = outLink[slot]
                    let target = link.owner
                    let targetState = (mark[target] - 1) | flag
                    mark[target] = targetState
                    if targetState & countMask == 0 {
                        queue.append(target, base: &queueBase, capacity: &queueCapacity, count: &tail)
                    }
                    slot = link.next
                }
            }
            queue.count = tail
            return UnsafeMutableBufferPointer(start: queue.base, count: traced)
        }
    }

    /// Recomputes, in index order (a topological order here), every node from `first` on that is
    /// a root (its mark has the dirty flag) or has an input that changed; then clears the marks.
    /// Region-discovery counts left in the marks are ignored. Returns the trace, written into
    /// the queue's buffer.
    private func sweep(from first: Int32, evaluator: Evaluator, into queue: inout IndexBuffer)
        -> UnsafeMutableBufferPointer<Int32>
    {
        let store = self.store
        let mark = store.nodes.mark, kind = store.nodes.kind, slotStart = store.nodes.slotStart,
            source = store.slots.source
        let kindSlotCount = store.kindColumns.slotCount
        let dirty = NodeStore.dirtyFlag, free = NodeStore.freeKind
        let changed = AddRun.changed
        let start = Int(first), end = Int(store.nodeEnd)
        // The trace holds at most one entry per index swept: room for all of them up front, so
        // the loops below never grow it.
        queue.removeAll()
        while queue.capacity < end - start { queue.grow() }
        let trace = queue.base
        var traced = 0
        let run = AddRun(store)
        // Only an out-of-line recompute can store a value that is not a number.
        var numbersOnly = store.nonNumberTags == 0
        var node = start
        while node < end {
            if numbersOnly {
                node = run.sweep(from: node, to: end, marks: mark.base, trace: trace, traced: &traced)
                if node == end { break }
            }
            defer { node += 1 }
            let kindIndex = kind[node]
            if kindIndex == free { continue }
            var recompute = mark[node] >= dirty
            if !recompute {
                // An empty slot (-1) reads the mark column's guard, idle.
                let slots = Int(slotStart[node])
                for slot in slots..<slots + Int(kindSlotCount[Int(kindIndex)])
                where mark[source[slot]] == changed {
                    recompute = true
                    break
                }
                if !recompute { continue }
            }
            if evaluator.recomputeOutOfLine(Int32(node), Int(kindIndex)) { mark[node] = changed }
            numbersOnly = store.nonNumberTags == 0
            trace[traced] = Int32(node)
            traced += 1
        }
        (mark.base + start).update(repeating: NodeStore.idle, count: end - start)
        queue.count = traced
        return UnsafeMutableBufferPointer(start: queue.base, count: traced)
    }

    /// Evaluates every node from scratch, in topological order.
    /// - Returns: The number of nodes evaluated.
    /// - Complexity: O(*n* + *e*).
    @discardableResult
    public mutating func evaluateAll() -> Int { evaluateAll(readingHeldNumbers: false) }

    /// ``evaluateAll()``. A number source's value is its held number, which every edit that
    /// sets one recomputes at once (and loading stores directly), so evaluation skips those
    /// nodes unless `readingHeldNumbers` asks it to read each held number again (which is a
    /// table lookup per source: ``valuesFromScratch()`` does, to check that very promise).
    @discardableResult
    mutating func evaluateAll(readingHeldNumbers: Bool) -> Int {
        makeUnique()
        let store = self.store
        let evaluator = Evaluator(store)
        if store.indexOrderIsTopological {
            // Index order is a topological order: one sequential pass. Runs of adds over numbers
            // go through `AddRun` (a loop without calls, its columns in registers); the node it
            // stops at is recomputed out of line. Only an out-of-line recompute can store a value
            // that is not a number, so `numbersOnly` is refreshed after those alone.
            let run = AddRun(store)
            let kind = store.nodes.kind, fastKind = store.kindColumns.fast, free = NodeStore.freeKind
            var numbersOnly = store.nonNumberTags == 0
            let end = Int(store.nodeEnd)
            var node = 0
            while node < end {
                if numbersOnly {
                    node = run.evaluate(from: node, to: end, skippingHeldNumbers: !readingHeldNumbers)
                    if node == end { break }
                }
                let kindIndex = kind[node]
                if kindIndex != free
                    && (readingHeldNumbers || fastKind[Int(kindIndex)] != FastKind.heldNumber.rawValue)
                {
                    evaluator.recomputeOutOfLine(Int32(node), Int(kindIndex))
                    numbersOnly = store.nonNumberTags == 0
                }
                node += 1
            }
            return store.liveCount
        }
        let end = Int(store.nextOrder)
        guard end <= store.nodeCapacity else {
            let order = maintainedOrder()
            for node in order where readingHeldNumbers || !isHeldNumber(node) { evaluator.recompute(node) }
            return order.count
        }
        // The maintained order, scattered into the idle scratch column (position → node), then
        // read back in position order, restoring it to idle as it goes. No allocation.
        let mark = store.nodes.mark, order = store.nodes.order, kind = store.nodes.kind,
            free = NodeStore.freeKind
        for node in 0..<store.nodeEnd where kind[node] != free { mark[order[node]] = node }
        var count = 0
        for position in 0..<end {
            let node = mark[position]
            if node < 0 { continue }
            mark[position] = NodeStore.idle
            if readingHeldNumbers || !isHeldNumber(node) { evaluator.recompute(node) }
            count += 1
        }
        return count
    }
}

extension Graph {
    /// Whether the node is a number source (its value is its held number).
    @inline(__always) func isHeldNumber(_ node: Int32) -> Bool {
        store.kindColumns.fast[Int(store.nodes.kind[node])] == FastKind.heldNumber.rawValue
    }
}

/// The calculator's add over numbers (``FastKind/sum3`` while no value is anything but a
/// number), as a loop over consecutive indices with no calls in it, so that its columns stay in
/// registers. Used by the passes that walk indices in order.
struct AddRun {
    let kind: UnsafeMutablePointer<UInt16>
    let fastKind: UnsafeMutablePointer<UInt8>
    let slotStart: UnsafeMutablePointer<Int32>
    let source: UnsafeMutablePointer<Int32>
    let payload: UnsafeMutablePointer<Double>

    init(_ store: NodeStore) {
        kind = store.nodes.kind.base
        fastKind = store.kindColumns.fast.base
        slotStart = store.nodes.slotStart.base
        source = store.slots.source.base
        payload = store.nodes.payload.base
    }

    /// Evaluates the nodes from `start` on, skipping free indices (and number sources when
    /// `skippingHeldNumbers`: their value is their held number), up to the first that is not an
    /// add or whose sum is not finite; returns that index, or `end`.
    @inline(never)
    func evaluate(from start: Int, to end: Int, skippingHeldNumbers: Bool) -> Int {
        let free = NodeStore.freeKind, sum3 = FastKind.sum3.rawValue, held = FastKind.heldNumber.rawValue
        var node = start
        while node < end {
            let kindIndex = kind[node]
            if kindIndex != free {
                let fast = fastKind[Int(kindIndex)]
                if fast != sum3 {
                    if fast == held && skippingHeldNumbers {
                        node += 1
                        continue
                    }
                    return node
                }
                let slots = source + Int(slotStart[node])
                // An empty slot (-1) reads the payload column's guard, 0.
                let result = (payload[Int(slots[0])] + payload[Int(slots[1])]) + payload[Int(slots[2])]
                if !result.isFinite { return node }
                // Unchanged values are not stored again (which also keeps a long chain from
                // waiting on its own stores); 0 and -0 are the same value.
                if payload[node] != result { payload[node] = result }
            }
            node += 1
        }
        return end
    }

    /// The mark of a node whose value changed during a sweep: neither idle (-1) nor a count or
    /// a root's dirty state (both non-negative), so one comparison tells.
    static let changed: Int32 = -2

    /// One stretch of ``Graph/sweep``: from `start` on, recomputes each add that is a root (its
    /// mark has the dirty flag) or has an input marked ``changed``, marking it ``changed`` when
    /// its value changes and appending it to `trace`; skips free indices and adds with nothing
    /// to do. Stops at the first node that is not an add or whose sum is not finite and returns
    /// its index, or `end`. `trace` has room for every index up to `end`.
    @inline(never)
    func sweep(
        from start: Int, to end: Int, marks mark: UnsafeMutablePointer<Int32>,
        trace: UnsafeMutablePointer<Int32>,
        traced: inout Int
    ) -> Int {
        let free = NodeStore.freeKind, sum3 = FastKind.sum3.rawValue, dirty = NodeStore.dirtyFlag
        let changed = AddRun.changed
        var count = traced
        defer { traced = count }
        var node = start
        while node < end {
            defer { node += 1 }
            let kindIndex = kind[node]
            if kindIndex == free { continue }
            if fastKind[Int(kindIndex)] != sum3 { return node }
            let slots = source + Int(slotStart[node])
            let a = Int(slots[0]), b = Int(slots[1]), c = Int(slots[2])
            // An empty slot (-1) reads the guards: mark idle, payload 0.
            if mark[node] < dirty && mark[a] != changed && mark[b] != changed && mark[c] != changed {
                continue
            }
            let result = (payload[a] + payload[b]) + payload[c]
            if !result.isFinite { return node }
            if payload[node] != result {
                payload[node] = result
                mark[node] = changed
            }
            trace[count] = Int32(node)
            count += 1
        }
        return end
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
        kind = store.nodes.kind
        fastKind = store.kindColumns.fast
        kindSlotCount = store.kindColumns.slotCount
        slotStart = store.nodes.slotStart
        source = store.slots.source
        tag = store.nodes.tag
        payload = store.nodes.payload
    }

    /// Computes a node's value from its inputs and stores it; returns whether it changed.
    ///
    /// The common case — the calculator's add while every value is a number — is small enough
    /// to inline into the evaluation loops; everything else is out of line.
    @inline(__always) @discardableResult
    func recompute(_ node: Int32) -> Bool {
        let kindIndex = Int(kind[node])
        if fastKind[kindIndex] == FastKind.sum3.rawValue && store.nonNumberTags == 0 {
            // Three slots, empty ones (-1) read the payload column's guard, 0; no tags to check,
            // here or downstream.
            let start = Int(slotStart[node])
            let result = (payload[source[start]] + payload[source[start + 1]]) + payload[source[start + 2]]
            if result.isFinite {
                // Numeric comparison: 0 and -0 are the same value (as `Value ==` says).
                if payload[node] == result { return false }
                payload[node] = result
                return true
            }
        }
        return recomputeOutOfLine(node, kindIndex)
    }

    /// ``recompute(_:)`` for every case but the inlined one.
    @inline(never) @discardableResult
    func recomputeOutOfLine(_ node: Int32, _ kindIndex: Int) -> Bool {
        let fast = fastKind[kindIndex]
        if fast == FastKind.sum3.rawValue {
            // The add with tags checked: three slots, empty ones read 0.
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
                    store.setTag(ValueTag.number.rawValue, of: node)
                    payload[node] = result
                    return true
                }
            }
        }
        return slow(node, kindIndex, fast)
    }

    /// Every kind but the add: the other kernels, then the kind's `evaluate`.
    func slow(_ node: Int32, _ kindIndex: Int, _ fast: UInt8) -> Bool {
        if fast != FastKind.general.rawValue,
            let result = fastResult(node, fast, Int(kindSlotCount[kindIndex]))
        {
            let oldTag = tag[node]
            let changed = oldTag != ValueTag.number.rawValue || payload[node] != result
            if changed {
                if oldTag == ValueTag.boxed.rawValue { store.boxed[node] = nil }
                store.setTag(ValueTag.number.rawValue, of: node)
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

    /// The general path: gathers inputs as values, passes errors on, calls the kind.
    func evaluate(_ node: Int32, _ entry: KindEntry) -> Value {
        let start = nodes.slotStart[node]
        var values: [Value] = []
        values.reserveCapacity(entry.slotCount)
        for offset in 0..<entry.slotCount {
            let upstream = slots.source[start + Int32(offset)]
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
        if result.type != entry.outputType {
            return .error(
                ValueError(
                    reason:
                        "\(entry.name) produced a \(result.type?.name ?? "value"), not a \(entry.outputType)",
                    origin: origin))
        }
        return result
    }
}

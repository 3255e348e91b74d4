/// The passes that walk node indices in order (while index order is the maintained order, a
/// topological order): full evaluation and the sweep of a large recompute. Each runs the
/// calculator's add (``Evaluator/addThree(_:_:)``) itself, in a loop with no calls in it so that
/// its columns stay in registers, and stops at the first node it leaves to its caller (another
/// kind, a sum that is not finite, an error to replace), returning that node's index.
struct SequentialPass {
    let kind: UnsafeMutablePointer<UInt16>
    let slotStart: UnsafeMutablePointer<Int32>
    let source: UnsafeMutablePointer<Int32>
    let payload: UnsafeMutablePointer<Double>
    /// The index of the kind these loops add (the first with ``Kernel/addThree``), and of the
    /// number source kind they skip (the first with ``Kernel/heldNumber``); `NodeStore.freeKind`
    /// where there is none. A node is dispatched by comparing its kind index with these, with
    /// no look at the kind table; any other kind is left to the caller.
    let addKind: UInt16
    let numberKind: UInt16
    /// See `NodeStore.slotsFollowNodes`: then an add's slots are the three after the previous
    /// node's, and a number source has none.
    let slotsFollowNodes: Bool

    init(_ store: NodeStore) {
        kind = store.nodes.kind.base
        slotStart = store.nodes.slotStart.base
        source = store.slots.source.base
        payload = store.nodes.payload.base
        let kernels = UnsafeBufferPointer(start: store.kindColumns.kernel.base, count: store.kinds.count)
        addKind = kernels.firstIndex(of: Kernel.addThree.rawValue).map(UInt16.init) ?? NodeStore.freeKind
        numberKind = kernels.firstIndex(of: Kernel.heldNumber.rawValue).map(UInt16.init) ?? NodeStore.freeKind
        slotsFollowNodes = store.slotsFollowNodes
    }

    /// Evaluates the adds from `start` on, skipping number sources (their value is their held
    /// number); returns the index of the first node left to the caller (another kind, a free
    /// index, a sum that is not finite), or `end`.
    ///
    /// A full evaluation needs no cutoff: each sum is stored as it is, with no look at the value
    /// it replaces. (The caller has released every boxed value first.)
    @inline(never)
    func evaluate(from start: Int, to end: Int) -> Int {
        guard start < end else { return end }
        // Two copies of the loop, one for each layout of the slots (the flag is fixed per pass).
        return slotsFollowNodes
            ? evaluate(from: start, to: end, slotsFollowNodes: true)
            : evaluate(from: start, to: end, slotsFollowNodes: false)
    }

    @inline(__always)
    private func evaluate(from start: Int, to end: Int, slotsFollowNodes: Bool) -> Int {
        // The columns in locals: stores through `payload` cannot then be taken to change them.
        let kind = self.kind, slotStart = self.slotStart, source = self.source, payload = self.payload
        let addKind = self.addKind, numberKind = self.numberKind
        // While the slots follow the nodes, an add's are the three after the last add's (a
        // number source has none), so `slotStart` is read once.
        var slots = Int(slotStart[start])
        var node = start
        while node < end {
            let kindIndex = kind[node]
            if kindIndex == addKind {
                if !slotsFollowNodes { slots = Int(slotStart[node]) }
                let sum = Evaluator.addThree(source + slots, payload)
                if !sum.isFinite { return node }
                payload[node] = sum
                slots &+= 3
            } else if kindIndex != numberKind {
                return node
            }
            node &+= 1
        }
        return end
    }

    /// One stretch of a sweep (``Graph/recomputeBySweep(from:into:)``): from `start` on,
    /// recomputes each add that is a root (its state says it must be recomputed) or has an input
    /// whose state is ``RecomputeState/changed``, marking it so when its value changes and
    /// appending it to `trace`; skips adds with nothing to do. Returns the index of the first node
    /// left to the caller (another kind, a free index, a sum that is not finite, a value to
    /// release), or `end`. `trace` has room for every index up to `end`.
    @inline(never)
    func sweep(
        from start: Int, to end: Int, states state: UnsafeMutablePointer<Int32>,
        trace: UnsafeMutablePointer<Int32>, traced: inout Int
    ) -> Int {
        guard start < end else { return end }
        return slotsFollowNodes
            ? sweep(
                from: start, to: end, states: state, trace: trace, traced: &traced, slotsFollowNodes: true)
            : sweep(
                from: start, to: end, states: state, trace: trace, traced: &traced, slotsFollowNodes: false)
    }

    @inline(__always)
    private func sweep(
        from start: Int, to end: Int, states state: UnsafeMutablePointer<Int32>,
        trace: UnsafeMutablePointer<Int32>, traced: inout Int, slotsFollowNodes: Bool
    ) -> Int {
        let mustRecompute = RecomputeState.mustRecompute, changed = RecomputeState.changed
        let kind = self.kind, slotStart = self.slotStart, source = self.source, payload = self.payload
        let addKind = self.addKind, numberKind = self.numberKind
        var count = traced
        defer { traced = count }
        var slots = Int(slotStart[start])
        var node = start
        while node < end {
            let kindIndex = kind[node]
            if kindIndex != addKind {
                // A number source changes only as a root (it has no inputs): left to the caller.
                if kindIndex != numberKind || state[node] >= mustRecompute { return node }
                node &+= 1
                continue
            }
            if !slotsFollowNodes { slots = Int(slotStart[node]) }
            let inputs = source + slots
            slots &+= 3
            let a = Int(inputs[0]), b = Int(inputs[1]), c = Int(inputs[2])
            // An empty slot (-1) reads the guards: state idle, payload 0.
            if state[node] < mustRecompute && state[a] != changed && state[b] != changed
                && state[c] != changed
            {
                node &+= 1
                continue
            }
            let sum = Evaluator.addThree(inputs, payload)
            switch Evaluator.outcome(of: sum, replacing: payload[node]) {
            case .unchanged: break
            case .changed:
                payload[node] = sum
                state[node] = changed
            case .outOfLine: return node
            }
            trace[count] = Int32(truncatingIfNeeded: node)
            count &+= 1
            node &+= 1
        }
        return end
    }
}

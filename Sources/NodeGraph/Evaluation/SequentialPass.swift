/// The passes that walk node indices in order (while index order is the maintained order, a
/// topological order): full evaluation and the sweep of a large recompute. Each runs the
/// calculator's add (``Evaluator/sumOfThree(_:_:)``) itself, in a loop with no calls in it so that
/// its columns stay in registers, and stops at the first node it leaves to its caller (another
/// kind, a sum that is not finite, an error to replace), returning that node's index.
struct SequentialPass {
    let kind: UnsafeMutablePointer<UInt16>
    let kernel: UnsafeMutablePointer<UInt8>
    let slotStart: UnsafeMutablePointer<Int32>
    let source: UnsafeMutablePointer<Int32>
    let payload: UnsafeMutablePointer<Double>

    init(_ store: NodeStore) {
        kind = store.nodes.kind.base
        kernel = store.kindColumns.kernel.base
        slotStart = store.nodes.slotStart.base
        source = store.slots.source.base
        payload = store.nodes.payload.base
    }

    /// Evaluates the adds from `start` on, skipping free indices and number sources (their value
    /// is their held number); returns the index of the first node left to the caller, or `end`.
    @inline(never)
    func evaluate(from start: Int, to end: Int) -> Int {
        let free = NodeStore.freeKind, add = Kernel.sumOfThree.rawValue, held = Kernel.heldNumber.rawValue
        // The columns in locals: stores through `payload` cannot then be taken to change them.
        let kind = self.kind, kernels = self.kernel, slotStart = self.slotStart, source = self.source
        let payload = self.payload
        var node = start
        while node < end {
            let kindIndex = kind[node]
            if kindIndex != free {
                let kernel = kernels[Int(kindIndex)]
                if kernel != add {
                    if kernel == held {
                        node &+= 1
                        continue
                    }
                    return node
                }
                let sum = Evaluator.sumOfThree(source + Int(slotStart[node]), payload)
                // Unchanged values are not stored again (which also keeps a long chain from
                // waiting on its own stores).
                switch Evaluator.outcome(of: sum, replacing: payload[node]) {
                case .unchanged: break
                case .changed: payload[node] = sum
                case .outOfLine: return node
                }
            }
            node &+= 1
        }
        return end
    }

    /// One stretch of a sweep (``Graph/recomputeBySweep(from:into:)``): from `start` on,
    /// recomputes each add that is a root (its state says it must be recomputed) or has an input
    /// whose state is ``RecomputeState/changed``, marking it so when its value changes and
    /// appending it to `trace`; skips free indices and adds with nothing to do. Returns the index of the first node left
    /// to the caller, or `end`. `trace` has room for every index up to `end`.
    @inline(never)
    func sweep(
        from start: Int, to end: Int, states state: UnsafeMutablePointer<Int32>,
        trace: UnsafeMutablePointer<Int32>, traced: inout Int
    ) -> Int {
        let free = NodeStore.freeKind, add = Kernel.sumOfThree.rawValue,
            mustRecompute = RecomputeState.mustRecompute
        let changed = RecomputeState.changed
        let kind = self.kind, kernels = self.kernel, slotStart = self.slotStart, source = self.source
        let payload = self.payload
        var count = traced
        defer { traced = count }
        var node = start
        while node < end {
            defer { node &+= 1 }
            let kindIndex = kind[node]
            if kindIndex == free { continue }
            if kernels[Int(kindIndex)] != add { return node }
            let slots = source + Int(slotStart[node])
            let a = Int(slots[0]), b = Int(slots[1]), c = Int(slots[2])
            // An empty slot (-1) reads the guards: state idle, payload 0.
            if state[node] < mustRecompute && state[a] != changed && state[b] != changed
                && state[c] != changed
            {
                continue
            }
            let sum = Evaluator.sumOfThree(slots, payload)
            switch Evaluator.outcome(of: sum, replacing: payload[node]) {
            case .unchanged: break
            case .changed:
                payload[node] = sum
                state[node] = changed
            case .outOfLine: return node
            }
            trace[count] = Int32(truncatingIfNeeded: node)
            count &+= 1
        }
        return end
    }
}

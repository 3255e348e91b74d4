import NodeGraph

/// The flat-array floor: the same graph as plain struct-of-arrays, `Int32` indices and `Double`
/// values, no library. Every node has 3 slots (slot `s` belongs to node `s / 3`); out-lists are
/// linked through the slots exactly like NodeGraph's (newest link first), so both engines walk
/// the same edges in the same order. Ids `0..<n` are the topological order (every edit the
/// benchmark makes keeps it so).
///
/// What the floor does NOT do, and NodeGraph must: validate edits, type-check slots, keep
/// values tagged (numbers, colors, errors), name the cycle it refuses, report the recomputed
/// ids and an inverse edit, support removal and arbitrary reordering links.
final class Floor {
    let n: Int
    let value: UnsafeMutablePointer<Double>
    let held: UnsafeMutablePointer<Double>
    let isSource: UnsafeMutablePointer<Bool>
    let source: UnsafeMutablePointer<Int32>
    let nextOut: UnsafeMutablePointer<Int32>
    let firstOut: UnsafeMutablePointer<Int32>
    /// Scratch: -1 idle; in-region link counts during an update; 1 / 2 reached forward /
    /// backward during a cycle search.
    let mark: UnsafeMutablePointer<Int32>
    let stack: UnsafeMutablePointer<Int32>
    let queue: UnsafeMutablePointer<Int32>
    /// Scratch for `topologicalOrder`: pending input counts; during a cycle search, the nodes
    /// reached.
    let degree: UnsafeMutablePointer<Int32>
    /// A string-keyed engine needs its id → index map; the floor's build includes one, and the
    /// operations that name nodes by id resolve them through it.
    let ids: FloorIDs

    /// Builds the floor from the workload arrays (this is the timed `build`).
    init(_ w: Workload) {
        n = w.count
        value = .allocate(capacity: n)
        held = .allocate(capacity: n)
        isSource = .allocate(capacity: n)
        source = .allocate(capacity: 3 * n)
        nextOut = .allocate(capacity: 3 * n)
        firstOut = .allocate(capacity: n)
        mark = .allocate(capacity: n)
        // A search's path holds two entries a node.
        stack = .allocate(capacity: 2 * n)
        queue = .allocate(capacity: 2 * n)
        degree = .allocate(capacity: n)
        ids = FloorIDs(w.ids)
        w.inputs.withUnsafeBufferPointer { inputs in
            for i in 0..<n {
                let src = w.isSource[i]
                isSource[i] = src
                held[i] = src ? 1.0 : 0
                firstOut[i] = -1
                mark[i] = -1
                var total = 0.0
                for k in 0..<3 {
                    let slot = 3 * i + k
                    let up = inputs[slot]
                    source[slot] = up
                    nextOut[slot] = -1
                    if up >= 0 {
                        nextOut[slot] = firstOut[Int(up)]
                        firstOut[Int(up)] = Int32(slot)
                        total += value[Int(up)]
                    }
                }
                value[i] = src ? 1.0 : total
            }
        }
    }

    deinit {
        for p in [value, held] { p.deallocate() }
        isSource.deallocate()
        for p in [source, nextOut, firstOut, mark, stack, queue, degree] { p.deallocate() }
    }

    @inline(__always) func compute(_ i: Int) {
        if isSource[i] {
            value[i] = held[i]
            return
        }
        let s = source + 3 * i
        let a = s[0], b = s[1], c = s[2]
        let x = a >= 0 ? value[Int(a)] : 0
        let y = b >= 0 ? value[Int(b)] : 0
        let z = c >= 0 ? value[Int(c)] : 0
        value[i] = (x + y) + z
    }

    /// Evaluates every node in index order (a topological order).
    func evaluateAll() -> Int {
        for i in 0..<n { compute(i) }
        return n
    }

    /// Recomputes `root` and everything downstream: two passes over the region (count the
    /// in-region links, then release in Kahn order). Returns the number recomputed.
    func recompute(from root: Int32) -> Int {
        mark[Int(root)] = 0
        stack[0] = root
        // As NodeGraph does: breadth first (the next node to visit does not wait on the loads
        // of the one just visited), and once the region exceeds the budget, one sequential
        // sweep over the indices after the root (a topological order) beats following out-lists.
        var next = 0, top = 1
        let budget = max(4096, (n - Int(root)) / 16)
        var discovered = 0
        while next < top {
            if discovered > budget { return sweep(from: Int(root)) }
            let node = stack[next]
            next += 1
            var slot = firstOut[Int(node)]
            while slot >= 0 {
                let target = Int(slot / 3)
                let m = mark[target]
                if m < 0 {
                    mark[target] = 1
                    discovered += 1
                    stack[top] = Int32(target)
                    top += 1
                } else {
                    mark[target] = m + 1
                }
                slot = nextOut[Int(slot)]
            }
        }
        queue[0] = root
        var head = 0, tail = 1
        while head < tail {
            let node = Int(queue[head])
            head += 1
            mark[node] = -1
            compute(node)
            var slot = firstOut[node]
            while slot >= 0 {
                let target = Int(slot / 3)
                let m = mark[target] - 1
                mark[target] = m
                if m == 0 {
                    queue[tail] = Int32(target)
                    tail += 1
                }
                slot = nextOut[Int(slot)]
            }
        }
        return tail
    }

    /// Recomputes `root` and every later node with an input that was recomputed (no cutoff, as
    /// the Kahn path), in index order; marks hold "recomputed" (2) during the sweep.
    func sweep(from root: Int) -> Int {
        var count = 0
        for i in root..<n {
            var recompute = i == root
            if !recompute {
                let s = source + 3 * i
                let a = s[0], b = s[1], c = s[2]
                recompute =
                    (a >= 0 && mark[Int(a)] == 2) || (b >= 0 && mark[Int(b)] == 2)
                    || (c >= 0 && mark[Int(c)] == 2)
            }
            if recompute {
                compute(i)
                mark[i] = 2
                count += 1
            }
        }
        for i in root..<n { mark[i] = -1 }
        return count
    }

    func setValue(_ x: Double, of node: Int32) -> Int {
        held[Int(node)] = x
        return recompute(from: node)
    }

    func attach(_ slot: Int, to up: Int32) {
        source[slot] = up
        nextOut[slot] = firstOut[Int(up)]
        firstOut[Int(up)] = Int32(slot)
    }

    func detach(_ slot: Int) {
        let up = source[slot]
        guard up >= 0 else { return }
        var current = firstOut[Int(up)]
        if current == Int32(slot) {
            firstOut[Int(up)] = nextOut[slot]
        } else {
            while current >= 0 {
                let next = nextOut[Int(current)]
                if next == Int32(slot) {
                    nextOut[Int(current)] = nextOut[slot]
                    break
                }
                current = next
            }
        }
        source[slot] = -1
        nextOut[slot] = -1
    }

    /// Links `from` into `slot` of `to` (`from < to`: the index order stays topological, O(1)
    /// check) and recomputes; `from` -1 unlinks.
    func link(_ from: Int32, to: Int32, slot: Int) -> Int {
        let s = 3 * Int(to) + slot
        detach(s)
        if from >= 0 {
            precondition(from < to)
            attach(s, to: from)
        }
        return recompute(from: to)
    }

    /// Whether linking `u` into a slot of `v` closes a loop: the balanced two-way search of
    /// Haeupler, Kavitha, Mathew, Sen and Tarjan (2012). A link that agrees with the order
    /// (`u < v`, ids being the order) cannot; otherwise one arc forward from `v` (to a dependent
    /// placed before `u`), then one arc backward from `u` (to an input placed after `v`), and so
    /// on, each search depth-first, until one reaches a node the other reached (a loop) or one
    /// runs out of arcs (none). What it costs is what the two searches touch, not the span of
    /// the order between the ends. Marks: -1 unreached, 1 forward, 2 backward; the reached nodes
    /// are listed to clear them.
    func refusesCycle(from u: Int32, to v: Int32) -> Bool {
        if u == v { return true }
        if u < v { return false }
        // Each search's depth-first path as (node, next arc) pairs: the forward cursor is the
        // next slot in the node's out-list, the backward one the next input slot.
        var forwardTop = 0, backwardTop = 0, reached = 0
        stack[0] = v
        stack[1] = firstOut[Int(v)]
        forwardTop = 2
        queue[0] = u
        queue[1] = 3 * u
        backwardTop = 2
        mark[Int(v)] = 1
        mark[Int(u)] = 2
        degree[0] = v
        degree[1] = u
        reached = 2
        var found = false
        search: while true {
            // One arc forward.
            while forwardTop > 0 && stack[forwardTop - 1] < 0 { forwardTop -= 2 }
            if forwardTop == 0 { break }
            let slot = stack[forwardTop - 1]
            stack[forwardTop - 1] = nextOut[Int(slot)]
            let next = slot / 3
            let nextMark = mark[Int(next)]
            if nextMark == 2 {
                found = true
                break
            }
            if nextMark < 0 && next < u {
                mark[Int(next)] = 1
                degree[reached] = next
                reached += 1
                stack[forwardTop] = next
                stack[forwardTop + 1] = firstOut[Int(next)]
                forwardTop += 2
            }
            // One arc backward (empty slots are no arcs).
            while true {
                while backwardTop > 0 && queue[backwardTop - 1] == 3 * queue[backwardTop - 2] + 3 {
                    backwardTop -= 2
                }
                if backwardTop == 0 { break search }
                let input = queue[backwardTop - 1]
                queue[backwardTop - 1] = input + 1
                let previous = source[Int(input)]
                if previous < 0 { continue }
                let previousMark = mark[Int(previous)]
                if previousMark == 1 {
                    found = true
                    break search
                }
                if previousMark < 0 && previous > v {
                    mark[Int(previous)] = 2
                    degree[reached] = previous
                    reached += 1
                    queue[backwardTop] = previous
                    queue[backwardTop + 1] = 3 * previous
                    backwardTop += 2
                }
                break
            }
        }
        for i in 0..<reached { mark[Int(degree[i])] = -1 }
        return found
    }

    /// Kahn's algorithm over the whole graph.
    func topologicalOrder() -> [Int32] {
        var order = [Int32](repeating: 0, count: n)
        order.withUnsafeMutableBufferPointer { out in
            for i in 0..<n {
                let s = source + 3 * i
                degree[i] = (s[0] >= 0 ? 1 : 0) + (s[1] >= 0 ? 1 : 0) + (s[2] >= 0 ? 1 : 0)
            }
            var tail = 0
            for i in 0..<n where degree[i] == 0 {
                out[tail] = Int32(i)
                tail += 1
            }
            var head = 0
            while head < tail {
                let node = Int(out[head])
                head += 1
                var slot = firstOut[node]
                while slot >= 0 {
                    let target = Int(slot / 3)
                    degree[target] -= 1
                    if degree[target] == 0 {
                        out[tail] = Int32(target)
                        tail += 1
                    }
                    slot = nextOut[Int(slot)]
                }
            }
            precondition(tail == n)
        }
        return order
    }

    var checksum: (sum: Double, last: Double) {
        var sum = 0.0
        for i in 0..<n { sum += value[i] }
        return (sum, value[n - 1])
    }
}

/// The search that a link against the maintained order needs: does `upstream → downstream` close a
/// loop, and if not, which nodes must move. It is the balanced two-way search of Haeupler,
/// Kavitha, Mathew, Sen and Tarjan ("Incremental cycle detection, topological ordering, and strong
/// component maintenance", 2012): one arc forward from `downstream` (to a dependent placed before
/// `upstream`), then one arc backward from `upstream` (to an input placed after `downstream`), and
/// so on, each search depth-first, until one reaches a node the other reached (the link closes a
/// loop through it) or one runs out of arcs (it does not). Its cost is what the two searches
/// touch, not the span of the order between the link's ends.
///
/// Each reached node's mark says which neighbour reached it (``SearchState``), so the loop is
/// read back from the two searches. Without a loop, Pearce–Kelly needs both searches whole: the
/// one still running is finished (``run(in:completing:)``), within the same bounds, so an
/// accepted reordering link costs what Pearce and Kelly's algorithm costs.
struct OrderSearch<Marks: SearchMarks, Order: OrderBounds> {
    /// How a search ended.
    enum Outcome: Equatable {
        /// The searches met: `forwardEnd`, reached forward, feeds `backwardStart`, reached
        /// backward, so the link would close a loop through them.
        case loop(forwardEnd: Int32, backwardStart: Int32)
        /// No loop: one search ran out of arcs (and, when completing, the other did too).
        case noLoop
    }

    /// What one step of a search came to.
    private enum Step {
        /// It followed an arc.
        case followed
        /// It had no arc left: the search is whole.
        case exhausted
        /// It reached a node the other search reached: a loop.
        case met
    }

    let upstream: Int32
    let downstream: Int32
    /// Where the two searches keep their marks.
    var marks: Marks
    /// What lies between the link's ends.
    private let order: Order
    private let firstOut: Column<Int32>
    private let outLink: Column<OutLink>
    private let slotStart: Column<Int32>
    private let source: Column<Int32>
    private let kind: Column<UInt16>
    private let slotCount: Column<Int32>

    /// A search for the link `upstream → downstream`, which goes against the maintained order
    /// (`upstream` is placed after `downstream`).
    init(_ store: NodeStore, from upstream: Int32, to downstream: Int32, marks: Marks, order: Order) {
        self.upstream = upstream
        self.downstream = downstream
        self.marks = marks
        self.order = order
        firstOut = store.nodes.firstOut
        outLink = store.slots.outLink
        slotStart = store.nodes.slotStart
        source = store.slots.source
        kind = store.nodes.kind
        slotCount = store.kindColumns.slotCount
    }

    /// Runs both searches, one arc each in turn, until they meet or one is whole; then, when
    /// `completing`, the other alone until it is whole too (Pearce–Kelly needs both).
    ///
    /// Each search keeps its nodes in one buffer (``SearchLists``): the nodes it reached, from the
    /// front, and its depth-first path, from the back, as (node, cursor) pairs. The forward cursor
    /// is the next slot of the node's out-list (-1: none left), the backward one the next of the
    /// node's input slots. A step adds at most one node and one pair, so steps are taken in runs
    /// that fit the buffers as they are, and no step checks for room: they grow between runs.
    mutating func run(in lists: inout SearchLists, completing: Bool) -> Outcome {
        var forward = SearchSide(&lists.forward), backward = SearchSide(&lists.backward)
        defer {
            lists.forward.count = forward.reached
            lists.backward.count = backward.reached
            lists.forwardPath = forward.path
            lists.backwardPath = backward.path
        }
        marks[downstream] = SearchState.forwardRoot
        forward.reach(downstream, cursor: firstOut[downstream])
        marks[upstream] = SearchState.backwardRoot
        backward.reach(upstream, cursor: slotStart[upstream])
        // Where the inputs of the node on top of the backward path end, kept while it is on top.
        var backwardEnd = inputEnd(upstream)
        var met = (forwardEnd: Int32(0), backwardStart: Int32(0))
        var last: Step
        both: while true {
            forward.makeRoom(in: &lists.forward)
            backward.makeRoom(in: &lists.backward)
            for _ in 0..<Swift.min(forward.steps, backward.steps) {
                last = forwardStep(&forward, meeting: &met)
                if last == .exhausted && completing {
                    last = finish(&backward, in: &lists.backward) {
                        backwardStep(&$0, end: &backwardEnd, meeting: &met)
                    }
                }
                if last != .followed { break both }
                last = backwardStep(&backward, end: &backwardEnd, meeting: &met)
                if last == .exhausted && completing {
                    last = finish(&forward, in: &lists.forward) { forwardStep(&$0, meeting: &met) }
                }
                if last != .followed { break both }
            }
        }
        return last == .met ? .loop(forwardEnd: met.forwardEnd, backwardStart: met.backwardStart) : .noLoop
    }

    /// Takes the steps of one search alone until it meets the other or is whole.
    @inline(__always)
    private func finish(
        _ side: inout SearchSide, in buffer: inout IndexBuffer, by step: (inout SearchSide) -> Step
    ) -> Step {
        while true {
            side.makeRoom(in: &buffer)
            for _ in 0..<side.steps {
                let last = step(&side)
                if last != .followed { return last }
            }
        }
    }

    /// One arc forward: the next link out of the node on top of the forward path, to a dependent
    /// placed before `upstream`. When it meets the backward search, says where.
    @inline(__always)
    private mutating func forwardStep(
        _ side: inout SearchSide, meeting met: inout (forwardEnd: Int32, backwardStart: Int32)
    ) -> Step {
        while side.cursor < 0 { side.pop() }  // the guard's cursor is not negative
        if side.isPathEmpty { return .exhausted }
        let current = side.node
        let link = outLink[side.cursor]
        side.cursor = link.next
        let next = link.owner
        let state = marks[next]
        if SearchState.isBackward(state) {
            met = (current, next)
            return .met
        }
        if state == SearchState.idle && order.isBeforeUpstream(next) {
            marks[next] = SearchState.forward(from: current)
            side.reach(next, cursor: firstOut[next])
        }
        return .followed
    }

    /// One arc backward: the next input of the node on top of the backward path (whose inputs
    /// end at `end`), from an input placed after `downstream` (an empty slot is no arc). When it
    /// meets the forward search, says where.
    @inline(__always)
    private mutating func backwardStep(
        _ side: inout SearchSide, end: inout Int32,
        meeting met: inout (forwardEnd: Int32, backwardStart: Int32)
    ) -> Step {
        while !side.isPathEmpty {
            let current = side.node
            let slot = side.cursor
            if slot == end {
                side.pop()  // every input of this node followed
                if !side.isPathEmpty { end = inputEnd(side.node) }
                continue
            }
            side.cursor = slot &+ 1
            let previous = source[slot]
            if previous < 0 { continue }
            let state = marks[previous]
            if SearchState.isForward(state) {
                met = (previous, current)
                return .met
            }
            if state == SearchState.idle && order.isAfterDownstream(previous) {
                marks[previous] = SearchState.backward(toward: current)
                side.reach(previous, cursor: slotStart[previous])
                end = inputEnd(previous)
            }
            return .followed
        }
        return .exhausted
    }

    /// The slot after a node's last input slot.
    @inline(__always) private func inputEnd(_ node: Int32) -> Int32 {
        slotStart[node] &+ slotCount[Int(kind[node])]
    }

    /// The loop a met search found: from `downstream` along the forward search to `forwardEnd`,
    /// then from `backwardStart` along the backward search to `upstream`, and back to
    /// `downstream`.
    ///
    /// A depth-first search's path is the chain of nodes that reached its top, so a side whose
    /// end of the loop is its top is copied from its path in order; only otherwise is the chain
    /// read back through the marks (a dependent load per node).
    func loop(
        forwardEnd: Int32, backwardStart: Int32, lists: SearchLists,
        making list: (_ count: Int, _ fill: (UnsafeMutablePointer<Int32>) -> Void) -> NodeList
    ) -> NodeList {
        let forwardPath = lists.forward.base + lists.forwardPath.lowerBound
        let backwardPath = lists.backward.base + lists.backwardPath.lowerBound
        let forwardOnPath = !lists.forwardPath.isEmpty && forwardPath[0] == forwardEnd
        let backwardOnPath = !lists.backwardPath.isEmpty && backwardPath[0] == backwardStart
        var forwardLength = lists.forwardPath.count / 2
        if !forwardOnPath {
            forwardLength = 1
            var step = forwardEnd
            while let parent = SearchState.parent(marks[step]) {
                forwardLength &+= 1
                step = parent
            }
        }
        var backwardLength = lists.backwardPath.count / 2
        if !backwardOnPath {
            backwardLength = 1
            var step = backwardStart
            while let child = SearchState.child(marks[step]) {
                backwardLength &+= 1
                step = child
            }
        }
        return list(forwardLength + backwardLength + 1) { base in
            // The forward part, `downstream` first: the path's pairs run from its top (at the
            // front) to `downstream` (at the back).
            if forwardOnPath {
                var pair = forwardPath + 2 * (forwardLength - 1)
                for index in 0..<forwardLength {
                    base[index] = pair.pointee
                    pair -= 2
                }
            } else {
                var step = forwardEnd
                for index in stride(from: forwardLength - 1, through: 0, by: -1) {
                    base[index] = step
                    step = SearchState.parent(marks[step]) ?? step
                }
            }
            // The backward part, `backwardStart` first, `upstream` last.
            if backwardOnPath {
                var pair = backwardPath
                for index in forwardLength..<forwardLength + backwardLength {
                    base[index] = pair.pointee
                    pair += 2
                }
            } else {
                var step = backwardStart
                for index in forwardLength..<forwardLength + backwardLength {
                    base[index] = step
                    step = SearchState.child(marks[step]) ?? step
                }
            }
            base[forwardLength + backwardLength] = downstream
        }
    }

    /// Leaves every mark the searches set idle again.
    mutating func clearMarks(_ lists: SearchLists) {
        for index in 0..<lists.forward.count { marks[lists.forward[index]] = SearchState.idle }
        for index in 0..<lists.backward.count { marks[lists.backward[index]] = SearchState.idle }
    }
}

/// The work lists of an ``OrderSearch``: one buffer for each search (see ``SearchSide``). After a
/// search, each holds the nodes that search reached, in the order it reached them, and where it
/// stopped, its depth-first path.
struct SearchLists {
    /// The forward search's: `downstream` first.
    var forward = IndexBuffer()
    /// The backward search's: `upstream` first.
    var backward = IndexBuffer()
    /// Where the forward search's path lies in its buffer when it stopped: (node, cursor) pairs,
    /// its top first.
    var forwardPath = 0..<0
    /// The same for the backward search.
    var backwardPath = 0..<0

    /// How many nodes the two searches reached.
    var reachedCount: Int { forward.count + backward.count }
}

/// One search's buffer while it runs, in locals: the nodes reached grow from the front, the
/// depth-first path's (node, cursor) pairs from the back, above a guard pair whose node is -1 (so
/// the path is empty when its top node is negative, and no end is kept in a register). Pointers,
/// not offsets, so that a step reads no base to find its place.
struct SearchSide {
    private var base: UnsafeMutablePointer<Int32>
    /// The guard pair, at the end of the buffer.
    private var bottom: UnsafeMutablePointer<Int32>
    /// Past the last node reached.
    private var reachedEnd: UnsafeMutablePointer<Int32>
    /// The path's top pair: the node, then its cursor.
    private var top: UnsafeMutablePointer<Int32>

    init(_ buffer: inout IndexBuffer) {
        buffer.removeAll()
        base = buffer.base
        bottom = base + buffer.capacity - 2
        bottom[0] = -1
        bottom[1] = 0
        reachedEnd = base
        top = bottom
    }

    /// How many nodes were reached (the front of the buffer).
    var reached: Int { reachedEnd - base }

    var isPathEmpty: Bool { top[0] < 0 }

    /// Where the path lies in the buffer.
    var path: Range<Int> { (top - base)..<(bottom - base) }

    /// The node on top of the path.
    var node: Int32 { top[0] }

    /// Its cursor.
    var cursor: Int32 {
        get { top[1] }
        nonmutating set { top[1] = newValue }
    }

    /// Records a node as reached and puts it on top of the path (room was made).
    @inline(__always) mutating func reach(_ node: Int32, cursor: Int32) {
        reachedEnd.pointee = node
        reachedEnd += 1
        top -= 2
        top[0] = node
        top[1] = cursor
    }

    /// Takes the top pair off the path.
    @inline(__always) mutating func pop() { top += 2 }

    /// Makes room for at least one more step, moving to a buffer twice as large when needed.
    @inline(__always) mutating func makeRoom(in buffer: inout IndexBuffer) {
        if reachedEnd + 3 > top { grow(&buffer) }
    }

    /// How many steps fit in the buffer as it is: each adds at most one node and one pair.
    var steps: Int { (top - reachedEnd) / 3 }

    private mutating func grow(_ buffer: inout IndexBuffer) {
        let pathLength = bottom + 2 - top  // the guard too
        let path = [Int32](UnsafeBufferPointer(start: top, count: pathLength))
        let reachedCount = reached
        buffer.count = reachedCount
        buffer.grow()
        base = buffer.base
        bottom = base + buffer.capacity - 2
        reachedEnd = base + reachedCount
        top = bottom + 2 - pathLength
        path.withUnsafeBufferPointer { top.update(from: $0.baseAddress!, count: pathLength) }
    }
}

/// What lies strictly between a link's ends in the maintained order, for an ``OrderSearch``.
protocol OrderBounds {
    /// Whether a node lies before the link's `upstream`.
    func isBeforeUpstream(_ node: Int32) -> Bool
    /// Whether a node lies after the link's `downstream`.
    func isAfterDownstream(_ node: Int32) -> Bool
}

/// ``OrderBounds`` while index order is the maintained order: indices compare.
struct IndexOrderBounds: OrderBounds {
    let upstream: Int32
    let downstream: Int32

    @inline(__always) func isBeforeUpstream(_ node: Int32) -> Bool { node < upstream }
    @inline(__always) func isAfterDownstream(_ node: Int32) -> Bool { node > downstream }
}

/// ``OrderBounds`` by the stored positions.
struct PositionBounds: OrderBounds {
    let positions: Column<Int32>
    /// The places of the link's `upstream` and `downstream`.
    let upper: Int32
    let lower: Int32

    @inline(__always) func isBeforeUpstream(_ node: Int32) -> Bool { positions[node] < upper }
    @inline(__always) func isAfterDownstream(_ node: Int32) -> Bool { positions[node] > lower }
}

/// Where an ``OrderSearch`` keeps its marks: the graph's `searchState` column when a link is
/// applied, a dictionary when a link is only asked about (``Graph/linkRefusal(from:to:slot:)``
/// reads the graph and must not write into storage that copies of it share).
protocol SearchMarks {
    subscript(node: Int32) -> Int32 { get set }
}

extension Column: SearchMarks where Element == Int32 {}

/// ``SearchMarks`` in a dictionary: a node not in it is idle.
struct DictionaryMarks: SearchMarks {
    private var marks: [Int32: Int32] = [:]

    subscript(node: Int32) -> Int32 {
        get { marks[node] ?? SearchState.idle }
        set { marks[node] = newValue }
    }
}

/// The per-node columns, indexed by node index; `NodeStore.nodeEnd` indices are in use (live
/// or free).
struct NodeColumns: ColumnSet {
    let kind: Column<UInt16>
    let x: Column<Int32>
    let y: Column<Int32>
    /// The node's value (see ``StoredValue``).
    let payload: Column<Double>
    let slotStart: Column<Int32>
    let firstOut: Column<Int32>
    /// Where the node stands in the recompute under way (``RecomputeState``); idle otherwise.
    let recomputeState: Column<Int32>
    /// Where the node stands in the order search under way (``SearchState``); idle otherwise.
    let searchState: Column<Int32>

    init(placing placer: inout ColumnPlacer) {
        kind = placer.place(filling: NodeStore.freeKind)
        x = placer.place(filling: 0)
        y = placer.place(filling: 0)
        payload = placer.place(filling: 0)
        slotStart = placer.place(filling: 0)
        firstOut = placer.place(filling: -1)
        recomputeState = placer.place(filling: RecomputeState.idle)
        searchState = placer.place(filling: SearchState.idle)
    }
}

/// Each node's place in the maintained topological order (see ``NodeStore/positions``).
struct PositionColumns: ColumnSet {
    let position: Column<Int32>

    init(placing placer: inout ColumnPlacer) { position = placer.place(filling: 0) }
}

/// The per-slot columns, indexed by global slot index; `NodeStore.slotEnd` indices are in use.
struct SlotColumns: ColumnSet {
    /// The node feeding the slot, or -1.
    let source: Column<Int32>
    /// The next slot in the out-list of the node feeding it, and the slot's owner (read
    /// together when following links).
    let outLink: Column<OutLink>

    init(placing placer: inout ColumnPlacer) {
        source = placer.place(filling: -1)
        outLink = placer.place(filling: .none)
    }
}

/// The per-kind columns, indexed by kind index: plain columns for the hot loops and checks.
struct KindColumns: ColumnSet {
    /// The kind's ``Kernel``.
    let kernel: Column<UInt8>
    let slotCount: Column<Int32>
    /// Whether the kind outputs a number and every slot takes one (1) or not (0).
    let numbersOnly: Column<UInt8>

    init(placing placer: inout ColumnPlacer) {
        kernel = placer.place(filling: Kernel.callKind.rawValue)
        slotCount = placer.place(filling: 0)
        numbersOnly = placer.place(filling: 0)
    }
}

/// The graph's storage: one column per field, indexed by dense node index (`Int32`) or by
/// global slot index. Shared between graph copies until one of them mutates.
// Stored properties skip dynamic exclusivity checks: every access is a short, non-overlapping
// read or write from the graph's own (single-threaded, copy-on-write) mutation paths, and the
// checks cost more than the work on the hot paths (about 40 instructions per access).
final class NodeStore {
    static let freeKind = UInt16.max
    /// The least ``NodeKind/evaluationCost``, in nanoseconds, of a kind whose nodes may be
    /// evaluated in parallel: a microsecond, against the fraction of one that parallel
    /// evaluation's bookkeeping costs per node.
    static let leastParallelCost = 1000

    let registry: KindRegistry
    /// Kinds this graph knows besides its registry's, by the name nodes use: its definitions
    /// (groups) and, inside a definition, the group inputs. Looked up after the registry.
    @exclusivity(unchecked) var localKinds: [String: any NodeKind] = [:]
    @exclusivity(unchecked) var kinds: [KindEntry] = []
    @exclusivity(unchecked) var kindIndexByName: [String: UInt16] = [:]
    /// The table index of each kind's bypassed variant (see ``bypassVariant(of:)``), by the
    /// kind's own index, and the other way round.
    @exclusivity(unchecked) var bypassVariants: [UInt16: UInt16] = [:]
    @exclusivity(unchecked) var bypassBases: [UInt16: UInt16] = [:]
    @exclusivity(unchecked) private(set) var kindTable = ColumnTable<KindColumns>(capacity: 8)
    @inline(__always) var kindColumns: KindColumns { kindTable.columns }

    @exclusivity(unchecked) var nodeEnd: Int32 = 0
    @exclusivity(unchecked) private(set) var nodeTable: ColumnTable<NodeColumns>
    @inline(__always) var nodes: NodeColumns { nodeTable.columns }
    /// The number of node indices the columns have room for.
    var nodeCapacity: Int { nodeTable.capacity }

    @exclusivity(unchecked) var slotEnd: Int32 = 0
    /// Whether every node's slots follow the slots of the node before it (node `i + 1`'s start
    /// where node `i`'s end): true for a graph built in order, until slots are freed (a node
    /// removed or given a new kind) or a removed node's index is reused. Lets the sequential
    /// passes step from one node's slots to the next without reading `slotStart`.
    @exclusivity(unchecked) var slotsFollowNodes = true
    @exclusivity(unchecked) private(set) var slotTable: ColumnTable<SlotColumns>
    @inline(__always) var slots: SlotColumns { slotTable.columns }

    @exclusivity(unchecked) var ids: IDStorage
    @exclusivity(unchecked) var idTable = IDTable()
    @exclusivity(unchecked) var names: [Int32: String] = [:]
    /// The value each source node holds, but a number source's (see ``parameter(of:)``).
    @exclusivity(unchecked) var parameters: [Int32: Value] = [:]
    /// Number sources whose held number an edit changed since the last recompute (their value
    /// is their held number, so the edit stored it already; see ``numberChanged(_:)``).
    @exclusivity(unchecked) var changedNumbers = IndexBuffer()
    /// The number each of ``changedNumbers`` held before its first change since the last
    /// recompute: the value its dependents last saw.
    @exclusivity(unchecked) var numbersBeforeChange: [Int32: Double] = [:]
    @exclusivity(unchecked) var boxed: [Int32: Value] = [:]
    /// The latest value pushed into each live source (``Graph/applySourceUpdates(_:)``).
    @exclusivity(unchecked) var pushedValues: [Int32: Value] = [:]
    /// The latest result delivered for each background node (``Graph/applyBackgroundResults(_:)``),
    /// with the inputs it was computed from.
    @exclusivity(unchecked) var backgroundResults: [Int32: BackgroundResult] = [:]
    /// Whether a kind registered here may be evaluated in parallel (``KindEntry/evaluatesInParallel``):
    /// only then is parallel evaluation considered at all.
    @exclusivity(unchecked) var hasParallelKinds = false
    /// The nodes whose value may be out of date: an edit under demand-driven evaluation
    /// (``Graph/observe(_:)``) left them so. Reading one brings it up to date
    /// (``bringUpToDate(_:)``); empty unless a tool observes nodes.
    @exclusivity(unchecked) var stale = StaleNodes()
    @exclusivity(unchecked) var freeNodes: [Int32] = []
    @exclusivity(unchecked) var freeSlotRanges: [Int: [Int32]] = [:]
    @exclusivity(unchecked) var liveCount = 0
    /// The memory of ``positions``.
    @exclusivity(unchecked) private var positionTable: ColumnTable<PositionColumns>?
    /// Each node's place in the maintained topological order, once index order is no longer
    /// one; `nil` while it is (every link goes from a lower index to a higher one: a graph built
    /// in order, until a link reorders nodes or a removed node's index is reused), and a node's
    /// place is then its index. See ``position(of:)``.
    @exclusivity(unchecked) private(set) var positions: Column<Int32>?
    /// The places in use in ``positions``: the next one to hand out.
    @exclusivity(unchecked) var positionEnd: Int32 = 0

    // Reusable work lists.
    @exclusivity(unchecked) var stack = IndexBuffer()
    @exclusivity(unchecked) var queue = IndexBuffer()

    /// The region downstream of ``planSource`` in a topological order, the source first (see
    /// ``Graph/recompute(changedSource:)``), kept until a link changes; and room for the trace of
    /// a recompute that follows it. Read through ``planned`` and ``planTrace``, which
    /// ``keepPlan(_:of:)`` alone changes (a read through the buffers would retain their memory).
    @exclusivity(unchecked) private var planBuffers: (plan: IndexBuffer, trace: IndexBuffer)?
    @exclusivity(unchecked) private(set) var planned = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    @exclusivity(unchecked) private(set) var planTrace: UnsafeMutablePointer<Int32>?
    /// The number source set last (``Graph/recompute(changedSource:)``): set again, its region is
    /// planned.
    @exclusivity(unchecked) var lastChangedSource: Int32 = -1
    /// The number source whose region ``planned`` is, or -1 for none. Dropped when a link is made
    /// or removed (``attach(_:to:)``, ``detach(_:)``) or a node is removed.
    @exclusivity(unchecked) private(set) var planSource: Int32 = -1

    /// Forgets the plan: the next sets of its source find their region again.
    @inline(__always) func dropPlan() { planSource = -1 }

    /// Keeps `region` (a topological order of the region downstream of `source`, `source`
    /// first) as the plan of `source`.
    func keepPlan(_ region: UnsafeMutableBufferPointer<Int32>, of source: Int32) {
        var buffers = planBuffers ?? (IndexBuffer(), IndexBuffer())
        planBuffers = nil  // unique while it changes
        buffers.plan.removeAll()
        for node in region { buffers.plan.append(node) }
        while buffers.trace.capacity < region.count { buffers.trace.grow() }
        planned = buffers.plan.elements
        planTrace = buffers.trace.base
        planBuffers = buffers
        planSource = source
    }

    /// The storage of the last list ``reusableList(count:filling:)`` made.
    @exclusivity(unchecked) var spareList: StoredIdentifiers?

    /// The order search's work lists.
    @exclusivity(unchecked) private var searchLists = SearchLists()

    /// Lends the order search's work lists to `body`, in place (copying one would retain its
    /// memory).
    @inline(__always)
    func withSearchLists<Result>(_ body: (inout SearchLists) -> Result) -> Result {
        body(&searchLists)
    }

    /// Lends the two work lists to `body`, in place (copying one would retain its memory).
    /// Nothing `body` calls may use them but through its arguments.
    @inline(__always)
    func withWorkLists<Result, Failure: Error>(
        _ body: (_ stack: inout IndexBuffer, _ queue: inout IndexBuffer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&stack, &queue)
    }

    init(registry: KindRegistry, nodeCapacity: Int = 16, slotCapacity: Int = 32) {
        self.registry = registry
        ids = IDStorage(capacity: nodeCapacity)
        nodeTable = ColumnTable(capacity: nodeCapacity)
        slotTable = ColumnTable(capacity: slotCapacity)
    }

    /// A deep copy for copy-on-write.
    init(copying other: NodeStore) {
        registry = other.registry
        localKinds = other.localKinds
        kinds = other.kinds
        kindIndexByName = other.kindIndexByName
        bypassVariants = other.bypassVariants
        bypassBases = other.bypassBases
        kindTable = other.kindTable.copy()
        nodeEnd = other.nodeEnd
        nodeTable = other.nodeTable.copy()
        slotEnd = other.slotEnd
        slotsFollowNodes = other.slotsFollowNodes
        slotTable = other.slotTable.copy()
        ids = other.ids.copy(capacity: other.ids.capacity)
        idTable = other.idTable.copy()
        names = other.names
        parameters = other.parameters
        pushedValues = other.pushedValues
        backgroundResults = other.backgroundResults
        hasParallelKinds = other.hasParallelKinds
        stale = other.stale
        // Edit state, not scratch: an edit may copy the storage between changing a number and
        // the recompute that reads this.
        for node in other.changedNumbers.elements { changedNumbers.append(node) }
        numbersBeforeChange = other.numbersBeforeChange
        boxed = other.boxed
        freeNodes = other.freeNodes
        freeSlotRanges = other.freeSlotRanges
        liveCount = other.liveCount
        positionTable = other.positionTable?.copy()
        positions = positionTable?.columns.position
        positionEnd = other.positionEnd
    }

    // MARK: Kinds

    /// The kind looked up last, and its index: building a graph asks for the same few kinds
    /// over and over, and comparing a short name is cheaper than hashing it.
    @exclusivity(unchecked) var lastKind: (name: String, index: UInt16)?

    /// The table index of a kind, registering it on first use.
    func kindIndex(named name: String) -> UInt16? {
        if let lastKind, name == lastKind.name { return lastKind.index }
        if let index = kindIndexByName[name] {
            lastKind = (name, index)
            return index
        }
        guard let kind = registry.kind(named: name) ?? localKinds[name] else { return nil }
        // A formula node's kind is its formula's: `formula` alone names the registered default.
        if let formula = kind as? FormulaKind { return kindIndex(for: formula.formula) }
        return register(kind, as: name)
    }

    /// The table index of a formula's kind, registering it on first use; `nil` when the registry
    /// has no formula kind or the table is full.
    func kindIndex(for formula: Formula) -> UInt16? {
        guard registry.kind(named: FormulaKind.kindName) is FormulaKind else { return nil }
        let key = FormulaKind.storeKey(for: formula.text)
        if let index = kindIndexByName[key] { return index }
        return register(FormulaKind(formula), as: key)
    }

    private func register(_ kind: any NodeKind, as name: String) -> UInt16? {
        guard kinds.count < Int(NodeStore.freeKind) else { return nil }
        let index = UInt16(kinds.count)
        kinds.append(KindEntry(kind))
        kindIndexByName[name] = index
        if kinds.count > kindTable.capacity {
            kindTable.resize(to: kindTable.capacity * 2, keeping: Int(index))
        }
        describeKind(at: index)
        lastKind = (name, index)
        return index
    }

    /// Puts a new version of a registered kind at its index (a definition that changed). Nodes
    /// of the kind keep their slots: the caller gives them the new kind's slot count.
    func replaceKind(at index: UInt16, with kind: any NodeKind) {
        kinds[Int(index)] = KindEntry(kind)
        describeKind(at: index)
        if let variant = bypassVariants[index] {
            kinds[Int(variant)] = KindEntry(kind, bypassed: true)
            describeKind(at: variant)
        }
    }

    /// The table index of the bypassed variant of the kind at `index` (registering it on first
    /// use): the kind a bypassed node has, so that every pass leaves it to ``Kernel/bypass``.
    /// `nil` when the table is full. The variant of a variant is itself.
    func bypassVariant(of index: UInt16) -> UInt16? {
        if kinds[Int(index)].bypassed { return index }
        if let variant = bypassVariants[index] { return variant }
        guard kinds.count < Int(NodeStore.freeKind) else { return nil }
        let variant = UInt16(kinds.count)
        kinds.append(KindEntry(kinds[Int(index)].kind, bypassed: true))
        if kinds.count > kindTable.capacity {
            kindTable.resize(to: kindTable.capacity * 2, keeping: Int(variant))
        }
        describeKind(at: variant)
        bypassVariants[index] = variant
        bypassBases[variant] = index
        return variant
    }

    /// The table index of the kind whose bypassed variant is at `index`, or `index` itself.
    @inline(__always) func unbypassedKind(of index: UInt16) -> UInt16 { bypassBases[index] ?? index }

    /// Whether the node is bypassed.
    @inline(__always) func isBypassed(_ node: Int32) -> Bool {
        kindColumns.kernel[Int(nodes.kind[node])] == Kernel.bypass.rawValue
    }

    /// Fills the kind columns from the entry at `index`.
    private func describeKind(at index: UInt16) {
        let entry = kinds[Int(index)]
        if entry.evaluatesInParallel { hasParallelKinds = true }
        kindColumns.kernel[Int(index)] = Kernel(entry).rawValue
        kindColumns.slotCount[Int(index)] = Int32(entry.slotCount)
        kindColumns.numbersOnly[Int(index)] =
            entry.outputType == .number && entry.slots.allSatisfy { $0.type == .number } ? 1 : 0
    }

    // MARK: Growth

    func reserveNodes(_ capacity: Int) {
        guard capacity > nodeTable.capacity else { return }
        nodeTable.resize(to: capacity, keeping: Int(nodeEnd))
        positionTable?.resize(to: capacity, keeping: Int(nodeEnd))
        positions = positionTable?.columns.position
        if capacity > ids.capacity { growIDs(to: capacity) }
        idTable.reserve(capacity, ids: ids.buffer)
    }

    func reserveSlots(_ capacity: Int) {
        guard capacity > slotTable.capacity else { return }
        slotTable.resize(to: capacity, keeping: Int(slotEnd))
    }

    /// A fresh node index (reusing a freed one when possible), holding `id`.
    func allocateNode(_ id: NodeID) -> Int32 {
        if let index = freeNodes.popLast() {
            storePositions()
            slotsFollowNodes = false
            storeID(id, at: index)
            return index
        }
        if Int(nodeEnd) == nodeTable.capacity { reserveNodes(nodeTable.capacity * 2) }
        storeID(id, at: nodeEnd)
        defer { nodeEnd += 1 }
        return nodeEnd
    }

    /// The first index of `count` consecutive fresh slots owned by `node`.
    func allocateSlots(_ count: Int, for node: Int32) -> Int32 {
        guard count > 0 else { return slotEnd }
        let start: Int32
        if !freeSlotRanges.isEmpty, let reused = freeSlotRanges[count]?.popLast() {
            start = reused
        } else {
            if Int(slotEnd) + count > slotTable.capacity {
                reserveSlots(Swift.max(slotTable.capacity * 2, Int(slotEnd) + count))
            }
            start = slotEnd
            slotEnd += Int32(count)
        }
        let slots = self.slots  // after any growth
        for slot in start..<start + Int32(count) {
            slots.source[slot] = -1
            slots.outLink[slot] = OutLink(next: -1, owner: node)
        }
        return start
    }

    func freeSlots(start: Int32, count: Int) {
        slotsFollowNodes = false
        guard count > 0 else { return }
        for slot in start..<start + Int32(count) { slots.outLink[slot].owner = -1 }
        freeSlotRanges[count, default: []].append(start)
    }

    /// Gives a node a fresh run of `newCount` unlinked slots in place of its `oldCount` ones (a
    /// change of kind or formula), and returns the node each old slot read from (-1 for none),
    /// in slot order, for the caller to link again where they fit.
    /// - Complexity: O(*s*), the old and new slots.
    func replaceSlots(of node: Int32, oldCount: Int, newCount: Int) -> (start: Int32, upstreams: [Int32]) {
        let oldStart = nodes.slotStart[node]
        var upstreams: [Int32] = []
        upstreams.reserveCapacity(oldCount)
        for slot in oldStart..<oldStart + Int32(oldCount) {
            upstreams.append(slots.source[slot])
            detach(slot)
        }
        freeSlots(start: oldStart, count: oldCount)
        let newStart = allocateSlots(newCount, for: node)
        nodes.slotStart[node] = newStart
        return (newStart, upstreams)
    }

    // MARK: Order

    /// Whether index order is a topological order (see ``positions``). Lets evaluation walk the
    /// columns sequentially and the order search compare indices.
    @inline(__always) var indexOrderIsTopological: Bool { positions == nil }

    /// A node's place in the maintained topological order.
    @inline(__always) func position(of node: Int32) -> Int32 {
        if let positions { return positions[node] }
        return node
    }

    /// Makes ``positions`` explicit (each index its own place) before index order stops being
    /// a topological order.
    func storePositions() {
        guard positions == nil else { return }
        let table = ColumnTable<PositionColumns>(capacity: nodeCapacity)
        let position = table.columns.position
        for node in 0..<nodeEnd { position[node] = node }
        positionTable = table
        positions = position
        positionEnd = nodeEnd
    }

    // MARK: Node basics

    @inline(__always) func isLive(_ node: Int32) -> Bool {
        node >= 0 && node < nodeEnd && nodes.kind[node] != NodeStore.freeKind
    }

    @inline(__always) func entry(of node: Int32) -> KindEntry { kinds[Int(nodes.kind[node])] }

    @inline(__always) func slotCount(of node: Int32) -> Int {
        Int(kindColumns.slotCount[Int(nodes.kind[node])])
    }

    func index(of id: NodeID) -> Int32? {
        idTable.probe.index(of: id, in: ids.buffer)
    }

    func value(of node: Int32) -> Value {
        if _slowPath(!stale.isEmpty) { bringUpToDate(node) }
        let payload = nodes.payload[node]
        if payload.isFinite { return .number(payload) }
        if let color = StoredValue.color(in: payload) { return .color(color) }
        return boxed[node] ?? .number(0)
    }

    /// Forgets every boxed value (before each is computed again): their payloads then hold a
    /// placeholder NaN that no kernel takes for a number.
    func releaseBoxedValues() {
        guard !boxed.isEmpty else { return }
        for node in boxed.keys { nodes.payload[node] = .nan }
        boxed.removeAll()
    }

    /// Stores a value (a number is finite); returns whether it differs from the value held before.
    @discardableResult
    func setValue(_ value: Value, of node: Int32) -> Bool {
        let old = nodes.payload[node]
        switch value {
        case .number(let number):
            if StoredValue.isBoxed(old) { boxed[node] = nil }
            nodes.payload[node] = number
            return !(old == number)  // numerically: 0 and -0 are the same value
        case .color(let color):
            if StoredValue.isBoxed(old) { boxed[node] = nil }
            let payload = StoredValue.color(color)
            nodes.payload[node] = payload
            return old.bitPattern != payload.bitPattern
        case .error, .custom, .pending:
            nodes.payload[node] = StoredValue.boxed
            return boxed.updateValue(value, forKey: node) != value
        }
    }

    // MARK: Held values

    /// Whether the node is a number source (the built-in ``NumberKind``): its value is the number it
    /// holds, kept once, in the payload column.
    @inline(__always) func isNumberSource(_ node: Int32) -> Bool {
        kindColumns.kernel[Int(nodes.kind[node])] == Kernel.heldNumber.rawValue
    }

    /// The value a node holds: a number source's from its payload, another source's from
    /// ``parameters``; `nil` for a node that holds none.
    func parameter(of node: Int32) -> Value? {
        isNumberSource(node) ? .number(nodes.payload[node]) : parameters[node]
    }

    /// Sets the value a node of its current kind holds (`nil`: none). A number source's goes to
    /// its payload, and a different number is noted in ``changedNumbers`` for the recompute.
    func setParameter(_ value: Value?, of node: Int32) {
        guard isNumberSource(node), case .number(let number)? = value else {
            parameters[node] = value
            return
        }
        parameters[node] = nil
        let old = nodes.payload[node]
        if old != number {
            if StoredValue.isBoxed(old) { boxed[node] = nil }  // the value it had as another kind
            nodes.payload[node] = number
            noteNumberChange(of: node, from: old, to: number)
        }
    }

    /// Notes that an edit changed a number source's held number from `old` to `new`, for the
    /// recompute (``changedNumbers``). A number set back, within one edit (a batch), to the
    /// one its dependents last saw is no longer changed, so they are not recomputed for it.
    func noteNumberChange(of node: Int32, from old: Double, to new: Double) {
        guard let seen = numbersBeforeChange[node] else {
            // A boxed payload is another kind's value, never a number dependents saw: NaN,
            // which no number set later equals.
            numbersBeforeChange[node] = StoredValue.isBoxed(old) ? .nan : old
            changedNumbers.append(node)
            return
        }
        guard seen == new, let index = changedNumbers.elements.firstIndex(of: node) else { return }
        changedNumbers[index] = changedNumbers[changedNumbers.count - 1]
        changedNumbers.count -= 1
        numbersBeforeChange[node] = nil
    }

    /// Forgets the numbers changed since the last recompute (which has seen them now).
    @inline(__always) func forgetChangedNumbers() {
        changedNumbers.removeAll()
        if !numbersBeforeChange.isEmpty { numbersBeforeChange.removeAll() }
    }

    /// Whether an edit changed this number source's held number since the last recompute (which
    /// forgets them all).
    func numberChanged(_ node: Int32) -> Bool {
        let changed = changedNumbers.elements
        return changed.contains(node)
    }

    /// The slots that `node` feeds, as (downstream node, slot index within it).
    func dependents(of node: Int32) -> [(node: Int32, slot: Int)] {
        var result: [(node: Int32, slot: Int)] = []
        var slot = nodes.firstOut[node]
        while slot >= 0 {
            let target = slots.outLink[slot].owner
            result.append((target, Int(slot - nodes.slotStart[target])))
            slot = slots.outLink[slot].next
        }
        return result.reversed()
    }

    /// Adds `slot` to the out-list of `node`.
    @inline(__always) func attach(_ slot: Int32, to node: Int32) {
        dropPlan()
        let slots = self.slots, firstOut = nodes.firstOut
        slots.source[slot] = node
        slots.outLink[slot].next = firstOut[node]
        firstOut[node] = slot
    }

    /// Removes `slot` from the out-list of the node feeding it and clears it.
    func detach(_ slot: Int32) {
        let upstream = slots.source[slot]
        guard upstream >= 0 else { return }
        dropPlan()
        var current = nodes.firstOut[upstream]
        if current == slot {
            nodes.firstOut[upstream] = slots.outLink[slot].next
        } else {
            while current >= 0 {
                let next = slots.outLink[current].next
                if next == slot {
                    slots.outLink[current].next = slots.outLink[slot].next
                    break
                }
                current = next
            }
        }
        slots.source[slot] = -1
        slots.outLink[slot].next = -1
    }
}

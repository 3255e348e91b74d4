/// How a node's value is stored: a tag beside an 8-byte payload column.
enum ValueTag: UInt8 {
    /// The payload is the number.
    case number = 0
    /// The payload's bits are the packed color.
    case color = 1
    /// The value (an error or a custom value) is in the `boxed` table.
    case boxed = 2
}

/// The per-node columns, indexed by node index; `NodeStore.nodeEnd` indices are in use (live
/// or free).
struct NodeColumns: ColumnSet {
    let kind: Column<UInt16>
    let x: Column<Int32>
    let y: Column<Int32>
    let tag: Column<UInt8>
    let payload: Column<Double>
    let slotStart: Column<Int32>
    let firstOut: Column<Int32>
    let order: Column<Int32>
    /// Scratch per node: `idle` between operations; counters and parents during them.
    let mark: Column<Int32>

    init(placing placer: inout ColumnPlacer) {
        kind = placer.place(filling: NodeStore.freeKind)
        x = placer.place(filling: 0)
        y = placer.place(filling: 0)
        tag = placer.place(filling: ValueTag.number.rawValue)
        payload = placer.place(filling: 0)
        slotStart = placer.place(filling: 0)
        firstOut = placer.place(filling: -1)
        order = placer.place(filling: 0)
        mark = placer.place(filling: NodeStore.idle)
    }
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
    /// The kind's `FastKind`.
    let fast: Column<UInt8>
    let slotCount: Column<Int32>
    /// Whether the kind outputs a number and every slot takes one (1) or not (0).
    let numbersOnly: Column<UInt8>

    init(placing placer: inout ColumnPlacer) {
        fast = placer.place(filling: 0)
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
    static let idle: Int32 = -1
    static let dirtyFlag: Int32 = 1 << 30
    static let countMask: Int32 = (1 << 30) - 1

    let registry: KindRegistry
    @exclusivity(unchecked) var kinds: [KindEntry] = []
    @exclusivity(unchecked) var kindIndexByName: [String: UInt16] = [:]
    @exclusivity(unchecked) private(set) var kindTable = ColumnTable<KindColumns>(capacity: 8)
    @inline(__always) var kindColumns: KindColumns { kindTable.columns }

    @exclusivity(unchecked) var nodeEnd: Int32 = 0
    @exclusivity(unchecked) private(set) var nodeTable: ColumnTable<NodeColumns>
    @inline(__always) var nodes: NodeColumns { nodeTable.columns }
    /// The number of node indices the columns have room for.
    var nodeCapacity: Int { nodeTable.capacity }

    @exclusivity(unchecked) var slotEnd: Int32 = 0
    @exclusivity(unchecked) private(set) var slotTable: ColumnTable<SlotColumns>
    @inline(__always) var slots: SlotColumns { slotTable.columns }

    @exclusivity(unchecked) var ids: IDStorage
    @exclusivity(unchecked) var idTable = IDTable()
    @exclusivity(unchecked) var names: [Int32: String] = [:]
    @exclusivity(unchecked) var parameters: [Int32: Value] = [:]
    @exclusivity(unchecked) var boxed: [Int32: Value] = [:]
    @exclusivity(unchecked) var freeNodes: [Int32] = []
    @exclusivity(unchecked) var freeSlotRanges: [Int: [Int32]] = [:]
    @exclusivity(unchecked) var liveCount = 0
    @exclusivity(unchecked) var nextOrder: Int32 = 0
    /// Whether index order is a topological order (every link goes from a lower index to a
    /// higher one, i.e. `order` increases with the index): true until a link reorders nodes or
    /// a freed index is reused. Lets `evaluateAll` walk the columns sequentially.
    @exclusivity(unchecked) var indexOrderIsTopological = true
    /// How many node indices (live or free) hold a value that is not a number (a color, an
    /// error, a custom value). While it is 0 the add kernel reads inputs without checking tags.
    /// Every write to `tag` goes through `setTag` or keeps this count itself.
    @exclusivity(unchecked) var nonNumberTags = 0

    // Reusable work lists.
    @exclusivity(unchecked) var stack = IndexBuffer()
    @exclusivity(unchecked) var queue = IndexBuffer()

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
        kinds = other.kinds
        kindIndexByName = other.kindIndexByName
        kindTable = other.kindTable.copy()
        nodeEnd = other.nodeEnd
        nodeTable = other.nodeTable.copy()
        slotEnd = other.slotEnd
        slotTable = other.slotTable.copy()
        ids = other.ids.copy(capacity: other.ids.capacity)
        idTable = other.idTable.copy()
        names = other.names
        parameters = other.parameters
        boxed = other.boxed
        freeNodes = other.freeNodes
        freeSlotRanges = other.freeSlotRanges
        liveCount = other.liveCount
        nextOrder = other.nextOrder
        indexOrderIsTopological = other.indexOrderIsTopological
        nonNumberTags = other.nonNumberTags
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
        guard let kind = registry.kind(named: name) else { return nil }
        guard kinds.count < Int(NodeStore.freeKind) else { return nil }
        let index = UInt16(kinds.count)
        let entry = KindEntry(kind)
        kinds.append(entry)
        kindIndexByName[name] = index
        if kinds.count > kindTable.capacity {
            kindTable.resize(to: kindTable.capacity * 2, keeping: Int(index))
        }
        kindColumns.fast[Int(index)] = FastKind(entry).rawValue
        kindColumns.slotCount[Int(index)] = Int32(entry.slotCount)
        kindColumns.numbersOnly[Int(index)] =
            entry.outputType == .number && entry.slots.allSatisfy { $0.type == .number } ? 1 : 0
        lastKind = (name, index)
        return index
    }

    // MARK: Growth

    func reserveNodes(_ capacity: Int) {
        guard capacity > nodeTable.capacity else { return }
        nodeTable.resize(to: capacity, keeping: Int(nodeEnd))
        if capacity > ids.capacity { ids = ids.copy(capacity: capacity) }
        idTable.reserve(capacity, ids: ids.buffer)
    }

    func reserveSlots(_ capacity: Int) {
        guard capacity > slotTable.capacity else { return }
        slotTable.resize(to: capacity, keeping: Int(slotEnd))
    }

    /// A fresh node index (reusing a freed one when possible), holding `id`.
    func allocateNode(_ id: NodeID) -> Int32 {
        if let index = freeNodes.popLast() {
            indexOrderIsTopological = false
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
        for slot in start..<start + Int32(count) {
            slots.source[slot] = -1
            slots.outLink[slot] = OutLink(next: -1, owner: node)
        }
        return start
    }

    func freeSlots(start: Int32, count: Int) {
        guard count > 0 else { return }
        for slot in start..<start + Int32(count) { slots.outLink[slot].owner = -1 }
        freeSlotRanges[count, default: []].append(start)
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
        switch ValueTag(rawValue: nodes.tag[node]) {
        case .number: .number(nodes.payload[node])
        case .color: .color(Color(packed: nodes.payload[node].bitPattern))
        case .boxed, nil: boxed[node] ?? .number(0)
        }
    }

    /// Stores a value; returns whether it differs from the value held before.
    @discardableResult
    func setValue(_ value: Value, of node: Int32) -> Bool {
        let oldTag = nodes.tag[node]
        let oldPayload = nodes.payload[node]
        switch value {
        case .number(let number):
            if oldTag == ValueTag.boxed.rawValue { boxed[node] = nil }
            setTag(ValueTag.number.rawValue, of: node)
            nodes.payload[node] = number
            return oldTag != ValueTag.number.rawValue || oldPayload != number
        case .color(let color):
            if oldTag == ValueTag.boxed.rawValue { boxed[node] = nil }
            setTag(ValueTag.color.rawValue, of: node)
            nodes.payload[node] = Double(bitPattern: color.packed)
            return oldTag != ValueTag.color.rawValue || oldPayload.bitPattern != color.packed
        case .error, .custom:
            setTag(ValueTag.boxed.rawValue, of: node)
            return boxed.updateValue(value, forKey: node) != value
        }
    }

    /// Sets a node's value tag, keeping `nonNumberTags`.
    @inline(__always) func setTag(_ newTag: UInt8, of node: Int32) {
        let oldTag = nodes.tag[node]
        if oldTag == newTag { return }
        if oldTag == ValueTag.number.rawValue { nonNumberTags += 1 }
        if newTag == ValueTag.number.rawValue { nonNumberTags -= 1 }
        nodes.tag[node] = newTag
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
        slots.source[slot] = node
        slots.outLink[slot].next = nodes.firstOut[node]
        nodes.firstOut[node] = slot
    }

    /// Removes `slot` from the out-list of the node feeding it and clears it.
    func detach(_ slot: Int32) {
        let upstream = slots.source[slot]
        guard upstream >= 0 else { return }
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

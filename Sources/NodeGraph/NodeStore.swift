/// What the graph knows about one registered kind, resolved once. A class, so that reading
/// an entry retains one reference instead of copying (and retaining) each of its fields.
final class KindEntry: @unchecked Sendable {
    let kind: any NodeKind
    let slots: [SlotSpec]
    let slotCount: Int
    /// The kernel, when every slot and the output are numbers.
    let kernel: NumericKernel?
    /// The kind's answers, asked once (each is a call through the existential otherwise).
    let name: String
    let title: String
    let outputType: ValueType
    let parameterType: ValueType?
    let defaultParameter: Value?

    init(_ kind: any NodeKind) {
        self.kind = kind
        slots = kind.inputs
        slotCount = slots.count
        name = kind.name
        title = kind.title
        outputType = kind.outputType
        parameterType = kind.parameterType
        defaultParameter = kind.defaultParameter
        let allNumbers = slots.allSatisfy { $0.type == .number } && outputType == .number
        kernel = allNumbers && parameterType == nil ? kind.numericKernel : nil
    }
}

/// How the `Evaluator` computes a node of a kind without calling the kind: one byte per kind
/// index in `NodeStore.fastKind`, read by the hot loops instead of copying a `KindEntry` (which
/// retains its existential and slot array on every copy).
enum FastKind: UInt8 {
    /// Call the kind's `evaluate` (the general path).
    case general = 0
    /// The kernels of ``NumericKernel``.
    case sum, difference, product, quotient
    /// The built-in ``NumberKind``: the held number, as is.
    case heldNumber
    /// ``NumericKernel/sum`` over exactly three slots (the calculator's add), inlined in the loops.
    case sum3

    init(_ entry: KindEntry) {
        switch entry.kernel {
        case .sum where entry.slotCount == 3: self = .sum3
        case .sum: self = .sum
        case .difference: self = .difference
        case .product: self = .product
        case .quotient: self = .quotient
        case nil: self = entry.kind is NumberKind && entry.outputType == .number ? .heldNumber : .general
        }
    }
}

/// How a node's value is stored: a tag beside an 8-byte payload column.
enum ValueTag: UInt8 {
    /// The payload is the number.
    case number = 0
    /// The payload's bits are the packed color.
    case color = 1
    /// The value (an error or a custom value) is in the `boxed` table.
    case boxed = 2
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
    /// Per kind index: its `FastKind`, slot count, and whether it outputs a number and every slot
    /// takes one (1) or not (0). Plain columns for the hot loops and checks.
    @exclusivity(unchecked) var fastKind = Column<UInt8>(capacity: 8, filling: 0)
    @exclusivity(unchecked) var kindSlotCount = Column<Int32>(capacity: 8, filling: 0)
    @exclusivity(unchecked) var kindNumbersOnly = Column<UInt8>(capacity: 8, filling: 0)

    // Node columns: `nodeEnd` indices in use (live or free).
    @exclusivity(unchecked) var nodeEnd: Int32 = 0
    @exclusivity(unchecked) var kind: Column<UInt16>
    @exclusivity(unchecked) var x: Column<Int32>
    @exclusivity(unchecked) var y: Column<Int32>
    @exclusivity(unchecked) var tag: Column<UInt8>
    @exclusivity(unchecked) var payload: Column<Double>
    @exclusivity(unchecked) var slotStart: Column<Int32>
    @exclusivity(unchecked) var firstOut: Column<Int32>
    @exclusivity(unchecked) var order: Column<Int32>
    /// Scratch per node: `idle` between operations; counters and parents during them.
    @exclusivity(unchecked) var mark: Column<Int32>

    // Slot columns: `slotEnd` indices in use.
    @exclusivity(unchecked) var slotEnd: Int32 = 0
    @exclusivity(unchecked) var source: Column<Int32>
    /// Per slot: the next slot in the out-list of the node feeding it, and the slot's owner
    /// (read together when following links).
    @exclusivity(unchecked) var outLink: Column<OutLink>

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

    init(registry: KindRegistry, nodeCapacity: Int = 16, slotCapacity: Int = 32) {
        self.registry = registry
        ids = IDStorage(capacity: nodeCapacity)
        kind = Column(capacity: nodeCapacity, filling: NodeStore.freeKind)
        x = Column(capacity: nodeCapacity, filling: 0)
        y = Column(capacity: nodeCapacity, filling: 0)
        tag = Column(capacity: nodeCapacity, filling: ValueTag.number.rawValue)
        payload = Column(capacity: nodeCapacity, filling: 0)
        slotStart = Column(capacity: nodeCapacity, filling: 0)
        firstOut = Column(capacity: nodeCapacity, filling: -1)
        order = Column(capacity: nodeCapacity, filling: 0)
        mark = Column(capacity: nodeCapacity, filling: NodeStore.idle)
        source = Column(capacity: slotCapacity, filling: -1)
        outLink = Column(capacity: slotCapacity, filling: .none)
    }

    /// A deep copy for copy-on-write.
    init(copying other: NodeStore) {
        registry = other.registry
        kinds = other.kinds
        kindIndexByName = other.kindIndexByName
        // The property initializers already allocated these: free them before replacing.
        fastKind.deallocate()
        kindSlotCount.deallocate()
        kindNumbersOnly.deallocate()
        fastKind = other.fastKind.copy()
        kindSlotCount = other.kindSlotCount.copy()
        kindNumbersOnly = other.kindNumbersOnly.copy()
        nodeEnd = other.nodeEnd
        kind = other.kind.copy()
        x = other.x.copy()
        y = other.y.copy()
        tag = other.tag.copy()
        payload = other.payload.copy()
        slotStart = other.slotStart.copy()
        firstOut = other.firstOut.copy()
        order = other.order.copy()
        mark = other.mark.copy()
        slotEnd = other.slotEnd
        source = other.source.copy()
        outLink = other.outLink.copy()
        ids = other.ids.copy(capacity: other.ids.capacity)
        idTable.deallocate()  // the property initializer's table
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

    deinit {
        fastKind.deallocate()
        kindSlotCount.deallocate()
        kindNumbersOnly.deallocate()
        kind.deallocate()
        x.deallocate()
        y.deallocate()
        tag.deallocate()
        payload.deallocate()
        slotStart.deallocate()
        firstOut.deallocate()
        order.deallocate()
        mark.deallocate()
        source.deallocate()
        outLink.deallocate()
        stack.deallocate()
        queue.deallocate()
        idTable.deallocate()
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
        if kinds.count > fastKind.capacity {
            fastKind.resize(to: fastKind.capacity * 2, keeping: Int(index), filling: 0)
            kindSlotCount.resize(to: kindSlotCount.capacity * 2, keeping: Int(index), filling: 0)
            kindNumbersOnly.resize(to: kindNumbersOnly.capacity * 2, keeping: Int(index), filling: 0)
        }
        fastKind[Int(index)] = FastKind(entry).rawValue
        kindSlotCount[Int(index)] = Int32(entry.slotCount)
        kindNumbersOnly[Int(index)] =
            entry.outputType == .number && entry.slots.allSatisfy { $0.type == .number } ? 1 : 0
        lastKind = (name, index)
        return index
    }

    // MARK: Growth

    func reserveNodes(_ capacity: Int) {
        guard capacity > kind.capacity else { return }
        let keep = Int(nodeEnd)
        kind.resize(to: capacity, keeping: keep, filling: NodeStore.freeKind)
        x.resize(to: capacity, keeping: keep, filling: 0)
        y.resize(to: capacity, keeping: keep, filling: 0)
        tag.resize(to: capacity, keeping: keep, filling: 0)
        payload.resize(to: capacity, keeping: keep, filling: 0)
        slotStart.resize(to: capacity, keeping: keep, filling: 0)
        firstOut.resize(to: capacity, keeping: keep, filling: -1)
        order.resize(to: capacity, keeping: keep, filling: 0)
        mark.resize(to: capacity, keeping: keep, filling: NodeStore.idle)
        if capacity > ids.capacity { ids = ids.copy(capacity: capacity) }
        idTable.reserve(capacity, ids: ids.buffer)
    }

    func reserveSlots(_ capacity: Int) {
        guard capacity > source.capacity else { return }
        let keep = Int(slotEnd)
        source.resize(to: capacity, keeping: keep, filling: -1)
        outLink.resize(to: capacity, keeping: keep, filling: .none)
    }

    /// A fresh node index (reusing a freed one when possible), holding `id`.
    func allocateNode(_ id: NodeID) -> Int32 {
        if let index = freeNodes.popLast() {
            indexOrderIsTopological = false
            storeID(id, at: index)
            return index
        }
        if Int(nodeEnd) == kind.capacity { reserveNodes(kind.capacity * 2) }
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
            if Int(slotEnd) + count > source.capacity {
                reserveSlots(Swift.max(source.capacity * 2, Int(slotEnd) + count))
            }
            start = slotEnd
            slotEnd += Int32(count)
        }
        for slot in start..<start + Int32(count) {
            source[slot] = -1
            outLink[slot] = OutLink(next: -1, owner: node)
        }
        return start
    }

    func freeSlots(start: Int32, count: Int) {
        guard count > 0 else { return }
        for slot in start..<start + Int32(count) { outLink[slot].owner = -1 }
        freeSlotRanges[count, default: []].append(start)
    }

    // MARK: Node basics

    @inline(__always) func isLive(_ node: Int32) -> Bool {
        node >= 0 && node < nodeEnd && kind[node] != NodeStore.freeKind
    }

    @inline(__always) func entry(of node: Int32) -> KindEntry { kinds[Int(kind[node])] }

    @inline(__always) func slotCount(of node: Int32) -> Int { Int(kindSlotCount[Int(kind[node])]) }

    func index(of id: NodeID) -> Int32? {
        idTable.index(of: id, in: ids.buffer)
    }

    func value(of node: Int32) -> Value {
        switch ValueTag(rawValue: tag[node]) {
        case .number: .number(payload[node])
        case .color: .color(Color(packed: payload[node].bitPattern))
        case .boxed, nil: boxed[node] ?? .number(0)
        }
    }

    /// Stores a value; returns whether it differs from the value held before.
    @discardableResult
    func setValue(_ value: Value, of node: Int32) -> Bool {
        let oldTag = tag[node]
        let oldPayload = payload[node]
        switch value {
        case .number(let number):
            if oldTag == ValueTag.boxed.rawValue { boxed[node] = nil }
            setTag(ValueTag.number.rawValue, of: node)
            payload[node] = number
            return oldTag != ValueTag.number.rawValue || oldPayload != number
        case .color(let color):
            if oldTag == ValueTag.boxed.rawValue { boxed[node] = nil }
            setTag(ValueTag.color.rawValue, of: node)
            payload[node] = Double(bitPattern: color.packed)
            return oldTag != ValueTag.color.rawValue || oldPayload.bitPattern != color.packed
        case .error, .custom:
            setTag(ValueTag.boxed.rawValue, of: node)
            return boxed.updateValue(value, forKey: node) != value
        }
    }

    /// Sets a node's value tag, keeping `nonNumberTags`.
    @inline(__always) func setTag(_ newTag: UInt8, of node: Int32) {
        let oldTag = tag[node]
        if oldTag == newTag { return }
        if oldTag == ValueTag.number.rawValue { nonNumberTags += 1 }
        if newTag == ValueTag.number.rawValue { nonNumberTags -= 1 }
        tag[node] = newTag
    }

    /// The slots that `node` feeds, as (downstream node, slot index within it).
    func dependents(of node: Int32) -> [(node: Int32, slot: Int)] {
        var result: [(node: Int32, slot: Int)] = []
        var slot = firstOut[node]
        while slot >= 0 {
            let target = outLink[slot].owner
            result.append((target, Int(slot - slotStart[target])))
            slot = outLink[slot].next
        }
        return result.reversed()
    }

    /// Adds `slot` to the out-list of `node`.
    @inline(__always) func attach(_ slot: Int32, to node: Int32) {
        source[slot] = node
        outLink[slot].next = firstOut[node]
        firstOut[node] = slot
    }

    /// Removes `slot` from the out-list of the node feeding it and clears it.
    func detach(_ slot: Int32) {
        let upstream = source[slot]
        guard upstream >= 0 else { return }
        var current = firstOut[upstream]
        if current == slot {
            firstOut[upstream] = outLink[slot].next
        } else {
            while current >= 0 {
                let next = outLink[current].next
                if next == slot {
                    outLink[current].next = outLink[slot].next
                    break
                }
                current = next
            }
        }
        source[slot] = -1
        outLink[slot].next = -1
    }
}

import NodeGraph

/// The numbers a ``CanvasScene`` gives its nodes, and each number's node: the node of a number is
/// read from a column, and the number of a node found in an open-addressing table of numbers
/// alone (4 bytes a slot, at most half of them used), whose entries are told apart by the
/// column's identifiers. A dictionary from identifier to number kept each identifier a second
/// time (20 bytes a slot, with a quarter of them spare at the most).
package struct NodeNumbers {
    /// Per number: its node, or `nil` for a number not in use.
    package private(set) var ids: [NodeID?] = []
    /// Each slot a number, or -1 for an empty slot; the slot count is a power of two.
    private var slots: [Int32] = Array(repeating: -1, count: 16)
    /// The numbers in use.
    package private(set) var count = 0

    /// No node numbered.
    package init() {}

    /// The bytes the identifiers' column and the table hold (with their spare capacity), for
    /// tests and diagnostics.
    package var byteCount: Int {
        ids.capacity * MemoryLayout<NodeID?>.stride + slots.capacity * MemoryLayout<Int32>.stride
    }

    /// The number of a node, or `nil` when it has none.
    package subscript(id: NodeID) -> Int32? {
        let mask = slots.count - 1
        var slot = home(of: id, mask: mask)
        while true {
            let number = slots[slot]
            if number < 0 { return nil }
            if ids[Int(number)] == id { return number }
            slot = (slot + 1) & mask
        }
    }

    /// Gives a node a number: one that is not in use, or the next one (`ids.count`), which the
    /// column then grows by.
    /// - Precondition: The node has no number.
    package mutating func assign(_ number: Int32, to id: NodeID) {
        // Grow first, while the node is not in the column yet: a rehash places every node of the
        // column, so growing after would place this one twice.
        if (count + 1) * 2 > slots.count { rehash(slotCount: slots.count * 2) }
        if Int(number) == ids.count {
            ids.append(id)
        } else {
            precondition(ids[Int(number)] == nil, "a number in use is not given again")
            ids[Int(number)] = id
        }
        place(number, of: id)
        count += 1
    }

    /// The table's slots that hold a number: ``count`` when each number is in the table once
    /// (for tests).
    package var occupiedSlotCount: Int { slots.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }

    /// Takes a node's number back (the number stays in the column, unused, to be given again).
    /// - Returns: The number the node had, or `nil`.
    @discardableResult
    package mutating func remove(_ id: NodeID) -> Int32? {
        let mask = slots.count - 1
        var slot = home(of: id, mask: mask)
        while true {
            let number = slots[slot]
            if number < 0 { return nil }
            if ids[Int(number)] == id { break }
            slot = (slot + 1) & mask
        }
        let removed = slots[slot]
        // Backward shift: each later entry of the run moves into the hole when its home slot
        // does not lie between the hole and it (so every entry stays reachable from its home).
        var hole = slot, next = slot
        while true {
            next = (next + 1) & mask
            let number = slots[next]
            if number < 0 { break }
            let home = home(of: ids[Int(number)]!, mask: mask)
            let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if staysPut { continue }
            slots[hole] = number
            hole = next
        }
        slots[hole] = -1
        ids[Int(removed)] = nil
        count -= 1
        return removed
    }

    /// Forgets every number.
    package mutating func removeAll() {
        ids.removeAll(keepingCapacity: true)
        for slot in slots.indices { slots[slot] = -1 }
        count = 0
    }

    /// Makes room for numbering `count` nodes without growing the table or the column.
    package mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        var slotCount = slots.count
        while count * 2 > slotCount { slotCount *= 2 }
        if slotCount > slots.count { rehash(slotCount: slotCount) }
    }

    @inline(__always) private func home(of id: NodeID, mask: Int) -> Int {
        // The hash's high bits, spread by a multiplication (Fibonacci hashing).
        let spread = UInt64(truncatingIfNeeded: id.hashValue) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: spread >> 32) & mask
    }

    private mutating func place(_ number: Int32, of id: NodeID) {
        let mask = slots.count - 1
        var slot = home(of: id, mask: mask)
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = number
    }

    private mutating func rehash(slotCount: Int) {
        slots = Array(repeating: -1, count: slotCount)
        for number in ids.indices {
            guard let id = ids[number] else { continue }
            place(Int32(number), of: id)
        }
    }
}

import NodeGraph

/// The floor's id → index map: open addressing over `Int32` indices (at most half full), a
/// multiply-xorshift hash of the id's UTF-8 bytes, candidates compared by their bytes. The
/// leanest flat-array map a string-keyed engine could keep; the floor builds it in `build` and
/// resolves the ids an operation names through it, as NodeGraph resolves them through its own.
struct FloorIDs {
    private var slots: [Int32]
    private let mask: Int
    /// The ids, by index (the workload's own array, shared, not copied).
    private let ids: [NodeID]

    init(_ ids: [NodeID]) {
        var size = 16
        while size < 2 * ids.count { size <<= 1 }
        mask = size - 1
        self.ids = ids
        slots = [Int32](repeating: -1, count: size)
        for (index, id) in ids.enumerated() {
            var slot = FloorIDs.hash(id) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }

    /// The index of `id` (the benchmark asks only for ids it has).
    @inline(__always) func index(of id: NodeID) -> Int32 {
        var slot = FloorIDs.hash(id) & mask
        while true {
            let index = slots[slot]
            if index < 0 || ids[Int(index)] == id { return index }
            slot = (slot + 1) & mask
        }
    }

    /// The id's UTF-8 bytes, eight at a time.
    @inline(__always) static func hash(_ id: NodeID) -> Int {
        var text = id.rawValue
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
            var word: UInt64 = 0
            var shift: UInt64 = 0
            for byte in bytes {
                word |= UInt64(byte) << shift
                shift += 8
                if shift == 64 {
                    hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
                    hash ^= hash >> 31
                    word = 0
                    shift = 0
                }
            }
            hash = (hash ^ word) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
    }
}

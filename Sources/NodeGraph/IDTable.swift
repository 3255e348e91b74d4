/// An open-addressing hash table from node identifiers to dense node indices.
///
/// It stores only `Int32` indices (4 bytes a bucket, at most half full); the identifiers live in
/// the graph's `ids` array. Deletion shifts later entries back, so there are no tombstones.
struct IDTable {
    private var buckets: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        buckets = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// FNV-1a over the identifier's UTF-8 bytes, finished with a multiply-shift mix.
    @inline(__always) static func hash(_ id: NodeID) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.rawValue.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// The index stored for `id`, comparing candidates against `ids`.
    @inline(__always) func index(of id: NodeID, in ids: [NodeID]) -> Int32? {
        var bucket = IDTable.hash(id) & mask
        while true {
            let entry = buckets[bucket]
            if entry < 0 { return nil }
            if ids[Int(entry)] == id { return entry }
            bucket = (bucket + 1) & mask
        }
    }

    /// Adds `index` for `id`; the caller guarantees `id` is not present.
    mutating func insert(_ id: NodeID, index: Int32, ids: [NodeID]) {
        if (count + 1) * 2 > buckets.count { rehash(to: buckets.count * 2, ids: ids) }
        var bucket = IDTable.hash(id) & mask
        while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = index
        count += 1
    }

    /// Removes the entry for `id`, shifting back the entries that probed past it.
    mutating func remove(_ id: NodeID, ids: [NodeID]) {
        var bucket = IDTable.hash(id) & mask
        while true {
            let entry = buckets[bucket]
            if entry < 0 { return }
            if ids[Int(entry)] == id { break }
            bucket = (bucket + 1) & mask
        }
        var hole = bucket
        var next = (hole + 1) & mask
        while buckets[next] >= 0 {
            let home = IDTable.hash(ids[Int(buckets[next])]) & mask
            // Move the entry back if its home is not in the cyclic range (hole, next].
            let distanceToHole = (next &- home) & mask
            let distanceToNext = (next &- hole) & mask
            if distanceToHole >= distanceToNext {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = -1
        count -= 1
    }

    /// Makes room for `capacity` identifiers without rehashing.
    mutating func reserve(_ capacity: Int, ids: [NodeID]) {
        var size = buckets.count
        while size < capacity * 2 { size <<= 1 }
        if size > buckets.count { rehash(to: size, ids: ids) }
    }

    private mutating func rehash(to size: Int, ids: [NodeID]) {
        let old = buckets
        buckets = Array(repeating: -1, count: size)
        mask = size - 1
        for entry in old where entry >= 0 {
            var bucket = IDTable.hash(ids[Int(entry)]) & mask
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = entry
        }
    }

    var bytes: Int { buckets.count * MemoryLayout<Int32>.stride }
}

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

    /// A multiply-xorshift hash over the identifier's UTF-8 bytes, eight at a time.
    @inline(__always) static func hash(_ id: NodeID) -> Int {
        var text = id.rawValue
        return text.withUTF8 { hash($0) }
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                word |= UInt64(base[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ word) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The index stored for `id` (whose ``hash(_:)`` is `hash`), comparing candidates against
    /// `ids`, without retaining either array.
    @inline(__always)
    func index(of id: NodeID, hash: Int, in ids: UnsafeBufferPointer<NodeID>) -> Int32? {
        buckets.withUnsafeBufferPointer { buckets in
            var bucket = hash & mask
            while true {
                let entry = buckets[bucket]
                if entry < 0 { return nil }
                if ids[Int(entry)] == id { return entry }
                bucket = (bucket + 1) & mask
            }
        }
    }

    /// The index stored for `id`, comparing candidates against `ids`.
    @inline(__always) func index(of id: NodeID, in ids: UnsafeBufferPointer<NodeID>) -> Int32? {
        var bucket = IDTable.hash(id) & mask
        while true {
            let entry = buckets[bucket]
            if entry < 0 { return nil }
            if ids[Int(entry)] == id { return entry }
            bucket = (bucket + 1) & mask
        }
    }

    /// Adds `index` for `id`; the caller guarantees `id` is not present.
    mutating func insert(_ id: NodeID, index: Int32, ids: UnsafeBufferPointer<NodeID>) {
        if (count + 1) * 2 > buckets.count { rehash(to: buckets.count * 2, ids: ids) }
        var bucket = IDTable.hash(id) & mask
        while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = index
        count += 1
    }

    /// Removes the entry for `id`, shifting back the entries that probed past it.
    mutating func remove(_ id: NodeID, ids: UnsafeBufferPointer<NodeID>) {
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
    mutating func reserve(_ capacity: Int, ids: UnsafeBufferPointer<NodeID>) {
        var size = buckets.count
        while size < capacity * 2 { size <<= 1 }
        if size > buckets.count { rehash(to: size, ids: ids) }
    }

    private mutating func rehash(to size: Int, ids: UnsafeBufferPointer<NodeID>) {
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

extension NodeID {
    /// The same identifier, re-created so that a short one (up to 15 UTF-8 bytes on 64-bit
    /// platforms) is stored inline as a small string. Copies of an inline string need no
    /// reference counting, which keeps handing out identifiers (`Change.recomputed`,
    /// `topologicalOrder()`) free of atomic operations. Longer identifiers are returned as they are.
    var compacted: NodeID {
        var text = rawValue
        guard text.utf8.count <= 15 else { return self }
        return text.withUTF8 { NodeID(String(decoding: $0, as: UTF8.self)) }
    }
}

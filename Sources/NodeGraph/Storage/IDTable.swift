#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open-addressing hash table from node identifiers to dense node indices.
///
/// It stores only `Int32` indices (4 bytes a bucket, at most half full); the identifiers live in
/// the graph's `ids` array. Deletion shifts later entries back, so there are no tombstones.
struct IDTable {
    /// The one column of an ``IDTable``: per bucket, a node index or -1.
    struct Buckets: ColumnSet {
        let bucket: Column<Int32>

        init(placing placer: inout ColumnPlacer) { bucket = placer.place(filling: -1) }
    }

    /// The buckets' memory.
    private var table: ColumnTable<Buckets>
    /// Everything a lookup reads, as plain values. Read through it (`idTable.probe.index(…)`):
    /// a call on the table itself would copy, and so retain, its memory's owner.
    private(set) var probe: Probe
    private(set) var count = 0

    init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        table = ColumnTable(capacity: size)
        probe = Probe(buckets: table.columns.bucket, mask: size - 1)
    }

    /// An independent copy.
    func copy() -> IDTable {
        var copy = self
        copy.table = table.copy()
        copy.probe.buckets = copy.table.columns.bucket
        return copy
    }

    /// The buckets, hashing and lookups.
    struct Probe {
        var buckets: Column<Int32>
        var mask: Int
        /// ``IDTable/Probe/seed``, read once (a global's lazy initialization is checked on every access).
        let hashSeed = Probe.seed
        /// ``IDTable/Probe/inlineLayoutHolds``, read once.
        let inlineLayout = Probe.inlineLayoutHolds

        /// The per-process seed of ``hash(_:)``, so that no file can be crafted whose ids all
        /// collide (which would make building it quadratic). Zero when `SWIFT_DETERMINISTIC_HASHING`
        /// is set, as the standard library's hashing does, for reproducible measurements.
        static let seed: UInt64 =
            getenv("SWIFT_DETERMINISTIC_HASHING") != nil ? 0 : UInt64.random(in: 0...UInt64.max) | 1

        /// A multiply-xorshift hash over the identifier's UTF-8 bytes, eight at a time. A short id
        /// stored inline (up to 15 bytes) is hashed straight from its two words, without reading its
        /// bytes through `withUTF8`.
        @inline(__always) func hash(_ id: NodeID) -> Int {
            if let words = inlineWords(id) { return shortHash(words.0, words.1, count: words.count) }
            var text = id.rawValue
            return text.withUTF8 { hash($0) }
        }

        func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let count = bytes.count
            guard let base = bytes.baseAddress, count > 0 else { return shortHash(0, 0, count: 0) }
            let raw = UnsafeRawPointer(base)
            if count <= 15 {
                // The two words an inline string of these bytes holds (zero past the last byte).
                return count <= 8
                    ? shortHash(Probe.load(raw, count), 0, count: count)
                    : shortHash(
                        raw.loadUnaligned(as: UInt64.self), Probe.load(raw + 8, count - 8), count: count)
            }
            var hash: UInt64 = (0x9E37_79B9_7F4A_7C15 ^ hashSeed) ^ UInt64(truncatingIfNeeded: count)
            var offset = 0
            while offset + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 31
                offset += 8
            }
            if offset < count {
                // The last 1–7 bytes: the final eight bytes (overlapping ones already mixed in, which
                // is fine for a hash of a known length).
                let word = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                hash = (hash ^ word) &* 0x94D0_49BB_1331_11EB
                hash ^= hash >> 29
            }
            hash = (hash ^ (hash >> 32)) &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }

        /// The hash of an id of at most 15 bytes whose first eight bytes are `low` and the rest
        /// `high` (little-endian, zero past the last byte).
        @inline(__always) private func shortHash(_ low: UInt64, _ high: UInt64, count: Int) -> Int {
            var hash: UInt64 = (0x9E37_79B9_7F4A_7C15 ^ hashSeed) ^ UInt64(truncatingIfNeeded: count)
            hash = (hash ^ low) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            hash = (hash ^ high) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
            hash = (hash ^ (hash >> 32)) &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }

        /// `count` (0–8) bytes at `raw` as a little-endian word, zero above them.
        @inline(__always) private static func load(_ raw: UnsafeRawPointer, _ count: Int) -> UInt64 {
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.baseAddress!.copyMemory(from: raw, byteCount: count) }
            return UInt64(littleEndian: word)
        }

        /// A short id's bytes as two words and its length, read from the string's own bits when it
        /// is stored inline (a small string: its bytes in the first 15 bytes, zero after them, and a
        /// top byte holding a "small" flag and the length); `nil` for any other string.
        @inline(__always) private func inlineWords(_ id: NodeID) -> (UInt64, UInt64, count: Int)? {
            guard inlineLayout else { return nil }
            let (low, high) = unsafeBitCast(id.rawValue, to: (UInt64, UInt64).self)
            guard high & Probe.smallFlag != 0 else { return nil }
            return (low, high & 0x00FF_FFFF_FFFF_FFFF, Int((high >> 56) & 0xF))
        }

        private static let smallFlag: UInt64 = 0x20 << 56

        /// For a new id stored inline and made of printable ASCII (the usual case), which is
        /// acceptable as it is: its hash and whether the table holds it, from its two words and
        /// comparing stored ids' bits (as ``index(of:in:)`` does). `nil` for any other id, which
        /// takes the byte path.
        @inline(__always)
        func lookUpShortPrintableID(_ id: NodeID, in ids: UnsafeBufferPointer<NodeID>) -> (
            hash: Int, taken: Bool
        )? {
            guard let (low, high, count) = inlineWords(id), count > 0 else { return nil }
            for offset in 0..<count {
                let word = offset < 8 ? low >> UInt64(8 * offset) : high >> UInt64(8 * (offset - 8))
                let byte = word & 0xFF
                if byte < 0x20 || byte >= 0x7F { return nil }
            }
            let hash = shortHash(low, high, count: count)
            var bucket = hash & mask
            while true {
                let entry = buckets[bucket]
                if entry < 0 { return (hash, false) }
                if Probe.sameBits(ids[Int(entry)], id) { return (hash, true) }
                bucket = (bucket + 1) & mask
            }
        }

        /// For the bits of a new identifier (a `NodeID`'s, read without copying it) that is stored
        /// inline and made of printable ASCII, and so acceptable as it is: the empty bucket where
        /// it goes. ``taken`` when the table holds it; ``notShortPrintable`` for any other
        /// identifier, which takes ``lookUpShortPrintableID(_:in:)`` or the byte path.
        /// - Complexity: O(1) but the probe: no loop over the bytes.
        @inline(__always)
        func emptyBucket(forShortPrintable low: UInt64, _ high: UInt64, in ids: UnsafeBufferPointer<NodeID>)
            -> Int
        {
            emptyBucket(forShortPrintable: low, high, home: homeBucket(ofShort: low, high), in: ids)
        }

        /// ``emptyBucket(forShortPrintable:_:in:)`` for an identifier whose
        /// ``homeBucket(ofShort:_:)`` is `home`, found before (its hash is not computed again).
        @inline(__always)
        func emptyBucket(
            forShortPrintable low: UInt64, _ high: UInt64, home: Int, in ids: UnsafeBufferPointer<NodeID>
        ) -> Int {
            // `homeBucket` is -1 for an identifier not stored inline (or no inline layout).
            guard home >= 0 else { return Probe.notShortPrintable }
            let count = Int((high >> 56) & 0xF)
            let rest = high & 0x00FF_FFFF_FFFF_FFFF
            guard count > 0, Probe.isPrintable(low, bytes: Swift.min(count, 8)),
                count <= 8 || Probe.isPrintable(rest, bytes: count - 8)
            else { return Probe.notShortPrintable }
            var bucket = home
            guard let stored = ids.baseAddress else { return buckets[bucket] < 0 ? bucket : Probe.taken }
            let raw = UnsafeRawPointer(stored)
            while true {
                let entry = buckets[bucket]
                if entry < 0 { return bucket }
                let offset = Int(entry) &* MemoryLayout<NodeID>.stride
                if raw.load(fromByteOffset: offset, as: UInt64.self) == low
                    && raw.load(fromByteOffset: offset + 8, as: UInt64.self) == high
                {
                    return Probe.taken
                }
                bucket = (bucket + 1) & mask
            }
        }

        /// The bucket where the probe for the identifier whose bits these are starts, when it is
        /// stored inline (its bytes are not checked); -1 for any other. To fetch that bucket
        /// ahead of the probe (see ``ColumnBatch``'s prefetching) and start the probe there.
        @inline(__always) func homeBucket(ofShort low: UInt64, _ high: UInt64) -> Int {
            guard inlineLayout, high & Probe.smallFlag != 0 else { return -1 }
            return shortHash(low, high & 0x00FF_FFFF_FFFF_FFFF, count: Int((high >> 56) & 0xF)) & mask
        }

        /// ``emptyBucket(forShortPrintable:_:in:)``'s answer for an identifier the table holds.
        static let taken = -1
        /// ``emptyBucket(forShortPrintable:_:in:)``'s answer for an identifier it does not decide.
        static let notShortPrintable = -2

        /// Whether the low `bytes` (1–8) bytes of `word` are all printable ASCII (0x20–0x7E),
        /// eight at a time: the bytes above them are taken as spaces.
        @inline(__always) static func isPrintable(_ word: UInt64, bytes: Int) -> Bool {
            let kept = UInt64.max &>> UInt64(64 - 8 * bytes)
            let x = (word & kept) | (0x2020_2020_2020_2020 & ~kept)
            let high: UInt64 = 0x8080_8080_8080_8080
            // A byte below 0x20, or one of 0x7F and above (the first byte found is exact; a borrow
            // or carry can only mark bytes above one already marked).
            let below = (x &- 0x2020_2020_2020_2020) & ~x & high
            let above = ((x &+ 0x0101_0101_0101_0101) | x) & high
            return below | above == 0
        }

        /// Whether a string is stored inline (meaningful when ``inlineLayoutHolds``).
        @inline(__always) static func isInline(_ text: String) -> Bool {
            isInline(unsafeBitCast(text, to: (UInt64, UInt64).self))
        }

        /// Whether a string with these bits is stored inline (meaningful when ``inlineLayoutHolds``).
        @inline(__always) static func isInline(_ bits: (UInt64, UInt64)) -> Bool { bits.1 & smallFlag != 0 }

        /// Whether this platform's strings are laid out as ``inlineWords(_:)`` reads them: checked
        /// once on sample strings; when it does not hold, every id is hashed from its bytes.
        static let inlineLayoutHolds: Bool = {
            guard MemoryLayout<String>.size == 16, UInt64(littleEndian: 1) == 1 else { return false }
            let large = String(repeating: "x", count: 40)
            for sample in [
                "", "a", "n12345", "héllo", "12345678", "123456789", "abcdefghijklmno",
                String(large.prefix(7)),
            ] {
                var text = sample
                let (low, high) = unsafeBitCast(text, to: (UInt64, UInt64).self)
                guard high & smallFlag != 0, Int((high >> 56) & 0xF) == text.utf8.count else { return false }
                let matches = text.withUTF8 { bytes -> Bool in
                    guard let base = bytes.baseAddress else {
                        return low == 0 && high & 0x00FF_FFFF_FFFF_FFFF == 0
                    }
                    let raw = UnsafeRawPointer(base), count = bytes.count
                    let expectedLow = load(raw, min(count, 8))
                    let expectedHigh = count > 8 ? load(raw + 8, count - 8) : 0
                    return low == expectedLow && high & 0x00FF_FFFF_FFFF_FFFF == expectedHigh
                }
                guard matches else { return false }
            }
            // A string too long to be inline must not look inline.
            let (_, high) = unsafeBitCast(large, to: (UInt64, UInt64).self)
            return high & smallFlag == 0
        }()

        /// Whether two identifiers are the same string value: one object, or the same inline value
        /// (which implies the same bytes; different bits may still be the same bytes).
        @inline(__always) static func sameBits(_ a: NodeID, _ b: NodeID) -> Bool {
            unsafeBitCast(a.rawValue, to: (UInt64, UInt64).self)
                == unsafeBitCast(b.rawValue, to: (UInt64, UInt64).self)
        }

        /// Whether a stored identifier has exactly these UTF-8 bytes. Stored identifiers are mostly
        /// small (inline) strings and a looked-up one often is not, so comparing bytes is quicker
        /// than `String ==` (which would take its general path for the two representations).
        @inline(__always) static func matches(
            _ stored: NodeID, _ query: NodeID, _ bytes: UnsafeBufferPointer<UInt8>
        ) -> Bool {
            if sameBits(stored, query) { return true }
            var text = stored.rawValue
            let count = bytes.count
            guard text.utf8.count == count else { return false }
            return text.withUTF8 { storedBytes in
                let a = UnsafeRawPointer(storedBytes.baseAddress!), b = UnsafeRawPointer(bytes.baseAddress!)
                guard count >= 8 else {
                    for offset in 0..<count
                    where a.load(fromByteOffset: offset, as: UInt8.self)
                        != b.load(fromByteOffset: offset, as: UInt8.self)
                    {
                        return false
                    }
                    return true
                }
                // Eight bytes at a time, the last word overlapping the one before.
                var offset = 0
                while offset + 8 < count {
                    if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    {
                        return false
                    }
                    offset += 8
                }
                return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
        }

        /// The index stored for the identifier with these UTF-8 bytes (whose ``hash(_:)`` is
        /// `hash`), without retaining anything.
        @inline(__always)
        func index(
            of id: NodeID, bytes: UnsafeBufferPointer<UInt8>, hash: Int, in ids: UnsafeBufferPointer<NodeID>
        ) -> Int32? {
            guard bytes.count > 0 else { return nil }  // the empty id is never stored
            var bucket = hash & mask
            while true {
                let entry = buckets[bucket]
                if entry < 0 { return nil }
                if Probe.matches(ids[Int(entry)], id, bytes) { return entry }
                bucket = (bucket + 1) & mask
            }
        }

        /// The index stored for `id`, comparing candidates against `ids`.
        func index(of id: NodeID, in ids: UnsafeBufferPointer<NodeID>) -> Int32? {
            if let words = inlineWords(id) {
                // Stored ids of up to 15 bytes are inline too (``NodeID/compacted``), so a stored id
                // with these bytes has these very bits.
                guard words.count > 0 else { return nil }
                var bucket = shortHash(words.0, words.1, count: words.count) & mask
                while true {
                    let entry = buckets[bucket]
                    if entry < 0 { return nil }
                    if Probe.sameBits(ids[Int(entry)], id) { return entry }
                    bucket = (bucket + 1) & mask
                }
            }
            var text = id.rawValue
            return text.withUTF8 { index(of: id, bytes: $0, hash: hash($0), in: ids) }
        }
    }

    /// Adds `index` for `id`; the caller guarantees `id` is not present.
    mutating func insert(_ id: NodeID, index: Int32, ids: UnsafeBufferPointer<NodeID>) {
        insert(index, hash: probe.hash(id), ids: ids)
    }

    /// Adds `index` for an identifier whose ``probe.hash(_:)`` is `hash`; the caller guarantees the
    /// identifier is not present.
    mutating func insert(_ index: Int32, hash: Int, ids: UnsafeBufferPointer<NodeID>) {
        if (count + 1) * 2 > table.capacity { rehash(to: table.capacity * 2, ids: ids) }
        var bucket = hash & probe.mask
        while probe.buckets[bucket] >= 0 { bucket = (bucket + 1) & probe.mask }
        probe.buckets[bucket] = index
        count += 1
    }

    /// Whether `extra` more identifiers fit while the table stays at most half full.
    func hasRoom(for extra: Int) -> Bool { (count + extra) * 2 <= table.capacity }

    /// Puts `index` in `bucket`, the empty bucket ``Probe/emptyBucket(forShortPrintable:_:in:)``
    /// found for its identifier; the caller has reserved room (``reserve(_:ids:)``), so the table
    /// stays at most half full.
    @inline(__always) mutating func insert(_ index: Int32, inEmpty bucket: Int) {
        assert((count + 1) * 2 <= table.capacity, "an id table without room reserved")
        probe.buckets[bucket] = index
        count += 1
    }

    /// Removes the entry for `id`, shifting back the entries that probed past it.
    mutating func remove(_ id: NodeID, ids: UnsafeBufferPointer<NodeID>) {
        var text = id.rawValue
        let start: Int? = text.withUTF8 { bytes in
            var bucket = probe.hash(bytes) & probe.mask
            while true {
                let entry = probe.buckets[bucket]
                if entry < 0 { return nil }
                if IDTable.Probe.matches(ids[Int(entry)], id, bytes) { return bucket }
                bucket = (bucket + 1) & probe.mask
            }
        }
        guard let start else { return }
        var hole = start
        var next = (hole + 1) & probe.mask
        while probe.buckets[next] >= 0 {
            let home = probe.hash(ids[Int(probe.buckets[next])]) & probe.mask
            // Move the entry back if its home is not in the cyclic range (hole, next].
            let distanceToHole = (next &- home) & probe.mask
            let distanceToNext = (next &- hole) & probe.mask
            if distanceToHole >= distanceToNext {
                probe.buckets[hole] = probe.buckets[next]
                hole = next
            }
            next = (next + 1) & probe.mask
        }
        probe.buckets[hole] = -1
        count -= 1
    }

    /// Makes room for `capacity` identifiers without rehashing.
    mutating func reserve(_ capacity: Int, ids: UnsafeBufferPointer<NodeID>) {
        var size = table.capacity
        while size < capacity * 2 { size <<= 1 }
        if size > table.capacity { rehash(to: size, ids: ids) }
    }

    private mutating func rehash(to size: Int, ids: UnsafeBufferPointer<NodeID>) {
        let oldTable = table
        let old = oldTable.columns.bucket
        let oldSize = oldTable.capacity
        table = ColumnTable(capacity: size)
        probe.buckets = table.columns.bucket
        probe.mask = size - 1
        withExtendedLifetime(oldTable) {
            for index in 0..<oldSize where old[index] >= 0 {
                let entry = old[index]
                var bucket = probe.hash(ids[Int(entry)]) & probe.mask
                while probe.buckets[bucket] >= 0 { bucket = (bucket + 1) & probe.mask }
                probe.buckets[bucket] = entry
            }
        }
    }
}

extension NodeID {
    /// The same identifier, re-created so that a short one (up to 15 UTF-8 bytes on 64-bit
    /// platforms) is stored inline as a small string. Copies of an inline string need no
    /// reference counting, which keeps handing out identifiers (`Change.recomputed`,
    /// `topologicalOrder()`) free of atomic operations. Longer identifiers are returned as they are.
    var compacted: NodeID {
        var text = rawValue
        if IDTable.Probe.inlineLayoutHolds && IDTable.Probe.isInline(text) { return self }
        guard text.utf8.count <= 15 else { return self }
        return text.withUTF8 { NodeID(String(decoding: $0, as: UTF8.self)) }
    }
}

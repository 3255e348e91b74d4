import NodeGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The nodes of a list by id, for resolving inputs: which node an input's text names.
///
/// When every id of the list is ASCII (as generated and most hand-written files' are), the ids
/// are found through an open-addressing table of node indices (4 bytes a bucket, at most half
/// full), hashed and compared as bytes: an input is looked up straight from its bytes in the
/// text, with no `String` made for it. ASCII texts are equal exactly when their bytes are. Any
/// other id sends the whole list to a dictionary of `NodeID`s, which compares them as Swift
/// strings do (canonical equivalence); so does an input whose text is not ASCII, since such a
/// text may still equal an ASCII id (`"\u212A"`, the Kelvin sign, equals `"K"`).
struct FileIDIndex {
    /// Per bucket, a node index or -1 (the table of ASCII ids).
    private var buckets: [Int32] = []
    private var mask = 0
    /// The ids by `NodeID`, when some id is not ASCII, or once an input's text is not.
    private var dictionary: [NodeID: Int32]?
    /// The per-process seed of the byte hash, so that no file can be crafted whose ids all
    /// collide (which would make resolving quadratic). Zero when `SWIFT_DETERMINISTIC_HASHING` is
    /// set, as the standard library's hashing does, for reproducible measurements.
    private static let seed: UInt64 =
        getenv("SWIFT_DETERMINISTIC_HASHING") != nil ? 0 : UInt64.random(in: 0...UInt64.max) | 1

    /// Indexes `ids` (a `nil` one is skipped); `duplicate` is told of each id that an earlier
    /// node already has (`node`, the earlier node), which keeps the earlier node.
    /// - Complexity: O(*n*) in ids and their length.
    init(_ ids: [NodeID?], duplicate: (_ node: Int, _ earlier: Int32) -> Void) {
        let ascii = ids.allSatisfy { id in id.map { FileIDIndex.isASCII($0) } ?? true }
        guard ascii else {
            var dictionary: [NodeID: Int32] = [:]
            dictionary.reserveCapacity(ids.count)
            for (node, id) in ids.enumerated() {
                guard let id else { continue }
                if let earlier = dictionary[id] {
                    duplicate(node, earlier)
                } else {
                    dictionary[id] = Int32(node)
                }
            }
            self.dictionary = dictionary
            return
        }
        var size = 16
        while size < ids.count * 2 { size <<= 1 }
        buckets = [Int32](repeating: -1, count: size)
        mask = size - 1
        for (node, id) in ids.enumerated() {
            guard let id else { continue }
            var text = id.rawValue
            text.withUTF8 { bytes in
                var bucket = FileIDIndex.hash(bytes) & mask
                while true {
                    let entry = buckets[bucket]
                    if entry < 0 {
                        buckets[bucket] = Int32(node)
                        return
                    }
                    if FileIDIndex.id(ids[Int(entry)], equals: bytes) {
                        duplicate(node, entry)
                        return
                    }
                    bucket = (bucket + 1) & mask
                }
            }
        }
    }

    /// The node each input names, given where each input's JSON string starts in `text` (its
    /// opening quote, escapes checked by the reader); -1 for `none` and for a name no node has.
    ///
    /// Inputs are looked up a batch at a time: first every hash, then every first bucket, then
    /// the id each of those holds, then the comparisons, so that the batch's reads of the table
    /// and of the ids (each a likely cache miss over a million nodes) are made together rather
    /// than one after another.
    /// - Parameters:
    ///   - offsets: Where each input's string starts (as a `UInt32`, or its bit pattern), or
    ///     `none`.
    ///   - ids: The ids indexed (``init(_:duplicate:)``).
    /// - Returns: One node an offset, in the offsets' order.
    /// - Complexity: O(*m*), the inputs' total length, when every id is ASCII.
    mutating func nodes<Offsets: RandomAccessCollection>(
        namedAt offsets: Offsets, none: Offsets.Element, in text: UnsafeBufferPointer<UInt8>, ids: [NodeID?]
    ) -> [Int32] where Offsets.Element: FixedWidthInteger, Offsets.Index == Int {
        let first = offsets.startIndex
        var result = [Int32](repeating: -1, count: offsets.count)
        let batch = 16
        // Per input of the batch: where its plain ASCII text starts (-1: another kind of input),
        // its length and its hash.
        var starts = [Int](repeating: -1, count: batch)
        var counts = [Int](repeating: 0, count: batch)
        var hashes = [Int](repeating: 0, count: batch)
        var candidates = [Int32](repeating: -1, count: batch)
        var batchStart = 0
        while batchStart < offsets.count {
            let size = Swift.min(batch, offsets.count - batchStart)
            for item in 0..<size {
                starts[item] = -1
                let offset = offsets[first + batchStart + item]
                guard offset != none, dictionary == nil,
                    let range = FileIDIndex.plainASCII(at: FileIDIndex.position(offset), in: text)
                else { continue }
                starts[item] = range.lowerBound
                counts[item] = range.count
                hashes[item] = FileIDIndex.hash(UnsafeBufferPointer(rebasing: text[range]))
            }
            for item in 0..<size where starts[item] >= 0 { candidates[item] = buckets[hashes[item] & mask] }
            var read: UInt64 = 0
            ids.withUnsafeBytes { raw in
                for item in 0..<size where starts[item] >= 0 && candidates[item] >= 0 {
                    read &+= raw.load(
                        fromByteOffset: Int(candidates[item]) * MemoryLayout<NodeID?>.stride, as: UInt64.self)
                }
            }
            readSum &+= read  // kept, so that the reads are made
            for item in 0..<size {
                let position = batchStart + item
                if starts[item] >= 0 {
                    let bytes = UnsafeBufferPointer(
                        rebasing: text[starts[item]..<starts[item] + counts[item]])
                    result[position] = node(named: bytes, hash: hashes[item], ids: ids) ?? -1
                } else if offsets[first + position] != none {
                    result[position] =
                        node(namedAt: FileIDIndex.position(offsets[first + position]), in: text, ids: ids)
                        ?? -1
                }
            }
            batchStart += size
        }
        return result
    }

    /// The position an offset given to ``nodes(namedAt:none:in:ids:)`` stands for: the offset
    /// read as a `UInt32`.
    @inline(__always) private static func position(_ offset: some FixedWidthInteger) -> Int {
        Int(UInt32(truncatingIfNeeded: offset))
    }

    /// The sum of the words read ahead by ``nodes(namedAt:none:in:ids:)``, which only keeps
    /// those reads from being left out.
    private var readSum: UInt64 = 0

    /// Where the text of the JSON string starting at `offset` lies, when it is ASCII without
    /// escapes; `nil` otherwise.
    private static func plainASCII(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var end = offset + 1
        var plainASCII = true
        while text[end] != UInt8(ascii: "\"") {
            let byte = text[end]
            if byte == UInt8(ascii: "\\") {
                plainASCII = false
                end += 2
            } else {
                if byte >= 0x80 { plainASCII = false }
                end += 1
            }
        }
        return plainASCII ? offset + 1..<end : nil
    }

    /// The node whose id the JSON string starting at `offset` in `text` (its opening quote,
    /// escapes checked by the reader) names; `nil` when none does.
    /// - Parameter ids: The ids indexed (``init(_:duplicate:)``).
    /// - Complexity: O(*m*), the string's length, when every id is ASCII.
    mutating func node(namedAt offset: Int, in text: UnsafeBufferPointer<UInt8>, ids: [NodeID?]) -> Int32? {
        if dictionary == nil, let range = FileIDIndex.plainASCII(at: offset, in: text) {
            let bytes = UnsafeBufferPointer(rebasing: text[range])
            return node(named: bytes, hash: FileIDIndex.hash(bytes), ids: ids)
        }
        let id = NodeID(JSONDocument.string(at: offset, in: text))
        if dictionary == nil {
            if FileIDIndex.isASCII(id) {
                var text = id.rawValue
                return text.withUTF8 { node(named: $0, hash: FileIDIndex.hash($0), ids: ids) }
            }
            // Not ASCII, yet it may equal an ASCII id as a string: ask a dictionary of them all.
            var dictionary: [NodeID: Int32] = [:]
            dictionary.reserveCapacity(ids.count)
            for bucket in buckets where bucket >= 0 { dictionary[ids[Int(bucket)]!] = bucket }
            self.dictionary = dictionary
        }
        return dictionary?[id]
    }

    /// The node whose id is these ASCII bytes, whose hash is `hash`, in the table.
    private func node(named bytes: UnsafeBufferPointer<UInt8>, hash: Int, ids: [NodeID?]) -> Int32? {
        var bucket = hash & mask
        while true {
            let entry = buckets[bucket]
            if entry < 0 { return nil }
            if FileIDIndex.id(ids[Int(entry)], equals: bytes) { return entry }
            bucket = (bucket + 1) & mask
        }
    }

    private static func isASCII(_ id: NodeID) -> Bool {
        var text = id.rawValue
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }

    @inline(__always) private static func id(_ id: NodeID?, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool
    {
        var text = id!.rawValue
        return text.withUTF8 { stored in
            stored.count == bytes.count
                && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
    }

    /// A multiply-xorshift hash over the bytes, eight at a time.
    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var hash: UInt64 = (0x9E37_79B9_7F4A_7C15 ^ seed) ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress, count > 0 else { return Int(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= count {
            hash =
                (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        if offset < count {
            // The last 1–7 bytes, zero above them.
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) {
                $0.baseAddress!.copyMemory(from: raw + offset, byteCount: count - offset)
            }
            hash = (hash ^ UInt64(littleEndian: word)) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}

/// A coarse grid of buckets over the plane that finds the rectangles overlapping a region
/// without looking at the others: what keeps a frame's cost proportional to what is visible.
///
/// Each key is filed under every bucket its rectangle touches; a rectangle that would touch very
/// many buckets (a long link across the canvas) is kept in a short list checked on every query.
/// Keys are small non-negative numbers (a scene's node numbers and link handles), so where a key
/// is filed is found by indexing, without hashing.
///
/// A key's rectangle is kept once, in a column by key, in 32-bit coordinates (16 bytes; the rare
/// rectangle beyond them is kept whole on the side); the buckets and the short list hold keys
/// alone (4 bytes an entry), and a query reads the rectangle of each key it meets from the
/// column. So a key costs 20 bytes and 4 bytes per bucket it touches, and rewriting a rectangle
/// that stays in the same buckets touches no bucket.
package struct SpatialIndex: Sendable {
    package typealias Key = Int32

    /// `places[key]` of a key not filed.
    private static let notFiled: Int32 = -1
    /// `places[key]` of a key filed in buckets.
    private static let inBuckets: Int32 = -2

    /// The width of a bucket, in cells.
    let bucketWidth: Int
    /// The height of a bucket, in cells.
    let bucketHeight: Int
    /// The buckets ever filled, by coordinate, and the keys each holds (by the table's numbers).
    private var bucketTable = BucketTable()
    private var buckets: [[Key]] = []
    /// The keys too large for buckets (a query checks each one's rectangle).
    private var largeKeys: [Key] = []
    /// Per key: where it is filed: `notFiled`, `inBuckets`, or its place in `largeKeys`.
    private var places: [Int32] = []
    /// Per key: its rectangle; meaningful where the key is filed.
    private var rects: [NarrowRect] = []
    /// The rectangles beyond 32-bit coordinates, by key (their `rects` entry says so).
    private var wideRects: [Key: Rect] = [:]
    /// The number of keys filed.
    package private(set) var count = 0
    /// The most buckets a rectangle is filed under; one that would touch more is kept in the
    /// short list instead.
    let largeThreshold: Int

    /// Creates an empty index.
    /// - Parameters:
    ///   - bucketWidth: The width of a bucket.
    ///   - bucketHeight: The height of a bucket.
    ///   - largeThreshold: The most buckets a rectangle is filed under; one that would touch
    ///     more is kept in a list that every query scans (filing it costs one entry instead).
    package init(bucketWidth: Int = 32, bucketHeight: Int = 16, largeThreshold: Int = 64) {
        self.bucketWidth = max(1, bucketWidth)
        self.bucketHeight = max(1, bucketHeight)
        self.largeThreshold = max(1, largeThreshold)
    }

    /// Makes room for the keys below a number, so filing them never grows (and copies) the
    /// per-key columns by doubling: opening a graph files every node and link once, and the
    /// columns are then their exact size.
    /// - Parameter keys: One more than the largest key to be filed.
    /// - Complexity: O(*k*).
    package mutating func reserveKeys(below keys: Int) {
        guard keys > places.count else { return }
        extend(to: keys)
    }

    /// Makes the per-key columns `keys` long.
    private mutating func extend(to keys: Int) {
        rects.reserveCapacity(keys)
        places.reserveCapacity(keys)
        rects.append(contentsOf: repeatElement(NarrowRect(.zero)!, count: keys - rects.count))
        places.append(contentsOf: repeatElement(Self.notFiled, count: keys - places.count))
    }

    /// The rectangle filed under a key.
    /// - Parameter key: The key.
    package subscript(key: Key) -> Rect? {
        let slot = Int(key)
        return slot >= 0 && slot < places.count && places[slot] != Self.notFiled
            ? storedRect(of: key, in: rects) : nil
    }

    /// A filed key's rectangle, read from the column (or, beyond 32 bits, the side table).
    @inline(__always) private func storedRect(of key: Key, in rects: UnsafeBufferPointer<NarrowRect>) -> Rect
    {
        let narrow = rects[Int(key)]
        return narrow.isWide ? wideRects[key]! : narrow.rect
    }

    @inline(__always) private func storedRect(of key: Key, in rects: [NarrowRect]) -> Rect {
        let narrow = rects[Int(key)]
        return narrow.isWide ? wideRects[key]! : narrow.rect
    }

    /// Keeps a key's rectangle in the column, or on the side when it is beyond 32 bits.
    private static func store(
        _ rect: Rect, key: Key, in rects: UnsafeMutableBufferPointer<NarrowRect>, wide: inout [Key: Rect]
    ) {
        if let narrow = NarrowRect(rect) {
            rects[Int(key)] = narrow
            if !wide.isEmpty { wide[key] = nil }
        } else {
            rects[Int(key)] = .wide
            wide[key] = rect
        }
    }

    /// The bytes the index holds (its columns, buckets, short list and bucket table, with their
    /// spare capacity), for tests and diagnostics.
    package var byteCount: Int {
        keyBytes + largeKeys.capacity * MemoryLayout<Key>.stride + buckets.capacity
            * MemoryLayout<[Key]>.stride
            + buckets.reduce(0) { $0 + $1.capacity * MemoryLayout<Key>.stride } + bucketTable.byteCount
    }

    /// The bytes the per-key columns hold (each key's rectangle and place, with their spare
    /// capacity, and the rectangles kept on the side), for tests and diagnostics.
    package var keyBytes: Int {
        rects.capacity * MemoryLayout<NarrowRect>.stride + places.capacity * MemoryLayout<Int32>.stride
            + wideRects.capacity * (MemoryLayout<Key>.stride + MemoryLayout<Rect>.stride)
    }

    private func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    private func bucketRange(of rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        return (
            floorDivide(rect.minX, bucketWidth)...floorDivide(max(rect.minX, right), bucketWidth),
            floorDivide(rect.minY, bucketHeight)...floorDivide(max(rect.minY, bottom), bucketHeight)
        )
    }

    /// Files a key under a rectangle, replacing where it was filed before.
    /// - Parameters:
    ///   - key: The key.
    ///   - rect: Its rectangle.
    /// - Complexity: O(*b*), the buckets the old and new rectangles touch.
    package mutating func update(_ key: Key, rect: Rect) {
        let slot = Int(key)
        precondition(slot >= 0, "a spatial index's keys are not negative")
        if slot >= places.count { extend(to: max(slot + 1, places.count * 2)) }
        let place = places[slot]
        let old: Rect? = place == Self.notFiled ? nil : storedRect(of: key, in: rects)
        if old == rect { return }
        if let narrow = NarrowRect(rect) {
            rects[slot] = narrow
            if !wideRects.isEmpty { wideRects[key] = nil }
        } else {
            rects[slot] = .wide
            wideRects[key] = rect
        }
        if old == nil { count += 1 }
        let range = bucketRange(of: rect)
        let isLarge = range.columns.count * range.rows.count > largeThreshold
        if let old {
            // Still in the short list, or in the same buckets (a small move): only the
            // rectangle, rewritten above, changes.
            if isLarge && place >= 0 { return }
            if !isLarge && place == Self.inBuckets && bucketRange(of: old) == range { return }
            unfile(key, from: old)
        }
        if isLarge {
            places[slot] = Int32(largeKeys.count)
            largeKeys.append(key)
            return
        }
        places[slot] = Self.inBuckets
        Self.file(key, in: range, buckets: &buckets, table: &bucketTable)
    }

    /// Adds a key to each bucket of a range, making the buckets it is the first in.
    private static func file(
        _ key: Key, in range: (columns: ClosedRange<Int>, rows: ClosedRange<Int>), buckets: inout [[Key]],
        table: inout BucketTable
    ) {
        for row in range.rows {
            for column in range.columns {
                let (number, isNew) = table.insert(BucketTable.pack(column: column, row: row))
                if isNew { buckets.append([]) }
                buckets[number].append(key)
            }
        }
    }

    /// Files many keys into an emptied index (see `removeAll()`), each under its rectangle, as
    /// `update(_:rect:)` would one by one: no key is looked for where it was filed before, and
    /// the index's arrays are written as local arrays, not through the index at each key.
    /// - Parameter entries: The keys, each at most once, and their rectangles.
    /// - Complexity: O(*k* + *b*), the keys and the buckets they touch.
    package mutating func fillEmptied(with entries: [(key: Key, rect: Rect)]) {
        precondition(count == 0, "only an emptied index is filled at once")
        let end = Int(entries.lazy.map(\.key).max() ?? -1) + 1
        if end > places.count { extend(to: max(end, places.count * 2)) }
        var rects = self.rects, places = self.places, buckets = self.buckets, largeKeys = self.largeKeys
        var bucketTable = self.bucketTable, wideRects = self.wideRects
        self.rects = []
        self.wideRects = [:]
        self.places = []
        self.buckets = []
        self.largeKeys = []
        self.bucketTable = BucketTable()
        rects.withUnsafeMutableBufferPointer { rects in
            places.withUnsafeMutableBufferPointer { places in
                for (key, rect) in entries {
                    let slot = Int(key)
                    precondition(
                        slot >= 0 && places[slot] == Self.notFiled, "each key is filed once, none negative")
                    Self.store(rect, key: key, in: rects, wide: &wideRects)
                    let range = bucketRange(of: rect)
                    if range.columns.count * range.rows.count > largeThreshold {
                        places[slot] = Int32(largeKeys.count)
                        largeKeys.append(key)
                        continue
                    }
                    places[slot] = Self.inBuckets
                    Self.file(key, in: range, buckets: &buckets, table: &bucketTable)
                }
            }
        }
        self.rects = rects
        self.places = places
        self.buckets = buckets
        self.largeKeys = largeKeys
        self.bucketTable = bucketTable
        self.wideRects = wideRects
        count = entries.count
    }

    /// Forgets a key.
    /// - Parameter key: The key.
    /// - Complexity: O(*b* × *k*), the buckets it touched times their sizes.
    package mutating func remove(_ key: Key) {
        guard let rect = self[key] else { return }
        count -= 1
        unfile(key, from: rect)
        places[Int(key)] = Self.notFiled
        if !wideRects.isEmpty { wideRects[key] = nil }
    }

    /// Takes a key out of the buckets its rectangle `rect` was filed under (or the large list).
    private mutating func unfile(_ key: Key, from rect: Rect) {
        let place = Int(places[Int(key)])
        if place >= 0 {
            // The last key takes the place (as an array's swap and remove of the last).
            largeKeys.swapAt(place, largeKeys.count - 1)
            largeKeys.removeLast()
            if place < largeKeys.count { places[Int(largeKeys[place])] = Int32(place) }
            return
        }
        let range = bucketRange(of: rect)
        for row in range.rows {
            for column in range.columns {
                guard let number = bucketTable.number(of: BucketTable.pack(column: column, row: row)),
                    let index = buckets[number].firstIndex(of: key)
                else { continue }
                buckets[number].swapAt(index, buckets[number].count - 1)
                buckets[number].removeLast()
            }
        }
    }

    /// Forgets every key.
    /// The buckets stay, emptied with their room kept: an index is emptied to be filled again,
    /// often with as many keys in the same places (an arrangement of the whole graph), and
    /// refilling kept buckets allocates nothing.
    package mutating func removeAll() {
        for number in buckets.indices { buckets[number].removeAll(keepingCapacity: true) }
        largeKeys = []
        wideRects = [:]
        for slot in places.indices { places[slot] = Self.notFiled }
        count = 0
    }

    /// The keys whose rectangles overlap a region, each once, in no particular order.
    /// - Parameter region: The region.
    /// - Returns: The keys.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    package func query(_ region: Rect) -> [Key] { entries(in: region).map(\.key) }

    /// The keys whose rectangles overlap a region, with their rectangles, each once.
    /// - Parameter region: The region.
    /// - Returns: The keys and rectangles.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    package func entries(in region: Rect) -> [(key: Key, rect: Rect)] {
        var result: [(key: Key, rect: Rect)] = []
        forEachEntry(in: region) { key, rect in result.append((key, rect)) }
        forEachLargeEntry(in: region) { key, rect in result.append((key, rect)) }
        return result
    }

    /// Appends the rectangles that overlap a region, each key's once, without the keys.
    /// - Parameters:
    ///   - region: The region.
    ///   - result: Receives the rectangles, in no particular order.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    func appendRects(in region: Rect, to result: inout [Rect]) {
        forEachEntry(in: region) { _, rect in result.append(rect) }
        forEachLargeEntry(in: region) { _, rect in result.append(rect) }
    }

    /// Appends the keys whose rectangles overlap a region, each once, to a buffer kept by the
    /// caller (no array is made per query).
    /// - Parameters:
    ///   - region: The region.
    ///   - result: Receives the keys, in no particular order.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    func appendKeys(in region: Rect, to result: inout [Key]) {
        forEachEntry(in: region) { key, _ in result.append(key) }
        forEachLargeEntry(in: region) { key, _ in result.append(key) }
    }

    /// Calls `body` with each key of the short list whose rectangle overlaps a region.
    private func forEachLargeEntry(in region: Rect, _ body: (Key, Rect) -> Void) {
        rects.withUnsafeBufferPointer { rects in
            for key in largeKeys {
                let rect = storedRect(of: key, in: rects)
                if rect.intersects(region) { body(key, rect) }
            }
        }
    }

    /// Calls `body` with each bucket entry overlapping a region, each key once (from the bucket
    /// holding the top-left cell of the overlap); keys in the short list are not visited.
    private func forEachEntry(in region: Rect, _ body: (Key, Rect) -> Void) {
        guard !region.isEmpty else { return }
        let range = bucketRange(of: region)
        rects.withUnsafeBufferPointer { rects in
            for row in range.rows {
                // A rectangle filed here reaches below the bucket's top and starts above its
                // bottom, and so does the region: the overlap's top row is in this bucket exactly
                // when it is not above the bucket's top.
                let top = row * bucketHeight
                for column in range.columns {
                    guard let number = bucketTable.number(of: BucketTable.pack(column: column, row: row))
                    else {
                        continue
                    }
                    let left = column * bucketWidth
                    for key in buckets[number] {
                        let rect = storedRect(of: key, in: rects)
                        guard rect.intersects(region) else { continue }
                        if max(rect.minX, region.minX) >= left && max(rect.minY, region.minY) >= top {
                            body(key, rect)
                        }
                    }
                }
            }
        }
    }
}

/// A rectangle in 32-bit coordinates, as a ``SpatialIndex`` keeps it (16 bytes, where a ``Rect``
/// takes 32): a graph keeps positions in 32 bits, so every box and link of a canvas fits but
/// those at its very edge, which the index keeps whole on the side (marked by a negative width).
struct NarrowRect: Sendable {
    private var x: Int32
    private var y: Int32
    private var width: Int32
    private var height: Int32

    /// The mark of a rectangle kept on the side.
    static let wide = NarrowRect(x: 0, y: 0, width: -1, height: 0)

    private init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle in 32 bits, or `nil` when a corner lies beyond them.
    init?(_ rect: Rect) {
        guard let x = Int32(exactly: rect.x), let y = Int32(exactly: rect.y),
            let width = Int32(exactly: rect.width), let height = Int32(exactly: rect.height),
            Int32(exactly: rect.maxX) != nil, Int32(exactly: rect.maxY) != nil
        else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    /// Whether the rectangle is kept on the side.
    var isWide: Bool { width < 0 }

    /// The rectangle.
    var rect: Rect { Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) }
}

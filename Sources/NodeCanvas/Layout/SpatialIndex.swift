/// A coarse grid of buckets over the plane that finds the rectangles overlapping a region
/// without looking at the others: what keeps a frame's cost proportional to what is visible.
///
/// Each key is filed under every bucket its rectangle touches; a rectangle that would touch very
/// many buckets (a long link across the canvas) is kept in a short list checked on every query.
/// Keys are small non-negative numbers (a scene's node numbers and link handles), so where a key
/// is filed is found by indexing, without hashing.
package struct SpatialIndex: Sendable {
    package typealias Key = Int32

    /// The keys filed under one bucket and their rectangles, side by side (a query scans the
    /// rectangles and touches a key only when it reports it).
    private struct Contents: Sendable {
        var keys: [Key] = []
        var rects: [Rect] = []

        mutating func append(_ key: Key, _ rect: Rect) {
            keys.append(key)
            rects.append(rect)
        }

        mutating func remove(at index: Int) {
            keys.swapAt(index, keys.count - 1)
            keys.removeLast()
            rects.swapAt(index, rects.count - 1)
            rects.removeLast()
        }
    }

    /// The width of a bucket, in cells.
    let bucketWidth: Int
    /// The height of a bucket, in cells.
    let bucketHeight: Int
    /// The buckets ever filled, by coordinate, and what each holds (by the table's numbers).
    private var bucketTable = BucketTable()
    private var buckets: [Contents] = []
    /// The keys too large for buckets, with their rectangles side by side (a query scans the
    /// rectangles in one run), and where each key is in them.
    private var large = Contents()
    /// Per key: its place in `large`, or -1.
    private var largePlace: [Int32] = []
    /// Per key: its rectangle, when filed.
    private var rects: [Rect?] = []
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
        guard keys > rects.count else { return }
        rects.reserveCapacity(keys)
        largePlace.reserveCapacity(keys)
        rects.append(contentsOf: repeatElement(nil, count: keys - rects.count))
        largePlace.append(contentsOf: repeatElement(-1, count: keys - largePlace.count))
    }

    /// The rectangle filed under a key.
    /// - Parameter key: The key.
    package subscript(key: Key) -> Rect? { Int(key) < rects.count ? rects[Int(key)] : nil }

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
        if slot >= rects.count {
            let count = max(slot + 1, rects.count * 2)
            rects.append(contentsOf: repeatElement(nil, count: count - rects.count))
            largePlace.append(contentsOf: repeatElement(-1, count: count - largePlace.count))
        }
        let old = rects[slot]
        if old == rect { return }
        rects[slot] = rect
        if old == nil { count += 1 }
        let range = bucketRange(of: rect)
        let isLarge = range.columns.count * range.rows.count > largeThreshold
        if let old {
            let place = Int(largePlace[slot])
            if isLarge, place >= 0 {
                large.rects[place] = rect
                return
            }
            let oldRange = bucketRange(of: old)
            if !isLarge && oldRange == range && place < 0 {
                // The same buckets (a small move): the rectangle is rewritten where it is filed.
                forEachBucket(in: range, holding: key) { contents, index in contents.rects[index] = rect }
                return
            }
            unfile(key, from: old)
        }
        if isLarge {
            largePlace[slot] = Int32(large.keys.count)
            large.append(key, rect)
            return
        }
        for row in range.rows {
            for column in range.columns {
                let (number, isNew) = bucketTable.insert(BucketTable.pack(column: column, row: row))
                if isNew { buckets.append(Contents()) }
                buckets[number].append(key, rect)
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
        if end > rects.count {
            let count = max(end, rects.count * 2)
            rects.append(contentsOf: repeatElement(nil, count: count - rects.count))
            largePlace.append(contentsOf: repeatElement(-1, count: count - largePlace.count))
        }
        var rects = self.rects, largePlace = self.largePlace, buckets = self.buckets, large = self.large
        var bucketTable = self.bucketTable
        self.rects = []
        self.largePlace = []
        self.buckets = []
        self.large = Contents()
        self.bucketTable = BucketTable()
        rects.withUnsafeMutableBufferPointer { rects in
            for (key, rect) in entries {
                let slot = Int(key)
                precondition(slot >= 0 && rects[slot] == nil, "each key is filed once, none negative")
                rects[slot] = rect
                let range = bucketRange(of: rect)
                if range.columns.count * range.rows.count > largeThreshold {
                    largePlace[slot] = Int32(large.keys.count)
                    large.append(key, rect)
                    continue
                }
                for row in range.rows {
                    for column in range.columns {
                        let (number, isNew) = bucketTable.insert(BucketTable.pack(column: column, row: row))
                        if isNew { buckets.append(Contents()) }
                        buckets[number].append(key, rect)
                    }
                }
            }
        }
        self.rects = rects
        self.largePlace = largePlace
        self.buckets = buckets
        self.large = large
        self.bucketTable = bucketTable
        count = entries.count
    }

    /// Forgets a key.
    /// - Parameter key: The key.
    /// - Complexity: O(*b* × *k*), the buckets it touched times their sizes.
    package mutating func remove(_ key: Key) {
        guard let rect = self[key] else { return }
        rects[Int(key)] = nil
        count -= 1
        unfile(key, from: rect)
    }

    /// Takes a key out of the buckets its rectangle `rect` was filed under (or the large list).
    private mutating func unfile(_ key: Key, from rect: Rect) {
        let place = Int(largePlace[Int(key)])
        if place >= 0 {
            largePlace[Int(key)] = -1
            large.remove(at: place)
            if place < large.keys.count { largePlace[Int(large.keys[place])] = Int32(place) }
            return
        }
        forEachBucket(in: bucketRange(of: rect), holding: key) { contents, index in contents.remove(at: index)
        }
    }

    /// Calls `body` with each bucket of a range that holds `key`, and the key's place in it.
    private mutating func forEachBucket(
        in range: (columns: ClosedRange<Int>, rows: ClosedRange<Int>), holding key: Key,
        _ body: (inout Contents, Int) -> Void
    ) {
        for row in range.rows {
            for column in range.columns {
                guard let number = bucketTable.number(of: BucketTable.pack(column: column, row: row)),
                    let index = buckets[number].keys.firstIndex(of: key)
                else { continue }
                body(&buckets[number], index)
            }
        }
    }

    /// Forgets every key.
    /// The buckets stay, emptied with their room kept: an index is emptied to be filled again,
    /// often with as many keys in the same places (an arrangement of the whole graph), and
    /// refilling kept buckets allocates nothing.
    package mutating func removeAll() {
        for number in buckets.indices {
            buckets[number].keys.removeAll(keepingCapacity: true)
            buckets[number].rects.removeAll(keepingCapacity: true)
        }
        large = Contents()
        for slot in rects.indices {
            rects[slot] = nil
            largePlace[slot] = -1
        }
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
        forEachEntry(in: region) { contents, index in
            result.append((contents.keys[index], contents.rects[index]))
        }
        for index in large.rects.indices where large.rects[index].intersects(region) {
            result.append((large.keys[index], large.rects[index]))
        }
        return result
    }

    /// Appends the rectangles that overlap a region, each key's once, without the keys.
    /// - Parameters:
    ///   - region: The region.
    ///   - result: Receives the rectangles, in no particular order.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    func appendRects(in region: Rect, to result: inout [Rect]) {
        forEachEntry(in: region) { contents, index in result.append(contents.rects[index]) }
        for rect in large.rects where rect.intersects(region) { result.append(rect) }
    }

    /// Appends the keys whose rectangles overlap a region, each once, to a buffer kept by the
    /// caller (no array is made per query).
    /// - Parameters:
    ///   - region: The region.
    ///   - result: Receives the keys, in no particular order.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    func appendKeys(in region: Rect, to result: inout [Key]) {
        forEachEntry(in: region) { contents, index in result.append(contents.keys[index]) }
        for index in large.rects.indices where large.rects[index].intersects(region) {
            result.append(large.keys[index])
        }
    }

    /// Calls `body` with each bucket entry overlapping a region, each key once (from the bucket
    /// holding the top-left cell of the overlap); keys in `large` are not visited.
    private func forEachEntry(in region: Rect, _ body: (Contents, Int) -> Void) {
        guard !region.isEmpty else { return }
        let range = bucketRange(of: region)
        for row in range.rows {
            // A rectangle filed here reaches below the bucket's top and starts above its bottom,
            // and so does the region: the overlap's top row is in this bucket exactly when it is
            // not above the bucket's top.
            let top = row * bucketHeight
            for column in range.columns {
                guard let number = bucketTable.number(of: BucketTable.pack(column: column, row: row)) else {
                    continue
                }
                let contents = buckets[number]
                let left = column * bucketWidth
                for index in contents.rects.indices {
                    let rect = contents.rects[index]
                    guard rect.intersects(region) else { continue }
                    if max(rect.minX, region.minX) >= left && max(rect.minY, region.minY) >= top {
                        body(contents, index)
                    }
                }
            }
        }
    }
}

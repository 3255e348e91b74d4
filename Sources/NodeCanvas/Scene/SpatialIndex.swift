/// A coarse grid of buckets over the plane that finds the rectangles overlapping a region
/// without looking at the others: what keeps a frame's cost proportional to what is visible.
///
/// Each key is filed under every bucket its rectangle touches; a rectangle that would touch very
/// many buckets (a long link across the canvas) is kept in a short list checked on every query.
public struct SpatialIndex<Key: Hashable & Sendable>: Sendable {
    private struct Bucket: Hashable, Sendable {
        var column: Int
        var row: Int

        // One word to hash instead of two (a query looks up every bucket it touches).
        func hash(into hasher: inout Hasher) {
            hasher.combine(
                UInt64(UInt32(truncatingIfNeeded: column)) << 32 | UInt64(UInt32(truncatingIfNeeded: row)))
        }
    }

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
    public let bucketWidth: Int
    /// The height of a bucket, in cells.
    public let bucketHeight: Int
    private var buckets: [Bucket: Contents] = [:]
    private var large: Set<Key> = []
    private(set) var rects: [Key: Rect] = [:]
    private static var largeThreshold: Int { 64 }

    /// Creates an empty index.
    /// - Parameters:
    ///   - bucketWidth: The width of a bucket.
    ///   - bucketHeight: The height of a bucket.
    public init(bucketWidth: Int = 32, bucketHeight: Int = 16) {
        self.bucketWidth = max(1, bucketWidth)
        self.bucketHeight = max(1, bucketHeight)
    }

    /// The number of keys.
    public var count: Int { rects.count }

    /// The rectangle filed under a key.
    /// - Parameter key: The key.
    public subscript(key: Key) -> Rect? { rects[key] }

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
    public mutating func update(_ key: Key, rect: Rect) {
        if rects[key] == rect { return }
        remove(key)
        rects[key] = rect
        let range = bucketRange(of: rect)
        if range.columns.count * range.rows.count > Self.largeThreshold {
            large.insert(key)
            return
        }
        for row in range.rows {
            for column in range.columns {
                buckets[Bucket(column: column, row: row), default: Contents()].append(key, rect)
            }
        }
    }

    /// Forgets a key.
    /// - Parameter key: The key.
    /// - Complexity: O(*b* × *k*), the buckets it touched times their sizes.
    public mutating func remove(_ key: Key) {
        guard let rect = rects.removeValue(forKey: key) else { return }
        if large.remove(key) != nil { return }
        let range = bucketRange(of: rect)
        for row in range.rows {
            for column in range.columns {
                let bucket = Bucket(column: column, row: row)
                guard let index = buckets[bucket]?.keys.firstIndex(of: key) else { continue }
                buckets[bucket]!.remove(at: index)
                if buckets[bucket]!.keys.isEmpty { buckets[bucket] = nil }
            }
        }
    }

    /// Forgets every key.
    public mutating func removeAll() {
        buckets.removeAll()
        large.removeAll()
        rects.removeAll()
    }

    /// The keys whose rectangles overlap a region, each once, in no particular order.
    /// - Parameter region: The region.
    /// - Returns: The keys.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    public func query(_ region: Rect) -> [Key] { entries(in: region).map(\.key) }

    /// The keys whose rectangles overlap a region, with their rectangles, each once.
    /// - Parameter region: The region.
    /// - Returns: The keys and rectangles.
    /// - Complexity: O(*b* + *k*): the buckets the region touches and the keys filed there.
    public func entries(in region: Rect) -> [(key: Key, rect: Rect)] {
        var result: [(key: Key, rect: Rect)] = []
        forEachEntry(in: region) { contents, index in
            result.append((contents.keys[index], contents.rects[index]))
        }
        for key in large {
            if let rect = rects[key], rect.intersects(region) { result.append((key, rect)) }
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
        for key in large {
            if let rect = rects[key], rect.intersects(region) { result.append(rect) }
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
                guard let contents = buckets[Bucket(column: column, row: row)] else { continue }
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

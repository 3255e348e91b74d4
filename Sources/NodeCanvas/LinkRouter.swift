/// A cell position.
public struct Point: Hashable, Sendable {
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int

    /// Creates a point.
    /// - Parameters:
    ///   - x: The column.
    ///   - y: The row.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// Which cells links already use, so later links avoid running along them ambiguously.
struct LinkOccupancy {
    let region: Rect
    private var horizontalOwner: [Int32]
    private var verticalOwner: [Int32]

    init(region: Rect) {
        self.region = region
        horizontalOwner = Array(repeating: 0, count: region.area)
        verticalOwner = Array(repeating: 0, count: region.area)
    }

    private func index(_ x: Int, _ y: Int) -> Int? {
        region.contains(x: x, y: y) ? (y - region.minY) * region.width + (x - region.minX) : nil
    }

    /// The cost of a segment for links from `owner`: running along another source's line is
    /// expensive (it would read as one link), crossing one is cheap.
    func cost(from a: Point, to b: Point, owner: Int32) -> Int {
        var total = 0
        let horizontal = a.y == b.y
        forEachCell(from: a, to: b) { x, y in
            guard let index = index(x, y) else { return }
            let along = horizontal ? horizontalOwner[index] : verticalOwner[index]
            let across = horizontal ? verticalOwner[index] : horizontalOwner[index]
            if along != 0 && along != owner { total += 600 }
            if across != 0 && across != owner { total += 60 }
        }
        return total
    }

    mutating func mark(from a: Point, to b: Point, owner: Int32) {
        let horizontal = a.y == b.y
        forEachCell(from: a, to: b) { x, y in
            guard let index = index(x, y) else { return }
            if horizontal { horizontalOwner[index] = owner } else { verticalOwner[index] = owner }
        }
    }
}

/// Calls `body` for each cell of an axis-aligned segment.
func forEachCell(from a: Point, to b: Point, _ body: (Int, Int) -> Void) {
    if a.y == b.y {
        for x in min(a.x, b.x)...max(a.x, b.x) { body(x, a.y) }
    } else {
        for y in min(a.y, b.y)...max(a.y, b.y) { body(a.x, y) }
    }
}

/// Routes links orthogonally from an output to an input, around node bodies where it can.
///
/// A link leaves the cell right of the upstream output row and arrives at the cell left of the
/// downstream input row. Forward links take three segments (across, down or up, across) with
/// the vertical placed where it crosses the fewest node bodies and the fewest other links;
/// links going backwards take five, detouring above or below the nodes.
enum LinkRouter {
    /// The corners of a route, from `start` to `end`.
    /// - Parameters:
    ///   - start: The cell right of the output row.
    ///   - end: The cell left of the input row.
    ///   - upstream: The upstream widget's frame.
    ///   - downstream: The downstream widget's frame.
    ///   - obstacles: Frames of nodes near the link.
    ///   - occupancy: Cells taken by links routed before.
    ///   - owner: A number standing for the upstream node (links from one node may share cells).
    /// - Returns: The route's corners, `start` first and `end` last.
    static func route(
        from start: Point, to end: Point, upstream: Rect, downstream: Rect, obstacles: [Rect],
        occupancy: LinkOccupancy, owner: Int32
    ) -> [Point] {
        var best: [Point] = []
        var bestCost = Int.max
        func consider(_ points: [Point], bias: Int) {
            var cost = bias
            for index in 1..<points.count {
                let a = points[index - 1]
                let b = points[index]
                cost += abs(a.x - b.x) + abs(a.y - b.y)
                cost += occupancy.cost(from: a, to: b, owner: owner)
                let segment = Rect(
                    x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
                for obstacle in obstacles {
                    if obstacle.intersects(segment) { cost += 2000 * obstacle.intersection(segment).area }
                    // A vertical run right beside a box reads as part of the box, or as a link
                    // into its rows: keep a column away.
                    if a.x == b.x && a.y != b.y && (a.x == obstacle.minX - 1 || a.x == obstacle.maxX) {
                        let top = max(min(a.y, b.y), obstacle.minY)
                        let bottom = min(max(a.y, b.y), obstacle.maxY - 1)
                        if bottom >= top { cost += 400 * (bottom - top + 1) }
                    }
                }
                if cost >= bestCost { return }
            }
            if cost < bestCost {
                bestCost = cost
                best = points
            }
        }
        if end.x >= start.x {
            if start.y == end.y { consider([start, end], bias: 0) }
            let low = end.x - start.x >= 2 ? start.x + 1 : start.x
            let high = end.x - start.x >= 2 ? end.x - 1 : end.x
            let middle = (start.x + end.x) / 2
            for column in columnCandidates(low, high) {
                consider(
                    [start, Point(x: column, y: start.y), Point(x: column, y: end.y), end],
                    bias: 3 * abs(column - middle) + 40)
            }
        }
        if end.x <= start.x + 1 || bestCost >= 2000 {
            let rows = Set([
                upstream.maxY, upstream.minY - 1, downstream.maxY, downstream.minY - 1,
                max(upstream.maxY, downstream.maxY), min(upstream.minY, downstream.minY) - 1,
            ])
            for row in rows.sorted() {
                for outward in 1...3 {
                    for inward in 1...3 {
                        let right = start.x + outward
                        let left = end.x - inward
                        consider(
                            [
                                start, Point(x: right, y: start.y), Point(x: right, y: row), Point(x: left, y: row),
                                Point(x: left, y: end.y), end,
                            ], bias: 200 + 5 * (outward + inward))
                    }
                }
            }
        }
        return best.isEmpty ? [start, end] : best
    }

    /// Up to about 24 columns spread over `low…high`, always including both ends.
    private static func columnCandidates(_ low: Int, _ high: Int) -> [Int] {
        guard high > low else { return [low] }
        let span = high - low
        if span <= 24 { return Array(low...high) }
        let step = (span + 23) / 24
        var columns = Array(stride(from: low, through: high, by: step))
        if columns.last != high { columns.append(high) }
        return columns
    }
}

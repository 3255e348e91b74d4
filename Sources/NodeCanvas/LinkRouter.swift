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
        if a.y == b.y {
            guard a.y >= region.minY, a.y < region.maxY else { return 0 }
            let low = max(min(a.x, b.x), region.minX), high = min(max(a.x, b.x), region.maxX - 1)
            guard low <= high else { return 0 }
            let rowStart = (a.y - region.minY) * region.width - region.minX
            for x in low...high {
                let along = horizontalOwner[rowStart + x], across = verticalOwner[rowStart + x]
                if along != 0 && along != owner { total += 600 }
                if across != 0 && across != owner { total += 30 }
            }
        } else {
            guard a.x >= region.minX, a.x < region.maxX else { return 0 }
            let low = max(min(a.y, b.y), region.minY), high = min(max(a.y, b.y), region.maxY - 1)
            guard low <= high else { return 0 }
            for y in low...high {
                let index = (y - region.minY) * region.width + a.x - region.minX
                let along = verticalOwner[index], across = horizontalOwner[index]
                if along != 0 && along != owner { total += 600 }
                if across != 0 && across != owner { total += 30 }
            }
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

/// Up to six route corners held inline, so trying a candidate route allocates nothing.
struct Corners {
    private var storage: (Point, Point, Point, Point, Point, Point)
    private(set) var count: Int

    init() {
        let zero = Point(x: 0, y: 0)
        storage = (zero, zero, zero, zero, zero, zero)
        count = 0
    }

    init(_ a: Point, _ b: Point) {
        storage = (a, b, b, b, b, b)
        count = 2
    }

    init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        storage = (a, b, c, d, d, d)
        count = 4
    }

    init(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ e: Point, _ f: Point) {
        storage = (a, b, c, d, e, f)
        count = 6
    }

    subscript(index: Int) -> Point {
        switch index {
        case 0: storage.0
        case 1: storage.1
        case 2: storage.2
        case 3: storage.3
        case 4: storage.4
        default: storage.5
        }
    }

    var points: [Point] { (0..<count).map { self[$0] } }
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
        var best = Corners()
        var bestCost = Int.max
        var bestCrossesBoxes = false
        // Three-segment routes stay inside the rectangle between the two ends: only the boxes
        // touching it (or the columns beside it) can cost them anything.
        let corridor = Rect(
            x: min(start.x, end.x) - 1, y: min(start.y, end.y), width: abs(end.x - start.x) + 3,
            height: abs(end.y - start.y) + 1)
        let inCorridor = obstacles.filter { $0.intersects(corridor) }
        func consider(_ points: Corners, bias: Int, obstacles: [Rect]) {
            var cost = bias
            var crossesBoxes = false
            for index in 1..<points.count {
                let a = points[index - 1]
                let b = points[index]
                cost += abs(a.x - b.x) + abs(a.y - b.y)
                cost += occupancy.cost(from: a, to: b, owner: owner)
                let left = min(a.x, b.x), right = max(a.x, b.x), top = min(a.y, b.y), bottom = max(a.y, b.y)
                for obstacle in obstacles {
                    let overlapWidth = min(right + 1, obstacle.maxX) - max(left, obstacle.minX)
                    let overlapHeight = min(bottom + 1, obstacle.maxY) - max(top, obstacle.minY)
                    if overlapWidth > 0 && overlapHeight > 0 {
                        cost += 2000 * overlapWidth * overlapHeight
                        crossesBoxes = true
                    }
                    // A vertical run right beside a box reads as part of the box, or as a link
                    // into its rows: keep a column away.
                    if left == right && top != bottom && (left == obstacle.minX - 1 || left == obstacle.maxX)
                    {
                        let from = max(top, obstacle.minY), to = min(bottom, obstacle.maxY - 1)
                        if to >= from { cost += 400 * (to - from + 1) }
                    }
                }
                if cost >= bestCost { return }
            }
            if cost < bestCost {
                bestCost = cost
                best = points
                bestCrossesBoxes = crossesBoxes
            }
        }
        // Candidates are tried cheapest bias first; each route's cost is at least its bias plus
        // its length, so the search stops once no remaining candidate can win.
        let length = abs(end.x - start.x) + abs(end.y - start.y)
        if end.x >= start.x {
            if start.y == end.y { consider(Corners(start, end), bias: 0, obstacles: inCorridor) }
            let low = end.x - start.x >= 2 ? start.x + 1 : start.x
            let high = end.x - start.x >= 2 ? end.x - 1 : end.x
            let middle = (start.x + end.x) / 2
            let columns = columnCandidates(low, high).sorted {
                (abs($0 - middle), $0) < (abs($1 - middle), $1)
            }
            for column in columns {
                let bias = 10 * abs(column - middle) + 40
                if bias + length >= bestCost { break }
                consider(
                    Corners(start, Point(x: column, y: start.y), Point(x: column, y: end.y), end), bias: bias,
                    obstacles: inCorridor)
            }
        }
        if end.x <= start.x + 1 || bestCrossesBoxes {
            var rows = [
                upstream.maxY, upstream.minY - 1, downstream.maxY, downstream.minY - 1,
                max(upstream.maxY, downstream.maxY), min(upstream.minY, downstream.minY) - 1,
            ]
            rows.sort()
            for steps in 2...4 {
                for outward in 1...2 {
                    let inward = steps - outward
                    guard (1...2).contains(inward) else { continue }
                    let bias = 200 + 5 * steps
                    if bias + length >= bestCost { break }
                    for (index, row) in rows.enumerated() where index == 0 || rows[index - 1] != row {
                        let right = start.x + outward
                        let left = end.x - inward
                        consider(
                            Corners(
                                start, Point(x: right, y: start.y), Point(x: right, y: row),
                                Point(x: left, y: row),
                                Point(x: left, y: end.y), end), bias: bias, obstacles: obstacles)
                    }
                }
            }
        }
        return best.count == 0 ? [start, end] : best.points
    }

    /// The plain three-segment route with the vertical halfway, for one-glyph nodes.
    static func direct(from start: Point, to end: Point) -> [Point] {
        if start.y == end.y && end.x >= start.x { return [start, end] }
        let column = end.x >= start.x ? (start.x + end.x) / 2 : start.x
        return [start, Point(x: column, y: start.y), Point(x: column, y: end.y), end]
    }

    /// Up to about 12 columns spread over `low…high`, always including both ends.
    private static func columnCandidates(_ low: Int, _ high: Int) -> [Int] {
        guard high > low else { return [low] }
        let span = high - low
        if span <= 12 { return Array(low...high) }
        let step = (span + 11) / 12
        var columns = Array(stride(from: low, through: high, by: step))
        if columns.last != high { columns.append(high) }
        return columns
    }
}

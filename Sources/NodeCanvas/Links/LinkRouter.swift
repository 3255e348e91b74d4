/// Up to six route corners held inline, so trying a candidate route, and keeping the chosen one,
/// allocates nothing.
struct Corners: Hashable, Sendable {
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

    /// The first corner (the route's start).
    var first: Point { storage.0 }
    /// The last corner (the route's end).
    var last: Point { self[count - 1] }

    /// The corners as an array.
    func points() -> [Point] { (0..<count).map { self[$0] } }

    /// The corners, each moved by (`dx`, `dy`).
    func offsetBy(_ dx: Int, _ dy: Int) -> Corners {
        var moved = self
        func move(_ point: inout Point) {
            point.x += dx
            point.y += dy
        }
        move(&moved.storage.0)
        move(&moved.storage.1)
        move(&moved.storage.2)
        move(&moved.storage.3)
        move(&moved.storage.4)
        move(&moved.storage.5)
        return moved
    }

    static func == (left: Corners, right: Corners) -> Bool {
        left.count == right.count && (0..<left.count).allSatisfy { left[$0] == right[$0] }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in 0..<count { hasher.combine(self[index]) }
    }
}

/// Routes links orthogonally from an output to an input, around node bodies where it can.
///
/// A link leaves the cell right of the upstream output row and arrives at the cell left of the
/// downstream input row. Forward links take three segments (across, down or up, across) with
/// the vertical placed where it crosses the fewest node bodies and the fewest other links;
/// links going backwards take five, detouring above or below the nodes.
///
/// A router keeps its working buffers from one link to the next, so routing a frame's links
/// allocates nothing per link.
struct LinkRouter {
    /// The boxes each segment of the candidates can meet, list after list (see `lists`).
    private var gathered: [Rect] = []
    private var rowLists: [Range<Int>] = []
    private var columns: [Int] = []
    private var startRowSums: [Int] = []
    private var endRowSums: [Int] = []

    /// The corners of a route, from `start` to `end`.
    /// - Parameters:
    ///   - start: The cell right of the output row.
    ///   - end: The cell left of the input row.
    ///   - upstream: The upstream widget's frame.
    ///   - downstream: The downstream widget's frame.
    ///   - obstacles: Appends the frames of the nodes overlapping a rectangle inside the link's
    ///     bounds (both frames grown by 3 columns and 2 rows), each once.
    ///   - occupancy: Cells taken by links routed before.
    ///   - owner: A number standing for the upstream node (links from one node may share cells).
    ///   - detours: Whether five-segment detours around the boxes may be tried (links going
    ///     backwards, or whose three-segment routes all cross a box); without, a link always
    ///     takes three segments.
    /// - Returns: The route's corners, `start` first and `end` last.
    ///
    /// Each segment of a candidate is checked only against the boxes that can touch it: a
    /// horizontal segment meets only boxes on its row, and a vertical one only boxes within a
    /// column of it. The lists are gathered once per link, so every candidate costs what it
    /// would against all the boxes, and the same route wins.
    mutating func route(
        from start: Point, to end: Point, upstream: Rect, downstream: Rect,
        obstacles: (Rect, inout [Rect]) -> Void, occupancy: LinkOccupancy, owner: Int32, detours: Bool = true
    ) -> Corners {
        var best = Corners()
        var bestCost = Int.max
        var bestCrossesBoxes = false
        let length = abs(end.x - start.x) + abs(end.y - start.y)
        // The start and end rows' cell costs, summed once between the two ends: every
        // three-segment candidate runs along both rows, so each of its runs there costs a
        // subtraction instead of a scan (the buffers are the router's, lent for this link).
        var startRow: [Int] = [], endRow: [Int] = []
        swap(&startRow, &startRowSums)
        swap(&endRow, &endRowSums)
        defer {
            swap(&startRow, &startRowSums)
            swap(&endRow, &endRowSums)
        }
        let rowsLow = min(start.x, end.x), rowsHigh = max(start.x, end.x)
        var rowsSummed = false
        func occupancyCost(from a: Point, to b: Point) -> Int {
            if rowsSummed && a.y == b.y {
                let low = min(a.x, b.x), high = max(a.x, b.x)
                if low >= rowsLow && high <= rowsHigh {
                    if a.y == start.y { return startRow[high - rowsLow + 1] - startRow[low - rowsLow] }
                    if a.y == end.y { return endRow[high - rowsLow + 1] - endRow[low - rowsLow] }
                }
            }
            return occupancy.cost(from: a, to: b, owner: owner)
        }
        // Tries a route; segment `n` (from corner n − 1 to corner n) is checked against the boxes
        // of `obstacles(n)`.
        func consider(_ points: Corners, bias: Int, obstacles: (Int) -> ArraySlice<Rect>) {
            var cost = bias
            var crossesBoxes = false
            for index in 1..<points.count {
                let a = points[index - 1], b = points[index]
                cost += Self.cost(
                    from: a, to: b, obstacles: obstacles(index), occupancyCost: occupancyCost(from: a, to: b),
                    crossesBoxes: &crossesBoxes)
                if cost >= bestCost { return }
            }
            if cost < bestCost {
                bestCost = cost
                best = points
                bestCrossesBoxes = crossesBoxes
            }
        }
        gathered.removeAll(keepingCapacity: true)
        // Candidates are tried cheapest bias first; each route's cost is at least its bias plus
        // its length, so the search stops once no remaining candidate can win.
        if end.x >= start.x || !detours {
            let low = end.x - start.x >= 2 ? start.x + 1 : start.x
            let high = end.x - start.x >= 2 ? end.x - 1 : end.x
            let middle = (start.x + end.x) / 2
            // Three-segment routes stay inside the rectangle between the two ends (which lies
            // inside the link's bounds): only the boxes on its first row, on its last row, or
            // within a column of a candidate vertical can cost them anything.
            let corridor = Rect(
                x: min(start.x, end.x) - 1, y: min(start.y, end.y), width: abs(end.x - start.x) + 3,
                height: abs(end.y - start.y) + 1)
            let onStartRow = gather {
                obstacles(Rect(x: corridor.minX, y: start.y, width: corridor.width, height: 1), &$0)
            }
            let onEndRow =
                end.y == start.y
                ? onStartRow
                : gather {
                    obstacles(Rect(x: corridor.minX, y: end.y, width: corridor.width, height: 1), &$0)
                }
            let nearVerticals = gather {
                obstacles(
                    Rect(x: low - 1, y: corridor.minY, width: high - low + 3, height: corridor.height), &$0)
            }
            occupancy.rowSums(y: start.y, from: rowsLow, through: rowsHigh, owner: owner, into: &startRow)
            if end.y != start.y {
                occupancy.rowSums(y: end.y, from: rowsLow, through: rowsHigh, owner: owner, into: &endRow)
            }
            rowsSummed = true
            let lists = gathered
            if start.y == end.y { consider(Corners(start, end), bias: 0) { _ in lists[onStartRow] } }
            Self.columnCandidates(low, high, nearestTo: middle, into: &columns)
            for column in columns {
                let bias = 10 * abs(column - middle) + 40
                if bias + length >= bestCost { break }
                consider(
                    Corners(start, Point(x: column, y: start.y), Point(x: column, y: end.y), end), bias: bias
                ) { segment in lists[segment == 1 ? onStartRow : segment == 2 ? nearVerticals : onEndRow] }
            }
        }
        if detours && (end.x <= start.x + 1 || bestCrossesBoxes) {
            // Detours leave the start by 1 or 2 columns, run along a row above or below the
            // boxes, and come back 1 or 2 columns before the end; they may pass anywhere in the
            // link's bounds.
            var rows = (
                upstream.maxY, upstream.minY - 1, downstream.maxY, downstream.minY - 1,
                max(upstream.maxY, downstream.maxY), min(upstream.minY, downstream.minY) - 1
            )
            withUnsafeMutableBytes(of: &rows) { bytes in
                Self.insertionSort(bytes.bindMemory(to: Int.self)) { $0 < $1 }
            }
            let all = gather { obstacles(upstream.union(downstream).insetBy(dx: -3, dy: -2), &$0) }
            let onStartRow = gather(from: all) { $0.minY <= start.y && start.y < $0.maxY }
            let onEndRow = gather(from: all) { $0.minY <= end.y && end.y < $0.maxY }
            let besideOut = gather(from: all) { $0.minX - 1 <= start.x + 2 && $0.maxX >= start.x + 1 }
            let besideIn = gather(from: all) { $0.minX - 1 <= end.x - 1 && $0.maxX >= end.x - 2 }
            rowLists.removeAll(keepingCapacity: true)
            withUnsafeBytes(of: rows) { bytes in
                for row in bytes.bindMemory(to: Int.self) {
                    rowLists.append(gather(from: all) { $0.minY <= row && row < $0.maxY })
                }
            }
            let lists = gathered, onRow = rowLists
            withUnsafeBytes(of: rows) { bytes in
                let rows = bytes.bindMemory(to: Int.self)
                for steps in 2...4 {
                    for outward in 1...2 {
                        let inward = steps - outward
                        guard (1...2).contains(inward) else { continue }
                        let bias = 200 + 5 * steps
                        if bias + length >= bestCost { break }
                        for (index, row) in rows.enumerated() where index == 0 || rows[index - 1] != row {
                            let right = start.x + outward
                            let left = end.x - inward
                            let segmentLists = (onStartRow, besideOut, onRow[index], besideIn, onEndRow)
                            consider(
                                Corners(
                                    start, Point(x: right, y: start.y), Point(x: right, y: row),
                                    Point(x: left, y: row),
                                    Point(x: left, y: end.y), end), bias: bias
                            ) { segment in
                                switch segment {
                                case 1: lists[segmentLists.0]
                                case 2: lists[segmentLists.1]
                                case 3: lists[segmentLists.2]
                                case 4: lists[segmentLists.3]
                                default: lists[segmentLists.4]
                                }
                            }
                        }
                    }
                }
            }
        }
        return best.count == 0 ? Corners(start, end) : best
    }

    /// Appends to `gathered` what `body` appends, and returns where it is.
    private mutating func gather(_ body: (inout [Rect]) -> Void) -> Range<Int> {
        let start = gathered.count
        body(&gathered)
        return start..<gathered.count
    }

    /// Appends to `gathered` the boxes of one of its lists that pass a test, and returns where
    /// they are.
    private mutating func gather(from list: Range<Int>, where isIncluded: (Rect) -> Bool) -> Range<Int> {
        let start = gathered.count
        for index in list where isIncluded(gathered[index]) { gathered.append(gathered[index]) }
        return start..<gathered.count
    }

    /// The cost of one segment: its length, the links it runs along or crosses (`occupancyCost`),
    /// and the boxes it crosses or runs right beside.
    private static func cost(
        from a: Point, to b: Point, obstacles: ArraySlice<Rect>, occupancyCost: Int, crossesBoxes: inout Bool
    ) -> Int {
        var cost = abs(a.x - b.x) + abs(a.y - b.y)
        cost += occupancyCost
        let left = min(a.x, b.x), right = max(a.x, b.x), top = min(a.y, b.y), bottom = max(a.y, b.y)
        // A vertical run right beside a box reads as part of the box, or as a link into its
        // rows: keep a column away.
        let isVertical = left == right && top != bottom
        for obstacle in obstacles {
            let minX = obstacle.minX, maxX = obstacle.maxX, minY = obstacle.minY, maxY = obstacle.maxY
            let overlapWidth = min(right + 1, maxX) - max(left, minX)
            let overlapHeight = min(bottom + 1, maxY) - max(top, minY)
            if overlapWidth > 0 && overlapHeight > 0 {
                cost += 2000 * overlapWidth * overlapHeight
                crossesBoxes = true
            }
            if isVertical && (left == minX - 1 || left == maxX) {
                let from = max(top, minY), to = min(bottom, maxY - 1)
                if to >= from { cost += 400 * (to - from + 1) }
            }
        }
        return cost
    }

    /// The plain three-segment route with the vertical halfway, for one-glyph nodes.
    static func direct(from start: Point, to end: Point) -> Corners {
        if start.y == end.y && end.x >= start.x { return Corners(start, end) }
        let column = end.x >= start.x ? (start.x + end.x) / 2 : start.x
        return Corners(start, Point(x: column, y: start.y), Point(x: column, y: end.y), end)
    }

    /// Up to about 12 columns spread over `low…high`, always including both ends, nearest to
    /// `middle` first (the lower column first between two as near).
    private static func columnCandidates(
        _ low: Int, _ high: Int, nearestTo middle: Int, into columns: inout [Int]
    ) {
        columns.removeAll(keepingCapacity: true)
        if high <= low {
            columns.append(low)
            return
        }
        let span = high - low
        let step = span <= 12 ? 1 : (span + 11) / 12
        columns.append(contentsOf: stride(from: low, through: high, by: step))
        if columns.last != high { columns.append(high) }
        columns.withUnsafeMutableBufferPointer { columns in
            insertionSort(columns) { (abs($0 - middle), $0) < (abs($1 - middle), $1) }
        }
    }

    /// Sorts a few elements in place (no allocation, unlike `sort`).
    private static func insertionSort(
        _ elements: UnsafeMutableBufferPointer<Int>, by areInIncreasingOrder: (Int, Int) -> Bool
    ) {
        guard elements.count > 1 else { return }
        for index in 1..<elements.count {
            let element = elements[index]
            var position = index
            while position > 0 && areInIncreasingOrder(element, elements[position - 1]) {
                elements[position] = elements[position - 1]
                position -= 1
            }
            elements[position] = element
        }
    }
}

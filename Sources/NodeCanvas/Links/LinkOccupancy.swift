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

    /// The cost of a segment for links from `owner`: running along another source's line is
    /// expensive (it would read as one link), crossing one is cheap.
    func cost(from a: Point, to b: Point, owner: Int32) -> Int {
        // The cells scanned are clipped to the region, so the unchecked reads stay inside it.
        horizontalOwner.withUnsafeBufferPointer { horizontalOwner in
            verticalOwner.withUnsafeBufferPointer { verticalOwner in
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
        }
    }

    /// The costs of the cells of a row for links from `owner`, summed from the left: `sums[i]`
    /// is what the cells `low..<low + i` cost (as ``cost(from:to:owner:)`` counts them), so any
    /// run along the row between `low` and `high` costs one subtraction.
    /// - Parameters:
    ///   - y: The row.
    ///   - low: The first column.
    ///   - high: The last column (at least `low`).
    ///   - owner: The links' source.
    ///   - sums: Receives `high - low + 2` running totals.
    func rowSums(y: Int, from low: Int, through high: Int, owner: Int32, into sums: inout [Int]) {
        let count = high - low + 2
        sums.removeAll(keepingCapacity: true)
        sums.append(contentsOf: repeatElement(0, count: count))
        // Cells outside the region cost nothing: only the part inside is scanned.
        guard y >= region.minY, y < region.maxY else { return }
        let from = max(low, region.minX), to = min(high, region.maxX - 1)
        guard from <= to else { return }
        let rowStart = (y - region.minY) * region.width - region.minX
        horizontalOwner.withUnsafeBufferPointer { horizontalOwner in
            verticalOwner.withUnsafeBufferPointer { verticalOwner in
                sums.withUnsafeMutableBufferPointer { sums in
                    var total = 0
                    for x in from...to {
                        let along = horizontalOwner[rowStart + x], across = verticalOwner[rowStart + x]
                        if along != 0 && along != owner { total += 600 }
                        if across != 0 && across != owner { total += 30 }
                        sums[x - low + 1] = total
                    }
                    for index in (to - low + 2)..<count { sums[index] = total }
                }
            }
        }
    }

    /// Marks the cells of a segment inside the region as used by `owner`, along the segment's
    /// direction (a single cell counts as horizontal).
    mutating func mark(from a: Point, to b: Point, owner: Int32) {
        if a.y == b.y {
            guard a.y >= region.minY, a.y < region.maxY else { return }
            let low = max(min(a.x, b.x), region.minX), high = min(max(a.x, b.x), region.maxX - 1)
            guard low <= high else { return }
            let rowStart = (a.y - region.minY) * region.width - region.minX
            // Clipped to the region above: the unchecked writes stay in it.
            horizontalOwner.withUnsafeMutableBufferPointer { cells in
                for x in low...high { cells[rowStart + x] = owner }
            }
        } else {
            guard a.x >= region.minX, a.x < region.maxX else { return }
            let low = max(min(a.y, b.y), region.minY), high = min(max(a.y, b.y), region.maxY - 1)
            guard low <= high else { return }
            let width = region.width, column = a.x - region.minX
            verticalOwner.withUnsafeMutableBufferPointer { cells in
                for y in low...high { cells[(y - region.minY) * width + column] = owner }
            }
        }
    }

    /// Marks every segment of a route.
    mutating func mark(_ route: Corners, owner: Int32) {
        for index in 1..<max(1, route.count) { mark(from: route[index - 1], to: route[index], owner: owner) }
    }
}

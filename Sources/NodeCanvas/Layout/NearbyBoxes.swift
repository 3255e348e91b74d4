/// The node boxes around the view, filed in a flat grid, so that each link routed on a frame
/// finds the few boxes near it without scanning all of them or hashing.
struct NearbyBoxes {
    /// The cells the grid covers.
    let region: Rect
    private static let cellWidth = 16
    private static let cellHeight = 8
    private let columns: Int
    private let boxes: [Rect]
    /// Where each grid cell's boxes start in `filed` (one more entry than cells).
    private let starts: [Int32]
    /// Box indices, grid cell by grid cell.
    private let filed: [Int32]
    /// The query each box was last reported to, so a box filed in several cells is reported once.
    private var seenBy: [Int32]
    private var query: Int32 = 0

    /// Files boxes lying (at least partly) in a region.
    /// - Parameters:
    ///   - boxes: The boxes.
    ///   - region: The region the grid covers; parts of boxes outside it are not filed.
    /// - Complexity: O(*n* + cells of the grid), *n* the boxes.
    init(_ boxes: [Rect], in region: Rect) {
        let columns = max(1, (region.width + Self.cellWidth - 1) / Self.cellWidth)
        let rows = max(1, (region.height + Self.cellHeight - 1) / Self.cellHeight)
        var starts = [Int32](repeating: 0, count: columns * rows + 1)
        for box in boxes {
            guard let cells = Self.cells(of: box, in: region) else { continue }
            for row in cells.rows {
                for column in cells.columns { starts[row * columns + column + 1] += 1 }
            }
        }
        for cell in 0..<(columns * rows) { starts[cell + 1] += starts[cell] }
        var filed = [Int32](repeating: 0, count: Int(starts[columns * rows]))
        var next = starts
        for (index, box) in boxes.enumerated() {
            guard let cells = Self.cells(of: box, in: region) else { continue }
            for row in cells.rows {
                for column in cells.columns {
                    filed[Int(next[row * columns + column])] = Int32(index)
                    next[row * columns + column] += 1
                }
            }
        }
        self.region = region
        self.boxes = boxes
        self.columns = columns
        self.starts = starts
        self.filed = filed
        seenBy = [Int32](repeating: 0, count: boxes.count)
    }

    /// The grid cells a rectangle touches, or `nil` when it lies outside the region.
    private static func cells(of rect: Rect, in region: Rect) -> (
        columns: ClosedRange<Int>, rows: ClosedRange<Int>
    )? {
        let area = rect.intersection(region)
        guard !area.isEmpty else { return nil }
        return (
            (area.minX - region.minX) / cellWidth...(area.maxX - 1 - region.minX) / cellWidth,
            (area.minY - region.minY) / cellHeight...(area.maxY - 1 - region.minY) / cellHeight
        )
    }

    /// Appends the boxes that overlap `bounds`, each once.
    /// - Parameters:
    ///   - bounds: A rectangle inside ``region``.
    ///   - result: Receives the boxes, in no particular order.
    /// - Complexity: O(grid cells `bounds` touches and the boxes filed there).
    mutating func appendBoxes(intersecting bounds: Rect, to result: inout [Rect]) {
        appendBoxes(intersecting: bounds, within: bounds, to: &result)
    }

    /// Appends the boxes that overlap both `bounds` and `limit`, each once.
    /// - Parameters:
    ///   - bounds: A rectangle, looked for inside ``region``.
    ///   - limit: A second rectangle the boxes must overlap too.
    ///   - result: Receives the boxes, in no particular order.
    /// - Complexity: O(grid cells `bounds` touches and the boxes filed there).
    mutating func appendBoxes(intersecting bounds: Rect, within limit: Rect, to result: inout [Rect]) {
        query += 1
        let query = self.query
        guard let cells = Self.cells(of: bounds, in: region) else { return }
        // A rectangle over more grid cells than there are boxes (a long link's bounds) is
        // answered by looking at each box once.
        if cells.columns.count * cells.rows.count > boxes.count {
            for box in boxes where box.intersects(bounds) && box.intersects(limit) { result.append(box) }
            return
        }
        // Indices come from the grid built in `init`, so the unchecked reads stay inside it.
        starts.withUnsafeBufferPointer { starts in
            filed.withUnsafeBufferPointer { filed in
                boxes.withUnsafeBufferPointer { boxes in
                    seenBy.withUnsafeMutableBufferPointer { seenBy in
                        for row in cells.rows {
                            for column in cells.columns {
                                let cell = row * columns + column
                                for slot in Int(starts[cell])..<Int(starts[cell + 1]) {
                                    let index = Int(filed[slot])
                                    guard seenBy[index] != query else { continue }
                                    seenBy[index] = query
                                    let box = boxes[index]
                                    if box.intersects(bounds) && box.intersects(limit) { result.append(box) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

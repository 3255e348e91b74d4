/// Link lines collected cell by cell as arms, so that where links meet, merge or cross the right
/// junction glyph is drawn.
struct LineCanvas {
    /// The cells covered, in the coordinates the routes use.
    let region: Rect
    private(set) var arms: [LineArms]
    private(set) var highlighted: [Bool]

    init(region: Rect) {
        self.region = region
        arms = Array(repeating: [], count: region.area)
        highlighted = Array(repeating: false, count: region.area)
    }

    private func index(_ x: Int, _ y: Int) -> Int? {
        region.contains(x: x, y: y) ? (y - region.minY) * region.width + (x - region.minX) : nil
    }

    /// The arms at a cell.
    func arms(atX x: Int, y: Int) -> LineArms { index(x, y).map { arms[$0] } ?? [] }

    mutating func add(_ arm: LineArms, x: Int, y: Int) {
        guard let index = index(x, y) else { return }
        arms[index].formUnion(arm)
    }

    /// Adds a route: arms between consecutive cells, plus an arm out of each end towards its row
    /// (left at the start, into the upstream output row; right at the end, into the input row).
    mutating func add(route points: Corners) {
        guard points.count > 0 else { return }
        add(.left, x: points.first.x, y: points.first.y)
        add(.right, x: points.last.x, y: points.last.y)
        // The cells are clipped to the region, so the unchecked writes stay in it.
        let region = self.region
        arms.withUnsafeMutableBufferPointer { arms in
            Self.forEachSegment(of: points, in: region) { segment in
                arms[segment.first].formUnion(segment.firstArms)
                guard segment.last != segment.first else { return }
                arms[segment.last].formUnion(segment.lastArms)
                var cell = segment.first + segment.stride
                while cell < segment.last {
                    arms[cell] = LineArms(rawValue: arms[cell].rawValue | segment.inner.rawValue)
                    cell += segment.stride
                }
            }
        }
    }

    /// Marks a route's cells to be drawn in the highlighted style.
    mutating func highlight(route points: Corners) {
        guard points.count > 0 else { return }
        for end in [points.first, points.last] {
            if let index = index(end.x, end.y) { highlighted[index] = true }
        }
        let region = self.region
        highlighted.withUnsafeMutableBufferPointer { highlighted in
            Self.forEachSegment(of: points, in: region) { segment in
                var cell = segment.first
                while cell <= segment.last {
                    highlighted[cell] = true
                    cell += segment.stride
                }
            }
        }
    }

    /// One segment of a route, clipped to the region: its first and last cells (indices into the
    /// region, the first the lower) with the arms the route has there, and the cells between,
    /// `stride` apart, which all have the arms of `inner` (both ways along the segment).
    private struct ClippedSegment {
        var first: Int
        var firstArms: LineArms
        var last: Int
        var lastArms: LineArms
        var stride: Int
        var inner: LineArms
    }

    /// Calls `body` with each segment of a route that lies at least partly inside the region.
    @inline(__always)
    private static func forEachSegment(of points: Corners, in region: Rect, _ body: (ClippedSegment) -> Void)
    {
        for index in 1..<points.count {
            let a = points[index - 1], b = points[index]
            if a == b { continue }
            // Along the segment: the position of each cell, the region's bounds there, and the
            // arms towards the lower and the higher neighbour.
            let horizontal = a.y == b.y
            let across = horizontal ? a.y : a.x
            guard
                horizontal
                    ? (across >= region.minY && across < region.maxY)
                    : (across >= region.minX && across < region.maxX)
            else { continue }
            let low = horizontal ? min(a.x, b.x) : min(a.y, b.y),
                high = horizontal ? max(a.x, b.x) : max(a.y, b.y)
            let from = max(low, horizontal ? region.minX : region.minY)
            let to = min(high, (horizontal ? region.maxX : region.maxY) - 1)
            guard from <= to else { continue }
            let towardsLow = horizontal ? LineArms.left : LineArms.up
            let towardsHigh = horizontal ? LineArms.right : LineArms.down
            func cell(_ along: Int) -> Int {
                horizontal
                    ? (across - region.minY) * region.width + along - region.minX
                    : (along - region.minY) * region.width + across - region.minX
            }
            func arms(_ along: Int) -> LineArms {
                LineArms(
                    rawValue: (along > low ? towardsLow.rawValue : 0)
                        | (along < high ? towardsHigh.rawValue : 0))
            }
            body(
                ClippedSegment(
                    first: cell(from), firstArms: arms(from), last: cell(to), lastArms: arms(to),
                    stride: horizontal ? 1 : region.width, inner: towardsLow.union(towardsHigh)))
        }
    }

    /// Draws every line cell that falls inside `clip` onto a surface.
    /// - Parameters:
    ///   - surface: The surface.
    ///   - offset: Subtracted from line coordinates to get surface coordinates.
    ///   - clip: The surface cells to stay inside.
    ///   - cells: The cell of each arms combination, plain and highlighted.
    /// - Complexity: O(cells of the region inside `clip`).
    func draw(on surface: inout Surface, offset: Point, clip: Rect, cells: LinkCells) {
        let visible = region.offsetBy(dx: -offset.x, dy: -offset.y).intersection(clip)
            .intersection(surface.bounds)
        guard !visible.isEmpty else { return }
        let rightLimit = surface.width
        arms.withUnsafeBufferPointer { arms in
            highlighted.withUnsafeBufferPointer { highlighted in
                surface.withCellWriter { target in
                    for sy in visible.minY..<visible.maxY {
                        let rowStart = (sy + offset.y - region.minY) * region.width + offset.x - region.minX
                        var sx = visible.minX
                        while sx < visible.maxX {
                            // Most cells carry no line: skip them eight at a time.
                            if sx + 8 <= visible.maxX
                                && UnsafeRawPointer(arms.baseAddress! + rowStart + sx).loadUnaligned(
                                    as: UInt64.self) == 0
                            {
                                sx += 8
                                continue
                            }
                            defer { sx += 1 }
                            let cellArms = arms[rowStart + sx]
                            if cellArms.isEmpty { continue }
                            target.place(
                                cells.line(cellArms, highlighted: highlighted[rowStart + sx]), x: sx, y: sy,
                                rightLimit: rightLimit)
                        }
                    }
                }
            }
        }
    }
}

/// The cells links are drawn with, one per combination of arms and state, made once per frame so
/// that drawing a line cell copies a cell instead of measuring a glyph.
struct LinkCells {
    private var lines: [Cell] = []
    private var ends: [Cell] = []

    /// Makes the cells of a theme.
    init(theme: Theme) {
        let glyphs = theme.glyphs, styles = theme.styles
        lines.reserveCapacity(32)
        ends.reserveCapacity(64)
        for index in 0..<64 {
            let arms = LineArms(rawValue: UInt8(index & 15))
            let highlighted = index & 16 != 0, selectedEdge = index & 32 != 0
            var glyph = glyphs.line(arms)
            let lineStyle = highlighted ? styles.selectedLink : styles.link
            if index < 32 { lines.append(Cell(glyph, style: lineStyle)) }
            // An end beside a box edge is drawn as the edge with a branch, in the edge's style.
            var style = lineStyle
            if arms == [.up, .down, .left] || arms == [.up, .down, .right] {
                style = selectedEdge ? styles.selectedBorder : styles.border
                if selectedEdge {
                    glyph = arms.contains(.left) ? glyphs.selectedVerticalLeft : glyphs.selectedVerticalRight
                }
            }
            ends.append(Cell(glyph, style: style))
        }
    }

    /// The cell of a line with these arms.
    func line(_ arms: LineArms, highlighted: Bool) -> Cell {
        lines[Int(arms.rawValue & 15) | (highlighted ? 16 : 0)]
    }

    /// The cell of a link end with these arms, beside the selected node's edge or not.
    func end(_ arms: LineArms, highlighted: Bool, selectedEdge: Bool) -> Cell {
        ends[Int(arms.rawValue & 15) | (highlighted ? 16 : 0) | (selectedEdge ? 32 : 0)]
    }
}

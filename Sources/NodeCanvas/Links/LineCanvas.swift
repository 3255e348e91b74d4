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
        // The cells are clipped to the region, so the unchecked writes stay in it. A segment's
        // inner cells all take both arms along it, so only its two end cells are worked out.
        let region = self.region
        arms.withUnsafeMutableBufferPointer { arms in
            for index in 1..<points.count {
                let a = points[index - 1], b = points[index]
                if a == b { continue }
                if a.y == b.y {
                    guard a.y >= region.minY, a.y < region.maxY else { continue }
                    let low = min(a.x, b.x), high = max(a.x, b.x)
                    let from = max(low, region.minX), to = min(high, region.maxX - 1)
                    guard from <= to else { continue }
                    let rowStart = (a.y - region.minY) * region.width - region.minX
                    func end(_ x: Int) {
                        arms[rowStart + x].formUnion(
                            LineArms(
                                rawValue: (x > low ? LineArms.left.rawValue : 0)
                                    | (x < high ? LineArms.right.rawValue : 0)))
                    }
                    end(from)
                    if to != from { end(to) }
                    guard to - from >= 2 else { continue }
                    let both = LineArms.left.rawValue | LineArms.right.rawValue
                    for x in (from + 1)..<to {
                        arms[rowStart + x] = LineArms(rawValue: arms[rowStart + x].rawValue | both)
                    }
                } else {
                    guard a.x >= region.minX, a.x < region.maxX else { continue }
                    let low = min(a.y, b.y), high = max(a.y, b.y)
                    let from = max(low, region.minY), to = min(high, region.maxY - 1)
                    guard from <= to else { continue }
                    let column = a.x - region.minX, width = region.width
                    func end(_ y: Int) {
                        arms[(y - region.minY) * width + column].formUnion(
                            LineArms(
                                rawValue: (y > low ? LineArms.up.rawValue : 0)
                                    | (y < high ? LineArms.down.rawValue : 0)))
                    }
                    end(from)
                    if to != from { end(to) }
                    guard to - from >= 2 else { continue }
                    let both = LineArms.up.rawValue | LineArms.down.rawValue
                    var cell = (from + 1 - region.minY) * width + column
                    for _ in (from + 1)..<to {
                        arms[cell] = LineArms(rawValue: arms[cell].rawValue | both)
                        cell += width
                    }
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
            Self.forEachCell(of: points, in: region) { index, _ in highlighted[index] = true }
        }
    }

    /// Calls `body` with the index of each cell of a route inside the region, and the arms the
    /// route has there (towards each neighbour on its segment).
    @inline(__always)
    private static func forEachCell(of points: Corners, in region: Rect, _ body: (Int, LineArms) -> Void) {
        for index in 1..<points.count {
            let a = points[index - 1]
            let b = points[index]
            if a == b { continue }
            if a.y == b.y {
                guard a.y >= region.minY, a.y < region.maxY else { continue }
                let low = min(a.x, b.x), high = max(a.x, b.x)
                let from = max(low, region.minX), to = min(high, region.maxX - 1)
                guard from <= to else { continue }
                let rowStart = (a.y - region.minY) * region.width - region.minX
                for x in from...to {
                    body(
                        rowStart + x,
                        LineArms(
                            rawValue: (x > low ? LineArms.left.rawValue : 0)
                                | (x < high ? LineArms.right.rawValue : 0)))
                }
            } else {
                guard a.x >= region.minX, a.x < region.maxX else { continue }
                let low = min(a.y, b.y), high = max(a.y, b.y)
                let from = max(low, region.minY), to = min(high, region.maxY - 1)
                guard from <= to else { continue }
                for y in from...to {
                    body(
                        (y - region.minY) * region.width + a.x - region.minX,
                        LineArms(
                            rawValue: (y > low ? LineArms.up.rawValue : 0)
                                | (y < high ? LineArms.down.rawValue : 0)))
                }
            }
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

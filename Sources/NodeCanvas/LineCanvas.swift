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

    mutating func add(_ arm: LineArms, x: Int, y: Int, highlight: Bool) {
        guard let index = index(x, y) else { return }
        arms[index].formUnion(arm)
        if highlight { highlighted[index] = true }
    }

    /// Adds a route: arms between consecutive cells, plus an arm out of each end towards its row
    /// (left at the start, into the upstream output row; right at the end, into the input row).
    mutating func add(route points: [Point], highlight: Bool) {
        guard let first = points.first, let last = points.last else { return }
        add(.left, x: first.x, y: first.y, highlight: highlight)
        add(.right, x: last.x, y: last.y, highlight: highlight)
        for index in points.indices.dropFirst() {
            let a = points[index - 1]
            let b = points[index]
            if a == b { continue }
            if a.y == b.y {
                let step = b.x > a.x ? 1 : -1
                var x = a.x
                while x != b.x {
                    add(step > 0 ? .right : .left, x: x, y: a.y, highlight: highlight)
                    add(step > 0 ? .left : .right, x: x + step, y: a.y, highlight: highlight)
                    x += step
                }
            } else {
                let step = b.y > a.y ? 1 : -1
                var y = a.y
                while y != b.y {
                    add(step > 0 ? .down : .up, x: a.x, y: y, highlight: highlight)
                    add(step > 0 ? .up : .down, x: a.x, y: y + step, highlight: highlight)
                    y += step
                }
            }
        }
    }

    /// Draws every line cell onto a surface.
    /// - Parameters:
    ///   - surface: The surface.
    ///   - offset: Subtracted from line coordinates to get surface coordinates.
    ///   - clip: The surface cells to stay inside.
    ///   - glyphs: The glyphs.
    ///   - style: The style of links.
    ///   - highlightStyle: The style of highlighted links.
    func draw(
        on surface: inout Surface, offset: Point, clip: Rect, glyphs: Glyphs, style: CellStyle,
        highlightStyle: CellStyle
    ) {
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX {
                let index = (y - region.minY) * region.width + (x - region.minX)
                let cellArms = arms[index]
                if cellArms.isEmpty { continue }
                let sx = x - offset.x
                let sy = y - offset.y
                guard clip.contains(x: sx, y: sy) else { continue }
                surface[sx, sy] = Cell(
                    glyphs.line(cellArms), style: highlighted[index] ? highlightStyle : style)
            }
        }
    }
}

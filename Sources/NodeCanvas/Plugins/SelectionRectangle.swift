/// Draws the rectangle a Ctrl-drag is selecting with: a frame in the selected border's style,
/// corners included, clipped to the canvas's area.
enum SelectionRectangle {
    static func draw(from: Point, to: Point, canvas: Canvas, on surface: inout Surface) {
        let origin = canvas.state.scaledOrigin
        let area = canvas.area
        let box = Rect(
            x: min(from.x, to.x) - origin.x + area.minX, y: min(from.y, to.y) - origin.y + area.minY,
            width: abs(to.x - from.x) + 1, height: abs(to.y - from.y) + 1)
        let style = canvas.theme.styles.selectedBorder
        let glyphs = canvas.theme.glyphs
        let left = box.minX, right = box.maxX - 1, top = box.minY, bottom = box.maxY - 1
        func glyph(x: Int, y: Int) -> Character {
            switch (x == left, x == right, y == top, y == bottom) {
            case (true, false, true, false): glyphs.topLeft
            case (false, true, true, false): glyphs.topRight
            case (true, false, false, true): glyphs.bottomLeft
            case (false, true, false, true): glyphs.bottomRight
            case (_, _, true, _), (_, _, _, true): glyphs.horizontal
            default: glyphs.vertical
            }
        }
        func put(x: Int, y: Int) {
            guard area.contains(x: x, y: y) else { return }
            surface[x, y] = Cell(glyph(x: x, y: y), style: style)
        }
        for x in left...right {
            put(x: x, y: top)
            put(x: x, y: bottom)
        }
        for y in top...bottom {
            put(x: left, y: y)
            put(x: right, y: y)
        }
    }
}

extension Surface {
    /// Writes a line of text starting at column `x`, row `y`, clipped to the surface and to `clip`.
    ///
    /// Each grapheme takes ``displayWidth(of:)-(Character)`` columns. Characters that take no
    /// columns (controls, a leading combining mark) are skipped; the text never wraps. A wide
    /// grapheme cut by a clip edge is not drawn by halves: its visible half becomes a space in
    /// `style`. Overwriting half of a wide grapheme already on the surface turns its other half
    /// into a space.
    /// - Parameters:
    ///   - string: The text; line breaks are skipped like other controls.
    ///   - x: The column of the first grapheme; may be negative or past the edge.
    ///   - y: The row; a row outside the surface or the clip draws nothing.
    ///   - style: How the text is drawn.
    ///   - clip: A rectangle to stay inside as well as the surface; `nil` for the whole surface.
    /// - Returns: The column just after the text, `x` plus its display width, whether or not it
    ///   was clipped; pass it as `x` to continue the line with another style.
    /// - Complexity: O(*n*), where *n* is the length of the string.
    @discardableResult
    public mutating func put(
        _ string: some StringProtocol, x: Int, y: Int, style: CellStyle = .plain, clip: Rect? = nil
    ) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var column = x
        guard y >= area.minY, y < area.maxY else { return x + displayWidth(of: string) }
        for character in string {
            let characterWidth = displayWidth(of: character)
            if characterWidth == 0 { continue }
            defer { column += characterWidth }
            if column >= area.maxX || column + characterWidth <= area.minX { continue }
            if column < area.minX {
                // The right half of a wide grapheme pokes in from the left: show a space.
                place(Cell(" ", style: style), x: area.minX, y: y, rightLimit: area.maxX)
            } else {
                let cell = Cell(character, measuredWidth: characterWidth, style: style)
                place(cell, x: column, y: y, rightLimit: area.maxX)
            }
        }
        return column
    }

    /// Fills a rectangle with one character, clipped to the surface.
    ///
    /// A wide `character` fills every other column; an odd column left at the right gets a space.
    /// Wide graphemes cut by the rectangle's edges leave a space on the outside half.
    /// - Parameters:
    ///   - rect: The cells to fill.
    ///   - character: The character to fill with; a space by default.
    ///   - style: The style of every filled cell.
    /// - Complexity: O(`rect.area`).
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: CellStyle = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(character, style: style)
        for y in area.minY..<area.maxY {
            if cell.isWide {
                var x = area.minX
                while x < area.maxX {
                    place(cell, x: x, y: y, rightLimit: area.maxX)
                    x += 2
                }
            } else {
                let rowStart = y * width
                breakWideCharacter(at: rowStart + area.minX, x: area.minX)
                breakWideCharacter(at: rowStart + area.maxX - 1, x: area.maxX - 1)
                for x in area.minX..<area.maxX {
                    cells[rowStart + x] = cell
                }
            }
        }
    }

    /// Turns every cell of the surface into a plain blank.
    /// - Complexity: O(`width` × `height`).
    public mutating func clear() {
        for index in cells.indices {
            cells[index] = .blank
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    ///
    /// Both halves of a wide grapheme cut by the rectangle's edge are restyled, so a grapheme
    /// never shows two styles.
    /// - Parameters:
    ///   - rect: The cells to restyle, clipped to the surface.
    ///   - update: Changes one style in place, for example `{ $0.reverse = true }`.
    /// - Complexity: O(`rect.area`).
    public mutating func updateStyle(in rect: Rect, _ update: (inout CellStyle) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            let rowStart = y * width
            var first = area.minX
            var last = area.maxX - 1
            if cells[rowStart + first].isContinuation, first > 0 { first -= 1 }
            if cells[rowStart + last].isWide, last + 1 < width { last += 1 }
            for x in first...last {
                update(&cells[rowStart + x].style)
            }
        }
    }

    /// Copies another surface onto this one with its top left corner at (`x`, `y`), clipped.
    ///
    /// Wide graphemes cut by an edge leave a space in their style.
    /// - Parameters:
    ///   - source: The surface to copy.
    ///   - x: The column where the source's column 0 lands; may be negative.
    ///   - y: The row where the source's row 0 lands; may be negative.
    /// - Complexity: O(`source.width` × `source.height`).
    public mutating func draw(_ source: Surface, x: Int, y: Int) {
        let area = source.bounds.offsetBy(dx: x, dy: y).intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.minY..<area.maxY {
            for column in area.minX..<area.maxX {
                let cell = source.cells[(row - y) * source.width + (column - x)]
                if cell.isContinuation {
                    if column == area.minX {
                        place(Cell(" ", style: cell.style), x: column, y: row, rightLimit: area.maxX)
                    }
                    continue
                }
                place(cell, x: column, y: row, rightLimit: area.maxX)
            }
        }
    }
}

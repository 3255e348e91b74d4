import CNcurses
import NodeCanvas

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalScreen {
    /// Shows `surface`, writing only the cells that differ from the last presented frame.
    ///
    /// Everything is redrawn on the first frame, after a resize or `resume()`, when the
    /// surface's size changes, and when the color pairs run out. Cells beyond the screen are
    /// dropped; screen cells beyond the surface are blank.
    /// - Parameter surface: The frame, normally the size of the screen.
    /// - Returns: The number of cells written (a wide character counts once).
    /// - Complexity: O(`surface.width` × `surface.height`) to compare; writing is proportional to
    ///   the changes.
    @discardableResult
    public func present(_ surface: Surface) -> Int {
        guard !isStopped, !isSuspended else { return 0 }
        var written: Int
        if let lastFrame, !needsFullRedraw, lastFrame.width == surface.width,
            lastFrame.height == surface.height
        {
            written = write(surface.diff(from: lastFrame))
            if written < 0 { written = redrawAll(surface) }
        } else {
            written = redrawAll(surface)
        }
        wnoutrefresh(window)
        doupdate()
        lastFrame = surface
        needsFullRedraw = false
        return max(0, written)
    }

    /// Makes the next `present(_:)` redraw every cell and repaint the terminal.
    public func requestFullRedraw() {
        needsFullRedraw = true
    }

    private func redrawAll(_ surface: Surface) -> Int {
        werase(window)
        clearok(window, true)
        let everything = surface.diff(from: Surface(width: 0, height: 0))
        var written = write(everything)
        if written < 0 {
            // The color pairs ran out: number them again from 1 and draw once more.
            colorPairs.reset()
            werase(window)
            written = write(everything)
        }
        return written
    }

    /// Writes the changed cells; returns the count, or -1 when the color pairs ran out.
    private func write(_ changes: [CellChange]) -> Int {
        let (screenWidth, screenHeight) = size
        var written = 0
        var pairsRanOut = false
        for change in changes
        where !change.cell.isContinuation && change.x < screenWidth && change.y < screenHeight {
            let rendition: Rendition
            if let known = colorPairs.rendition(for: change.cell.style) {
                rendition = known
            } else {
                pairsRanOut = true
                rendition = Rendition(attributes: cncurses_a_normal(), pair: 0)
            }
            var cell = change.cell
            if cell.isWide && change.x + 1 >= screenWidth {
                cell = Cell(" ", style: cell.style)  // the screen is narrower than the surface
            }
            draw(cell, x: Int32(change.x), y: Int32(change.y), rendition: rendition)
            written += 1
        }
        return pairsRanOut ? -1 : written
    }

    /// Writes one cell with the wide-character API.
    private func draw(_ cell: Cell, x: Int32, y: Int32, rendition: Rendition) {
        let fits = fillGlyphBuffer(with: cell)
        if !fits {
            glyphBuffer[0] = wchar_t(Glyphs.asciiStandIn(for: cell.character).asciiValue ?? 0x3F)
            glyphBuffer[1] = 0
        }
        addGlyph(x: x, y: y, rendition: rendition)
        if !fits && cell.isWide {
            glyphBuffer[0] = 0x20
            glyphBuffer[1] = 0
            addGlyph(x: x + 1, y: y, rendition: rendition)
        }
    }

    /// Puts the cell's base character and its combining marks into ``glyphBuffer``.
    /// - Returns: Whether the terminal can show it in the cell's width.
    private func fillGlyphBuffer(with cell: Cell) -> Bool {
        if let ascii = cell.character.asciiValue {
            glyphBuffer[0] = wchar_t(ascii)
            glyphBuffer[1] = 0
            return true
        }
        var count = 0
        for scalar in cell.character.unicodeScalars {
            let wide = wchar_t(bitPattern: scalar.value)
            if count == 0 {
                glyphBuffer[0] = wide
                count = 1
            } else if count < Int(CCHARW_MAX), cncurses_wcwidth(wide) == 0 {
                glyphBuffer[count] = wide  // a combining mark or joiner rides along
                count += 1
            }
        }
        glyphBuffer[count] = 0
        return capabilities.supportsUTF8 && cncurses_wcwidth(glyphBuffer[0]) == Int32(cell.width)
    }

    private func addGlyph(x: Int32, y: Int32, rendition: Rendition) {
        var character = cchar_t()
        var pair = rendition.pair
        glyphBuffer.withUnsafeBufferPointer { glyph in
            _ = setcchar(&character, glyph.baseAddress, rendition.attributes, 0, &pair)
        }
        // Writing the bottom-right cell reports an error (the cursor cannot advance) but draws.
        _ = mvwadd_wch(window, y, x, &character)
    }
}

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
        lastFrameCopyCalls = 0
        lastFrameStyleSwitches = 0
        var written: Int
        if let lastFrame, !needsFullRedraw, lastFrame.width == surface.width,
            lastFrame.height == surface.height
        {
            written = write(surface, changedSince: lastFrame)
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
        var written = write(surface, changedSince: nil)
        if written < 0 {
            // The color pairs ran out: number them again from 1 and draw once more.
            colorPairs.reset()
            werase(window)
            written = write(surface, changedSince: nil)
        }
        return written
    }

    /// Writes the cells of `surface` that differ from `previous` (a surface of the same size),
    /// or every cell when there is none, in one pass over both; returns the count, or -1 when
    /// the color pairs ran out.
    ///
    /// Neighbouring cells mostly share a style, so the style's rendition is looked up only when
    /// it changes. A run of changed neighbouring cells in one style, each one narrow character,
    /// goes to ncurses in one call (`mvwadd_wchnstr`), each cell a copy of the style's `cchar_t`
    /// with its character set, not one `setcchar` and one `mvwadd_wch` a cell: for a pan that
    /// rewrites most of a 200 × 60 screen, that was 5 of the 36 million instructions of a key.
    /// Wide characters, combining marks and ASCII stand-ins go one by one (``Glyph``).
    ///
    /// A blank between two cells of one style is written in their style when it looks the same
    /// in it (``blankLooksTheSame(_:in:)``), so the terminal does not switch styles for it and
    /// back. The choice depends on the frame's cells around the blank, not on what changed or
    /// was written before, so a line shifted sideways by a pan is still the same cells and
    /// ncurses can shift it (insert and delete characters) instead of writing it again. A blank
    /// that did not change keeps the style it was written in: it looks the same either way.
    private func write(_ surface: Surface, changedSince previous: Surface?) -> Int {
        let (screenWidth, screenHeight) = size
        let width = surface.width
        let columns = min(width, screenWidth)
        let rows = min(surface.height, screenHeight)
        guard columns > 0, rows > 0 else { return 0 }
        var written = 0
        var pairsRanOut = false
        var style: CellStyle?
        var rendition = Rendition(attributes: cncurses_a_normal(), pair: 0)
        var glyph = Glyph()
        var run = CellRun(window: window, capacity: columns)
        let supportsUTF8 = capabilities.supportsUTF8
        surface.cells.withUnsafeBufferPointer { current in
            (previous?.cells ?? []).withUnsafeBufferPointer { earlier in
                let compares = earlier.count == current.count
                for y in 0..<rows {
                    let row = y * width
                    for x in 0..<columns {
                        var cell = current[row + x]
                        if cell.isContinuation || (compares && cell == earlier[row + x]) { continue }
                        if x > 0, x + 1 < columns {
                            let around = current[row + x - 1].style
                            if cell.style != around, around == current[row + x + 1].style,
                                Self.blankLooksTheSame(cell, in: around)
                            {
                                cell.style = around
                            }
                        }
                        if cell.style != style {
                            style = cell.style
                            lastFrameStyleSwitches += 1
                            if let known = colorPairs.rendition(for: cell.style) {
                                rendition = known
                            } else {
                                pairsRanOut = true
                                rendition = Rendition(attributes: cncurses_a_normal(), pair: 0)
                            }
                            run.restyle(rendition)
                        }
                        written += 1
                        // A run does not start on the right half of a wide character shown
                        // until now: ncurses would take the cell left of it, which may
                        // already be the new right half of another, for the character's start
                        // and blank both. That cell goes on its own (ncurses clears the
                        // halves left over to the right only).
                        if let narrow = Glyph.narrowCharacter(of: cell, supportsUTF8: supportsUTF8),
                            run.extends(x: Int32(x), y: Int32(y)) || !compares
                                || !earlier[row + x].isContinuation
                        {
                            run.append(narrow, x: Int32(x), y: Int32(y))
                            continue
                        }
                        run.flush()
                        if cell.isWide && x + 1 >= screenWidth {
                            cell = Cell(" ", style: cell.style)  // the screen is narrower than the surface
                        }
                        glyph.draw(
                            cell, x: Int32(x), y: Int32(y), rendition: rendition,
                            supportsUTF8: supportsUTF8, on: window)
                        lastFrameCopyCalls += glyph.lastCallCount
                    }
                    run.flush()
                }
            }
        }
        lastFrameCopyCalls += run.calls
        return pairsRanOut ? -1 : written
    }
}

extension TerminalScreen {
    /// Whether `cell` is a blank that shows exactly as it would in `style`: a space shows no
    /// foreground color, bold or dim, so only its background, reverse video and underline show.
    /// - Parameters:
    ///   - cell: The cell to write.
    ///   - style: The style it might be written in.
    /// - Returns: Whether writing `cell` in `style` changes nothing a person sees.
    nonisolated static func blankLooksTheSame(_ cell: Cell, in style: CellStyle) -> Bool {
        guard cell.singleScalar == " ", cell.width == 1 else { return false }
        let own = cell.style
        return !own.reverse && !own.underline && !style.reverse && !style.underline
            && own.background == style.background
    }
}

/// Changed neighbouring cells of one row in one style, handed to ncurses in one call
/// (`mvwadd_wchnstr`, which neither moves the cursor nor wraps).
///
/// Each cell is a copy of the style's `cchar_t` (made once by `setcchar`, which sets the pair
/// the way ncurses reads it back) with its character put in, so it equals what `setcchar`
/// makes for that character.
struct CellRun {
    private let window: UnsafeMutablePointer<WINDOW>
    /// The cells waiting, from `start` on.
    private var cells: [cchar_t]
    private var count = 0
    private var start: (x: Int32, y: Int32) = (0, 0)
    /// The current style's cell, with a blank character.
    private var template = cchar_t()
    /// How many calls handed cells to ncurses.
    private(set) var calls = 0

    /// - Parameters:
    ///   - window: Where the cells go.
    ///   - capacity: The longest run: the columns written.
    init(window: UnsafeMutablePointer<WINDOW>, capacity: Int) {
        self.window = window
        cells = [cchar_t](repeating: cchar_t(), count: max(1, capacity))
    }

    /// Hands over the cells waiting (they were in the old style), then takes `rendition` for the
    /// cells that follow.
    mutating func restyle(_ rendition: Rendition) {
        flush()
        var blank: (wchar_t, wchar_t) = (0x20, 0)
        var pair = rendition.pair
        withUnsafeMutableBytes(of: &blank) { raw in
            _ = setcchar(
                &template, raw.bindMemory(to: wchar_t.self).baseAddress, rendition.attributes, 0, &pair)
        }
    }

    /// Whether a cell at (`x`, `y`) would join the cells waiting.
    func extends(x: Int32, y: Int32) -> Bool {
        count > 0 && y == start.y && x == start.x + Int32(count)
    }

    /// Adds a narrow character at (`x`, `y`); a cell not right after the run starts a new one.
    mutating func append(_ character: wchar_t, x: Int32, y: Int32) {
        if count > 0 && !extends(x: x, y: y) { flush() }
        if count == 0 { start = (x, y) }
        var cell = template
        cell.chars.0 = character
        cells[count] = cell
        count += 1
    }

    /// Hands the cells waiting to ncurses.
    mutating func flush() {
        guard count > 0 else { return }
        cells.withUnsafeBufferPointer { buffer in
            _ = mvwadd_wchnstr(window, start.y, start.x, buffer.baseAddress, Int32(count))
        }
        calls += 1
        count = 0
    }
}

/// One cell's wide characters for `setcchar`: a base character, its combining marks and a
/// terminating zero, on the stack (no array, so no allocation or uniqueness check per cell).
struct Glyph {
    /// How many ncurses calls the last ``draw(_:x:y:rendition:supportsUTF8:on:)`` made (1, or 2
    /// for a wide character's ASCII stand-in and the space after it).
    private(set) var lastCallCount = 0
    /// Room for `CCHARW_MAX` (5) characters and the terminating zero.
    private var characters: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
    private static let capacity = 6

    /// Writes `cell` to `window` with the wide-character API: as itself when the terminal can
    /// show it, otherwise as its ASCII stand-in (a wide one followed by a space).
    ///
    /// Not isolated to the main actor, like the rest of this type: a closure made in an isolated
    /// method and handed to `withUnsafeMutableBytes` would check the executor at every cell.
    mutating func draw(
        _ cell: Cell, x: Int32, y: Int32, rendition: Rendition, supportsUTF8: Bool,
        on window: UnsafeMutablePointer<WINDOW>
    ) {
        let fits = fill(with: cell, supportsUTF8: supportsUTF8)
        lastCallCount = !fits && cell.isWide ? 2 : 1
        if !fits {
            set(Glyphs.asciiStandIn(for: cell.character).asciiValue ?? 0x3F)
        }
        add(x: x, y: y, rendition: rendition, on: window)
        if !fits && cell.isWide {
            set(0x20)
            add(x: x + 1, y: y, rendition: rendition, on: window)
        }
    }

    /// The character of a cell that is one narrow character the terminal can show as itself
    /// (every ASCII cell; on a UTF-8 terminal, box drawing and the like), or `nil` for the cells
    /// that need ``draw(_:x:y:rendition:supportsUTF8:on:)``: wide ones, combining marks, and
    /// characters shown by a stand-in.
    static func narrowCharacter(of cell: Cell, supportsUTF8: Bool) -> wchar_t? {
        guard cell.width == 1, let scalar = cell.singleScalar else { return nil }
        let character = wchar_t(bitPattern: scalar.value)
        guard scalar.isASCII || (supportsUTF8 && cncurses_wcwidth(character) == 1) else { return nil }
        return character
    }

    private mutating func add(
        x: Int32, y: Int32, rendition: Rendition, on window: UnsafeMutablePointer<WINDOW>
    ) {
        var character = cchar_t()
        var pair = rendition.pair
        withUnsafeMutableBytes(of: &characters) { raw in
            _ = setcchar(
                &character, raw.bindMemory(to: wchar_t.self).baseAddress, rendition.attributes, 0, &pair)
        }
        // Writing the bottom-right cell reports an error (the cursor cannot advance) but draws.
        _ = mvwadd_wch(window, y, x, &character)
    }

    /// Holds one ASCII character.
    private mutating func set(_ ascii: UInt8) {
        characters.0 = wchar_t(ascii)
        characters.1 = 0
    }

    /// Holds the cell's base character and its combining marks (as many as ncurses keeps).
    /// - Returns: Whether the terminal can show it in the cell's width: always for ASCII;
    ///   otherwise only on a UTF-8 terminal that agrees on the width.
    private mutating func fill(with cell: Cell, supportsUTF8: Bool) -> Bool {
        if let scalar = cell.singleScalar {
            characters.0 = wchar_t(bitPattern: scalar.value)
            characters.1 = 0
            return scalar.isASCII || (supportsUTF8 && cncurses_wcwidth(characters.0) == Int32(cell.width))
        }
        let limit = min(Int(CCHARW_MAX), Self.capacity - 1)
        return withUnsafeMutableBytes(of: &characters) { raw in
            let buffer = raw.bindMemory(to: wchar_t.self)
            var count = 0
            for scalar in cell.character.unicodeScalars {
                let wide = wchar_t(bitPattern: scalar.value)
                if count == 0 {
                    buffer[0] = wide
                    count = 1
                } else if count < limit, cncurses_wcwidth(wide) == 0 {
                    buffer[count] = wide  // a combining mark or joiner rides along
                    count += 1
                }
            }
            buffer[count] = 0
            return supportsUTF8 && cncurses_wcwidth(buffer[0]) == Int32(cell.width)
        }
    }
}

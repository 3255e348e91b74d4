import CNcurses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One cell as ncurses believes the terminal shows it.
package struct ScreenCell: Hashable, Sendable {
    /// The characters: a base character and any combining marks.
    package var text: String
    /// The attribute bits, without the color pair.
    package var attributes: attr_t
    /// The color pair.
    package var pair: Int32
}

extension TerminalScreen {
    /// The cell at (`x`, `y`) as ncurses believes the terminal shows it (`curscr`, updated by the
    /// last `present(_:)`). For tests.
    /// - Parameters:
    ///   - x: A column.
    ///   - y: A row.
    /// - Returns: The cell, or `nil` outside the screen.
    package func cellOnScreen(x: Int, y: Int) -> ScreenCell? {
        guard let physical = cncurses_curscr() else { return nil }
        var character = cchar_t()
        guard mvwin_wch(physical, Int32(y), Int32(x), &character) != ERR else { return nil }
        var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        var attributes: attr_t = 0
        var shortPair: Int16 = 0
        var pair: Int32 = 0
        guard getcchar(&character, &characters, &attributes, &shortPair, &pair) != ERR else { return nil }
        let text = String(
            String.UnicodeScalarView(
                characters.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
        return ScreenCell(text: text, attributes: attributes, pair: pair)
    }

    /// Every row of the screen as text, as ncurses believes the terminal shows it. A wide
    /// character appears once, like `Surface.rows`. For tests.
    /// - Returns: One string per row.
    /// - Complexity: O(width × height).
    package func rowsOnScreen() -> [String] {
        let (width, height) = size
        return (0..<height).map { y in
            var line = ""
            var x = 0
            while x < width {
                let text = cellOnScreen(x: x, y: y)?.text ?? "?"
                line += text.isEmpty ? " " : text
                let first =
                    text.unicodeScalars.first.map { cncurses_wcwidth(wchar_t(bitPattern: $0.value)) } ?? 1
                x += first == 2 ? 2 : 1
            }
            return line
        }
    }

    /// The foreground and background color numbers of a color pair (-1: the terminal's own).
    /// - Parameter pair: A color pair number.
    /// - Returns: The two colors, or `nil` for an undefined pair.
    package func colorsOfPair(_ pair: Int32) -> (foreground: Int32, background: Int32)? {
        var foreground: Int32 = 0
        var background: Int32 = 0
        guard extended_pair_content(pair, &foreground, &background) != ERR else { return nil }
        return (foreground, background)
    }
}

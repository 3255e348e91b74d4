import CNcurses
import NodeCanvas
import Testing

@testable import NodeTerminal

/// What a person sees in a cell: its text, and for anything but a blank its foreground and
/// attributes; a blank (a space without reverse video or underline) shows only its background.
struct SeenCell: Equatable, CustomStringConvertible {
    var text: String
    var foreground: Int32?
    var background: Int32
    var attributes: attr_t

    var description: String {
        "\(text.debugDescription) foreground \(foreground.map(String.init) ?? "none") background \(background) "
            + "attributes \(attributes)"
    }
}

extension TerminalBackendTests {
    /// The cell at (`x`, `y`) as a person sees it (``SeenCell``).
    static func seenCell(_ screen: TerminalScreen, x: Int, y: Int) -> SeenCell? {
        guard let cell = screen.cellOnScreen(x: x, y: y) else { return nil }
        let colors =
            cell.pair == 0 ? (foreground: -1, background: -1) : screen.colorsOfPair(cell.pair) ?? (-2, -2)
        let shownByBlank = cncurses_a_reverse() | cncurses_a_underline()
        if cell.text == " " && cell.attributes & shownByBlank == 0 {
            return SeenCell(text: " ", foreground: nil, background: colors.background, attributes: 0)
        }
        return SeenCell(
            text: cell.text, foreground: colors.foreground, background: colors.background,
            attributes: cell.attributes)
    }

    /// Every cell of the screen as a person sees it.
    static func seenCells(_ screen: TerminalScreen) -> [SeenCell?] {
        let (width, height) = screen.size
        return (0..<height).flatMap { y in (0..<width).map { x in seenCell(screen, x: x, y: y) } }
    }

    /// "ab cd" in one colour, the blank between the words plain.
    static func wordsWithABlank(_ style: CellStyle, blank: CellStyle = .plain) -> Surface {
        var surface = Surface(width: 20, height: 2)
        surface.put("ab", x: 0, y: 0, style: style)
        surface.put(" ", x: 2, y: 0, style: blank)
        surface.put("cd", x: 3, y: 0, style: style)
        return surface
    }

    @Test func aBlankBetweenTwoWordsInOneStyleIsWrittenInTheirStyle() throws {
        let cyan = CellStyle(foreground: .ansi(6), bold: true)
        try withScreen(configure: { $0.locale = "C.UTF-8" }) { screen in
            screen.present(Self.wordsWithABlank(cyan))
            // The words' style, then the plain style for the rest: not plain for the blank and
            // back.
            #expect(screen.lastFrameStyleSwitches == 2)
            #expect(screen.rowsOnScreen()[0] == "ab cd" + String(repeating: " ", count: 15))
            let blank = try #require(Self.seenCell(screen, x: 2, y: 0))
            #expect(blank == SeenCell(text: " ", foreground: nil, background: -1, attributes: 0))
            // The row's closing blanks stay plain (their neighbours are plain).
            #expect(screen.cellOnScreen(x: 5, y: 0)?.pair == 0)
            #expect(screen.cellOnScreen(x: 19, y: 0)?.attributes == cncurses_a_normal())
        }
    }

    @Test func theTerminalGetsTheWordsColourOnceWhenABlankSeparatesThem() throws {
        let written = try withScreenOnFile(terminalType: "xterm-256color") { screen in
            screen.present(Self.wordsWithABlank(CellStyle(foreground: .ansi(6))))
        }
        let cyan = "\u{1B}[36m"
        #expect(written.components(separatedBy: cyan).count - 1 == 1, "\(written.debugDescription)")
        #expect(written.contains("ab cd"), "\(written.debugDescription)")
    }

    @Test(arguments: [
        CellStyle(foreground: .ansi(6), background: .blue), CellStyle(foreground: .ansi(6), reverse: true),
        CellStyle(foreground: .ansi(6), underline: true),
    ])
    func aBlankDoesNotTakeABackgroundReverseVideoOrUnderline(words: CellStyle) throws {
        try withScreen(configure: { $0.locale = "C.UTF-8" }) { screen in
            screen.present(Self.wordsWithABlank(words))
            #expect(screen.lastFrameStyleSwitches == 4)
            let blank = try #require(screen.cellOnScreen(x: 2, y: 0))
            #expect(blank.pair == 0 && blank.attributes == cncurses_a_normal())
        }
    }

    @Test func aBlankKeepsItsOwnBackgroundReverseVideoAndUnderline() throws {
        let word = CellStyle(foreground: .ansi(6))
        for blank in [CellStyle(background: .blue), CellStyle(reverse: true), CellStyle(underline: true)] {
            try withScreen(configure: { $0.locale = "C.UTF-8" }) { screen in
                screen.present(Self.wordsWithABlank(word, blank: blank))
                #expect(screen.lastFrameStyleSwitches == 4)
                let shown = try #require(screen.cellOnScreen(x: 2, y: 0))
                #expect(
                    (shown.attributes & cncurses_a_reverse() != 0) == blank.reverse
                        && (shown.attributes & cncurses_a_underline() != 0) == blank.underline)
                let background = shown.pair == 0 ? -1 : screen.colorsOfPair(shown.pair)?.background
                #expect(background == (blank.background == .blue ? 4 : -1))
            }
        }
    }

    @Test func aChangedBlankTakesTheStyleOfUnchangedWordsAroundIt() throws {
        let cyan = CellStyle(foreground: .ansi(6))
        try withScreen(configure: { $0.locale = "C.UTF-8" }) { screen in
            var surface = Self.wordsWithABlank(cyan)
            surface.put("x", x: 2, y: 0, style: .plain)
            screen.present(surface)
            surface.put(" ", x: 2, y: 0, style: .plain)
            #expect(screen.present(surface) == 1)
            #expect(screen.rowsOnScreen()[0].hasPrefix("ab cd "))
            let word = try #require(screen.cellOnScreen(x: 1, y: 0))
            #expect(screen.cellOnScreen(x: 2, y: 0)?.pair == word.pair)
            #expect(Self.seenCell(screen, x: 2, y: 0)?.background == -1)
        }
    }

    @Test func twoBlanksBetweenWordsKeepTheirOwnStyle() throws {
        let cyan = CellStyle(foreground: .ansi(6))
        try withScreen(configure: { $0.locale = "C.UTF-8" }) { screen in
            var surface = Surface(width: 20, height: 1)
            surface.put("ab", x: 0, y: 0, style: cyan)
            surface.put("cd", x: 4, y: 0, style: cyan)
            screen.present(surface)
            #expect(screen.lastFrameStyleSwitches == 4)
            #expect(screen.cellOnScreen(x: 2, y: 0)?.pair == 0)
        }
    }
}

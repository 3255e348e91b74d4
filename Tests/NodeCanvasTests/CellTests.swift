import NodeCanvas
import Testing

/// Cells store their grapheme packed (inline up to seven UTF-8 bytes, longer ones by reference to
/// a shared table); what a cell holds and how cells compare must not depend on that.
@Suite struct CellTests {
    @Test(
        arguments: [
            "a", " ", "~", "·", "×", "–", "…", "→", "─", "╭", "●", "█", "é", "e\u{301}", "界", "한",
            "🇫🇷", "❤\u{FE0F}", "👍🏽", "👨‍👩‍👧‍👦", "a\u{301}\u{302}\u{303}\u{304}",
        ] as [Character])
    func aCellGivesBackTheExactGraphemeItWasMadeWith(character: Character) {
        let cell = Cell(character)
        #expect(cell.character == character)
        #expect(Array(cell.character.unicodeScalars) == Array(character.unicodeScalars))
        #expect(cell.width == displayWidth(of: character))
    }

    @Test(
        arguments: [
            "a", " ", "~", "·", "×", "–", "…", "→", "─", "╭", "●", "█", "é", "e\u{301}", "界", "한", "😀",
            "\u{10FFFD}", "🇫🇷", "❤\u{FE0F}", "👨‍👩‍👧‍👦",
        ] as [Character])
    func aCellNamesItsSingleScalarAndOnlyWhenItHasJustOne(character: Character) {
        let scalars = Array(character.unicodeScalars)
        #expect(Cell(character).singleScalar == (scalars.count == 1 ? scalars[0] : nil))
    }

    @Test func aLongGraphemeReadsBackFromASurface() {
        var surface = Surface(width: 8, height: 1)
        surface.put("x👨‍👩‍👧‍👦🇫🇷y", x: 0, y: 0)
        #expect(surface.rows == ["x👨‍👩‍👧‍👦🇫🇷y  "])
        #expect(surface[1, 0] == Cell("👨‍👩‍👧‍👦"))
        #expect(surface[1, 0] != Cell("👨‍👩‍👧"))
    }

    @Test(
        arguments: [
            ("é", "e\u{301}"),  // precomposed and decomposed
            ("K", "\u{212A}"),  // Kelvin sign: a plain ASCII letter and a singleton decomposing to it
            (";", "\u{37E}"),  // Greek question mark
            ("·", "\u{387}"),  // Greek ano teleia
            ("a\u{301}\u{302}\u{303}\u{304}", "a\u{301}\u{302}\u{303}\u{304}"),
        ] as [(Character, Character)])
    func cellsOfCanonicallyEquivalentGraphemesAreEqualAndHashAlike(first: Character, second: Character) {
        #expect(first == second)
        let a = Cell(first), b = Cell(second)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
    }

    @Test func cellsDifferByGraphemeStyleAndWidth() {
        #expect(Cell("─") != Cell("│"))
        #expect(Cell("a") != Cell("b"))
        #expect(Cell("é") != Cell("è"))
        #expect(Cell("K") != Cell("k"))
        #expect(Cell("─") != Cell("─", style: CellStyle(bold: true)))
        #expect(Cell(" ") != Cell.continuation(style: .plain))
        #expect(Cell("🇫🇷") != Cell("🇩🇪"))
    }
}

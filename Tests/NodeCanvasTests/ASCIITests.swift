import NodeCanvas
import NodeGraph
import Testing

/// Drawing where only ASCII can be shown.
@Suite struct ASCIITests {
    @Test(
        arguments: [
            ("─", "-"), ("│", "|"), ("┌", "+"), ("╯", "+"), ("→", ">"), ("▸", ">"), ("…", "."), ("·", "."),
            ("×", "x"), ("−", "-"), ("÷", "/"), ("a", "a"), ("界", "?"),
        ] as [(Character, Character)])
    func everyCharacterHasAnASCIIStandIn(character: Character, standIn: Character) {
        #expect(Glyphs.asciiStandIn(for: character) == standIn)
    }

    @Test func anASCIIOnlySurfaceKeepsEveryColumnAndStyle() {
        var surface = Surface(width: 8, height: 1)
        surface.put("a界×b", x: 0, y: 0, style: CellStyle(bold: true))
        let ascii = surface.asciiOnly()
        #expect(ascii.rows == ["a? xb   "])
        #expect(ascii[1, 0].style.bold)
        #expect(ascii.cells.allSatisfy { $0.character.isASCII && !$0.isWide })
    }

    @Test func glyphSetsKnowWhetherTheyAreASCII() {
        #expect(Glyphs.ascii.isASCII)
        #expect(!Glyphs.unicode.isASCII)
        var almost = Glyphs.ascii
        almost.separator = "·"
        #expect(!almost.isASCII)
    }

    @Test func theHeadlessFrameInTheASCIIThemeIsAllASCII() {
        let surface = renderCanvas(.demoCalculator(), width: 100, height: 30, theme: .ascii)
        let text = surface.rows.joined(separator: "\n")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
        #expect(text.contains("x x y    = 6"))
    }
}

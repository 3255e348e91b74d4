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
        #expect(text.contains("x x y     = 6"))
    }

    @Test func theReducersOwnMessagesTakeTheSeparatorFromTheTheme() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30, theme: .ascii)
        canvas.send(.control("a"))
        #expect(canvas.state.message?.text == "selected 6 nodes | Esc clears")
        canvas.send(.character("y"))
        #expect(canvas.state.message?.text.hasPrefix("copied 6 nodes | p pastes") == true)
        canvas.send([.escape, .mousePress(x: 0, y: 0, control: true), .mouseDrag(x: 99, y: 27)])
        canvas.send(.mouseRelease(x: 99, y: 27))
        #expect(canvas.state.message?.text == "6 nodes selected | Esc clears")
    }
}

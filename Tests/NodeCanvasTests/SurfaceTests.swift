import NodeCanvas
import Testing

@Suite struct SurfaceTests {
    let bold = CellStyle(bold: true)
    let selected = CellStyle(foreground: .black, background: .yellow)

    @Test func aNewSurfaceIsBlank() {
        let surface = Surface(width: 3, height: 2)
        #expect(surface.rows == ["   ", "   "])
        #expect(surface.cells.allSatisfy { $0 == .blank })
    }

    @Test func putWritesTextAndReturnsTheColumnAfterIt() {
        var surface = Surface(width: 8, height: 2)
        let end = surface.put("Add", x: 1, y: 0, style: bold)
        surface.put("=3", x: end, y: 0)
        #expect(end == 4)
        #expect(surface.rows == [" Add=3  ", "        "])
        #expect(surface[1, 0].style == bold)
        #expect(surface[4, 0].style == .plain)
    }

    @Test func putClipsAtTheRightEdgeButReturnsTheLogicalEnd() {
        var surface = Surface(width: 5, height: 1)
        let end = surface.put("Multiply", x: 2, y: 0)
        #expect(surface.rows == ["  Mul"])
        #expect(end == 10)
    }

    @Test func putClipsTextStartingLeftOfTheSurface() {
        var surface = Surface(width: 5, height: 1)
        surface.put("Divide", x: -3, y: 0)
        #expect(surface.rows == ["ide  "])
    }

    @Test func putOnARowOutsideTheSurfaceDrawsNothing() {
        var surface = Surface(width: 3, height: 1)
        let end = surface.put("abc", x: 0, y: 1)
        surface.put("abc", x: 0, y: -1)
        #expect(surface.rows == ["   "])
        #expect(end == 3)
    }

    @Test func putStaysInsideTheClipRectangle() {
        var surface = Surface(width: 8, height: 2)
        surface.put("overflowing", x: 1, y: 1, clip: Rect(x: 2, y: 1, width: 4, height: 1))
        #expect(surface.rows == ["        ", "  verf  "])
    }

    @Test func putSkipsControlCharacters() {
        var surface = Surface(width: 6, height: 1)
        let end = surface.put("a\tb\nc\u{1B}", x: 0, y: 0)
        #expect(surface.rows == ["abc   "])
        #expect(end == 3)
    }

    @Test func aWideCharacterTakesTwoCells() {
        var surface = Surface(width: 6, height: 1)
        let end = surface.put("界x", x: 1, y: 0, style: selected)
        #expect(end == 4)
        #expect(surface.rows == [" 界x  "])
        #expect(surface[1, 0].character == "界")
        #expect(surface[1, 0].width == 2)
        #expect(surface[2, 0].isContinuation)
        #expect(surface[2, 0].style == selected)
        #expect(surface[3, 0].character == "x")
    }

    @Test func aWideCharacterThatWouldStraddleTheRightEdgeLeavesASpace() {
        var surface = Surface(width: 4, height: 1)
        surface.fill(surface.bounds, with: ".")
        let end = surface.put("ab界", x: 1, y: 0, style: selected)
        #expect(surface.rows == [".ab "])
        #expect(surface[3, 0].style == selected)
        #expect(!surface.cells.contains { $0.isContinuation })
        #expect(end == 5)
    }

    @Test func aWideCharacterCutByTheLeftEdgeLeavesASpace() {
        var surface = Surface(width: 4, height: 1)
        surface.fill(surface.bounds, with: ".")
        surface.put("界ab", x: -1, y: 0)
        #expect(surface.rows == [" ab."])
    }

    @Test func overwritingTheSecondHalfOfAWideCharacterClearsTheFirstHalf() {
        var surface = Surface(width: 5, height: 1)
        surface.put("a界b", x: 0, y: 0)
        surface.put("x", x: 2, y: 0)
        #expect(surface.rows == ["a xb "])
        #expect(!surface.cells.contains { $0.isContinuation })
    }

    @Test func overwritingTheFirstHalfOfAWideCharacterClearsTheSecondHalf() {
        var surface = Surface(width: 5, height: 1)
        surface.put("a界b", x: 0, y: 0)
        surface.put("x", x: 1, y: 0)
        #expect(surface.rows == ["ax b "])
        #expect(!surface.cells.contains { $0.isContinuation })
    }

    @Test func aWideCharacterOverlappingTwoOthersByHalfClearsTheirOtherHalves() {
        var surface = Surface(width: 6, height: 1)
        surface.put("界界", x: 0, y: 0)
        surface.put("山", x: 1, y: 0)
        #expect(surface.rows == [" 山   "])
        #expect(surface[1, 0].isWide && surface[2, 0].isContinuation)
        #expect(surface[3, 0] == .blank)
    }

    @Test func settingAWideCellThroughTheSubscriptAlsoTakesTheNextColumn() {
        var surface = Surface(width: 3, height: 1)
        surface.put("abc", x: 0, y: 0)
        surface[0, 0] = Cell("界")
        surface[2, 0] = Cell("山")
        #expect(surface.rows == ["界 "])
        #expect(surface[1, 0].isContinuation)
    }

    @Test func fillPaintsARectangleClippedToTheSurface() {
        var surface = Surface(width: 5, height: 3)
        surface.fill(Rect(x: 3, y: 1, width: 10, height: 10), with: "#", style: selected)
        #expect(surface.rows == ["     ", "   ##", "   ##"])
        #expect(surface[4, 2].style == selected)
    }

    @Test func fillClearsTheOutsideHalfOfAWideCharacterCutByItsEdge() {
        var surface = Surface(width: 6, height: 1)
        surface.put("界界界", x: 0, y: 0)
        surface.fill(Rect(x: 1, y: 0, width: 2, height: 1), with: "-")
        #expect(surface.rows == [" -- 界"])
    }

    @Test func fillWithAWideCharacterUsesEveryOtherColumn() {
        var surface = Surface(width: 5, height: 1)
        surface.fill(surface.bounds, with: "界")
        #expect(surface.rows == ["界界 "])
    }

    @Test func updateStyleRestylesBothHalvesOfACutWideCharacter() {
        var surface = Surface(width: 4, height: 1)
        surface.put("a界b", x: 0, y: 0)
        surface.updateStyle(in: Rect(x: 2, y: 0, width: 1, height: 1)) { $0.reverse = true }
        #expect(surface.cells.map(\.style.reverse) == [false, true, true, false])
        #expect(surface.rows == ["a界b"])
    }

    @Test func drawCopiesAnotherSurfaceClippedAtTheEdges() {
        var surface = Surface(width: 5, height: 2)
        surface.fill(surface.bounds, with: ".")
        let box = Surface(rows: ["┌─界", "└──┘"])
        surface.draw(box, x: 2, y: 1)
        #expect(surface.rows == [".....", "..┌─ "])
    }

    @Test func rowsCanTrimTrailingSpaces() {
        var surface = Surface(width: 6, height: 2)
        surface.put("ab", x: 1, y: 0)
        #expect(surface.rows(trimmingTrailingSpaces: true) == [" ab", ""])
        #expect(surface.text == " ab   \n      ")
        #expect(surface.text(trimmingTrailingSpaces: true) == " ab\n")
    }

    @Test func aSurfaceBuiltFromRowsReadsBackTheSameRows() {
        let rows = ["┌──────┐", "│ 界 1 │", "└──────┘"]
        #expect(Surface(rows: rows).rows == rows)
        #expect(Surface(rows: ["ab", "abcd"]).rows == ["ab  ", "abcd"])
    }

    @Test func diffListsOnlyTheChangedCellsInReadingOrder() {
        var before = Surface(width: 4, height: 2)
        before.put("abcd", x: 0, y: 0)
        var after = before
        after.put("X", x: 2, y: 0)
        after.put("Y", x: 1, y: 1, style: bold)
        let changes = after.diff(from: before)
        #expect(
            changes == [
                CellChange(x: 2, y: 0, cell: Cell("X")),
                CellChange(x: 1, y: 1, cell: Cell("Y", style: bold)),
            ])
        #expect(after.diff(from: after).isEmpty)
    }

    @Test func diffSeesAStyleChangeWithTheSameCharacter() {
        let before = Surface(rows: ["ab"])
        var after = before
        after.updateStyle(in: Rect(x: 1, y: 0, width: 1, height: 1)) { $0.underline = true }
        #expect(after.diff(from: before).map(\.x) == [1])
    }

    @Test func diffIncludesBothHalvesOfANewWideCharacter() {
        let before = Surface(rows: ["abc"])
        var after = before
        after.put("界", x: 1, y: 0)
        let changes = after.diff(from: before)
        #expect(changes.map(\.x) == [1, 2])
        #expect(changes[1].cell.isContinuation)
    }

    @Test func diffFromASurfaceOfAnotherSizeListsEveryCell() {
        let after = Surface(rows: ["ab", "cd"])
        #expect(after.diff(from: Surface(width: 3, height: 2)).count == 4)
    }

    @Test(
        arguments: [
            ("a", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("─", 1), ("❤", 1), ("❤\u{FE0F}", 1),
            ("界", 2), ("한", 2), ("あ", 2), ("Ａ", 2), ("😀", 2), ("👍🏽", 2), ("🇫🇷", 2), ("⌚", 2),
            ("\u{301}", 0), ("\t", 0), ("\u{7F}", 0), ("\u{85}", 0), ("\u{200B}", 0), ("\r\n", 0),
        ] as [(Character, Int)])
    func displayWidthMatchesTheTerminal(character: Character, width: Int) {
        #expect(displayWidth(of: character) == width)
    }

    @Test func displayWidthOfAStringSumsItsCharacters() {
        #expect(displayWidth(of: "Add 界 😀!") == 10)
        #expect(displayWidth(of: "") == 0)
    }

    @Test(arguments: [
        TerminalColor.default, .ansi(0), .ansi(15), .indexed(0), .indexed(255),
        .rgb(red: 0, green: 0, blue: 0), .rgb(red: 255, green: 128, blue: 1),
    ])
    func aStyleKeepsItsColorsAndAttributes(color: TerminalColor) {
        var style = CellStyle(foreground: color, background: color, dim: true, underline: true)
        #expect(style.foreground == color)
        #expect(style.background == color)
        #expect(!style.bold && style.dim && !style.reverse && style.underline)
        style.bold = true
        style.dim = false
        style.reverse = true
        #expect(style.bold && !style.dim && style.reverse && style.underline)
        #expect(style != CellStyle(foreground: color, background: color))
    }

    @Test func aCellOfAZeroWidthCharacterHoldsASpace() {
        #expect(Cell("\u{7}").character == " ")
        #expect(Cell("\u{7}").width == 1)
    }
}

extension SurfaceTests {
    @Suite struct Rectangles {
        @Test func intersectionIsTheSharedCells() {
            let a = Rect(x: 0, y: 0, width: 4, height: 3)
            let b = Rect(x: 2, y: 1, width: 5, height: 5)
            #expect(a.intersection(b) == Rect(x: 2, y: 1, width: 2, height: 2))
            #expect(a.intersects(b))
        }

        @Test func disjointRectanglesHaveAnEmptyIntersection() {
            let a = Rect(x: 0, y: 0, width: 2, height: 2)
            let b = Rect(x: 2, y: 0, width: 2, height: 2)
            #expect(a.intersection(b).isEmpty)
            #expect(!a.intersects(b))
        }

        @Test func containsTreatsMaxXAndMaxYAsExclusive() {
            let rect = Rect(x: 1, y: 1, width: 2, height: 2)
            #expect(rect.contains(x: 1, y: 1))
            #expect(rect.contains(x: 2, y: 2))
            #expect(!rect.contains(x: 3, y: 2))
            #expect(!rect.contains(x: 0, y: 1))
            #expect(rect.contains(Rect(x: 2, y: 1, width: 1, height: 2)))
            #expect(!rect.contains(Rect(x: 2, y: 1, width: 2, height: 2)))
        }

        @Test func negativeSizesBecomeEmpty() {
            let rect = Rect(x: 3, y: 3, width: -2, height: 4)
            #expect(rect.width == 0)
            #expect(rect.isEmpty)
            #expect(!rect.contains(x: 3, y: 3))
            #expect(Rect(x: 0, y: 0, width: 4, height: 4).insetBy(dx: 3, dy: 1).isEmpty)
        }

        @Test func unionIsTheBoundingRectangle() {
            let a = Rect(x: 0, y: 0, width: 2, height: 2)
            let b = Rect(x: 5, y: 1, width: 1, height: 4)
            #expect(a.union(b) == Rect(x: 0, y: 0, width: 6, height: 5))
            #expect(a.union(.zero) == a)
        }
    }
}

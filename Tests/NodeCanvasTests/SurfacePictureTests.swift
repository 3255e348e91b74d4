import NodeGraph
import Testing

@testable import NodeCanvas

@Suite struct SurfacePictureTests {
    @Test func aRenderedFrameShowsNoCursorWhileTheCanvasDoes() throws {
        let graph = try demoCalculator()
        let picture = renderCanvas(graph, width: 80, height: 24)
        let reversed = (0..<picture.height).flatMap { y in
            (0..<picture.width).filter { picture[$0, y].style.reverse }.map { ($0, y) }
        }
        #expect(reversed.isEmpty, "reversed cells at \(reversed)")
        let canvas = makeCanvas(graph)
        canvas.fitTopLeft()
        #expect(canvas.render()[0, 0].style.reverse)
    }

    @Test func ansiRowsSelectEachKindOfColorAndEndReset() {
        var surface = Surface(width: 8, height: 1)
        surface.put("a", x: 0, y: 0, style: CellStyle(foreground: .indexed(200)))
        surface.put(
            "b", x: 1, y: 0, style: CellStyle(foreground: .rgb(red: 1, green: 2, blue: 3), bold: true))
        surface.put("c", x: 2, y: 0, style: CellStyle(foreground: .ansi(9), background: .blue))
        surface.put(" ", x: 3, y: 0, style: CellStyle(background: .green))
        #expect(
            surface.ansiRows() == [
                "\u{1B}[0;38;5;200ma\u{1B}[0;1;38;2;1;2;3mb\u{1B}[0;91;44mc\u{1B}[0;42m \u{1B}[0m"
            ])
    }

    @Test func ansiRowsLeaveOutTrailingPlainSpacesOnly() {
        let surface = Surface(rows: ["ab   ", "     "])
        #expect(surface.ansiRows() == ["ab", ""])
    }

    @Test func svgEscapesMarkupInText() {
        let surface = Surface(rows: ["<a & \"b\">"])
        let svg = surface.svg()
        #expect(svg.contains(">&lt;a &amp; &quot;b&quot;&gt;</tspan>"))
        #expect(!svg.contains("<a &"))
    }

    @Test func svgDrawsBoxLinesAsPathsAndRoundedCornersAsCurves() {
        let surface = Surface(rows: ["╭─", "│ "])
        let svg = surface.svg(SVGOptions(cellWidth: 10, rowHeight: 20, padding: 0))
        #expect(svg.contains("M10 10Q5 10 5 15V20"))  // ╭: from the right edge, curving down
        #expect(svg.contains("M15 10H20M15 10H10"))  // ─: both arms
        #expect(svg.contains("M5 30V20M5 30V40"))  // │: up and down
        #expect(!svg.contains("<tspan"))
    }

    @Test func svgPaletteMapsEveryKindOfTerminalColor() {
        let palette = SVGPalette.dark
        #expect(palette.color(for: .default) == nil)
        #expect(palette.color(for: .ansi(12)) == palette.ansi[12])
        #expect(palette.color(for: .indexed(3)) == palette.ansi[3])
        #expect(palette.color(for: .indexed(196)) == Color(red: 255, green: 0, blue: 0))
        #expect(palette.color(for: .indexed(232)) == Color(red: 8, green: 8, blue: 8))
        #expect(palette.color(for: .rgb(red: 1, green: 2, blue: 3)) == Color(red: 1, green: 2, blue: 3))
    }
}

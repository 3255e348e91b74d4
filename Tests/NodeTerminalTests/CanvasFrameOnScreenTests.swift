import CNcurses
import NodeCanvas
import NodeGraph
import Testing

@testable import NodeTerminal

#if canImport(Glibc)
    import Glibc
#endif

extension TerminalBackendTests {
    /// A whole canvas frame (the demo calculator) through the real backend on /dev/null: what
    /// ncurses believes the terminal shows equals the canvas surface, character for character and
    /// style for style. (In the serialized backend suite: ncurses is global state.)
    @Test func aCanvasFrameOnScreenEqualsTheCanvasSurface() throws {
        try withScreen(width: 100, height: 30, configure: { $0.locale = "C.UTF-8" }) { screen in
            let canvas = Canvas(document: GraphDocument(graph: .demoCalculator()), width: 100, height: 30)
            let surface = canvas.render()
            screen.present(surface)

            #expect(screen.rowsOnScreen() == surface.rows)
            #expect(surface.rows.joined().contains("Multiply"))
            for y in 0..<surface.height {
                for x in 0..<surface.width where !surface[x, y].isContinuation {
                    let cell = surface[x, y]
                    let shown = try #require(screen.cellOnScreen(x: x, y: y))
                    #expect(shown.text == String(cell.character), "text at \(x),\(y)")
                    let style = cell.style
                    let foreground = TerminalPalette.colorNumber(
                        for: style.foreground, depth: .colors256, isForeground: true)
                    let background = TerminalPalette.colorNumber(
                        for: style.background, depth: .colors256, isForeground: false)
                    let colors =
                        shown.pair == 0
                        ? (foreground: -1, background: -1) : try #require(screen.colorsOfPair(shown.pair))
                    #expect(colors.background == background.number, "background at \(x),\(y)")
                    // A blank shows no foreground, bold or dim: it may take its neighbour's.
                    let showsForeground = cell.character != " " || style.reverse || style.underline
                    #expect(
                        !showsForeground || colors.foreground == foreground.number, "foreground at \(x),\(y)")
                    #expect(
                        !showsForeground
                            || (shown.attributes & cncurses_a_bold() != 0)
                                == (style.bold || foreground.needsBold),
                        "bold at \(x),\(y)")
                    #expect(
                        !showsForeground || (shown.attributes & cncurses_a_dim() != 0) == style.dim,
                        "dim at \(x),\(y)")
                    #expect(
                        (shown.attributes & cncurses_a_reverse() != 0) == style.reverse,
                        "reverse at \(x),\(y)")
                    #expect(
                        (shown.attributes & cncurses_a_underline() != 0) == style.underline,
                        "underline at \(x),\(y)")
                }
            }

            // The next frame, after an edit, writes only what changed and still reads back the same.
            canvas.send([.tab, .character("+")])
            let next = canvas.render()
            let written = screen.present(next)
            #expect(written > 0 && written < next.width * next.height / 4)
            #expect(screen.rowsOnScreen() == next.rows)
        }
    }
}

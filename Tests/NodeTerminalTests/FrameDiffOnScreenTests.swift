import CNcurses
import NodeCanvas
import Testing

@testable import NodeTerminal

#if canImport(Glibc)
    import Glibc
#endif

extension TerminalBackendTests {
    /// A small reproducible random source (SplitMix64), so a failing sequence of frames can be
    /// replayed from its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Characters a frame is made of: ASCII, box drawing, a wide character, one with a
    /// combining mark, and blanks.
    static let frameCharacters: [Character] = [
        "a", "Z", "7", " ", " ", "─", "│", "┌", "╮", "●", "界", "山", "e\u{301}", "÷", "…",
    ]

    /// Styles a frame is drawn in: plain, attributes, basic, indexed and RGB colors.
    static let frameStyles: [CellStyle] = [
        .plain, CellStyle(bold: true), CellStyle(reverse: true),
        CellStyle(foreground: .brightWhite, background: .blue, bold: true),
        CellStyle(foreground: .rgb(red: 255, green: 0, blue: 0), underline: true),
        CellStyle(foreground: .indexed(244), dim: true), CellStyle(background: .ansi(2)),
    ]

    /// The next frame: `previous` with a few random strokes, or now and then a fresh frame.
    static func randomFrame(after previous: Surface, using random: inout SeededGenerator) -> Surface {
        var surface =
            Int.random(in: 0..<12, using: &random) == 0
            ? Surface(width: previous.width, height: previous.height) : previous
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let style = frameStyles.randomElement(using: &random)!
            let x = Int.random(in: -1..<surface.width, using: &random)
            let y = Int.random(in: 0..<surface.height, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                surface.fill(
                    Rect(
                        x: x, y: y, width: Int.random(in: 1...8, using: &random),
                        height: Int.random(in: 1...3, using: &random)),
                    with: frameCharacters.randomElement(using: &random)!, style: style)
            case 1:
                surface.updateStyle(
                    in: Rect(x: x, y: y, width: Int.random(in: 1...10, using: &random), height: 1)
                ) {
                    $0 = style
                }
            default:
                let text = String(
                    (0..<Int.random(in: 1...9, using: &random)).map { _ in
                        frameCharacters.randomElement(using: &random)!
                    })
                surface.put(text, x: x, y: y, style: style)
            }
        }
        return surface
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func afterManyRandomFramesTheScreenShowsWhatAFullRepaintShows(seed: UInt64) throws {
        try checkRandomFrames(seed: seed, asciiOnly: false)
    }

    @Test(arguments: [7, 8, 9] as [UInt64])
    func withASCIIStandInsManyRandomFramesStillShowWhatAFullRepaintShows(seed: UInt64) throws {
        try checkRandomFrames(seed: seed, asciiOnly: true)
    }

    /// 150 random frames, each read back from the screen, and every tenth compared cell for cell
    /// with a full repaint of the same frame, as a person sees them (``SeenCell``: characters,
    /// colors, attributes; a blank its background only, since it may take its neighbour's style).
    func checkRandomFrames(seed: UInt64, asciiOnly: Bool) throws {
        var random = SeededGenerator(state: seed)
        let configure: (inout TerminalScreen.Options) -> Void = {
            $0.locale = "C.UTF-8"
            $0.drawsASCIIOnly = asciiOnly
        }
        try withScreen(width: 23, height: 7, configure: configure) { screen in
            var surface = Surface(width: 23, height: 7)
            for frame in 1...150 {
                surface = Self.randomFrame(after: surface, using: &random)
                screen.present(surface)
                if !asciiOnly {
                    #expect(screen.rowsOnScreen() == surface.rows, "seed \(seed), frame \(frame)")
                }
                guard frame % 10 == 0 else { continue }
                let diffed = Self.seenCells(screen)
                screen.requestFullRedraw()
                screen.present(surface)
                let repainted = Self.seenCells(screen)
                #expect(diffed.count == repainted.count)
                if let index = diffed.indices.first(where: { diffed[$0] != repainted[$0] }) {
                    let shown = diffed[index].map { "\($0)" } ?? "nothing"
                    let expected = repainted[index].map { "\($0)" } ?? "nothing"
                    let place = "seed \(seed), frame \(frame), cell (\(index % 23), \(index / 23))"
                    Issue.record("\(place) shows \(shown) where a full repaint shows \(expected)")
                }
            }
        }
    }
}

extension TerminalBackendTests {
    /// How many `write`s reach the other end of a message socket: a `SOCK_SEQPACKET` pair keeps
    /// each `write` a message of its own.
    static func messagesWaiting(on descriptor: Int32) -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 { count += 1 }
        return count
    }

    @Test func aFrameThatMovesTheCursorOftenReachesTheTerminalInOneWrite() throws {
        var sockets: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &sockets) == 0)
        let output = try #require(fdopen(sockets[0], "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
            close(sockets[1])
        }
        var options = TerminalScreen.Options(
            terminalType: "xterm-256color", installsSignalHandlers: false, size: (60, 20), locale: "C.UTF-8")
        options.usesColor = true  // swift test sets NO_COLOR for its children
        let screen = try TerminalScreen(output: output, input: input, options: options)
        defer { screen.stop() }
        screen.present(Surface(width: 60, height: 20))
        _ = Self.messagesWaiting(on: sockets[1])
        // 40 changes apart from each other: ncurses moves the cursor before each.
        var surface = Surface(width: 60, height: 20)
        for index in 0..<40 {
            surface.put("x", x: (index * 7) % 60, y: index % 20, style: Self.frameStyles[index % 3])
        }
        #expect(screen.present(surface) == 40)
        #expect(Self.messagesWaiting(on: sockets[1]) == 1)
    }
}

extension TerminalBackendTests {
    @Test func aRunOfChangedNeighbouringCellsInOneStyleGoesToNcursesInOneCall() throws {
        try withScreen(width: 30, height: 4, configure: { $0.locale = "C.UTF-8" }) { screen in
            var surface = Surface(width: 30, height: 4)
            screen.present(surface)
            let bold = CellStyle(foreground: .ansi(6), bold: true)
            surface.put("abcdefghij", x: 2, y: 1, style: .plain)
            surface.put("──┬──", x: 12, y: 1, style: bold)
            surface.put("界", x: 25, y: 2, style: .plain)
            surface.put("xy", x: 3, y: 3, style: .plain)
            surface.put("z", x: 8, y: 3, style: .plain)
            #expect(screen.present(surface) == 10 + 5 + 1 + 2 + 1)
            // One call a run: "abcdefghij", "──┬──" (its own style), "xy", "z" (not next to
            // "xy"); the wide character on its own.
            #expect(screen.lastFrameCopyCalls == 5)
            #expect(screen.rowsOnScreen() == surface.rows)
            #expect(((screen.cellOnScreen(x: 12, y: 1)?.attributes ?? 0) & cncurses_a_bold()) != 0)
            #expect(screen.cellOnScreen(x: 12, y: 1)?.pair != 0)
            #expect(screen.cellOnScreen(x: 11, y: 1)?.pair == 0)

            // Only what changed is written again.
            surface.put("B", x: 3, y: 1, style: .plain)
            #expect(screen.present(surface) == 1)
            #expect(screen.lastFrameCopyCalls == 1)
            #expect(screen.present(surface) == 0)
            #expect(screen.lastFrameCopyCalls == 0)
            #expect(screen.rowsOnScreen() == surface.rows)
        }
    }
}

import CNcurses
import NodeCanvas
import Testing

@testable import NodeTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The ncurses backend, driven in-process on /dev/null (or a pipe for input). ncurses is global
/// state, so these tests run one at a time.
@MainActor
@Suite(.serialized) struct TerminalBackendTests {
    static let title = CellStyle(foreground: .brightWhite, background: .blue, bold: true)
    static let warning = CellStyle(foreground: .rgb(red: 255, green: 0, blue: 0), underline: true)

    /// A 20×6 node box with box-drawing characters, a wide character and three styles.
    static func nodeBox() -> Surface {
        var surface = Surface(width: 20, height: 6)
        surface.put("┌─ Add ──────┐", x: 1, y: 0)
        surface.put("│ x   1      │", x: 1, y: 1)
        surface.put("│ 界  2      │", x: 1, y: 2)
        surface.put("└────────────┘", x: 1, y: 3)
        surface.fill(Rect(x: 4, y: 0, width: 3, height: 1), with: " ", style: title)
        surface.put("Add", x: 4, y: 0, style: title)
        surface.put("÷0!", x: 16, y: 5, style: warning)
        return surface
    }

    func withScreen(
        width: Int = 20, height: Int = 6, terminalType: String = "xterm-256color",
        configure: (inout TerminalScreen.Options) -> Void = { _ in },
        _ body: (TerminalScreen) throws -> Void
    ) throws {
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        var options = TerminalScreen.Options(
            terminalType: terminalType, installsSignalHandlers: false, size: (width, height))
        options.usesColor = true  // swift test sets NO_COLOR for its children
        configure(&options)
        let screen = try TerminalScreen(output: output, input: input, options: options)
        defer { screen.stop() }
        try body(screen)
    }

    @Test func startsWithTheRequestedSizeAndTheTerminalsCapabilities() throws {
        try withScreen { screen in
            #expect(screen.size == (20, 6))
            #expect(screen.capabilities.colorDepth == .colors256)
            #expect(screen.capabilities.supportsUTF8)
            #expect(screen.capabilities.mouseProtocol == .xterm)
        }
    }

    @Test func aPresentedSurfaceReadsBackFromTheScreenCellForCell() throws {
        let surface = Self.nodeBox()
        try withScreen { screen in
            let written = screen.present(surface)
            #expect(screen.rowsOnScreen() == surface.rows)
            #expect(written == surface.cells.filter { !$0.isContinuation }.count)
            #expect(screen.cellOnScreen(x: 1, y: 0)?.text == "┌")
            #expect(screen.cellOnScreen(x: 3, y: 2)?.text == "界")
        }
    }

    @Test func stylesBecomeAttributesAndColorPairs() throws {
        try withScreen { screen in
            screen.present(Self.nodeBox())
            let titleCell = try #require(screen.cellOnScreen(x: 4, y: 0))
            #expect(titleCell.attributes & cncurses_a_bold() != 0)
            #expect(screen.colorsOfPair(titleCell.pair)! == (15, 4))
            let warningCell = try #require(screen.cellOnScreen(x: 16, y: 5))
            #expect(warningCell.attributes & cncurses_a_underline() != 0)
            #expect(screen.colorsOfPair(warningCell.pair)! == (196, -1))
            let plainCell = try #require(screen.cellOnScreen(x: 1, y: 1))
            #expect(plainCell.pair == 0)
            #expect(plainCell.attributes & cncurses_a_bold() == 0)
        }
    }

    @Test func aSecondFrameWritesOnlyTheChangedCells() throws {
        let first = Self.nodeBox()
        var second = first
        second.put("7", x: 7, y: 1)
        second.put("山", x: 3, y: 2)
        second.updateStyle(in: Rect(x: 16, y: 5, width: 1, height: 1)) { $0.bold = true }
        try withScreen { screen in
            screen.present(first)
            let written = screen.present(second)
            #expect(written == 3)
            #expect(screen.rowsOnScreen() == second.rows)
            #expect(screen.rowsOnScreen()[2] == " │ 山  2      │     ")
        }
    }

    @Test func presentingTheSameFrameAgainWritesNothing() throws {
        try withScreen { screen in
            screen.present(Self.nodeBox())
            #expect(screen.present(Self.nodeBox()) == 0)
        }
    }

    @Test func aFrameOfAnotherSizeIsDrawnInFull() throws {
        try withScreen { screen in
            screen.present(Self.nodeBox())
            let small = Surface(rows: ["ab", "cd"])
            #expect(screen.present(small) == 4)
            #expect(screen.rowsOnScreen()[0] == "ab" + String(repeating: " ", count: 18))
            #expect(screen.rowsOnScreen()[3] == String(repeating: " ", count: 20))
        }
    }

    @Test func aRequestedFullRedrawWritesEveryCell() throws {
        try withScreen { screen in
            let surface = Surface(rows: ["abc", "def"])
            screen.present(surface)
            screen.requestFullRedraw()
            #expect(screen.present(surface) == 6)
        }
    }

    @Test func anEightColorTerminalGetsTheNearestBasicColors() throws {
        try withScreen(terminalType: "xterm") { screen in
            #expect(screen.capabilities.colorDepth == .colors8)
            var surface = Surface(width: 4, height: 1)
            surface.put("ab", x: 0, y: 0, style: Self.warning)
            surface.put("cd", x: 2, y: 0, style: Self.title)
            screen.present(surface)
            let warningCell = try #require(screen.cellOnScreen(x: 0, y: 0))
            #expect(screen.colorsOfPair(warningCell.pair)! == (1, -1))
            let titleCell = try #require(screen.cellOnScreen(x: 2, y: 0))
            #expect(screen.colorsOfPair(titleCell.pair)! == (7, 4))
            #expect(titleCell.attributes & cncurses_a_bold() != 0)
        }
    }

    @Test func aMonochromeTerminalShowsAttributesOnly() throws {
        try withScreen(terminalType: "vt100") { screen in
            #expect(screen.capabilities.colorDepth == .monochrome)
            var surface = Surface(width: 4, height: 1)
            surface.put("ab", x: 0, y: 0, style: Self.warning)
            screen.present(surface)
            let cell = try #require(screen.cellOnScreen(x: 0, y: 0))
            #expect(cell.pair == 0)
            #expect(cell.attributes & cncurses_a_underline() != 0)
            #expect(screen.rowsOnScreen()[0] == "ab" + String(repeating: " ", count: 18))
        }
    }

    @Test func withoutAUTF8LocaleBoxesAndWideCharactersBecomeASCII() throws {
        try withScreen(configure: {
            $0.locale = "C"; $0.fallbackLocale = nil
        }) { screen in
            #expect(!screen.capabilities.supportsUTF8)
            screen.present(Surface(rows: ["┌─界─┐", "└───→┘"]))
            let padding = String(repeating: " ", count: 14)
            let blank = String(repeating: " ", count: 20)
            #expect(
                screen.rowsOnScreen() == ["+-? -+" + padding, "+--->+" + padding, blank, blank, blank, blank])
        }
    }

    @Test(arguments: [
        ("no-such-terminal", TerminalError.unknownTerminalType("no-such-terminal")),
        ("dumb", .cannotAddressCursor(terminalType: "dumb")),  // a blind session otherwise
    ])
    func aTerminalTypeThatCannotRunTheCanvasIsAnErrorNotAnExit(type: String, error: TerminalError) throws {
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let options = TerminalScreen.Options(terminalType: type, installsSignalHandlers: false)
        #expect(throws: error) {
            try TerminalScreen(output: output, input: input, options: options)
        }
        #expect(!TerminalScreen.isRunning)
    }

    @Test func stopIsIdempotentAndASecondScreenCannotStartMeanwhile() throws {
        try withScreen { screen in
            let output = try #require(fopen("/dev/null", "w"))
            defer { fclose(output) }
            let options = TerminalScreen.Options(
                terminalType: "xterm-256color", installsSignalHandlers: false)
            #expect(throws: TerminalError.alreadyStarted) {
                try TerminalScreen(output: output, input: output, options: options)
            }
            screen.stop()
            screen.stop()
            #expect(screen.isStopped)
            #expect(!TerminalScreen.isRunning)
            #expect(screen.present(Self.nodeBox()) == 0)
        }
    }

    @Test func keysAndMouseReportsArriveThroughNcursesAsEvents() throws {
        // Everything arrives in one read, as when the program was busy: a quick click's press and
        // release, and a whole drag, still come out as separate events.
        let typed =
            "A\u{E9}\u{1B}OA\t\u{1B}[Z\u{7F}\u{1B}[3~\u{1B}OP\u{1B}[1~\u{1B}[4~\u{1B}[A"
            + "\u{1B}[<0;5;5M\u{1B}[<0;5;5m"
            + "\u{1B}[<0;11;6M\u{1B}[<32;12;6M\u{1B}[<0;12;6m\u{1B}[<64;3;4M\u{1B}[M\u{22}\u{21}\u{21}\u{1B}x"
        try withPipedScreen { screen, type in
            type(typed)
            var events: [TerminalEvent] = []
            for _ in 0..<21 {
                events.append(screen.nextEvent(timeoutMilliseconds: 0))
            }
            #expect(
                events == [
                    .input(.character("A")), .input(.character("é")), .input(.up), .input(.tab),
                    .input(.backTab), .input(.backspace),
                    .input(.delete), .input(.function(1)), .input(.home), .input(.end), .input(.up),
                    .input(.mousePress(x: 4, y: 4)),
                    .input(.mouseRelease(x: 4, y: 4)),
                    .input(.mousePress(x: 10, y: 5)),
                    .input(.mouseDrag(x: 11, y: 5)),
                    .input(.mouseRelease(x: 11, y: 5)),
                    .input(.wheel(delta: -1, x: 2, y: 3)),
                    TerminalEvent.none,
                    .input(.escape), .input(.character("x")), .none,
                ])
        }
    }
}

extension TerminalBackendTests {
    /// The pure decoding of ncurses codes, without a terminal.
    @Suite struct Decoding {
        @Test(
            arguments: [
                (KEY_CODE_YES, KEY_UP, TerminalEvent.input(.up)),
                (KEY_CODE_YES, KEY_DOWN, .input(.down)),
                (KEY_CODE_YES, KEY_LEFT, .input(.left)),
                (KEY_CODE_YES, KEY_RIGHT, .input(.right)),
                (KEY_CODE_YES, KEY_BTAB, .input(.backTab)),
                (KEY_CODE_YES, KEY_DC, .input(.delete)),
                (KEY_CODE_YES, KEY_BACKSPACE, .input(.backspace)),
                (KEY_CODE_YES, KEY_HOME, .input(.home)),
                (KEY_CODE_YES, KEY_END, .input(.end)),
                (KEY_CODE_YES, KEY_PPAGE, .input(.pageUp)),
                (KEY_CODE_YES, KEY_NPAGE, .input(.pageDown)),
                (KEY_CODE_YES, KEY_ENTER, .input(.enter)),
                (KEY_CODE_YES, cncurses_key_f(5), .input(.function(5))),
                (KEY_CODE_YES, KEY_F0 + 12, .input(.function(12))),
                (KEY_CODE_YES, KEY_SUSPEND, TerminalEvent.none),
                (KEY_CODE_YES, KEY_IC, TerminalEvent.none),
                (OK, 9, .input(.tab)),
                (OK, 13, .input(.enter)),
                (OK, 10, .input(.enter)),
                (OK, 27, .input(.escape)),
                (OK, 127, .input(.backspace)),
                (OK, 8, .input(.backspace)),
                (OK, 1, .input(.control("a"))),
                (OK, 26, .input(.control("z"))),
                (OK, 0x61, .input(.character("a"))),
                (OK, 0x51, .input(.character("Q"))),
                (OK, 0x20, .input(.character(" "))),
                (OK, 0x754C, .input(.character("界"))),
                (OK, 0x1F600, .input(.character("😀"))),
                (OK, 0xD800, .none),
                (ERR, 0, .none),
            ] as [(Int32, Int32, TerminalEvent)])
        func keyCodesDecodeToEvents(status: Int32, code: Int32, expected: TerminalEvent) {
            #expect(
                TerminalEventDecoder.decode(status: status, code: UInt32(bitPattern: code))
                    == .event(expected))
        }

        @Test func mouseAndResizeCodesAskForMoreInformation() {
            #expect(
                TerminalEventDecoder.decode(status: KEY_CODE_YES, code: UInt32(KEY_MOUSE)) == .mouseReport)
            #expect(TerminalEventDecoder.decode(status: KEY_CODE_YES, code: UInt32(KEY_RESIZE)) == .resize)
        }

        @Test func motionWithAButtonHeldIsADragAndWithoutItAMove() {
            var decoder = TerminalEventDecoder()
            let events = [
                decoder.mouseEvent(buttonState: MouseMask.reportPosition, x: 1, y: 1),
                decoder.mouseEvent(buttonState: MouseMask.pressed(1), x: 2, y: 1),
                decoder.mouseEvent(buttonState: MouseMask.reportPosition, x: 3, y: 2),
                decoder.mouseEvent(buttonState: MouseMask.released(1), x: 4, y: 2),
                decoder.mouseEvent(buttonState: MouseMask.reportPosition, x: 5, y: 2),
            ]
            #expect(
                events == [
                    TerminalEvent.none,
                    .input(.mousePress(x: 2, y: 1)),
                    .input(.mouseDrag(x: 3, y: 2)),
                    .input(.mouseRelease(x: 4, y: 2)),
                    TerminalEvent.none,
                ])
        }

        @Test(
            arguments: [
                ("0;11;6M", .input(.mousePress(x: 10, y: 5))),
                ("1;1;1M", TerminalEvent.none),
                ("2;3;4M", TerminalEvent.none),
                ("32;12;6M", .input(.mouseDrag(x: 11, y: 5))),
                ("34;12;6M", TerminalEvent.none),
                ("35;12;6M", TerminalEvent.none),
                ("0;12;6m", .input(.mouseRelease(x: 11, y: 5))),
                ("64;3;4M", .input(.wheel(delta: -1, x: 2, y: 3))),
                ("65;3;4M", .input(.wheel(delta: 1, x: 2, y: 3))),
                (
                    "20;100;200M",
                    .input(.mousePress(x: 99, y: 199, control: true))
                ),
                ("40;2;2M", .input(.mouseDrag(x: 1, y: 1))),
            ] as [(String, TerminalEvent)])
        func sgrMouseReportsDecodeToTheCanvasEvents(body: String, expected: TerminalEvent) throws {
            var decoder = TerminalEventDecoder()
            let report = try #require(TerminalEventDecoder.parseSGRMouse(body[...]))
            #expect(decoder.mouseEvent(from: report) == expected)
        }

        @Test(arguments: ["", "M", "0;1M", "0;0;5M", "a;1;1M", "0;1;1", "0;1;1;1M", "-1;1;1M"])
        func malformedSGRMouseReportsAreRejected(body: String) {
            #expect(TerminalEventDecoder.parseSGRMouse(body[...]) == nil)
        }

        @Test func anX10ReleaseIsForTheButtonHeldBefore() throws {
            var decoder = TerminalEventDecoder()
            let pressBytes: [UInt32] = [32 + 0, 33 + 4, 33 + 1]
            let releaseBytes: [UInt32] = [32 + 3, 33 + 5, 33 + 1]
            let press = try #require(TerminalEventDecoder.parseX10Mouse(pressBytes))
            let release = try #require(TerminalEventDecoder.parseX10Mouse(releaseBytes))
            #expect(decoder.mouseEvent(from: press) == .input(.mousePress(x: 4, y: 1)))
            #expect(decoder.heldButton == 1)
            #expect(decoder.mouseEvent(from: release) == .input(.mouseRelease(x: 5, y: 1)))
            #expect(decoder.heldButton == nil)
            #expect(TerminalEventDecoder.parseX10Mouse([32, 32, 40]) == nil)
        }

        @Test func theWheelRightButtonAndModifiersAreDecoded() {
            var decoder = TerminalEventDecoder()
            #expect(
                decoder.mouseEvent(buttonState: MouseMask.pressed(4), x: 0, y: 0)
                    == .input(.wheel(delta: -1, x: 0, y: 0)))
            #expect(
                decoder.mouseEvent(buttonState: MouseMask.pressed(5), x: 0, y: 0)
                    == .input(.wheel(delta: 1, x: 0, y: 0)))
            #expect(decoder.heldButton == nil)
            #expect(
                decoder.mouseEvent(
                    buttonState: MouseMask.pressed(3) | MouseMask.shift | MouseMask.alt, x: 7, y: 8)
                    == TerminalEvent.none)
            #expect(decoder.heldButton == 3)
            #expect(decoder.mouseEvent(buttonState: 0, x: 7, y: 8) == .none)
            #expect(
                decoder.mouseEvent(buttonState: MouseMask.pressed(1) | MouseMask.control, x: 7, y: 8)
                    == .input(.mousePress(x: 7, y: 8, control: true)))
        }
    }

    /// Color fallbacks and ASCII stand-ins.
    @Suite struct Fallbacks {
        @Test func rgbColorsMapToTheNearest256PaletteEntry() {
            #expect(TerminalPalette.nearestIndexed(red: 255, green: 0, blue: 0) == 196)
            #expect(TerminalPalette.nearestIndexed(red: 0, green: 0, blue: 0) == 16)
            #expect(TerminalPalette.nearestIndexed(red: 128, green: 128, blue: 128) == 244)
            #expect(TerminalPalette.nearestIndexed(red: 0, green: 135, blue: 255) == 33)
        }

        @Test func colorsFallBackToTheBasicEight() {
            let orange = TerminalColor.rgb(red: 255, green: 140, blue: 0)
            #expect(
                TerminalPalette.colorNumber(for: orange, depth: .colors8, isForeground: true) == (3, false))
            #expect(
                TerminalPalette.colorNumber(for: .indexed(196), depth: .colors8, isForeground: true) == (
                    1, false
                ))
            #expect(
                TerminalPalette.colorNumber(for: .ansi(9), depth: .colors8, isForeground: true) == (1, true))
            #expect(
                TerminalPalette.colorNumber(for: .ansi(9), depth: .colors8, isForeground: false) == (1, false)
            )
            #expect(
                TerminalPalette.colorNumber(for: .ansi(9), depth: .colors16, isForeground: true) == (9, false)
            )
            #expect(
                TerminalPalette.colorNumber(for: .default, depth: .colors256, isForeground: true) == (
                    -1, false
                ))
        }

        @Test func colorDepthFollowsTheColorCount() {
            #expect(ColorDepth(colorCount: 256) == .colors256)
            #expect(ColorDepth(colorCount: 16_777_216) == .colors256)
            #expect(ColorDepth(colorCount: 16) == .colors16)
            #expect(ColorDepth(colorCount: 8) == .colors8)
            #expect(ColorDepth(colorCount: -1) == .monochrome)
        }

        @Test func displayWidthAgreesWithTheCLibraryOnEveryAssignedCharacter() {
            setlocale(LC_CTYPE, "C.UTF-8")
            var disagreements: [String] = []
            for value in UInt32(0x20)...0x3FFFF {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                    scalar.properties.generalCategory != .privateUse,
                    scalar.properties.generalCategory != .surrogate
                else { continue }
                let library = Int(cncurses_wcwidth(wchar_t(bitPattern: value)))
                if library >= 0 && library != displayWidth(of: scalar) {
                    disagreements.append(String(value, radix: 16, uppercase: true))
                }
            }
            // The C library's Unicode version may differ from Swift's by a handful of characters.
            #expect(disagreements.count < 16, "U+\(disagreements.joined(separator: " U+"))")
        }
    }

    /// The check that refuses to start without a terminal.
    @Suite struct Requirement {
        @Test func aPipeOrFileIsNotATerminal() throws {
            let descriptor = open("/dev/null", O_RDWR)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            #expect(throws: TerminalError.notATerminal(standardInput: false, standardOutput: false)) {
                try TerminalScreen.requireTerminal(standardInput: descriptor, standardOutput: descriptor)
            }
        }

        @Test func theMessageNamesTheStreamAndTheTerminalType() {
            let message = TerminalError.notATerminal(standardInput: false, standardOutput: true).description
            #expect(message.contains("standard input is not a terminal"))
            #expect(TerminalError.unknownTerminalType("dumb-x").description.contains("'dumb-x'"))
            #expect(
                TerminalError.cannotAddressCursor(terminalType: "dumb").description
                    == "the terminal type 'dumb' cannot move the cursor, so the canvas cannot be drawn "
                    + "(try TERM=xterm-256color)")
        }
    }
}

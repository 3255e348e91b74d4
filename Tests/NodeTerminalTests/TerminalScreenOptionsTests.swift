import CNcurses
import Foundation
import NodeCanvas
import Testing

@testable import NodeTerminal

extension TerminalBackendTests {
    /// Reads what a screen wrote to its output, from a temporary file.
    func withScreenOnFile(
        terminalType: String, configure: (inout TerminalScreen.Options) -> Void = { _ in },
        _ body: (TerminalScreen) throws -> Void
    ) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screen-\(UUID().uuidString)"
        ).path
        let output = try #require(fopen(path, "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(input)
            unlink(path)
        }
        var options = TerminalScreen.Options(
            terminalType: terminalType, installsSignalHandlers: false, size: (20, 6), locale: "C.UTF-8")
        options.usesColor = true  // swift test sets NO_COLOR for its children
        configure(&options)
        do {
            let screen = try TerminalScreen(output: output, input: input, options: options)
            defer { screen.stop() }
            try body(screen)
        }
        fclose(output)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func withoutAnAlternateScreenStopClearsTheScreen() throws {
        let written = try withScreenOnFile(terminalType: "vt100") { screen in
            #expect(!screen.capabilities.hasAlternateScreen)
            screen.present(Surface(rows: ["drawn"]))
        }
        #expect(written.hasSuffix("\u{1B}[H\u{1B}[J"), "\(written.debugDescription)")
    }

    @Test func withAnAlternateScreenStopLeavesItAndClearsNothing() throws {
        let written = try withScreenOnFile(terminalType: "xterm-256color") { screen in
            #expect(screen.capabilities.hasAlternateScreen)
            screen.present(Surface(rows: ["drawn"]))
        }
        #expect(written.contains("\u{1B}[?1049l"))
        #expect(!written.contains("\u{1B}[H\u{1B}[J"))
    }

    @Test func withColorOffNoColorIsDrawnOnlyAttributes() throws {
        let style = CellStyle(foreground: .red, background: .blue, bold: true, underline: true)
        var surface = Surface(width: 4, height: 1)
        surface.put("ab", x: 0, y: 0, style: style)
        let written = try withScreenOnFile(
            terminalType: "xterm-256color", configure: { $0.usesColor = false }
        ) {
            screen in
            #expect(screen.capabilities.colorDepth == .monochrome)
            screen.present(surface)
            let cell = try #require(screen.cellOnScreen(x: 0, y: 0))
            #expect(cell.pair == 0)
            #expect(cell.attributes & cncurses_a_bold() != 0)
            #expect(cell.attributes & cncurses_a_underline() != 0)
        }
        // No SGR color parameter (30–49, 90–107) and no extended color (38;5 / 48;5).
        let colorEscape = /\x1B\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]/
        #expect(written.firstMatch(of: colorEscape) == nil, "\(written.debugDescription)")
    }

    @Test func asciiOnlyDrawsASCIIStandInsOnAUTF8Terminal() throws {
        try withScreen(configure: { $0.drawsASCIIOnly = true }) { screen in
            #expect(!screen.capabilities.supportsUTF8)
            screen.present(Surface(rows: ["┌─界─┐", "└─·→┘"]))
            let rows = screen.rowsOnScreen()
            #expect(rows[0].hasPrefix("+-? -+"))
            #expect(rows[1].hasPrefix("+-.>+"))
            #expect(rows.joined().unicodeScalars.allSatisfy { $0.isASCII })
        }
    }
}

/// `NO_COLOR`, as DESIGN.md states it: set to any value, the empty one included, means no color.
@Suite struct NoColorTests {
    @Test(arguments: ["", "1", "0", "false"])
    func noColorSetToAnyValueTurnsColorOff(_ value: String) {
        #expect(!TerminalScreen.Options.allowsColor(noColor: value))
    }

    @Test func noColorUnsetAllowsColor() {
        #expect(TerminalScreen.Options.allowsColor(noColor: nil))
    }
}

/// The OSC 52 payload.
@Suite struct ClipboardEncodingTests {
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("→ x", "4oaSIHg=")])
    func textIsBase64EncodedWithPadding(_ text: String, _ encoded: String) {
        #expect(TerminalScreen.base64(Array(text.utf8)) == encoded)
    }
}

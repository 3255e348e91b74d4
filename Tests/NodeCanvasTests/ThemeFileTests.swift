import Foundation
import NodeCanvas
import NodeGraph
import Testing

/// The repository's example theme, `Examples/themes/amber.json`.
let amberThemePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/themes/amber.json").path

/// Reads a theme file's text over the standard theme.
private func theme(_ text: String) throws(ThemeFileError) -> Theme {
    try ThemeFile.decode(Data(text.utf8), over: .unicode)
}

/// The one line a theme file's text is refused with.
private func refusal(_ text: String) -> String {
    do throws(ThemeFileError) {
        _ = try theme(text)
        return "accepted"
    } catch {
        return error.description
    }
}

/// Reading theme files: what they set, what they keep, and every way they are refused.
@Suite struct ThemeFileTests {
    @Test func colorsGlyphsAndSpacingAreReadOverTheBaseTheme() throws {
        let read = try theme(
            """
            {"colors": {"title": {"foreground": "#ffaf00", "background": 235, "underline": true}},
             "glyphs": {"topLeft": "┌", "arrow": "=>"},
             "spacing": {"nodeGap": 3}}
            """)
        var expected = Theme.unicode
        expected.styles.title = CellStyle(
            foreground: .rgb(red: 255, green: 175, blue: 0), background: .indexed(235), bold: true,
            underline: true)
        expected.glyphs.topLeft = "┌"
        expected.glyphs.arrow = "=>"
        expected.spacing.nodeGap = 3
        #expect(read == expected)
    }

    @Test func aColorAloneSetsTheForegroundAndKeepsTheAttributes() throws {
        let read = try theme(#"{"colors": {"selectedLink": "brightMagenta"}}"#)
        #expect(read.styles.selectedLink == CellStyle(foreground: .ansi(13), bold: true))
    }

    @Test func spacingMayNameAFamily() throws {
        #expect(try theme(#"{"spacing": "compact"}"#).spacing == .compact)
    }

    @Test func anEmptyObjectIsTheBaseTheme() throws {
        #expect(try theme("{}") == .unicode)
    }

    @Test(arguments: [
        ("[1]", "line 1, column 1: a theme file must hold a JSON object, not a list"),
        (
            #"{"colors": {"#,
            "line 1, column 13: not JSON: unexpected end of text; expected a field name in double quotes"
        ),
        (
            #"{"colour": {}}"#,
            "line 1, column 2: field 'colour': unexpected field (expected 'colors', 'glyphs', 'spacing')"
        ),
        (
            #"{"spacing": "roomy", "spacing": "compact"}"#,
            "line 1, column 22: field 'spacing': the field appears more than once"
        ),
        (#"{"colors": 3}"#, "line 1, column 12: field 'colors': must be an object, not a number"),
        (
            #"{"colors": {"lnk": 3}}"#,
            "line 1, column 13: field 'colors.lnk': unexpected field; did you mean 'link'?"
        ),
        (#"{"colors": {"sparkle": 3}}"#, "line 1, column 13: field 'colors.sparkle': unexpected field"),
        (
            #"{"colors": {"link": "purplish"}}"#,
            "line 1, column 21: field 'colors.link': 'purplish' is not a color (a name such as red or brightBlue, #rrggbb, or 0–255)"
        ),
        (
            #"{"colors": {"link": 256}}"#,
            "line 1, column 21: field 'colors.link': 256 is not a color (a name such as red or brightBlue, #rrggbb, or 0–255)"
        ),
        (
            #"{"colors": {"link": 1.5}}"#,
            "line 1, column 21: field 'colors.link': 1.5 is not a color (a name such as red or brightBlue, #rrggbb, or 0–255)"
        ),
        (
            #"{"colors": {"link": true}}"#,
            "line 1, column 21: field 'colors.link': must be a color (a name such as red or brightBlue, #rrggbb, or 0–255), not a boolean"
        ),
        (
            #"{"colors": {"link": {"bold": "yes"}}}"#,
            "line 1, column 30: field 'colors.link.bold': must be true or false, not a string"
        ),
        (
            #"{"colors": {"link": {"blink": true}}}"#,
            "line 1, column 22: field 'colors.link.blink': unexpected field (expected 'foreground', 'background', 'bold', 'dim', 'reverse', 'underline')"
        ),
        (#"{"glyphs": {"dot": 7}}"#, "line 1, column 20: field 'glyphs.dot': must be a string, not a number"),
        (
            #"{"glyphs": {"dot": "ab"}}"#,
            "line 1, column 20: field 'glyphs.dot': 'ab' is not one character one cell wide"
        ),
        (
            #"{"glyphs": {"dot": "漢"}}"#,
            "line 1, column 20: field 'glyphs.dot': '漢' is not one character one cell wide"
        ),
        (
            #"{"glyphs": {"dot": "\t"}}"#,
            #"line 1, column 20: field 'glyphs.dot': '\t' is not one character one cell wide"#
        ),
        (
            #"{"glyphs": {"arrow": "===>"}}"#,
            "line 1, column 22: field 'glyphs.arrow': '===>' must be 1 to 3 cells wide"
        ),
        (
            #"{"spacing": "wide"}"#,
            "line 1, column 13: field 'spacing': 'wide' is not a spacing family ('standard', 'compact', 'roomy')"
        ),
        (
            #"{"spacing": [2]}"#,
            "line 1, column 13: field 'spacing': must be a family's name or an object, not a list"
        ),
        (
            #"{"spacing": {"layerGap": 1}}"#,
            "line 1, column 26: field 'spacing.layerGap': must be a whole number from 2 to 40"
        ),
        (
            #"{"spacing": {"rowGap": 1}}"#,
            "line 1, column 14: field 'spacing.rowGap': unexpected field (expected 'nodeGap', 'layerGap', 'leftInset', 'topInset')"
        ),
    ])
    func aBadThemeIsRefusedNamingThePlaceTheFieldAndTheProblem(_ text: String, _ expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test func everyProblemIsReportedOnALineOfItsOwnInTheOrderOfTheFile() {
        let lines = refusal(
            """
            {"colors": {"title": "purplish", "lnk": 3},
             "spacing": "wide"}
            """
        ).split(separator: "\n")
        #expect(
            lines.map { $0.prefix(20) } == [
                "line 1, column 22: f", "line 1, column 34: f", "line 2, column 13: f",
            ])
    }

    @Test func aRefusedFileNamesItsPathOnEveryLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "theme-\(UUID().uuidString).json"
        )
        .path
        try Data(#"{"spacing": "wide", "glyphs": 1}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ThemeFileError.self) { try ThemeFile.load(path: path, over: .unicode) }
        do throws(ThemeFileError) {
            _ = try ThemeFile.load(path: path, over: .unicode)
        } catch {
            let lines = error.description.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.allSatisfy { $0.hasPrefix("\(path): line 1, column ") })
        }
    }

    @Test func aMissingFileOrAFolderIsRefusedNamingThePath() {
        for (path, reason) in [
            ("/nonexistent/theme.json", "cannot open the file: No such file or directory"),
            ("/tmp", "this is a directory, not a theme file"),
        ] {
            #expect(throws: ThemeFileError(path: path, problems: [.init(reason: reason)])) {
                try ThemeFile.load(path: path, over: .unicode)
            }
        }
    }

    @Test func theExampleThemeReads() throws {
        let amber = try ThemeFile.load(path: amberThemePath, over: .unicode)
        #expect(amber.glyphs.topLeft == "┌")
        #expect(amber.styles.title.foreground == .rgb(red: 255, green: 175, blue: 0))
        #expect(amber.spacing == SpacingFamily(nodeGap: 2, layerGap: 10))
    }

    @Test func theExampleThemeDrawsTheCalculatorArrangedInItsSpacing() throws {
        let amber = try ThemeFile.load(path: amberThemePath, over: .unicode)
        let canvas = makeCanvas(try demoCalculator(), width: 90, theme: amber)
        canvas.send(.character("a"))
        canvas.send(.nodeChosen("add"))
        let surface = canvas.render()
        assertSnapshot(surface, named: "theme-amber")
        let title = try #require(canvas.frame(of: "one"))
        #expect(surface[title.minX + 2, title.minY].style == amber.styles.title)
    }
}

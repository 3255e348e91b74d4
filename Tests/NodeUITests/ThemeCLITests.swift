import Foundation
import Testing

/// The repository's `Examples` folder.
private let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples")

/// A theme file holding `text`, in a fresh temporary folder.
private func themeFile(_ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "theme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("theme.json")
    try Data(text.utf8).write(to: file)
    return file.path
}

/// `--theme FILE` on the commands that draw, for every tool built on NodeCommandLine.
@Suite struct ThemeCLITests {
    @Test(arguments: ["nodeui-tui", "logic-gates"])
    func openWithABadThemeExitsTwoWithALineNamingTheFileAndPlaceBeforeAnythingIsDrawn(_ tool: String) throws {
        let theme = try themeFile(
            """
            {
              "colors": {"title": "purplish"}
            }
            """)
        let result = try ChildProcess.runProduct(tool, ["open", "--theme", theme])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "\(theme): line 2, column 23: field 'colors.title': 'purplish' is not a color (a name such as red or brightBlue, #rrggbb, or 0–255)\n"
        )
    }

    @Test func openWithAMissingThemeExitsTwoNamingIt() throws {
        let result = try ChildProcess.runNodeUI(["--theme", "/nonexistent/theme.json"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "/nonexistent/theme.json: cannot open the file: No such file or directory\n")
    }

    @Test func openWithAGoodThemeGoesOnToNeedATerminal() throws {
        let result = try ChildProcess.runNodeUI([
            "--theme", examples.appendingPathComponent("themes/amber.json").path,
        ])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("nodeui-tui: the interactive canvas needs a terminal"))
    }

    @Test func renderDrawsWithTheThemesGlyphs() throws {
        let result = try ChildProcess.runNodeUI([
            "render", examples.appendingPathComponent("graphs/calculator.json").path, "--width", "60",
            "--height",
            "8", "--theme", examples.appendingPathComponent("themes/amber.json").path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("  ┌ One ") }, "\(result.standardOutput)")
        #expect(rows.last?.contains(" • ") == true, "\(result.standardOutput)")
    }

    @Test func renderInANSIDrawsTitlesInTheThemesColor() throws {
        // Colors need NO_COLOR unset, which `swift test` sets for its children.
        let result = try ChildProcess.runShell(
            "cd '\(examples.path)' && env -u NO_COLOR nodeui-tui render graphs/calculator.json --format ansi "
                + "--theme themes/amber.json")
        #expect(result.status == 0, "\(result.standardError)")
        // "title": {"foreground": "#ffaf00", "bold": true}
        #expect(result.standardOutput.contains("\u{1B}[0;1;38;2;255;175;0m One "))
    }

    @Test func renderWithABadThemeExitsTwo() throws {
        let theme = try themeFile(#"{"spacing": "wide"}"#)
        let result = try ChildProcess.runNodeUI([
            "render", examples.appendingPathComponent("graphs/calculator.json").path, "--theme", theme,
        ])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("\(theme): line 1, column 13: field 'spacing': 'wide'"))
    }

    @Test func theThemesArticleShowsTheExampleThemeAsItIs() throws {
        let theme = try String(
            contentsOf: examples.appendingPathComponent("themes/amber.json"), encoding: .utf8)
        let article = try String(
            contentsOf: examples.deletingLastPathComponent()
                .appendingPathComponent("Sources/NodeCanvas/NodeCanvas.docc/Themes.md"),
            encoding: .utf8)
        #expect(
            article.contains("```json\n" + theme + "```\n"), "the Themes article's example is not amber.json")
    }
}

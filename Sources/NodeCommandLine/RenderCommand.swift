import ArgumentParser
import NodeCanvas
import NodeGraph

/// `TOOL render FILE [--width W] [--height H] [--lod full|compact|dot] [--ascii] [--theme THEME.json]`:
/// print the canvas exactly as the terminal would first show it, as plain text rows (no escape
/// codes).
struct RenderCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        return CommandConfiguration(
            commandName: "render",
            abstract: "Print the canvas as the terminal would show it, as plain text.",
            discussion: """
                Draws FILE the way the interactive canvas first shows it (view at the top left, \
                nothing selected, the status line at the bottom) and prints one line per screen row, \
                trailing spaces removed, without colors or escape codes.

                Examples:
                  \(tool.name) render \(tool.exampleFile)
                  \(tool.name) render \(tool.exampleFile) --width 120 --height 40 --lod compact
                """)
    }

    @Argument(help: "The graph file to draw.")
    var file: String

    @Option(help: "The screen's columns (10–1000).")
    var width = 100

    @Option(help: "The screen's rows (3–1000).")
    var height = 30

    @Option(help: "The level of detail: full, compact or dot.")
    var lod: LevelOfDetail = .full

    @Flag(help: "Draw with ASCII characters only.")
    var ascii = false

    @OptionGroup var themeOption: ThemeOption

    @OptionGroup var sourceOptions: SourceOptions

    func validate() throws {
        guard (10...1000).contains(width) else { throw ValidationError("--width must be within 10–1000") }
        guard (3...1000).contains(height) else { throw ValidationError("--height must be within 3–1000") }
    }

    func run() throws {
        let tool = ToolContext.current
        var theme = try themeOption.theme(over: tool.editor.theme)
        if ascii { theme.glyphs = .ascii }
        let graph = sourceOptions.readingSourcesOnce(try loadGraphOrExit(file), from: file)
        let surface = renderCanvas(
            graph, width: width, height: height, lod: lod, theme: theme,
            dataSource: tool.editor.makeDataSource())
        StandardOutput.write(lines: surface.rows(trimmingTrailingSpaces: true))
    }
}

extension LevelOfDetail: ExpressibleByArgument {}

import ArgumentParser
import Foundation
import NodeCanvas
import NodeGraph
import NodeTerminal

/// `TOOL render FILE [--width W] [--height H] [--lod full|compact|dot] [--format text|ansi|svg]
/// [--ascii] [--theme THEME.json]`: print the canvas exactly as the terminal would first show it,
/// as plain text rows, as rows with ANSI colors, or as an SVG picture.
struct RenderCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        return CommandConfiguration(
            commandName: "render",
            abstract: "Print the canvas as the terminal would show it: as text, in color, or as a picture.",
            discussion: """
                Draws FILE the way the interactive canvas first shows it (view at the top left, \
                nothing selected, the status line at the bottom). With --format text (the default) \
                it prints one line per screen row, trailing spaces removed, without colors or escape \
                codes; with ansi, the same rows with the theme's colors as ANSI escape codes (for \
                `less -R`); with svg, the frame as an SVG picture: a monospace grid in the theme's \
                colors on a dark terminal, box lines drawn as lines. NO_COLOR (set to anything) \
                leaves colors out of ansi and svg, keeping bold, dim, reverse and underline; \
                --ascii draws with ASCII characters only.

                Examples:
                """
                    + HelpText.exampleLines([
                        "\(tool.name) render \(tool.exampleFile)",
                        "\(tool.name) render \(tool.exampleFile) --width 120 --height 40 --lod compact",
                        "\(tool.name) render \(tool.exampleFile) --format ansi | less -R",
                        "\(tool.name) render \(tool.exampleFile) --format svg > picture.svg",
                    ]))
    }

    @Argument(help: "The graph file to draw.")
    var file: String

    @Option(help: "The screen's columns (10–1000).")
    var width = 100

    @Option(help: "The screen's rows (3–1000).")
    var height = 30

    @Option(help: "The level of detail: full, compact or dot.")
    var lod: LevelOfDetail = .full

    @Option(help: "What to print: text (plain rows), ansi (rows in color) or svg (a picture).")
    var format: RenderFormat = .text

    @Flag(help: "Draw with ASCII characters only.")
    var ascii = false

    @OptionGroup var themeOption: ThemeOption

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var fileSize: FileSizeOption

    func validate() throws {
        guard (10...1000).contains(width) else { throw ValidationError("--width must be within 10–1000") }
        guard (3...1000).contains(height) else { throw ValidationError("--height must be within 3–1000") }
    }

    func run() throws {
        let tool = ToolContext.current
        var theme = try themeOption.theme(over: tool.editor.theme)
        if ascii { theme.glyphs = .ascii }
        if format != .text && !TerminalScreen.Options.environmentAllowsColor { theme.styles = .monochrome }
        let graph = sourceOptions.readingSourcesOnce(try fileSize.loadGraph(file), from: file)
        let surface = renderCanvas(
            graph, width: width, height: height, lod: lod, theme: theme,
            dataSource: tool.editor.makeDataSource())
        switch format {
        case .text: StandardOutput.write(lines: surface.rows(trimmingTrailingSpaces: true))
        case .ansi: StandardOutput.write(lines: surface.ansiRows())
        case .svg:
            let title = URL(fileURLWithPath: file).lastPathComponent
            StandardOutput.write(String(surface.svg(SVGOptions(title: title)).dropLast()))
        }
    }
}

/// What `render` prints.
enum RenderFormat: String, CaseIterable, ExpressibleByArgument {
    /// Plain text rows.
    case text
    /// Text rows with ANSI escape codes for colors and attributes.
    case ansi
    /// An SVG picture.
    case svg
}

extension LevelOfDetail: ExpressibleByArgument {}

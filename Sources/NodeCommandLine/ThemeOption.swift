import ArgumentParser
import NodeCanvas

/// `--theme FILE`: a theme file (colors, glyphs, spacing) read over the tool's own theme, for
/// the commands that draw.
struct ThemeOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Draw with the colors, glyphs and spacing of this theme file (JSON).",
            discussion:
                "What the file leaves out stays as in the tool's own theme. A file that does not read exits 2 with one line per problem, naming the file, line, column and field.",
            valueName: "theme.json"))
    var theme: String?

    /// The tool's theme with `--theme`'s file read over it, or `base` without the option. A
    /// file that does not read prints one line per problem on standard error
    /// (`FILE: line 3, column 24: field 'colors.title': …`) and exits 2, before anything is drawn.
    /// - Parameter base: The tool's own theme.
    /// - Returns: The theme to draw with.
    /// - Throws: `ExitCode(2)` after printing the problems.
    func theme(over base: Theme) throws -> Theme {
        guard let path = theme else { return base }
        do throws(ThemeFileError) {
            return try ThemeFile.load(path: path, over: base)
        } catch {
            StandardError.write(error.description)
            throw ExitCode(2)
        }
    }
}

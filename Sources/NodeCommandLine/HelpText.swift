/// The examples at the end of each command's help, laid out to fit the help's 80 columns.
enum HelpText {
    /// The columns an example's line may take after its two-column indent.
    static let exampleWidth = 76

    /// Example command lines, each on a line of its own after a line feed, indented by two.
    /// - Parameter commands: The command lines.
    /// - Returns: The text to follow "Examples:".
    static func exampleLines(_ commands: [String]) -> String {
        exampleLines(commands.map { ($0, "") })
    }

    /// Example command lines with what each does, each after a line feed, indented by two.
    ///
    /// Meanings start in one column, as far right as the longest meaning allows; a command too
    /// long to share its line has its meaning on the next line, in that column. A command longer
    /// than a line continues on the next with the shell's ` \`, so it can be pasted as it is.
    /// - Parameter examples: The command lines and what each does (empty: nothing said).
    /// - Returns: The text to follow "Examples:".
    static func exampleLines(_ examples: [(command: String, meaning: String)]) -> String {
        let meanings = examples.filter { !$0.meaning.isEmpty }
        let column = min(
            (meanings.map(\.command.count).max() ?? 0) + 3,
            exampleWidth - (meanings.map(\.meaning.count).max() ?? 0))
        var lines: [String] = []
        for (command, meaning) in examples {
            if meaning.isEmpty {
                lines += wrapped(command: command)
            } else if command.count + 3 <= column {
                lines.append(command.padding(toLength: column, withPad: " ", startingAt: 0) + meaning)
            } else {
                lines += wrapped(command: command)
                lines.append(String(repeating: " ", count: column) + meaning)
            }
        }
        return lines.map { "\n  " + $0 }.joined()
    }

    /// A command line as lines of at most ``exampleWidth`` columns, each but the last ending in
    /// the shell's ` \` continuation, the ones after the first indented by four. A redirection or
    /// a pipe stays on the line of the word it applies to.
    /// - Parameter command: The command line.
    /// - Returns: Its lines; one when it fits.
    static func wrapped(command: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words(of: command) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if candidate.count + 2 > exampleWidth && !line.isEmpty && !line.allSatisfy({ $0 == " " }) {
                lines.append(line + " \\")
                line = "    " + word
            } else {
                line = candidate
            }
        }
        return lines + [line]
    }

    /// The words of a command line, a redirection or pipe joined to the word after it
    /// (`> picture.svg`).
    private static func words(of command: String) -> [String] {
        var words: [String] = []
        var pending: String?
        for word in command.split(separator: " ").map(String.init) {
            if [">", ">>", "<", "2>", "|"].contains(word) {
                pending = pending.map { $0 + " " + word } ?? word
            } else {
                words.append(pending.map { $0 + " " + word } ?? word)
                pending = nil
            }
        }
        return words + (pending.map { [$0] } ?? [])
    }
}

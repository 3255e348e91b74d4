/// Helpers for the commands' help texts.
enum HelpText {
    /// The columns a line of an example may take (the help is shown 80 columns wide, and an
    /// example is indented by two).
    static let exampleWidth = 76

    /// A command line as lines of at most ``exampleWidth`` columns, each but the last ending in
    /// the shell's ` \` continuation, the ones after the first indented by four: a shell runs the
    /// lines as the one command.
    /// - Parameter command: The command line.
    /// - Returns: Its lines; one when it fits.
    static func wrapped(command: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in command.split(separator: " ") {
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
}

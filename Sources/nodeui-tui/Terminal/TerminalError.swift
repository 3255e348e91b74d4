/// Why the interactive terminal could not start.
enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or standard output is not a terminal (a pipe, a file, /dev/null).
    case notATerminal(standardInput: Bool, standardOutput: Bool)
    /// ncurses has no description of the terminal type (`TERM`).
    case unknownTerminalType(String)
    /// A terminal screen is already running in this process; ncurses drives one at a time.
    case alreadyStarted

    /// Where to turn without a terminal.
    static let headlessHint =
        "for headless use run `nodeui-tui eval FILE`, `nodeui-tui render FILE`, "
        + "`nodeui-tui replay FILE --edits EDITS.jsonl` or `nodeui-tui check FILE`"

    /// A one-line message for the user, naming the cause and a way out.
    var description: String {
        switch self {
        case .notATerminal(let standardInput, let standardOutput):
            let streams = [standardInput ? nil : "standard input", standardOutput ? nil : "standard output"]
                .compactMap { $0 }.joined(separator: " and ")
            return "the interactive canvas needs a terminal, but \(streams) "
                + (streams.contains(" and ") ? "are not terminals" : "is not a terminal")
                + "; " + Self.headlessHint
        case .unknownTerminalType(let name):
            let shown = name.isEmpty ? "(TERM is not set)" : "'\(name)'"
            return "unknown terminal type \(shown); try TERM=xterm-256color, or " + Self.headlessHint
        case .alreadyStarted:
            return "a terminal screen is already running in this process"
        }
    }
}

/// Why the interactive terminal could not start.
enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or standard output is not a terminal (a pipe, a file, /dev/null).
    case notATerminal(standardInput: Bool, standardOutput: Bool)
    /// ncurses has no description of the terminal type (`TERM`).
    case unknownTerminalType(String)
    /// A terminal screen is already running in this process; ncurses drives one at a time.
    case alreadyStarted

    /// A one-line message for the user, naming the cause and a way out.
    var description: String {
        switch self {
        case .notATerminal(let standardInput, let standardOutput):
            let streams = [standardInput ? nil : "standard input", standardOutput ? nil : "standard output"]
                .compactMap { $0 }.joined(separator: " and ")
            return "the interactive canvas needs a terminal, but \(streams) "
                + (streams.contains(" and ") ? "are not terminals" : "is not a terminal")
                + "; use `nodeui-tui render FILE` or `nodeui-tui eval FILE` for headless output"
        case .unknownTerminalType(let name):
            let shown = name.isEmpty ? "(TERM is not set)" : "'\(name)'"
            return "unknown terminal type \(shown); try TERM=xterm-256color"
        case .alreadyStarted:
            return "a terminal screen is already running in this process"
        }
    }
}

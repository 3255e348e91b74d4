/// Why the terminal screen could not start.
///
/// The description names the cause in one line, without a program name; a tool adds its own
/// name and where to turn without a terminal:
///
/// ```swift
/// catch { print("my-tool: \(error); for headless use run `my-tool eval FILE`") }
/// ```
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or standard output is not a terminal (a pipe, a file, /dev/null).
    case notATerminal(standardInput: Bool, standardOutput: Bool)
    /// ncurses has no description of the terminal type (`TERM`).
    case unknownTerminalType(String)
    /// The terminal type cannot move the cursor (`TERM=dumb`, a printing terminal), so a
    /// full-screen program would draw blind.
    case cannotAddressCursor(terminalType: String)
    /// A terminal screen is already running in this process; ncurses drives one at a time.
    case alreadyStarted
    /// The pipe that wakes the event loop could not be created; the reason from the system.
    case cannotCreateWakeup(reason: String)

    /// The cause, in one line.
    public var description: String {
        switch self {
        case .notATerminal(let standardInput, let standardOutput):
            let streams = [standardInput ? nil : "standard input", standardOutput ? nil : "standard output"]
                .compactMap { $0 }.joined(separator: " and ")
            return "the interactive canvas needs a terminal, but \(streams) "
                + (streams.contains(" and ") ? "are not terminals" : "is not a terminal")
        case .unknownTerminalType(let name):
            let shown = name.isEmpty ? "(TERM is not set)" : "'\(name)'"
            return "unknown terminal type \(shown) (try TERM=xterm-256color)"
        case .cannotAddressCursor(let name):
            let shown = name.isEmpty ? "(TERM is not set)" : "'\(name)'"
            return "the terminal type \(shown) cannot move the cursor, so the canvas cannot be drawn "
                + "(try TERM=xterm-256color)"
        case .alreadyStarted:
            return "a terminal screen is already running in this process"
        case .cannotCreateWakeup(let reason):
            return "cannot create the event loop's wake-up pipe: \(reason)"
        }
    }
}

import ArgumentParser

/// `nodeui-tui [FILE]` (or `nodeui-tui open [FILE]`): the interactive canvas.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a graph file on the interactive canvas (the default command).",
        discussion: """
            Opens FILE, which is created on first save if it does not exist; without FILE, opens \
            the demo calculator. Needs a terminal: without one it exits 1.

            Examples:
              nodeui-tui
              nodeui-tui Examples/graphs/calculator.json
            """)

    @Argument(help: "The graph file to open.")
    var file: String?

    func run() throws {
        let status = runInteractive(file: file)
        if status != 0 { throw ExitCode(status) }
    }
}

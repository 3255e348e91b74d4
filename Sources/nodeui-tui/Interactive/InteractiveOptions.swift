/// What `nodeui-tui [FILE] [--record FILE] [--log FILE]` asks of the interactive canvas.
struct InteractiveOptions: Hashable, Sendable {
    /// The graph file to open, created on first save if missing; `nil` for the demo calculator.
    var file: String?
    /// Where to write the session's edits as a journal (`--record`).
    var recordPath: String?
    /// Where to write the log (`--log`).
    var logPath: String?
    /// Whether every character drawn is ASCII (`--ascii`).
    var drawsASCIIOnly = false
}

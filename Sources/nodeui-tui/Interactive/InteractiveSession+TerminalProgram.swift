import NodeCanvas
import NodeTerminal

extension InteractiveSession: TerminalProgram {
    /// Answers a terminal event as the canvas events it stands for.
    /// - Parameter event: What happened at the terminal.
    /// - Returns: Whether the event meant anything to the canvas (and so the frame may change).
    func respond(to event: TerminalEvent) -> Bool {
        let inputs = EventTranslation.inputEvents(for: event)
        for input in inputs { handle(input) }
        return !inputs.isEmpty
    }

    /// Ends the session after a termination signal, keeping the autosave journal for recovery.
    /// - Parameter signal: The signal's number.
    func stop(bySignal signal: Int32) {
        log.write("signal \(signal): stopping")
        finish(clean: false)
    }
}

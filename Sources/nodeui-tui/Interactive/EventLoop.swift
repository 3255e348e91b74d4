import NodeCanvas

/// Runs a session on the terminal: shows its frame, waits for input, answers it, and shows the
/// next frame only when something changed. Idle, it sleeps in ncurses' read.
@MainActor
struct EventLoop {
    /// How long one wait for input lasts. A signal cuts it short; the loop wakes only to check
    /// that nothing is pending, so idle costs nothing measurable.
    static let idleTimeoutMilliseconds: Int32 = 500
    /// The most events answered before the next frame is drawn, so a burst of drag reports
    /// draws once instead of once per report.
    static let eventsPerFrame = 256

    /// How the loop ended.
    enum Ending: Equatable {
        /// The person quit.
        case quit
        /// SIGINT, SIGTERM, SIGHUP or SIGQUIT.
        case signal(Int32)
    }

    let screen: TerminalScreen
    let session: InteractiveSession

    /// Runs until the session finishes or a termination signal arrives, then stops the screen.
    /// - Returns: How it ended.
    func run() -> Ending {
        var needsFrame = true
        defer { screen.stop() }
        while !session.isFinished {
            if needsFrame {
                screen.present(session.frame())
                needsFrame = false
            }
            var event = screen.nextEvent(timeoutMilliseconds: Self.idleTimeoutMilliseconds)
            var answered = 0
            while event != .none {
                if case .terminationRequested(let signal) = event {
                    session.log.write("signal \(signal): stopping")
                    session.finish(clean: false)
                    return .signal(signal)
                }
                needsFrame = answer(event) || needsFrame
                answered += 1
                guard !session.isFinished, answered < Self.eventsPerFrame else { break }
                event = screen.nextEvent(timeoutMilliseconds: 0)
            }
        }
        return .quit
    }

    /// Answers one terminal event; returns whether the frame may have changed.
    private func answer(_ event: TerminalEvent) -> Bool {
        if event == .key(.control("l")) {
            screen.requestFullRedraw()
            return true
        }
        let inputs = EventTranslation.inputEvents(for: event)
        for input in inputs { session.handle(input) }
        return !inputs.isEmpty
    }
}

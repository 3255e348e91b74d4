/// Runs a ``TerminalProgram`` on a ``TerminalScreen``: shows its frame, waits for input or a
/// posted message, answers it, and shows the next frame only when something changed.
///
/// Idle, the loop sleeps in `poll` on the terminal and the wake-up pipe: no CPU is used, and a
/// message posted from another thread (``mailbox``) is answered at once, without a key press.
///
/// ```swift
/// let screen = try TerminalScreen()
/// let loop = EventLoop(screen: screen, program: program)
/// switch loop.run() {
/// case .finished: exit(0)
/// case .signal(let signal): exit(TerminalGuard.exitStatus(forSignal: signal))
/// }
/// ```
@MainActor
public final class EventLoop<Program: TerminalProgram> {
    /// How long one wait lasts. Input, a posted message and a signal all end it early; the
    /// timeout only bounds how late a resize that raced the wait is noticed.
    static var idleTimeoutMilliseconds: Int32 { 500 }
    /// The most events answered before the next frame is drawn, so a burst of drag reports
    /// draws once instead of once per report.
    static var eventsPerFrame: Int { 256 }

    /// How the loop ended.
    public enum Ending: Equatable, Sendable {
        /// The program finished.
        case finished
        /// SIGINT, SIGTERM, SIGHUP or SIGQUIT (SIGHUP also when the terminal went away).
        case signal(Int32)
    }

    /// The terminal.
    public let screen: TerminalScreen
    /// What runs on the loop.
    package let program: Program
    /// Where other threads post messages for the program.
    public nonisolated let mailbox: EventLoopMailbox<Program.Message>

    /// Prepares a loop; nothing happens until ``run()``.
    /// - Parameters:
    ///   - screen: A started screen; the loop stops it when it ends.
    ///   - program: What runs on the loop.
    public init(screen: TerminalScreen, program: Program) {
        self.screen = screen
        self.program = program
        mailbox = EventLoopMailbox(wakeup: screen.wakeup)
    }

    /// Runs until the program finishes or a termination signal arrives, then stops the screen
    /// and closes the mailbox.
    /// - Returns: How it ended.
    public func run() -> Ending {
        var needsFrame = true
        defer {
            mailbox.close()
            screen.stop()
        }
        while true {
            needsFrame = deliverPostedMessages() || needsFrame
            guard !program.isFinished else { return .finished }
            if needsFrame {
                screen.present(program.frame())
                needsFrame = false
            }
            var event = screen.nextEvent(timeoutMilliseconds: Self.idleTimeoutMilliseconds)
            if event == .none { needsFrame = program.idle() || needsFrame }
            var answered = 0
            while event != .none {
                if case .terminationRequested(let signal) = event {
                    program.stop(bySignal: signal)
                    return .signal(signal)
                }
                needsFrame = answer(event) || needsFrame
                answered += 1
                guard !program.isFinished, answered < Self.eventsPerFrame else { break }
                event = screen.nextEvent(timeoutMilliseconds: 0)
            }
        }
    }

    /// Hands the program every posted message; returns whether there were any.
    private func deliverPostedMessages() -> Bool {
        let messages = mailbox.takeAll()
        for message in messages where !program.isFinished { program.receive(message) }
        return !messages.isEmpty
    }

    /// Answers one terminal event; returns whether the frame may have changed.
    private func answer(_ event: TerminalEvent) -> Bool {
        switch event {
        case .input(.control("l")):
            screen.requestFullRedraw()
            return true
        case .wakeUp, .none, .terminationRequested:
            return false
        default:
            return program.respond(to: event)
        }
    }
}

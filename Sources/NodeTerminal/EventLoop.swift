/// Runs a ``TerminalProgram`` on a terminal (``TerminalBackend``): shows its frame, waits for
/// input or a posted message, answers it, and shows the next frame only when something changed.
///
/// Idle, the loop sleeps in `poll` on the terminal and the wake-up pipe: no CPU is used, and a
/// message posted from another thread (``mailbox``) is answered at once, without a key press.
/// Before it sleeps, once no input came for a short quiet period after the last answer (the
/// person paused: `quietMilliseconds`), the program works ahead (``TerminalProgram/workAhead()``)
/// in short slices while no input waits. A key arriving during the quiet period is answered at
/// once; one arriving during the work ahead after one slice at most.
///
/// ```swift
/// let screen = try TerminalScreen()
/// let loop = EventLoop(terminal: screen, program: program)
/// switch loop.run() {
/// case .finished: exit(0)
/// case .signal(let signal): exit(TerminalGuard.exitStatus(forSignal: signal))
/// }
/// ```
///
/// A test runs the same loop on a ``TestTerminal``, a step at a time (``runUntilIdle()``).
@MainActor
public final class EventLoop<Program: TerminalProgram> {
    /// How long one wait lasts. Input, a posted message and a signal all end it early; the
    /// timeout only bounds how late a resize that raced the wait is noticed.
    static var idleTimeoutMilliseconds: Int32 { 500 }
    /// The most events answered before the next frame is drawn, so a burst of drag reports
    /// draws once instead of once per report.
    static var eventsPerFrame: Int { 256 }
    /// How long no input must come, after the last answer, before the program works ahead: a key
    /// that follows its frame this closely (typed fast, or a burst) is answered without waiting
    /// for a slice of work under way. Chosen by measurement (`Benchmarks/report-notes.md`, "The
    /// slowest press, round two"): shorter than the 20–35 ms a held key leaves between its frame
    /// and the next repeat, so held keys still find the windows they enter routed ahead; 30 ms
    /// left those to be routed on the key's frame.
    package static var standardQuietMilliseconds: Int32 { 15 }

    /// How the loop ended.
    public enum Ending: Equatable, Sendable {
        /// The program finished.
        case finished
        /// SIGINT, SIGTERM, SIGHUP or SIGQUIT (SIGHUP also when the terminal went away).
        case signal(Int32)
    }

    /// The terminal.
    public let terminal: any TerminalBackend
    /// What runs on the loop.
    package let program: Program
    /// Where other threads post messages for the program.
    public nonisolated let mailbox: EventLoopMailbox<Program.Message>
    /// Whether the program's frame may differ from the one shown.
    private var needsFrame = true
    /// How many events and posted messages the loop has answered.
    private var answeredCount = 0
    /// How long no input must come before the program works ahead (see
    /// ``standardQuietMilliseconds``); 0 works ahead as soon as the frame is shown.
    package var quietMilliseconds = EventLoop.standardQuietMilliseconds

    /// Prepares a loop; nothing happens until ``run()`` or ``runUntilIdle()``.
    /// - Parameters:
    ///   - terminal: A started terminal; the loop stops it when the program ends.
    ///   - program: What runs on the loop.
    public init(terminal: any TerminalBackend, program: Program) {
        self.terminal = terminal
        self.program = program
        mailbox = EventLoopMailbox(waker: terminal.waker)
    }

    /// Runs until the program finishes or a termination signal arrives, then stops the terminal
    /// and closes the mailbox.
    /// - Returns: How it ended.
    public func run() -> Ending {
        while true {
            if let ending = step(waitingMilliseconds: Self.idleTimeoutMilliseconds) { return ending }
        }
    }

    /// Answers every event the terminal holds and every message posted, without waiting, then
    /// shows the frame if it changed; for tests on a ``TestTerminal``. When the program finishes
    /// or a termination signal arrives, the terminal is stopped and the mailbox closed, as by
    /// ``run()``.
    /// - Returns: How the loop ended, or `nil` while the program runs on.
    @discardableResult
    public func runUntilIdle() -> Ending? {
        while true {
            let answeredBefore = answeredCount
            if let ending = step(waitingMilliseconds: 0) { return ending }
            if answeredCount == answeredBefore { return nil }
        }
    }

    /// One turn: delivers posted messages, shows the frame if it changed, waits up to
    /// `waitingMilliseconds` for an event and answers it with the burst behind it.
    private func step(waitingMilliseconds: Int32) -> Ending? {
        needsFrame = deliverPostedMessages() || needsFrame
        guard !program.isFinished else { return end(.finished) }
        if needsFrame {
            terminal.present(program.frame())
            needsFrame = false
        }
        var event = TerminalEvent.none
        if waitingMilliseconds != 0 {
            // The quiet period first: a key (or a posted message) ends it at once.
            if quietMilliseconds > 0 {
                event = terminal.nextEvent(timeoutMilliseconds: min(quietMilliseconds, waitingMilliseconds))
            }
            if event == .none { event = workAhead() }
        }
        if event == .none { event = terminal.nextEvent(timeoutMilliseconds: waitingMilliseconds) }
        if event == .none && waitingMilliseconds != 0 { needsFrame = program.idle() || needsFrame }
        var answered = 0
        while event != .none {
            if case .terminationRequested(let signal) = event {
                program.stop(bySignal: signal)
                return end(.signal(signal))
            }
            needsFrame = answer(event) || needsFrame
            answered += 1
            answeredCount += 1
            guard !program.isFinished, answered < Self.eventsPerFrame else { break }
            event = terminal.nextEvent(timeoutMilliseconds: 0)
        }
        return nil
    }

    /// Lets the program work ahead, a slice at a time, while no event and no posted message
    /// waits (checked before each slice); returns the event that ended it (a posted message
    /// ends it as a wake-up), or ``TerminalEvent/none`` when the work is done. A slice is short,
    /// so an event or a message waits for one at most.
    package func workAhead() -> TerminalEvent {
        while true {
            let event = terminal.nextEvent(timeoutMilliseconds: 0)
            if event != .none { return event }
            if mailbox.hasMessages { return .wakeUp }
            workAheadSliceCount += 1
            guard program.workAhead() else { return .none }
        }
    }

    /// How many slices of work ahead the program was given (for tests and diagnostics).
    package private(set) var workAheadSliceCount = 0

    /// Closes the mailbox and stops the terminal.
    private func end(_ ending: Ending) -> Ending {
        mailbox.close()
        terminal.stop()
        return ending
    }

    /// Hands the program every posted message; returns whether there were any.
    private func deliverPostedMessages() -> Bool {
        let messages = mailbox.takeAll()
        answeredCount += messages.count
        for message in messages where !program.isFinished { program.receive(message) }
        return !messages.isEmpty
    }

    /// Answers one terminal event; returns whether the frame may have changed. A program that
    /// asks for a repaint (the editor's Ctrl-L) has the terminal write every cell next frame.
    private func answer(_ event: TerminalEvent) -> Bool {
        switch event {
        case .wakeUp, .none, .terminationRequested:
            return false
        case .input:
            let changed = program.respond(to: event)
            if program.takeRepaintRequest() {
                terminal.requestFullRedraw()
                return true
            }
            return changed
        }
    }
}

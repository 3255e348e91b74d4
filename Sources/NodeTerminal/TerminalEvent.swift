import NodeCanvas

/// One thing that happened at the terminal, decoded from ncurses in one place, as
/// `TerminalScreen/nextEvent(timeoutMilliseconds:)` returns it: the canvas's own input event
/// (a key, a mouse report, a resize), or what only the terminal's loop answers.
public enum TerminalEvent: Hashable, Sendable {
    /// A key, a left-button or wheel mouse report, or a new size, as the canvas takes it
    /// (`Canvas.send(_:)`); the next `TerminalScreen/present(_:)` after a resize redraws
    /// everything.
    case input(InputEvent)
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived: stop the screen, then exit with
    /// `128 + signal` (`TerminalGuard/exitStatus(forSignal:)`).
    case terminationRequested(signal: Int32)
    /// A message was posted to the event loop (``EventLoopMailbox/post(_:)``) or the loop was
    /// woken (`TerminalScreen/wakeUp()`); the loop delivers what was posted.
    case wakeUp
    /// Nothing arrived before the timeout, or a report nothing answers (another mouse button,
    /// plain motion, a key without a name).
    case none
}

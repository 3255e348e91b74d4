import NodeCanvas

/// What runs on an ``EventLoop``: it answers terminal events and posted messages, gives the
/// frame to show, and says when it is finished.
///
/// The loop calls it on the main actor only: a program need not be `Sendable`. Other threads
/// reach it by posting a ``Message`` (``EventLoopMailbox/post(_:)``), which the loop delivers
/// with ``receive(_:)`` and then draws a frame, without waiting for a key.
///
/// ```swift
/// final class Counter: TerminalProgram {
///     var count = 0
///     var isFinished = false
///     func respond(to event: TerminalEvent) -> Bool {
///         if event == .character("q") { isFinished = true }
///         return false
///     }
///     func receive(_ tick: Int) { count += tick }
///     func frame() -> Surface { Surface(rows: ["\(count) ticks · q quits"]) }
///     func stop(bySignal signal: Int32) { isFinished = true }
/// }
/// ```
public protocol TerminalProgram: AnyObject {
    /// What other threads post to the program; `Never` when nothing is posted.
    associatedtype Message: Sendable = Never

    /// Whether the program is done; the loop then stops the screen and returns.
    var isFinished: Bool { get }

    /// Answers one key, mouse report or resize. The loop answers wake-ups and termination
    /// signals itself and never passes ``TerminalEvent/none``.
    /// - Parameter event: What happened at the terminal.
    /// - Returns: Whether the frame may have changed (the loop draws only then).
    func respond(to event: TerminalEvent) -> Bool

    /// Answers a message posted from another thread; a frame is drawn afterwards.
    /// - Parameter message: What was posted, in the order it was posted.
    func receive(_ message: Message)

    /// The frame to show now.
    /// - Returns: A surface, normally the size of the screen.
    func frame() -> Surface

    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived (or the terminal went away): the loop ends
    /// after this call, without another frame. Keep what must survive; the process exits next.
    /// - Parameter signal: The signal's number.
    func stop(bySignal signal: Int32)

    /// Called when no event came for `EventLoop/idleTimeoutMilliseconds`: a moment for cheap
    /// checks (the editor looks whether its file changed on disk).
    /// - Returns: Whether the frame may have changed.
    func idle() -> Bool

    /// Called after a frame is shown, once no input came for the loop's quiet period (the person
    /// paused: `EventLoop.quietMilliseconds`), again and again until it returns `false` or input
    /// arrives: one short slice (a millisecond or two) of work that makes the next keys quicker
    /// (the editor routes the links of the windows they are likely to show). Input arriving
    /// during the quiet period is answered at once; during the work, after the slice under way,
    /// never later.
    /// - Returns: Whether more work remains.
    func workAhead() -> Bool

    /// Whether the program asked, since the loop last asked, for the terminal to write every
    /// cell again (the editor's Ctrl-L: the terminal's picture may have been disturbed). The loop
    /// asks after each key.
    /// - Returns: Whether to repaint; asking again returns `false` until the next request.
    func takeRepaintRequest() -> Bool
}

extension TerminalProgram {
    /// Does nothing.
    /// - Returns: `false`.
    public func idle() -> Bool { false }

    /// Has nothing to do ahead.
    /// - Returns: `false`.
    public func workAhead() -> Bool { false }

    /// Never asks.
    /// - Returns: `false`.
    public func takeRepaintRequest() -> Bool { false }
}

extension TerminalProgram where Message == Never {
    /// Nothing is ever posted.
    /// - Parameter message: Never called.
    public func receive(_ message: Never) {}
}

import NodeCanvas

/// The terminal an ``EventLoop`` runs on: ``TerminalScreen`` on a real terminal (ncurses), or
/// ``TestTerminal`` in tests, which keeps what it shows in memory and takes its input from the
/// test.
///
/// The loop asks the terminal for the next event, shows frames on it, asks it to repaint every
/// cell, and stops it when the program ends; other threads end a wait through its ``waker``.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The terminal's size in cells.
    var size: (width: Int, height: Int) { get }

    /// Shows a frame, writing only what differs from the last one shown (everything after
    /// ``requestFullRedraw()`` or a resize).
    /// - Parameter surface: The frame, normally the size of the terminal.
    /// - Returns: The number of cells written.
    @discardableResult
    func present(_ surface: Surface) -> Int

    /// Makes the next ``present(_:)`` write every cell: the terminal's picture may have been
    /// disturbed (Ctrl-L).
    func requestFullRedraw()

    /// Waits for the next key, mouse report, resize, termination signal or wake-up.
    /// - Parameter timeoutMilliseconds: How long to wait; a negative value waits for ever, 0 polls.
    /// - Returns: The event; ``TerminalEvent/none`` when nothing arrived in time.
    func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent

    /// Gives the terminal back; nothing is shown afterwards. Calling it again does nothing.
    func stop()

    /// Ends a wait in ``nextEvent(timeoutMilliseconds:)`` from any thread (the loop's mailbox holds it).
    nonisolated var waker: TerminalWaker { get }
}

/// Ends a terminal's wait for input from any thread: ``TerminalEvent/wakeUp`` is what the wait
/// returns.
public struct TerminalWaker: Sendable {
    private let wakeUp: @Sendable () -> Void

    /// A waker that calls `wakeUp`.
    /// - Parameter wakeUp: Ends the terminal's wait; safe from any thread.
    public init(_ wakeUp: @escaping @Sendable () -> Void) { self.wakeUp = wakeUp }

    /// Ends the terminal's wait, or makes its next wait return at once.
    public func wake() { wakeUp() }
}

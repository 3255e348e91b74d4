import Dispatch
import NodeCanvas
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal in memory, for tests: an ``EventLoop`` runs a program on it as on a real one, the
/// test queues the input and reads what the terminal shows, cell by cell.
///
/// ```swift
/// let terminal = TestTerminal(width: 80, height: 24)
/// let loop = EventLoop(terminal: terminal, program: session)
/// terminal.send(.character("j"), .tab)
/// loop.runUntilIdle()
/// #expect(terminal.rows[0].contains("Add"))
/// ```
///
/// Events are answered in the order they were queued. A message posted to the loop's mailbox
/// from another thread wakes a loop waiting on it, as on a real terminal.
@MainActor
public final class TestTerminal: TerminalBackend {
    /// The terminal's size in cells; ``resize(width:height:)`` changes it.
    public private(set) var size: (width: Int, height: Int)
    /// What the terminal shows: the last frame presented, cut or padded to the terminal's size
    /// (blank before the first).
    public private(set) var screen: Surface
    /// How many frames were presented.
    public private(set) var framesPresented = 0
    /// How many of them repainted every cell (the first, after a resize, after
    /// ``requestFullRedraw()``).
    public private(set) var fullRepaints = 0
    /// Whether the loop gave the terminal back (``stop()``).
    public private(set) var isStopped = false

    private var queued: [TerminalEvent] = []
    private var needsFullRedraw = true
    private let wakeUps = WakeUps()

    /// A terminal of the given size showing nothing.
    /// - Parameters:
    ///   - width: Columns.
    ///   - height: Rows.
    public init(width: Int, height: Int) {
        size = (width, height)
        screen = Surface(width: width, height: height)
    }

    /// Every row of what the terminal shows, as text (a wide character once).
    public var rows: [String] { screen.rows }

    /// Queues keys, mouse reports or resizes, as the decoder hands them to the loop.
    /// - Parameter events: The events, in order.
    public func send(_ events: InputEvent...) {
        queued += events.map { .input($0) }
    }

    /// Queues each character of `text` as a key.
    /// - Parameter text: What the person types.
    public func type(_ text: String) {
        queued += text.map { .input(.character($0)) }
    }

    /// Gives the terminal a new size and queues the resize the program hears.
    /// - Parameters:
    ///   - width: Columns.
    ///   - height: Rows.
    public func resize(width: Int, height: Int) {
        size = (width, height)
        needsFullRedraw = true
        queued.append(.input(.resize(width: width, height: height)))
    }

    /// Queues a hang-up, as when the terminal goes away: the loop stops the program.
    public func hangUp() {
        queued.append(.terminationRequested(signal: SIGHUP))
    }

    /// Shows a frame; see ``TerminalBackend/present(_:)``.
    /// - Parameter surface: The frame.
    /// - Returns: The number of cells that differ from what was shown (every cell on a full repaint).
    @discardableResult
    public func present(_ surface: Surface) -> Int {
        guard !isStopped else { return 0 }
        var shown = surface
        if surface.width != size.width || surface.height != size.height {
            shown = Surface(width: size.width, height: size.height)
            shown.draw(surface, x: 0, y: 0)
        }
        let written = needsFullRedraw ? size.width * size.height : shown.diff(from: screen).count
        if needsFullRedraw { fullRepaints += 1 }
        screen = shown
        framesPresented += 1
        needsFullRedraw = false
        return written
    }

    /// Makes the next ``present(_:)`` a full repaint.
    public func requestFullRedraw() { needsFullRedraw = true }

    /// The next queued event; with none queued, waits up to `timeoutMilliseconds` for a wake-up.
    /// - Parameter timeoutMilliseconds: How long to wait; a negative value waits for ever, 0 polls.
    /// - Returns: The event, ``TerminalEvent/wakeUp`` or ``TerminalEvent/none``.
    public func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent {
        guard !isStopped else { return .none }
        if !queued.isEmpty { return queued.removeFirst() }
        return wakeUps.wait(timeoutMilliseconds: timeoutMilliseconds) ? .wakeUp : .none
    }

    /// Stops showing frames.
    public func stop() { isStopped = true }

    /// Wakes a loop waiting on this terminal, from any thread.
    public nonisolated var waker: TerminalWaker {
        let wakeUps = self.wakeUps
        return TerminalWaker { wakeUps.wake() }
    }
}

/// Wake-ups posted from any thread, which a wait takes.
private final class WakeUps: Sendable {
    private let pending = Mutex(false)
    private let signal = DispatchSemaphore(value: 0)

    func wake() {
        pending.withLock { $0 = true }
        signal.signal()
    }

    /// Whether a wake-up came, waiting for one up to `timeoutMilliseconds` (for ever when negative).
    func wait(timeoutMilliseconds: Int32) -> Bool {
        if take() { return true }
        guard timeoutMilliseconds != 0 else { return false }
        let deadline: DispatchTime =
            timeoutMilliseconds < 0 ? .distantFuture : .now() + .milliseconds(Int(timeoutMilliseconds))
        while signal.wait(timeout: deadline) == .success {
            if take() { return true }
        }
        return take()
    }

    private func take() -> Bool { pending.withLock { $0 ? (($0 = false), true).1 : false } }
}

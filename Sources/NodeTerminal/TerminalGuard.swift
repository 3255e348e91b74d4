import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Gives the terminal back in a usable state however the program ends.
///
/// ncurses restores the terminal on its own only for SIGINT and SIGTERM with default handlers,
/// and never after a crash. So, once installed:
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT only record the signal; the event loop sees it
///   (`TerminalScreen/nextEvent(timeoutMilliseconds:)` returns
///   ``TerminalEvent/terminationRequested(signal:)``), stops the screen with `endwin` and exits
///   with `exitStatus(forSignal:)`. A second such signal before the loop has taken the first
///   restores the terminal and exits at once, so a stuck loop can still be interrupted.
/// - SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS and SIGFPE do only async-signal-safe work: restore
///   the saved termios and write a reset sequence (mouse modes off, cursor shown, attributes
///   reset, alternate screen left), then call the previous handler (Swift's crash reporter), so
///   the report prints on a sane terminal, and make the program die by the signal: a fault
///   recurs with the default action, a signal sent by `kill`, `raise` or `abort` is sent again.
/// - SIGCONT (back from Ctrl-Z, which ncurses handles) only records that it came; the next
///   `TerminalScreen/nextEvent(timeoutMilliseconds:)` sets the mouse modes ncurses does not know
///   again and reports a resize, so the whole screen is repainted.
///
/// Termination signals and SIGCONT also write a byte to the screen's wake-up pipe, so an event
/// loop asleep in `poll` sees them at once.
///
/// ``TerminalScreen`` installs the guard before `newterm` (so ncurses leaves SIGINT and SIGTERM
/// alone) and removes it in ``TerminalScreen/stop()``.
public enum TerminalGuard {
    /// The signals that ask the program to stop.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The signals of a crash.
    static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    /// The program continues after Ctrl-Z (ncurses' own SIGTSTP handler suspends and resumes
    /// curses mode, but sets only the mouse modes it knows; the screen sets its own again).
    static let continueSignal = SIGCONT

    /// What a crash handler writes to the terminal: leave keypad-transmit mode, turn every mouse
    /// mode off, show the cursor, reset attributes and leave the alternate screen.
    static let resetSequence: StaticString =
        "\u{1B}[?1l\u{1B}>\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l"

    /// Whether the handlers are installed.
    @MainActor private(set) static var isInstalled = false

    /// Saves the terminal's settings and installs the signal handlers. Does nothing if installed.
    /// - Parameters:
    ///   - inputDescriptor: The terminal's input, whose termios are saved and restored.
    ///   - outputDescriptor: The terminal's output, where a crash handler writes ``resetSequence``.
    ///   - wakeDescriptor: A pipe's write end that termination signals and SIGCONT write a byte
    ///     to, waking the event loop; -1 for none.
    @MainActor static func install(
        inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1, wakeDescriptor: Int32 = -1
    ) {
        guard !isInstalled else { return }
        // Touch every global a handler reads, so none is first initialized inside a handler.
        _ = pendingTerminationSignal.load(ordering: .relaxed)
        _ = continued.load(ordering: .relaxed)
        _ = resetSequence.utf8Start
        let state = signalState
        state.pointee.hasSavedAttributes = tcgetattr(inputDescriptor, savedTerminalAttributes) == 0
        state.pointee.inputDescriptor = inputDescriptor
        state.pointee.outputDescriptor = outputDescriptor
        state.pointee.wakeDescriptor = wakeDescriptor

        for signal in terminationSignals {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: a blocked read returns, the loop sees the flag
            action.__sigaction_handler.sa_handler = handleTerminationSignal
            sigaction(signal, &action, previousActions + Int(signal))
        }
        var continueAction = sigaction()
        sigemptyset(&continueAction.sa_mask)
        continueAction.sa_flags = SA_RESTART
        continueAction.__sigaction_handler.sa_handler = handleContinueSignal
        sigaction(continueSignal, &continueAction, previousActions + Int(continueSignal))
        for signal in crashSignals {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            action.__sigaction_handler.sa_sigaction = handleCrashSignal
            sigaction(signal, &action, previousActions + Int(signal))
        }
        isInstalled = true
    }

    /// Puts back the handlers that were there before ``install(inputDescriptor:outputDescriptor:)``.
    @MainActor static func uninstall() {
        guard isInstalled else { return }
        for signal in terminationSignals + crashSignals + [continueSignal] {
            sigaction(signal, previousActions + Int(signal), nil)
        }
        signalState.pointee.wakeDescriptor = -1
        isInstalled = false
    }

    /// Takes the termination signal that arrived since the last call, if any.
    /// - Returns: The signal number, or `nil`.
    static func takePendingTerminationSignal() -> Int32? {
        let signal = pendingTerminationSignal.exchange(0, ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Whether the program was continued (after a stop) since the last call.
    /// - Returns: `true` once per SIGCONT.
    static func takeContinued() -> Bool {
        continued.exchange(false, ordering: .relaxed)
    }

    /// The conventional exit status of a program stopped by `signal`: 128 + its number.
    /// - Parameter signal: The signal number.
    /// - Returns: `128 + signal`.
    package static func exitStatus(forSignal signal: Int32) -> Int32 { 128 + signal }
}

/// What the signal handlers need to restore the terminal.
private struct SignalRestoreState {
    var hasSavedAttributes = false
    var inputDescriptor: Int32 = 0
    var outputDescriptor: Int32 = 1
    var wakeDescriptor: Int32 = -1
}

// Signal handlers are C functions that cannot capture context, so what they read lives in
// globals. These are allocated once and written only by `install` (on the main actor, before the
// handlers exist); the handlers read them through plain pointers, with no Swift runtime calls
// (no exclusivity checks, no reference counting). That is what `nonisolated(unsafe)` vouches for.
nonisolated(unsafe) private let signalState: UnsafeMutablePointer<SignalRestoreState> = {
    let pointer = UnsafeMutablePointer<SignalRestoreState>.allocate(capacity: 1)
    pointer.initialize(to: SignalRestoreState())
    return pointer
}()
nonisolated(unsafe) private let savedTerminalAttributes: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
}()
/// The handlers replaced by `install`, indexed by signal number.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let count = 65
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: count)
    pointer.initialize(repeating: sigaction(), count: count)
    return pointer
}()

/// The termination signal waiting for the event loop, or 0. Lock-free, so safe in a handler.
private let pendingTerminationSignal = Atomic<Int32>(0)

/// Whether SIGCONT arrived since the loop last looked. Lock-free, so safe in a handler.
private let continued = Atomic<Bool>(false)

/// Wakes the event loop: one byte into the wake-up pipe (non-blocking; a full pipe is already
/// awake). Async-signal-safe.
private func wakeEventLoopFromSignalHandler() {
    let descriptor = signalState.pointee.wakeDescriptor
    guard descriptor >= 0 else { return }
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
    errno = savedErrno
}

private func handleContinueSignal(_ signal: Int32) {
    continued.store(true, ordering: .relaxed)
    wakeEventLoopFromSignalHandler()
}

/// Restores termios and writes the reset sequence; async-signal-safe.
private func restoreTerminalFromSignalHandler() {
    let state = signalState.pointee
    if state.hasSavedAttributes {
        _ = tcsetattr(state.inputDescriptor, TCSANOW, savedTerminalAttributes)
    }
    let reset = TerminalGuard.resetSequence
    _ = write(state.outputDescriptor, reset.utf8Start, reset.utf8CodeUnitCount)
}

private func handleTerminationSignal(_ signal: Int32) {
    let earlier = pendingTerminationSignal.exchange(signal, ordering: .relaxed)
    if earlier != 0 {
        restoreTerminalFromSignalHandler()
        _exit(TerminalGuard.exitStatus(forSignal: signal))
    }
    wakeEventLoopFromSignalHandler()
}

private func handleCrashSignal(
    _ signal: Int32, _ information: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    restoreTerminalFromSignalHandler()
    // The handler that was there before (Swift's crash reporter) reports the crash now; it may
    // return, and after a signal sent by kill it would let the program run on. So the program
    // then dies by the signal: a fault (positive si_code) recurs when this handler returns, with
    // the default action; a signal sent by kill, raise or abort is sent again, blocked until then.
    let previous = previousActions[Int(signal)]
    let handlers = previous.__sigaction_handler
    if previous.sa_flags & SA_SIGINFO != 0, let handler = handlers.sa_sigaction {
        handler(signal, information, context)
    } else if let handler = handlers.sa_handler, unsafeBitCast(handler, to: Int.self) != 1 {  // not SIG_IGN
        handler(signal)
    }
    var defaultAction = sigaction()
    sigemptyset(&defaultAction.sa_mask)
    sigaction(signal, &defaultAction, nil)
    if let information, information.pointee.si_code <= 0 {
        raise(signal)
    }
}

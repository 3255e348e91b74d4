import CNcurses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalScreen {
    /// Waits for the next key, mouse report, resize, termination signal or wake-up.
    ///
    /// Input ncurses already holds comes first; otherwise the screen sleeps in `poll` on the
    /// terminal's input and the wake-up pipe together, so an idle program uses no CPU and a
    /// `wakeUp()` from another thread (or a signal) ends the wait at once.
    /// - Parameter timeoutMilliseconds: How long to wait; a negative value waits for ever, 0
    ///   polls.
    /// - Returns: The decoded event; `TerminalEvent/wakeUp` after `wakeUp()`;
    ///   ``TerminalEvent/terminationRequested(signal:)`` with SIGHUP when the terminal's input
    ///   has ended; ``TerminalEvent/none`` when nothing arrived in time.
    public func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent {
        if let signal = TerminalGuard.takePendingTerminationSignal() {
            return .terminationRequested(signal: signal)
        }
        guard !isStopped, !isSuspended else { return .none }
        if TerminalGuard.takeContinued() {
            // Back from Ctrl-Z: ncurses restored curses mode and its own mouse parsing; take the
            // mouse back and repaint everything, as after a resize.
            takeBackXtermMouse()
            needsFullRedraw = true
            let (width, height) = size
            return .input(.resize(width: width, height: height))
        }
        let input = readInput(timeoutMilliseconds: 0)
        guard input.status == ERR && timeoutMilliseconds != 0 else {
            if let signal = TerminalGuard.takePendingTerminationSignal() {
                return .terminationRequested(signal: signal)
            }
            return decode(input)
        }
        let wait = waitForInputOrWakeUp(timeoutMilliseconds: timeoutMilliseconds)
        if wait.wokenUp { wakeup.drain() }
        // Signals first (a termination, SIGCONT), then input; SIGWINCH reads as a resize.
        let event = nextEvent(timeoutMilliseconds: 0)
        if event == .none && wait.inputEnded { return .terminationRequested(signal: SIGHUP) }
        if event == .none && wait.wokenUp { return .wakeUp }
        return event
    }

    /// Wakes a `nextEvent(timeoutMilliseconds:)` that is waiting, from any thread. It returns
    /// `TerminalEvent/wakeUp` (or an event that arrived meanwhile).
    package nonisolated func wakeUp() {
        wakeup.wake()
    }

    /// Ends a wait in ``nextEvent(timeoutMilliseconds:)`` from any thread, through the wake-up pipe.
    public nonisolated var waker: TerminalWaker {
        let wakeup = self.wakeup
        return TerminalWaker { wakeup.wake() }
    }

    /// Sleeps until the terminal's input or the wake-up pipe is readable, a signal arrives or the
    /// timeout passes.
    private func waitForInputOrWakeUp(timeoutMilliseconds: Int32) -> (wokenUp: Bool, inputEnded: Bool) {
        var descriptors = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&descriptors, 2, timeoutMilliseconds) > 0 else { return (false, false) }
        let ended = Int16(POLLHUP | POLLERR | POLLNVAL)
        return (descriptors[1].revents & Int16(POLLIN) != 0, descriptors[0].revents & ended != 0)
    }

    private func decode(_ input: (status: Int32, code: UInt32)) -> TerminalEvent {
        if capabilities.mouseProtocol == .xterm, input.status == OK, input.code == 0x1B,
            let mouse = readXtermMouseReport()
        {
            return mouse
        }
        switch TerminalEventDecoder.decode(status: input.status, code: input.code) {
        case .event(let event):
            return event
        case .mouseReport:
            var report = MEVENT()
            guard getmouse(&report) == OK else { return .none }
            return decoder.mouseEvent(buttonState: report.bstate, x: report.x, y: report.y)
        case .resize:
            needsFullRedraw = true
            let (width, height) = size
            return .input(.resize(width: width, height: height))
        }
    }

    private func readInput(timeoutMilliseconds: Int32) -> (status: Int32, code: UInt32) {
        wtimeout(window, timeoutMilliseconds)
        var code: wint_t = 0
        let status = wget_wch(window, &code)
        return (status, code)
    }

    /// After an Escape, reads the rest of an xterm mouse report (`[<b;x;yM`, `[<b;x;ym` or
    /// `[M` and three bytes). When what follows is not one, puts it all back and returns `nil`:
    /// the Escape is a key of its own.
    private func readXtermMouseReport() -> TerminalEvent? {
        var consumed: [(status: Int32, code: UInt32)] = []
        func next(waiting milliseconds: Int32) -> UInt32? {
            let input = readInput(timeoutMilliseconds: milliseconds)
            guard input.status != ERR else { return nil }
            consumed.append(input)
            return input.status == OK ? input.code : nil
        }
        func putBack() -> TerminalEvent? {
            for input in consumed.reversed() {
                if input.status == KEY_CODE_YES {
                    ungetch(Int32(bitPattern: input.code))
                } else {
                    unget_wch(wchar_t(bitPattern: input.code))
                }
            }
            return nil
        }
        // ncurses hands over the Escape at once when the bytes after it are already here.
        guard next(waiting: 0) == 0x5B else { return putBack() }  // "["
        let delay = max(escapeDelayMilliseconds, 50)
        switch next(waiting: delay) {
        case 0x3C:  // "<": SGR
            var body = ""
            while body.unicodeScalars.count < 32, let code = next(waiting: delay),
                let scalar = Unicode.Scalar(code)
            {
                body.unicodeScalars.append(scalar)
                if scalar == "M" || scalar == "m" {
                    guard let report = TerminalEventDecoder.parseSGRMouse(body[...]) else {
                        return TerminalEvent.none
                    }
                    return decoder.mouseEvent(from: report)
                }
                guard ("0"..."9").contains(scalar) || scalar == ";" else { return putBack() }
            }
            return putBack()
        case 0x4D:  // "M": X10
            var bytes: [UInt32] = []
            while bytes.count < 3, let code = next(waiting: delay) {
                bytes.append(code)
            }
            guard let report = TerminalEventDecoder.parseX10Mouse(bytes) else { return putBack() }
            return decoder.mouseEvent(from: report)
        default:
            return putBack()
        }
    }
}

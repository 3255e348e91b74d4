import CNcurses

extension TerminalScreen {
    /// Waits for the next key, mouse report, resize or termination signal.
    /// - Parameter timeoutMilliseconds: How long to wait; a negative value waits for ever, 0
    ///   polls.
    /// - Returns: The decoded event, or ``TerminalEvent/none`` when nothing arrived in time.
    func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent {
        if let signal = TerminalGuard.takePendingTerminationSignal() {
            return .terminationRequested(signal: signal)
        }
        guard !isStopped, !isSuspended else { return .none }
        if TerminalGuard.takeContinued() {
            // Back from Ctrl-Z: ncurses restored curses mode; set the drag and SGR mouse modes
            // again and repaint everything, as after a resize.
            writeXtermMouseModes(enabled: true)
            needsFullRedraw = true
            let (width, height) = size
            return .resize(width: width, height: height)
        }
        let input = readInput(timeoutMilliseconds: timeoutMilliseconds)
        if let signal = TerminalGuard.takePendingTerminationSignal() {
            return .terminationRequested(signal: signal)
        }
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
            return .resize(width: width, height: height)
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

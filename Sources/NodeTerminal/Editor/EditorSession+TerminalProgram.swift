import NodeCanvas

/// The session runs on an ``EventLoop``: the canvas's input events go straight to it.
extension EditorSession: TerminalProgram {
    /// Hands a key, mouse report or resize to the canvas (through ``handle(_:)-(InputEvent)``).
    /// - Parameter event: What happened at the terminal.
    /// - Returns: Whether the event meant anything to the canvas (and so the frame may change).
    public func respond(to event: TerminalEvent) -> Bool {
        guard case .input(let input) = event else { return false }
        handle(input)
        return true
    }

    /// Whether Ctrl-L asked for a repaint since the last call.
    /// - Returns: Whether the terminal should write every cell again.
    public func takeRepaintRequest() -> Bool {
        defer { repaintRequested = false }
        return repaintRequested
    }

    /// Between keys: notices when the open file changed on disk.
    /// - Returns: Whether the frame may have changed.
    public func idle() -> Bool {
        let wasChanged = isChangedOnDisk
        noticeChangeOnDisk()
        return isChangedOnDisk != wasChanged
    }

    /// After a frame and a quiet period without input: the canvas routes ahead, a slice at a time, the
    /// links of the windows the next keys are likely to show (`CanvasAction.idle`).
    /// - Returns: Whether more remains to route.
    public func workAhead() -> Bool {
        guard canvas.hasWorkAhead else { return false }
        perform(canvas.send(.idle))
        return canvas.hasWorkAhead
    }

    /// Applies what was posted: live sources' new values, background computations' results.
    /// - Parameter message: What was posted.
    public func receive(_ message: EditorMessage) {
        switch message {
        case .sourcesUpdated: applySourceUpdates()
        case .backgroundCompleted: applyBackgroundResults()
        }
    }

    /// Ends the session after a termination signal, keeping the autosave journal for recovery.
    /// - Parameter signal: The signal's number.
    public func stop(bySignal signal: Int32) {
        log.write("signal \(signal): stopping")
        finish(clean: false)
    }
}

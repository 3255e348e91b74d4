#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalScreen {
    /// Checks that a full-screen program can run: standard input and standard output are both
    /// terminals.
    ///
    /// Without this check ncurses starts anyway on a pipe, `getch` returns an error forever and
    /// an event loop spins at full CPU. Call it before starting the screen; the caller prints the
    /// error and exits with 1.
    /// - Parameters:
    ///   - standardInput: The descriptor keys are read from; 0 by default.
    ///   - standardOutput: The descriptor the screen is drawn on; 1 by default.
    /// - Throws: ``TerminalError/notATerminal(standardInput:standardOutput:)`` naming the
    ///   stream(s) that are not terminals.
    public nonisolated static func requireTerminal(standardInput: Int32 = 0, standardOutput: Int32 = 1)
        throws(TerminalError)
    {
        let inputIsTerminal = isatty(standardInput) != 0
        let outputIsTerminal = isatty(standardOutput) != 0
        guard inputIsTerminal, outputIsTerminal else {
            throw .notATerminal(standardInput: inputIsTerminal, standardOutput: outputIsTerminal)
        }
    }
}

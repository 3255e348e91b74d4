import CNcurses
import NodeCanvas

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal, through ncurses: shows finished `Surface`s and reads keys, mouse, resizes and
/// wake-ups.
///
/// The only type that starts and stops ncurses. It copies to the terminal only the cells that
/// changed since the last frame it presented, and redraws everything after a resize. It gives the
/// terminal back however the program ends (``TerminalGuard``), and on a terminal without an
/// alternate screen it clears what it drew, so the shell's prompt starts on a clean screen.
///
/// ```swift
/// try TerminalScreen.requireTerminal()
/// let screen = try TerminalScreen()
/// defer { screen.stop() }
/// screen.present(surface)
/// switch screen.nextEvent(timeoutMilliseconds: 100) { … }
/// ```
///
/// Most programs do not call `nextEvent(timeoutMilliseconds:)` themselves: an ``EventLoop``
/// runs a ``TerminalProgram`` on the screen. ncurses is process-wide state: one screen runs at a
/// time, on the main actor.
@MainActor
public final class TerminalScreen: TerminalBackend {
    /// Which mouse reports to ask the terminal for.
    public enum MouseTracking: Sendable {
        /// No mouse: the terminal keeps selecting text itself.
        case off
        /// Presses, releases and the wheel.
        case clicks
        /// Also motion while a button is held (xterm mode 1002), decoded as drags.
        case drags
        /// Also motion with no button held (xterm mode 1003), decoded as moves.
        case allMotion
    }

    /// How to start the screen.
    public struct Options: Sendable {
        /// The terminal type; `nil` reads `TERM`.
        var terminalType: String?
        /// Which mouse reports to ask for.
        var mouseTracking: MouseTracking = .drags
        /// How long ncurses waits after Escape for the rest of a key sequence, in milliseconds.
        var escapeDelayMilliseconds: Int32 = 25
        /// Whether to install ``TerminalGuard``'s signal handlers (off in in-process tests).
        var installsSignalHandlers = true
        /// A locale to use instead of the environment's, for tests; `nil` reads the environment.
        public var locale: String?
        /// The locale for character handling when the environment sets no locale variable at all
        /// (no `LC_ALL`, `LC_CTYPE` or `LANG`); `nil` keeps "C". A locale the environment names,
        /// `LANG=C` included, is always respected.
        package var fallbackLocale: String? = "C.UTF-8"
        /// Whether every character drawn is ASCII whatever the locale (`--ascii`).
        public var drawsASCIIOnly = false
        /// Whether to draw in color when the terminal has colors; by default, unless `NO_COLOR` is
        /// set (see `environmentAllowsColor`). Without color, styles show as bold, dim, reverse
        /// and underline only.
        public var usesColor = TerminalScreen.Options.environmentAllowsColor
        /// A fixed size (columns, rows) instead of the terminal's, for tests on /dev/null.
        public var size: (width: Int, height: Int)?

        /// Whether the environment allows color: only when `NO_COLOR` is not set at all.
        package static var environmentAllowsColor: Bool {
            allowsColor(noColor: getenv("NO_COLOR").map { String(cString: $0) })
        }

        /// Whether color is allowed, given the value of `NO_COLOR`: set to anything, the empty
        /// text included, means no color.
        /// - Parameter value: `NO_COLOR`'s value, or `nil` when it is not set.
        /// - Returns: `true` only when it is not set.
        package static func allowsColor(noColor value: String?) -> Bool { value == nil }

        /// Creates options; every parameter has the interactive default.
        /// - Parameters:
        ///   - terminalType: The terminal type; `nil` reads `TERM`.
        ///   - mouseTracking: Which mouse reports to ask for.
        ///   - installsSignalHandlers: Whether to install the signal handlers.
        ///   - size: A fixed size instead of the terminal's.
        ///   - locale: A locale to use instead of the environment's.
        public init(
            terminalType: String? = nil, mouseTracking: MouseTracking = .drags,
            installsSignalHandlers: Bool = true, size: (width: Int, height: Int)? = nil, locale: String? = nil
        ) {
            self.locale = locale
            self.terminalType = terminalType
            self.mouseTracking = mouseTracking
            self.installsSignalHandlers = installsSignalHandlers
            self.size = size
        }
    }

    /// What the terminal can show.
    public struct Capabilities: Hashable, Sendable {
        /// The palette colors fall back to; ``ColorDepth/monochrome`` also when color is off
        /// (``Options/usesColor``).
        package var colorDepth: ColorDepth
        /// Whether non-ASCII characters are drawn: the locale is UTF-8 and ASCII was not asked
        /// for (``Options/drawsASCIIOnly``). Otherwise they show as ASCII stand-ins.
        public var supportsUTF8: Bool
        /// Whether the terminal's own colors can be used for `TerminalColor.default`.
        var hasDefaultColors: Bool
        /// How mouse reports are read.
        package var mouseProtocol: MouseProtocol
        /// Whether the terminal has an alternate screen (terminfo `smcup`); without one the screen
        /// is cleared on ``TerminalScreen/stop()``.
        package var hasAlternateScreen: Bool
    }

    /// How mouse reports reach the program.
    package enum MouseProtocol: Hashable, Sendable {
        /// No mouse.
        case none
        /// xterm reports (SGR 1006 encoding, X10 as a fallback), read and decoded here: ncurses'
        /// own parser drops a press that arrives together with its release or a drag.
        case xterm
        /// Another pointing device (such as GPM on the Linux console), through `getmouse`.
        case ncurses
    }

    /// Whether a screen is running in this process.
    package private(set) static var isRunning = false

    /// What the terminal can show.
    package let capabilities: Capabilities
    /// The mouse tracking asked for at start.
    let mouseTracking: MouseTracking
    /// How long to wait for the rest of an escape sequence, in milliseconds.
    let escapeDelayMilliseconds: Int32
    /// The ncurses `SCREEN`, freed by ``stop()``.
    let screenPointer: OpaquePointer
    /// The window everything is drawn in (`stdscr`).
    let window: UnsafeMutablePointer<WINDOW>
    /// The stream the terminal is drawn on.
    let output: UnsafeMutablePointer<FILE>
    /// The descriptor keys are read from, watched by `nextEvent(timeoutMilliseconds:)`.
    let inputDescriptor: Int32
    /// The self-pipe that `wakeUp()` and the signal handlers write to.
    nonisolated let wakeup: TerminalWakeup
    /// Whether this screen installed the signal handlers (and so removes them).
    let ownsSignalHandlers: Bool
    /// Decodes input; remembers the held mouse button.
    var decoder = TerminalEventDecoder()
    /// The color pairs defined so far.
    var colorPairs: ColorPairCache
    /// The frame the terminal shows, to diff the next one against.
    var lastFrame: Surface?
    /// Whether the next frame is drawn in full (first frame, resize, resume).
    var needsFullRedraw = true
    /// How many calls the last `present(_:)` made to hand cells to ncurses: one for each run of
    /// changed neighbouring cells in one style, one for each cell drawn on its own. For tests.
    package internal(set) var lastFrameCopyCalls = 0
    /// How many times the last `present(_:)` switched the style of the cells it handed to ncurses
    /// (each switch is an attribute or color sequence on the terminal). For tests.
    package internal(set) var lastFrameStyleSwitches = 0
    /// Whether ``stop()`` ran.
    package private(set) var isStopped = false
    /// Whether the screen is suspended (`suspend()`).
    private(set) var isSuspended = false

    /// Starts ncurses on the process's terminal (standard output and standard input).
    ///
    /// Call ``requireTerminal(standardInput:standardOutput:)`` first.
    /// - Parameter options: How to start.
    /// - Throws: ``TerminalError/unknownTerminalType(_:)`` when ncurses does not know `TERM`,
    ///   ``TerminalError/cannotAddressCursor(terminalType:)`` when it cannot move the cursor
    ///   (`TERM=dumb`), ``TerminalError/alreadyStarted`` when a screen is running.
    public convenience init(options: Options = Options()) throws(TerminalError) {
        try self.init(output: cncurses_stdout(), input: cncurses_stdin(), options: options)
    }

    /// Starts ncurses on the given streams, for tests on `/dev/null` or a pseudo-terminal.
    ///
    /// Sets the locale, installs the signal handlers (if asked), then `newterm`; cbreak, no echo,
    /// keypad, no newline translation, a short escape delay, a hidden cursor, colors and the mouse.
    /// - Parameters:
    ///   - output: Where the screen is drawn; stays open, the caller closes it after ``stop()``.
    ///   - input: Where keys are read; stays open, the caller closes it after ``stop()``.
    ///   - options: How to start.
    /// - Throws: ``TerminalError/unknownTerminalType(_:)`` when ncurses does not know the type,
    ///   ``TerminalError/cannotAddressCursor(terminalType:)`` when the type cannot move the cursor,
    ///   ``TerminalError/alreadyStarted`` when a screen is running,
    ///   ``TerminalError/cannotCreateWakeup(reason:)`` when no pipe can be had.
    public init(output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, options: Options)
        throws(TerminalError)
    {
        guard !Self.isRunning else { throw .alreadyStarted }
        wakeup = try TerminalWakeup()
        let localeIsUTF8 = TerminalLocale.configure(name: options.locale, fallback: options.fallbackLocale)
        let supportsUTF8 = localeIsUTF8 && !options.drawsASCIIOnly
        if options.installsSignalHandlers && !TerminalGuard.isInstalled {
            TerminalGuard.install(
                inputDescriptor: fileno(input), outputDescriptor: fileno(output),
                wakeDescriptor: wakeup.writeDescriptor)
            ownsSignalHandlers = true
        } else {
            ownsSignalHandlers = false
        }
        let name = options.terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        let newScreen: OpaquePointer? =
            if let type = options.terminalType { newterm(type, output, input) } else {
                newterm(nil, output, input)
            }
        guard let newScreen, let standardScreen = cncurses_stdscr() else {
            if ownsSignalHandlers { TerminalGuard.uninstall() }
            throw .unknownTerminalType(name)
        }
        guard Self.terminfoString("cup") != nil else {
            endwin()
            delscreen(newScreen)
            if ownsSignalHandlers { TerminalGuard.uninstall() }
            throw .cannotAddressCursor(terminalType: name)
        }
        Self.isRunning = true
        screenPointer = newScreen
        window = standardScreen
        self.output = output
        inputDescriptor = fileno(input)
        if let size = options.size {
            resize_term(Int32(size.height), Int32(size.width))  // resizeterm would queue a KEY_RESIZE
        }
        Self.configureInput(window: window, escapeDelay: options.escapeDelayMilliseconds)
        Self.passFlowControlKeys(descriptor: inputDescriptor)

        var hasDefaultColors = false
        var depth = ColorDepth.monochrome
        if options.usesColor && has_colors() {
            start_color()
            hasDefaultColors = use_default_colors() == OK
            depth = ColorDepth(colorCount: Int(cncurses_colors()))
        }
        colorPairs = ColorPairCache(
            depth: depth, hasDefaultColors: hasDefaultColors, pairLimit: cncurses_color_pairs())

        capabilities = Capabilities(
            colorDepth: depth, supportsUTF8: supportsUTF8, hasDefaultColors: hasDefaultColors,
            mouseProtocol: Self.startMouse(options.mouseTracking),
            hasAlternateScreen: Self.terminfoString("smcup") != nil)
        mouseTracking = options.mouseTracking
        escapeDelayMilliseconds = options.escapeDelayMilliseconds
        wnoutrefresh(window)
        doupdate()
        leaveInitialOutputMode()
        writeXtermMouseModes(enabled: true)
    }

    /// Until curses mode has been left and resumed once, ncurses treats the screen as just set up
    /// (for low-level terminfo programs) and flushes its output at every cursor movement: a
    /// frame reached the terminal in hundreds of `write`s of a few dozen bytes, each waking the
    /// terminal. Leaving and resuming at once (`endwin`, then `doupdate`, as after Ctrl-Z) puts it
    /// in its running state, where a frame goes out in one `write` (or a few, for a frame larger
    /// than its buffer). Resuming turns ncurses' own mouse parsing back on: it is turned off again.
    private func leaveInitialOutputMode() {
        endwin()
        doupdate()
        if capabilities.mouseProtocol == .xterm { keyok(KEY_MOUSE, false) }
    }

    /// Ctrl-S and Ctrl-Q reach the program as keys (a keys file may bind them) instead of
    /// pausing and resuming the terminal's output: flow control (IXON) is off while the screen is
    /// up, and `endwin` gives the shell its own modes back. Nothing changes on an input that is
    /// not a terminal.
    private static func passFlowControlKeys(descriptor: Int32) {
        var attributes = termios()
        guard tcgetattr(descriptor, &attributes) == 0 else { return }
        attributes.c_iflag &= ~tcflag_t(IXON)
        guard tcsetattr(descriptor, TCSANOW, &attributes) == 0 else { return }
        def_prog_mode()  // what ncurses restores after a suspend
    }

    private static func configureInput(window: UnsafeMutablePointer<WINDOW>, escapeDelay: Int32) {
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        leaveok(window, true)
        set_escdelay(escapeDelay)
        curs_set(0)
        // Terminals and multiplexers whose keys differ from their TERM entry (tmux sends `ESC [ 1 ~`
        // for Home under TERM=xterm-256color) still work: teach ncurses the common variants.
        for (sequence, code) in alternateKeySequences {
            define_key(sequence, code)
        }
    }

    /// Key sequences of xterm, VT220 and rxvt that a terminal may send whatever its TERM says.
    private static let alternateKeySequences: [(String, Int32)] = [
        ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
        ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
        ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
        ("\u{1B}[2~", KEY_IC), ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
        ("\u{1B}[Z", KEY_BTAB),
    ]

    /// A terminfo string capability of the current terminal, or `nil` when it has none.
    static func terminfoString(_ name: String) -> String? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// Turns on mouse reports and decides who decodes them.
    private static func startMouse(_ tracking: MouseTracking) -> MouseProtocol {
        guard tracking != .off else { return .none }
        // ncurses switches the terminal's reporting on and off (at start, endwin and resume).
        mousemask(MouseMask.allEventsAndMotion, nil)
        mouseinterval(0)
        guard let mouseKey = terminfoString("kmous"), mouseKey.hasPrefix("\u{1B}[") else { return .ncurses }
        // An xterm-like terminal. ncurses would parse its reports, but it merges reports that
        // arrive together and drops the press of a quick click or drag. So let the bytes through
        // and decode them here (TerminalScreen+Events).
        keyok(KEY_MOUSE, false)
        return .xterm
    }

    /// After ncurses resumed curses mode (which turns its own xterm mouse parsing back on, and
    /// sets only mode 1000): turns the parsing off again and sets the modes ncurses does not know.
    func takeBackXtermMouse() {
        guard capabilities.mouseProtocol == .xterm else { return }
        keyok(KEY_MOUSE, false)
        writeXtermMouseModes(enabled: true)
    }

    /// Writes the xterm mouse modes ncurses does not set, straight to the terminal and after
    /// ncurses' own mouse setup (which would otherwise override them): SGR encoding (1006), and
    /// motion while a button is held (1002) or always (1003). ncurses only asks for mode 1000,
    /// which reports no motion at all.
    func writeXtermMouseModes(enabled: Bool) {
        guard capabilities.mouseProtocol == .xterm else { return }
        let modes =
            switch mouseTracking {
            case .off, .clicks: ["1006"]
            case .drags: ["1006", "1002"]
            case .allMotion: ["1006", "1003"]
            }
        let sequence = modes.map { "\u{1B}[?\($0)\(enabled ? "h" : "l")" }.joined()
        fflush(output)
        _ = sequence.utf8CString.withUnsafeBufferPointer { bytes in
            write(fileno(output), bytes.baseAddress, bytes.count - 1)
        }
    }

    /// Puts text on the terminal's clipboard with OSC 52, on terminals that speak xterm's
    /// protocols (others are left alone); tmux passes it on with `set -g set-clipboard on`.
    /// - Parameter text: The text.
    /// - Complexity: O(*n*) in the text's length.
    func copyToClipboard(_ text: String) {
        guard capabilities.mouseProtocol == .xterm else { return }
        let sequence = "\u{1B}]52;c;" + Self.base64(Array(text.utf8)) + "\u{07}"
        fflush(output)
        _ = sequence.utf8CString.withUnsafeBufferPointer { bytes in
            write(fileno(output), bytes.baseAddress, bytes.count - 1)
        }
    }

    /// Standard base64 with padding, as OSC 52 expects.
    nonisolated static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var chunk = UInt32(bytes[index]) << 16
            if count > 1 { chunk |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { chunk |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                out.append(
                    position <= count
                        ? alphabet[Int((chunk >> UInt32(18 - 6 * position)) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The screen's size in cells.
    public var size: (width: Int, height: Int) {
        (Int(getmaxx(window)), Int(getmaxy(window)))
    }

    /// Leaves curses mode for a while (to run a shell or an editor); `resume()` comes back.
    package func suspend() {
        guard !isStopped, !isSuspended else { return }
        writeXtermMouseModes(enabled: false)
        endwin()
        isSuspended = true
    }

    /// Returns to curses mode after `suspend()`; the next `present(_:)` redraws everything.
    package func resume() {
        guard !isStopped, isSuspended else { return }
        isSuspended = false
        needsFullRedraw = true
        wnoutrefresh(window)
        doupdate()
        takeBackXtermMouse()
    }

    /// Gives the terminal back: mouse reports off, `endwin`, the screen freed, signal handlers
    /// restored. Without an alternate screen, the screen is cleared and the cursor put at the
    /// top, so what was drawn does not mix with what the shell prints next. Calling it again does
    /// nothing.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        if !isSuspended {
            writeXtermMouseModes(enabled: false)
            endwin()
            if !capabilities.hasAlternateScreen { clearAfterEndwin() }
        }
        delscreen(screenPointer)
        if ownsSignalHandlers { TerminalGuard.uninstall() }
        Self.isRunning = false
    }

    /// Writes the terminal's `clear` string (clear the screen, cursor home), straight to the
    /// output after `endwin`, without its padding (`$<50>`), which no terminal here needs.
    private func clearAfterEndwin() {
        guard let padded = Self.terminfoString("clear") else { return }
        var clear = ""
        var rest = padded[...]
        while let padding = rest.firstRange(of: "$<") {
            clear += rest[..<padding.lowerBound]
            rest = rest[padding.upperBound...].drop { $0 != ">" }.dropFirst()
        }
        clear += rest
        fflush(output)
        _ = clear.utf8CString.withUnsafeBufferPointer { bytes in
            write(fileno(output), bytes.baseAddress, bytes.count - 1)
        }
    }

    isolated deinit {
        stop()
    }
}

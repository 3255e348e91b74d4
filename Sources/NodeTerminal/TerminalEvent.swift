/// One thing that happened at the terminal, decoded from ncurses in one place, as
/// ``TerminalScreen/nextEvent(timeoutMilliseconds:)`` returns it.
public enum TerminalEvent: Hashable, Sendable {
    /// A named key: arrows, Tab, Enter, Escape, function keys, Ctrl+letter.
    case key(Key)
    /// A printable character, uppercase and non-ASCII included; Space is `" "`.
    case character(Character)
    /// A mouse button, wheel or motion report.
    case mouse(MouseEvent)
    /// The terminal changed size; the next ``TerminalScreen/present(_:)`` redraws everything.
    case resize(width: Int, height: Int)
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived: stop the screen, then exit with
    /// `128 + signal` (``TerminalGuard/exitStatus(forSignal:)``).
    case terminationRequested(signal: Int32)
    /// A message was posted to the event loop (``EventLoopMailbox/post(_:)``) or the loop was
    /// woken (``TerminalScreen/wakeUp()``); the loop delivers what was posted.
    case wakeUp
    /// Nothing arrived before the timeout.
    case none
}

/// A key that is not a printable character.
public enum Key: Hashable, Sendable {
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Enter or Return, on the main keyboard or the keypad.
    case enter
    /// Escape, alone (after the short escape delay).
    case escape
    /// Delete (forward delete).
    case delete
    /// Backspace, whichever code the terminal sends (DEL, Ctrl-H or the terminfo key).
    case backspace
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// A function key: F1 is `.function(1)`.
    case function(Int)
    /// Ctrl with a letter, as the lowercase letter: Ctrl-A is `.control("a")`. Ctrl-C, Ctrl-Z and
    /// Ctrl-\ never arrive (they raise signals), Ctrl-I is Tab, Ctrl-M is Enter, Ctrl-H Backspace.
    case control(Character)
    /// A key ncurses reported that has no name here, with its ncurses code.
    case unknown(code: Int)
}

/// A mouse report in screen cells.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press
        /// The mouse moved with a button held down.
        case drag
        /// A button came up.
        case release
        /// The wheel turned away from the user (scroll up).
        case wheelUp
        /// The wheel turned toward the user (scroll down).
        case wheelDown
        /// The mouse moved with no button down (only with ``TerminalScreen/MouseTracking/allMotion``).
        case move
    }

    /// A mouse button.
    public enum Button: Int, Hashable, Sendable, CaseIterable {
        /// The primary (usually left) button.
        case left = 1
        /// The middle button or wheel click.
        case middle = 2
        /// The secondary (usually right) button.
        case right = 3
    }

    /// Keys held during the mouse event.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates modifiers from raw bits.
        /// - Parameter rawValue: The bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Shift.
        public static let shift = Modifiers(rawValue: 1)
        /// Control.
        public static let control = Modifiers(rawValue: 2)
        /// Alt (Meta).
        public static let alt = Modifiers(rawValue: 4)
    }

    /// What the mouse did.
    public var kind: Kind
    /// The button pressed, dragged with or released; `nil` for the wheel and plain motion.
    public var button: Button?
    /// The column, 0 at the left edge.
    public var x: Int
    /// The row, 0 at the top edge.
    public var y: Int
    /// Keys held during the event, when the terminal reports them.
    public var modifiers: Modifiers

    /// Creates a mouse report.
    /// - Parameters:
    ///   - kind: What the mouse did.
    ///   - button: The button, or `nil` for the wheel and plain motion.
    ///   - x: The column, 0 at the left edge.
    ///   - y: The row, 0 at the top edge.
    ///   - modifiers: Keys held during the event.
    public init(kind: Kind, button: Button?, x: Int, y: Int, modifiers: Modifiers = []) {
        self.kind = kind
        self.button = button
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }
}

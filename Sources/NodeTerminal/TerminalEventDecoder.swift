import CNcurses
import NodeCanvas

/// Turns what ncurses reports (`wget_wch` status and code, `getmouse` and xterm reports) into
/// ``TerminalEvent`` values holding the canvas's own `InputEvent`s. The one place that knows
/// ncurses key and mouse codes.
///
/// Decoding is pure: tests feed synthetic codes without a terminal. The only state is which mouse
/// button is held, because ncurses and X10 reports do not always say which button moved or came
/// up.
struct TerminalEventDecoder {
    /// What one `wget_wch` result needs before it becomes an event.
    enum RawInput: Hashable, Sendable {
        /// A finished event.
        case event(TerminalEvent)
        /// `KEY_MOUSE` (only for `TerminalScreen/MouseProtocol/ncurses`): fetch the report with
        /// `getmouse` and pass it to ``mouseEvent(buttonState:x:y:)``.
        case mouseReport
        /// `KEY_RESIZE`: read the new size from ncurses.
        case resize
    }

    /// The button pressed and not yet released (1 left, 2 middle, 3 right), which turns motion
    /// into drags; only the left button's reach the canvas.
    private(set) var heldButton: Int?

    /// Creates a decoder with no mouse button held.
    init() {}

    /// Decodes one `wget_wch` result.
    /// - Parameters:
    ///   - status: What `wget_wch` returned: `OK` for a character, `KEY_CODE_YES` for a key code,
    ///     `ERR` for a timeout or an interruption.
    ///   - code: The character or key code it stored.
    /// - Returns: The event, or what must be fetched to finish it.
    static func decode(status: Int32, code: UInt32) -> RawInput {
        switch status {
        case KEY_CODE_YES:
            return decodeKeyCode(Int32(bitPattern: code))
        case OK:
            return .event(decodeCharacter(code))
        default:
            return .event(.none)
        }
    }

    private static func decodeKeyCode(_ code: Int32) -> RawInput {
        let key: InputEvent
        switch code {
        case KEY_MOUSE: return .mouseReport
        case KEY_RESIZE: return .resize
        case KEY_UP: key = .up
        case KEY_DOWN: key = .down
        case KEY_LEFT: key = .left
        case KEY_RIGHT: key = .right
        case KEY_BTAB: key = .backTab
        case KEY_ENTER: key = .enter
        case KEY_DC: key = .delete
        case KEY_BACKSPACE: key = .backspace
        case KEY_HOME: key = .home
        case KEY_END: key = .end
        case KEY_PPAGE: key = .pageUp
        case KEY_NPAGE: key = .pageDown
        case (KEY_F0 + 1)...(KEY_F0 + 63): key = .function(Int(code - KEY_F0))
        default: return .event(.none)  // Insert and keys without a name here
        }
        return .event(.input(key))
    }

    private static func decodeCharacter(_ code: UInt32) -> TerminalEvent {
        switch code {
        case 9: return .input(.tab)
        case 10, 13: return .input(.enter)
        case 27: return .input(.escape)
        case 8, 127: return .input(.backspace)
        case 1...26: return .input(.control(Character(Unicode.Scalar(UInt8(code) + 0x60))))
        case 0..<32, 0x80..<0xA0: return .none
        default:
            guard let scalar = Unicode.Scalar(code) else { return .none }
            return .input(.character(Character(scalar)))
        }
    }

    /// Reads the body of an SGR (1006) mouse report, the part after `ESC [ <`.
    /// - Parameter body: `button;column;row` and a final `M` (press, motion) or `m` (release),
    ///   with 1-based coordinates, for example `"0;11;6M"`.
    /// - Returns: The report with 0-based coordinates, or `nil` when the body is malformed.
    static func parseSGRMouse(_ body: Substring) -> XtermMouseReport? {
        guard let final = body.last, final == "M" || final == "m" else { return nil }
        let numbers = body.dropLast().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
            code >= 0, column >= 1, row >= 1
        else { return nil }
        return XtermMouseReport(code: code, x: column - 1, y: row - 1, isRelease: final == "m")
    }

    /// Reads the three bytes of an X10 mouse report, the part after `ESC [ M`.
    /// - Parameter bytes: The button code + 32, the column + 32 and the row + 32 (1-based).
    /// - Returns: The report with 0-based coordinates, or `nil` when a byte is out of range.
    static func parseX10Mouse(_ bytes: [UInt32]) -> XtermMouseReport? {
        guard bytes.count == 3, bytes.allSatisfy({ $0 >= 32 }), bytes[1] > 32, bytes[2] > 32 else {
            return nil
        }
        let code = Int(bytes[0]) - 32
        let isRelease = code & 0b110_0011 == 3  // button bits 3, no motion, no wheel
        return XtermMouseReport(
            code: code, x: Int(bytes[1]) - 33, y: Int(bytes[2]) - 33, isRelease: isRelease)
    }

    /// Decodes an xterm mouse report, tracking the held button for X10 releases.
    /// - Parameter report: A parsed SGR or X10 report.
    /// - Returns: The left button's press (with Ctrl: adding to the selection), drag or release,
    ///   or the wheel; ``TerminalEvent/none`` for other buttons, plain motion and wheels not
    ///   handled here (horizontal wheel, buttons 8–11).
    mutating func mouseEvent(from report: XtermMouseReport) -> TerminalEvent {
        let x = report.x, y = report.y
        let button = report.code & 3 == 3 ? nil : (report.code & 3) + 1  // 3: "no button"
        if report.code & 128 != 0 { return .none }
        if report.code & 64 != 0 {
            switch report.code & 3 {
            case 0: return .input(.wheel(delta: -1, x: x, y: y))
            case 1: return .input(.wheel(delta: 1, x: x, y: y))
            default: return .none
            }
        }
        if report.code & 32 != 0 {
            heldButton = button
            return button == 1 ? .input(.mouseDrag(x: x, y: y)) : .none
        }
        if report.isRelease {
            let released = button ?? heldButton
            heldButton = nil
            return released == 1 ? .input(.mouseRelease(x: x, y: y)) : .none
        }
        guard let button else { return .none }
        heldButton = button
        return button == 1 ? .input(.mousePress(x: x, y: y, control: report.code & 16 != 0)) : .none
    }

    /// Decodes one `getmouse` report, tracking the held button so motion becomes a drag.
    /// - Parameters:
    ///   - buttonState: The report's `bstate` bits.
    ///   - x: The report's column, 0-based.
    ///   - y: The report's row, 0-based.
    /// - Returns: As ``mouseEvent(from:)``.
    mutating func mouseEvent(buttonState: mmask_t, x: Int32, y: Int32) -> TerminalEvent {
        func has(_ mask: mmask_t) -> Bool { buttonState & mask != 0 }
        let x = Int(x), y = Int(y)
        let buttons = 1...3
        if has(MouseMask.pressed(4)) { return .input(.wheel(delta: -1, x: x, y: y)) }
        if has(MouseMask.pressed(5)) { return .input(.wheel(delta: 1, x: x, y: y)) }
        if let button = buttons.first(where: { has(MouseMask.pressed($0)) }) {
            heldButton = button
            return button == 1 ? .input(.mousePress(x: x, y: y, control: has(MouseMask.control))) : .none
        }
        if let button = buttons.first(where: { has(MouseMask.released($0)) }) {
            heldButton = nil
            return button == 1 ? .input(.mouseRelease(x: x, y: y)) : .none
        }
        if let button = buttons.first(where: { has(MouseMask.clicked($0)) }) {
            // Only when click detection is on (mouseinterval > 0): report the press that began it.
            heldButton = nil
            return button == 1 ? .input(.mousePress(x: x, y: y, control: has(MouseMask.control))) : .none
        }
        if has(MouseMask.reportPosition), heldButton == 1 { return .input(.mouseDrag(x: x, y: y)) }
        return .none
    }
}

/// One xterm mouse report, before decoding: the button code with its modifier, motion and wheel
/// bits, and the 0-based cell.
struct XtermMouseReport: Hashable, Sendable {
    /// Bits 0–1 the button (3: none), 4 Shift, 8 Alt, 16 Control, 32 motion, 64 wheel.
    var code: Int
    /// The column, 0-based.
    var x: Int
    /// The row, 0-based.
    var y: Int
    /// Whether the report is a release (SGR final `m`, or X10 button bits 3).
    var isRelease: Bool
}

/// ncurses mouse mask bits, which are C macros Swift cannot import.
enum MouseMask {
    /// Every button event, plus motion reports.
    static let allEventsAndMotion: mmask_t = cncurses_all_mouse_events()
    /// Motion (with or without a button held).
    static let reportPosition: mmask_t = cncurses_report_mouse_position()
    /// Shift held.
    static let shift: mmask_t = cncurses_button_shift()
    /// Control held.
    static let control: mmask_t = cncurses_button_ctrl()
    /// Alt held.
    static let alt: mmask_t = cncurses_button_alt()

    /// Button `number` (1–5; 4 and 5 are the wheel) went down.
    static func pressed(_ number: Int) -> mmask_t { cncurses_button_pressed(Int32(number)) }
    /// Button `number` (1–3) came up.
    static func released(_ number: Int) -> mmask_t { cncurses_button_released(Int32(number)) }
    /// Button `number` (1–3) was clicked, double-clicked or triple-clicked.
    static func clicked(_ number: Int) -> mmask_t { cncurses_button_clicked(Int32(number)) }
}

/// A color a terminal cell can show, from "whatever the terminal uses" up to 24-bit RGB.
///
/// Backends with fewer colors approximate: an RGB or 256-color value falls back to the nearest
/// color they have, and a monochrome terminal shows attributes only.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground or background color.
    case `default`
    /// One of the 16 ANSI colors: 0–7 normal (black, red, green, yellow, blue, magenta, cyan,
    /// white), 8–15 bright. Values above 15 are read modulo 16.
    case ansi(UInt8)
    /// One of the 256 xterm palette colors: 0–15 ANSI, 16–231 a 6×6×6 cube, 232–255 grays.
    case indexed(UInt8)
    /// A 24-bit color.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
}

extension TerminalColor {
    /// ANSI black (0).
    public static let black = TerminalColor.ansi(0)
    /// ANSI red (1).
    public static let red = TerminalColor.ansi(1)
    /// ANSI green (2).
    public static let green = TerminalColor.ansi(2)
    /// ANSI yellow (3).
    public static let yellow = TerminalColor.ansi(3)
    /// ANSI blue (4).
    public static let blue = TerminalColor.ansi(4)
    /// ANSI magenta (5).
    public static let magenta = TerminalColor.ansi(5)
    /// ANSI cyan (6).
    public static let cyan = TerminalColor.ansi(6)
    /// ANSI white (7), a light gray on most terminals.
    public static let white = TerminalColor.ansi(7)
    /// ANSI bright black (8), a dark gray on most terminals.
    public static let brightBlack = TerminalColor.ansi(8)
    /// ANSI bright white (15).
    public static let brightWhite = TerminalColor.ansi(15)
}

import NodeGraph

/// The colors a terminal shows a surface's ``TerminalColor`` values in, for drawing it as a
/// picture (``Surface/svg(_:)``): its default foreground and background and its 16 ANSI colors.
/// 256-color values use xterm's cube and gray ramp; RGB values are themselves.
public struct SVGPalette: Hashable, Sendable {
    /// The terminal's background, behind every cell.
    public var background: Color
    /// The color of characters in the default foreground.
    public var foreground: Color
    /// The 16 ANSI colors: 0–7 normal, 8–15 bright.
    public var ansi: [Color]

    /// Creates a palette.
    /// - Parameters:
    ///   - background: The default background.
    ///   - foreground: The default foreground.
    ///   - ansi: The 16 ANSI colors; missing ones are the foreground.
    public init(background: Color, foreground: Color, ansi: [Color]) {
        self.background = background
        self.foreground = foreground
        self.ansi = Array((ansi + Array(repeating: foreground, count: 16)).prefix(16))
    }

    /// A dark terminal: soft, readable colors on a charcoal background.
    public static let dark = SVGPalette(
        background: Color(red: 0x28, green: 0x2c, blue: 0x34),
        foreground: Color(red: 0xd7, green: 0xda, blue: 0xe0),
        ansi: [
            "#1e2127", "#e06c75", "#98c379", "#e5c07b", "#4f8fd6", "#c678dd", "#56b6c2", "#abb2bf",
            "#5c6370", "#ff7a85", "#b5e890", "#ffd68a", "#80c4ff", "#de93f5", "#7ad6e1", "#ffffff",
        ].map { Color(hex: $0)! })

    /// The color a cell's ``TerminalColor`` shows as, or `nil` for the default.
    /// - Parameter color: The color.
    /// - Returns: Its RGB value in this palette, or `nil` for ``TerminalColor/default``.
    public func color(for color: TerminalColor) -> Color? {
        switch color {
        case .default: return nil
        case .ansi(let value): return ansi[Int(value % 16)]
        case .indexed(let value) where value < 16: return ansi[Int(value)]
        case .indexed(let value) where value >= 232:
            let gray = UInt8(8 + 10 * (Int(value) - 232))
            return Color(red: gray, green: gray, blue: gray)
        case .indexed(let value):
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            let cube = Int(value) - 16
            return Color(red: levels[cube / 36], green: levels[cube / 6 % 6], blue: levels[cube % 6])
        case .rgb(let red, let green, let blue): return Color(red: red, green: green, blue: blue)
        }
    }
}

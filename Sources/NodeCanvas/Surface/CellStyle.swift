/// How a cell is drawn: colors and text attributes.
///
/// ```swift
/// let title = CellStyle(foreground: .brightWhite, background: .blue, bold: true)
/// ```
///
/// Stored packed in 9 bytes, so comparing two styles (done for every cell of every frame by
/// ``Surface/diff(from:)``) is a few integer comparisons.
public struct CellStyle: Hashable, Sendable {
    private var foregroundBits: UInt32
    private var backgroundBits: UInt32
    private var attributeBits: UInt8

    /// Creates a style; every part defaults to the terminal's plain text.
    /// - Parameters:
    ///   - foreground: The character color.
    ///   - background: The color behind the character.
    ///   - bold: Draw bold.
    ///   - dim: Draw dim.
    ///   - reverse: Swap foreground and background.
    ///   - underline: Underline.
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
    ) {
        self.foregroundBits = foreground.packed
        self.backgroundBits = background.packed
        self.attributeBits = 0
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's plain text: default colors, no attributes.
    public static let plain = CellStyle()

    /// The color of the character.
    public var foreground: TerminalColor {
        get { TerminalColor(packed: foregroundBits) }
        set { foregroundBits = newValue.packed }
    }

    /// The color behind the character.
    public var background: TerminalColor {
        get { TerminalColor(packed: backgroundBits) }
        set { backgroundBits = newValue.packed }
    }

    /// Whether the character is drawn bold (or bright, on some terminals).
    public var bold: Bool {
        get { attribute(1) }
        set { setAttribute(1, newValue) }
    }

    /// Whether the character is drawn dim.
    public var dim: Bool {
        get { attribute(2) }
        set { setAttribute(2, newValue) }
    }

    /// Whether foreground and background are swapped.
    public var reverse: Bool {
        get { attribute(4) }
        set { setAttribute(4, newValue) }
    }

    /// Whether the character is underlined.
    public var underline: Bool {
        get { attribute(8) }
        set { setAttribute(8, newValue) }
    }

    private func attribute(_ bit: UInt8) -> Bool { attributeBits & bit != 0 }

    private mutating func setAttribute(_ bit: UInt8, _ isOn: Bool) {
        attributeBits = isOn ? attributeBits | bit : attributeBits & ~bit
    }
}

extension TerminalColor {
    /// The color in one integer: the case in the top byte, the payload below.
    fileprivate var packed: UInt32 {
        switch self {
        case .default: 0
        case .ansi(let value): 1 << 24 | UInt32(value)
        case .indexed(let value): 2 << 24 | UInt32(value)
        case .rgb(let red, let green, let blue):
            3 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    fileprivate init(packed: UInt32) {
        let payload = UInt8(truncatingIfNeeded: packed)
        switch packed >> 24 {
        case 1: self = .ansi(payload)
        case 2: self = .indexed(payload)
        case 3:
            self = .rgb(
                red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
                blue: payload)
        default: self = .default
        }
    }
}

import NodeCanvas

/// How many colors a terminal can show.
public enum ColorDepth: Int, Comparable, Sendable {
    /// No colors: styles show as attributes only.
    case monochrome = 0
    /// The 8 basic ANSI colors (bright ones via bold).
    case colors8 = 8
    /// The 16 ANSI colors.
    case colors16 = 16
    /// The 256-color xterm palette.
    case colors256 = 256

    /// The depth for a terminal reporting `count` colors (ncurses `COLORS`).
    /// - Parameter count: The number of colors; 0 or less when the terminal has none.
    public init(colorCount count: Int) {
        switch count {
        case 256...: self = .colors256
        case 16...: self = .colors16
        case 8...: self = .colors8
        default: self = .monochrome
        }
    }

    /// Orders depths from monochrome to 256 colors.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Maps ``TerminalColor`` values onto what a terminal has: the nearest palette entry for RGB and
/// 256-color values on smaller palettes. Pure arithmetic, no ncurses.
enum TerminalPalette {
    /// The ncurses color number for `color` at `depth`, and whether to add bold to show it.
    ///
    /// Bold is needed for a bright ANSI color (8–15) used as a foreground on an 8-color terminal.
    /// - Parameters:
    ///   - color: The color to show.
    ///   - depth: The terminal's palette; not ``ColorDepth/monochrome``.
    ///   - isForeground: Whether the color is for characters (only those can be brightened by bold).
    /// - Returns: The color number (-1 for the terminal's default) and whether to add bold.
    static func colorNumber(
        for color: TerminalColor, depth: ColorDepth, isForeground: Bool
    ) -> (number: Int32, needsBold: Bool) {
        let ansiCount: UInt8 = depth == .colors8 ? 8 : 16
        switch color {
        case .default:
            return (-1, false)
        case .ansi(let value):
            return ansi(value % 16, count: ansiCount, isForeground: isForeground)
        case .indexed(let value):
            if depth == .colors256 || value < 16 {
                return depth == .colors256
                    ? (Int32(value), false)
                    : ansi(value, count: ansiCount, isForeground: isForeground)
            }
            let (red, green, blue) = components(ofIndexed: value)
            return (Int32(nearestANSI(red: red, green: green, blue: blue, count: ansiCount)), false)
        case .rgb(let red, let green, let blue):
            if depth == .colors256 {
                return (Int32(nearestIndexed(red: red, green: green, blue: blue)), false)
            }
            return (Int32(nearestANSI(red: red, green: green, blue: blue, count: ansiCount)), false)
        }
    }

    private static func ansi(_ value: UInt8, count: UInt8, isForeground: Bool) -> (
        number: Int32, needsBold: Bool
    ) {
        value < count ? (Int32(value), false) : (Int32(value % 8), isForeground)
    }

    /// The RGB components xterm uses for palette entry `index`.
    /// - Parameter index: A 256-color palette index.
    /// - Returns: Its red, green and blue components.
    static func components(ofIndexed index: UInt8) -> (UInt8, UInt8, UInt8) {
        switch index {
        case 0..<16:
            return ansiComponents[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
        default:
            let gray = UInt8(8 + 10 * (Int(index) - 232))
            return (gray, gray, gray)
        }
    }

    /// The 256-color palette entry (16–255, the cube and the gray ramp) nearest to an RGB color.
    /// - Parameters:
    ///   - red: The red component.
    ///   - green: The green component.
    ///   - blue: The blue component.
    /// - Returns: A palette index from 16 to 255.
    static func nearestIndexed(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        func nearestLevel(_ component: UInt8) -> Int {
            (0..<6).min {
                abs(Int(cubeLevels[$0]) - Int(component)) < abs(Int(cubeLevels[$1]) - Int(component))
            }!
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cubeIndex = UInt8(16 + 36 * r + 6 * g + b)
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let grayIndex = UInt8(232 + min(23, max(0, (average - 3) / 10)))
        let target = (red, green, blue)
        return distance(components(ofIndexed: grayIndex), target)
            < distance(components(ofIndexed: cubeIndex), target)
            ? grayIndex : cubeIndex
    }

    /// The ANSI color (0 to `count` − 1) nearest to an RGB color, by xterm's default palette.
    /// - Parameters:
    ///   - red: The red component.
    ///   - green: The green component.
    ///   - blue: The blue component.
    ///   - count: 8 or 16.
    /// - Returns: An ANSI color number.
    static func nearestANSI(red: UInt8, green: UInt8, blue: UInt8, count: UInt8) -> UInt8 {
        let target = (red, green, blue)
        return (0..<count).min {
            distance(ansiComponents[Int($0)], target) < distance(ansiComponents[Int($1)], target)
        }!
    }

    private static func distance(_ first: (UInt8, UInt8, UInt8), _ second: (UInt8, UInt8, UInt8)) -> Int {
        let red = Int(first.0) - Int(second.0)
        let green = Int(first.1) - Int(second.1)
        let blue = Int(first.2) - Int(second.2)
        return red * red + green * green + blue * blue
    }

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// xterm's default ANSI colors.
    private static let ansiComponents: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
}

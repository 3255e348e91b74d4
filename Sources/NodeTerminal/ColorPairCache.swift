import CNcurses
import NodeCanvas

/// How ncurses draws one ``CellStyle``: attribute bits and a color pair.
struct Rendition: Hashable, Sendable {
    /// `A_BOLD`, `A_DIM`, `A_REVERSE`, `A_UNDERLINE` as needed.
    var attributes: attr_t
    /// The color pair; 0 is the terminal's default colors.
    var pair: Int32
}

/// Maps cell styles to ncurses attributes and color pairs, defining each pair once.
///
/// Colors the terminal lacks fall back to the nearest it has (``TerminalPalette``); a monochrome
/// terminal gets attributes only. Pairs are numbered from 1 up to `COLOR_PAIRS - 1`; when they
/// run out, ``rendition(for:)`` returns `nil` and the caller ``reset()``s and redraws.
@MainActor
struct ColorPairCache {
    /// The terminal's palette.
    let depth: ColorDepth
    /// Whether color -1 means the terminal's own color (`use_default_colors` succeeded).
    let hasDefaultColors: Bool
    /// The number of color pairs the terminal has (`COLOR_PAIRS`).
    let pairLimit: Int32

    private var renditions: [CellStyle: Rendition] = [:]
    private var pairs: [PairColors: Int32] = [:]
    private var nextPair: Int32 = 1

    private struct PairColors: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Creates an empty cache.
    /// - Parameters:
    ///   - depth: The terminal's palette.
    ///   - hasDefaultColors: Whether the terminal's own colors can be used (color -1).
    ///   - pairLimit: The number of color pairs (`COLOR_PAIRS`).
    init(depth: ColorDepth, hasDefaultColors: Bool, pairLimit: Int32) {
        self.depth = depth
        self.hasDefaultColors = hasDefaultColors
        self.pairLimit = pairLimit
    }

    /// The attributes and pair that draw `style`, defining the pair on first use.
    /// - Parameter style: The cell style.
    /// - Returns: The rendition, or `nil` when every color pair is taken.
    mutating func rendition(for style: CellStyle) -> Rendition? {
        if let known = renditions[style] { return known }
        var attributes = cncurses_a_normal()
        if style.bold { attributes |= cncurses_a_bold() }
        if style.dim { attributes |= cncurses_a_dim() }
        if style.reverse { attributes |= cncurses_a_reverse() }
        if style.underline { attributes |= cncurses_a_underline() }
        var pair: Int32 = 0
        if depth != .monochrome {
            let foreground = TerminalPalette.colorNumber(
                for: style.foreground, depth: depth, isForeground: true)
            let background = TerminalPalette.colorNumber(
                for: style.background, depth: depth, isForeground: false)
            if foreground.needsBold { attributes |= cncurses_a_bold() }
            let colors = PairColors(
                foreground: hasDefaultColors || foreground.number >= 0 ? foreground.number : 7,
                background: hasDefaultColors || background.number >= 0 ? background.number : 0)
            if colors.foreground != -1 || colors.background != -1 {
                guard let defined = pairNumber(for: colors) else { return nil }
                pair = defined
            }
        }
        let rendition = Rendition(attributes: attributes, pair: pair)
        renditions[style] = rendition
        return rendition
    }

    private mutating func pairNumber(for colors: PairColors) -> Int32? {
        if let known = pairs[colors] { return known }
        guard nextPair < pairLimit,
            init_extended_pair(nextPair, colors.foreground, colors.background) != ERR
        else { return nil }
        pairs[colors] = nextPair
        nextPair += 1
        return nextPair - 1
    }

    /// Forgets every pair, so numbering starts again at 1. Cells already drawn keep their pair
    /// numbers, so the caller redraws everything.
    mutating func reset() {
        renditions.removeAll(keepingCapacity: true)
        pairs.removeAll(keepingCapacity: true)
        nextPair = 1
    }
}

/// Everything about how the canvas looks, in one place: glyphs, styles and spacing.
///
/// Pick ``unicode`` for a UTF-8 terminal with colors, ``ascii`` when the terminal cannot show
/// box-drawing characters, and ``monochrome`` (or ``monochrome(glyphs:)``) when it has no colors:
/// every distinction the canvas makes (selection, valid and invalid link targets, errors) is also
/// carried by an attribute (bold, dim, reverse, underline), so nothing is lost without color.
public struct Theme: Hashable, Sendable {
    /// The characters boxes, links and markers are drawn with.
    public var glyphs: Glyphs
    /// The styles of every part of the canvas.
    public var styles: Styles
    /// Gaps and insets, for auto-arrange and new nodes.
    public var spacing: SpacingFamily
    /// The least width of a node box in full detail, so boxes do not jitter as values change.
    public var minimumNodeWidth: Int
    /// The greatest width of a node box; longer text is cut with an ellipsis.
    public var maximumNodeWidth: Int

    /// Creates a theme.
    /// - Parameters:
    ///   - glyphs: The characters to draw with.
    ///   - styles: The styles.
    ///   - spacing: Gaps and insets.
    ///   - minimumNodeWidth: The least width of a full node box.
    ///   - maximumNodeWidth: The greatest width of a node box.
    public init(
        glyphs: Glyphs = .unicode, styles: Styles = .eightColor, spacing: SpacingFamily = .standard,
        minimumNodeWidth: Int = 16, maximumNodeWidth: Int = 30
    ) {
        self.glyphs = glyphs
        self.styles = styles
        self.spacing = spacing
        self.minimumNodeWidth = max(8, minimumNodeWidth)
        self.maximumNodeWidth = max(self.minimumNodeWidth, maximumNodeWidth)
    }

    /// Box-drawing glyphs and the 8 ANSI colors: the default.
    public static let unicode = Theme()
    /// Plain ASCII glyphs and the 8 ANSI colors, for terminals that are not UTF-8.
    public static let ascii = Theme(glyphs: .ascii)
    /// Box-drawing glyphs and attributes only, for terminals without colors.
    public static let monochrome = Theme(glyphs: .unicode, styles: .monochrome)

    /// Attributes only, with the given glyphs.
    /// - Parameter glyphs: The glyph set.
    /// - Returns: A theme without colors.
    public static func monochrome(glyphs: Glyphs) -> Theme { Theme(glyphs: glyphs, styles: .monochrome) }
}

/// The gaps between nodes and layers, and the insets around an arranged graph, in cells.
public struct SpacingFamily: Hashable, Sendable {
    /// Rows between two nodes of the same layer.
    public var nodeGap: Int
    /// Columns between two layers (room for the links).
    public var layerGap: Int
    /// Columns left of the first layer.
    public var leftInset: Int
    /// Rows above the first node of each layer.
    public var topInset: Int

    /// Creates a spacing family.
    /// - Parameters:
    ///   - nodeGap: Rows between nodes of a layer.
    ///   - layerGap: Columns between layers.
    ///   - leftInset: Columns before the first layer.
    ///   - topInset: Rows before the first node.
    public init(nodeGap: Int = 1, layerGap: Int = 8, leftInset: Int = 2, topInset: Int = 1) {
        self.nodeGap = max(0, nodeGap)
        self.layerGap = max(2, layerGap)
        self.leftInset = leftInset
        self.topInset = topInset
    }

    /// One row between nodes, eight columns between layers.
    public static let standard = SpacingFamily()
    /// Nodes packed tightly: no row between nodes, four columns between layers.
    public static let compact = SpacingFamily(nodeGap: 0, layerGap: 4, leftInset: 1, topInset: 0)
    /// Airy: two rows between nodes, twelve columns between layers.
    public static let roomy = SpacingFamily(nodeGap: 2, layerGap: 12, leftInset: 4, topInset: 2)
}

/// The characters the canvas draws with: box edges, link lines and junctions, and markers.
public struct Glyphs: Hashable, Sendable {
    /// Box corners: top left, top right, bottom left, bottom right.
    public var topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character
    /// Box corners of the selected node.
    public var selectedTopLeft: Character, selectedTopRight: Character
    /// Box corners of the selected node, bottom.
    public var selectedBottomLeft: Character, selectedBottomRight: Character
    /// Box edges of the selected node.
    public var selectedHorizontal: Character, selectedVertical: Character
    /// The selected node's side edge where a link leaves (`┠`) or arrives (`┨`).
    public var selectedVerticalRight: Character, selectedVerticalLeft: Character
    /// A horizontal line (box edges and links).
    public var horizontal: Character
    /// A vertical line (box edges and links).
    public var vertical: Character
    /// Link corners: a line turning from right to down, and so on (`┌ ┐ └ ┘`).
    public var downRight: Character, downLeft: Character, upRight: Character, upLeft: Character
    /// Junctions: a vertical line with a branch right or left (`├ ┤`), a horizontal line with a
    /// branch down or up (`┬ ┴`), and a crossing (`┼`).
    public var verticalRight: Character, verticalLeft: Character
    /// Junctions with a horizontal trunk.
    public var horizontalDown: Character, horizontalUp: Character
    /// Four ways.
    public var cross: Character
    /// The delete marker in a node's title bar.
    public var deleteMarker: Character
    /// A node in the dot level of detail.
    public var dot: Character
    /// The selected node in the dot level of detail.
    public var selectedDot: Character
    /// Marks an input row that a link may target in link mode.
    public var validTarget: Character
    /// Marks the current link target in link mode.
    public var currentTarget: Character
    /// Marks an input row that a link may not target in link mode.
    public var invalidTarget: Character
    /// Marks an error value.
    public var errorMarker: Character
    /// Shown for an unconnected input (`–`).
    public var unconnected: String
    /// Cut text ends with this.
    public var ellipsis: Character
    /// The edit cursor in value editing and text prompts.
    public var textCursor: Character
    /// Shades a color swatch where colors are unavailable.
    public var swatch: Character
    /// The arrow between names in messages and the inspector.
    public var arrow: String
    /// Separates the parts of a hint or a status (`n new · ? help`), with a space either side.
    public var separator: Character
    /// Follows a bypassed node's name in its title bar (`⊘`, ASCII `(b)`).
    public var bypassMark: String = "⊘"

    /// Box-drawing characters (rounded corners; the selected node has a heavy box).
    public static let unicode = Glyphs(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        selectedTopLeft: "┏", selectedTopRight: "┓", selectedBottomLeft: "┗", selectedBottomRight: "┛",
        selectedHorizontal: "━", selectedVertical: "┃", selectedVerticalRight: "┠", selectedVerticalLeft: "┨",
        horizontal: "─", vertical: "│",
        downRight: "┌", downLeft: "┐", upRight: "└", upLeft: "┘",
        verticalRight: "├", verticalLeft: "┤", horizontalDown: "┬", horizontalUp: "┴", cross: "┼",
        deleteMarker: "×", dot: "●", selectedDot: "◉", validTarget: "▸", currentTarget: "▶",
        invalidTarget: "·",
        errorMarker: "!", unconnected: "–", ellipsis: "…", textCursor: "▏", swatch: "█", arrow: "→",
        separator: "·")

    /// Plain ASCII, for terminals that are not UTF-8.
    public static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        selectedTopLeft: "#", selectedTopRight: "#", selectedBottomLeft: "#", selectedBottomRight: "#",
        selectedHorizontal: "=", selectedVertical: "#", selectedVerticalRight: "#", selectedVerticalLeft: "#",
        horizontal: "-", vertical: "|",
        downRight: "+", downLeft: "+", upRight: "+", upLeft: "+",
        verticalRight: "+", verticalLeft: "+", horizontalDown: "+", horizontalUp: "+", cross: "+",
        deleteMarker: "x", dot: "o", selectedDot: "@", validTarget: ">", currentTarget: "*",
        invalidTarget: ".",
        errorMarker: "!", unconnected: "-", ellipsis: "~", textCursor: "_", swatch: "#", arrow: "->",
        separator: "|", bypassMark: "(b)")

    /// The glyph for a line cell whose arms point the given ways.
    /// - Parameter arms: Which of up, down, left and right the line reaches.
    /// - Returns: A line, corner, junction or crossing glyph.
    public func line(_ arms: LineArms) -> Character {
        switch (arms.contains(.up), arms.contains(.down), arms.contains(.left), arms.contains(.right)) {
        case (false, false, _, _): horizontal
        case (_, _, false, false): vertical
        case (false, true, false, true): downRight
        case (false, true, true, false): downLeft
        case (true, false, false, true): upRight
        case (true, false, true, false): upLeft
        case (true, true, false, true): verticalRight
        case (true, true, true, false): verticalLeft
        case (false, true, true, true): horizontalDown
        case (true, false, true, true): horizontalUp
        case (true, true, true, true): cross
        }
    }
}

/// The directions a line leaves a cell in.
public struct LineArms: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates arms from raw bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Towards the row above.
    package static let up = LineArms(rawValue: 1)
    /// Towards the row below.
    package static let down = LineArms(rawValue: 2)
    /// Towards the column to the left.
    package static let left = LineArms(rawValue: 4)
    /// Towards the column to the right.
    package static let right = LineArms(rawValue: 8)
}

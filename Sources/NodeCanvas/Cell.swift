/// One character cell of a ``Surface``.
///
/// A cell holds one grapheme and how it is drawn. A wide grapheme (CJK, emoji) occupies two
/// cells: a leading cell of width 2 holding the grapheme, then a continuation cell of width 0 that
/// holds a space and only marks the second half.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown; a space in blank and continuation cells.
    public private(set) var character: Character
    /// How the grapheme is drawn. A continuation cell carries its leading cell's style.
    public var style: CellStyle
    /// Columns taken: 1 or 2 for a leading cell, 0 for a continuation cell.
    private var storedWidth: UInt8

    /// Creates a cell holding `character`.
    ///
    /// A character that takes no columns (a control character, a lone combining mark) cannot own
    /// a cell and becomes a space.
    /// - Parameters:
    ///   - character: The grapheme to show.
    ///   - style: How it is drawn.
    public init(_ character: Character, style: CellStyle = .plain) {
        let width = displayWidth(of: character)
        self.character = width == 0 ? " " : character
        self.style = style
        self.storedWidth = UInt8(max(1, width))
    }

    /// Creates a cell whose width the caller has already measured (1 or 2).
    init(_ character: Character, measuredWidth width: Int, style: CellStyle) {
        self.character = character
        self.style = style
        self.storedWidth = UInt8(width)
    }

    private init(continuationWith style: CellStyle) {
        self.character = " "
        self.style = style
        self.storedWidth = 0
    }

    /// A space in the plain style.
    public static let blank = Cell(" ")

    /// The second half of a wide grapheme.
    /// - Parameter style: The leading cell's style.
    /// - Returns: A continuation cell.
    public static func continuation(style: CellStyle) -> Cell {
        Cell(continuationWith: style)
    }

    /// Columns taken: 1 or 2 for a leading cell, 0 for a continuation cell.
    public var width: Int { Int(storedWidth) }

    /// Whether this cell is the second half of a wide grapheme.
    public var isContinuation: Bool { storedWidth == 0 }

    /// Whether this cell's grapheme takes two columns.
    public var isWide: Bool { storedWidth == 2 }
}

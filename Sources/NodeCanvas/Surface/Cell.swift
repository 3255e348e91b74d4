/// One character cell of a ``Surface``.
///
/// A cell holds one grapheme and how it is drawn. A wide grapheme (CJK, emoji) occupies two
/// cells: a leading cell of width 2 holding the grapheme, then a continuation cell of width 0 that
/// holds a space and only marks the second half.
public struct Cell: Hashable, Sendable {
    /// The grapheme, packed (a cell is plain data; see `CellGrapheme`).
    private var grapheme: CellGrapheme
    /// How the grapheme is drawn. A continuation cell carries its leading cell's style.
    public var style: CellStyle
    /// Columns taken: 1 or 2 for a leading cell, 0 for a continuation cell.
    private var storedWidth: UInt8

    /// The grapheme shown; a space in blank and continuation cells.
    public var character: Character { grapheme.character }

    /// Creates a cell holding `character`.
    ///
    /// A character that takes no columns (a control character, a lone combining mark) cannot own
    /// a cell and becomes a space.
    /// - Parameters:
    ///   - character: The grapheme to show.
    ///   - style: How it is drawn.
    public init(_ character: Character, style: CellStyle = .plain) {
        let width = displayWidth(of: character)
        self.grapheme = width == 0 ? .space : CellGrapheme(character)
        self.style = style
        self.storedWidth = UInt8(max(1, width))
    }

    /// Creates a cell whose width the caller has already measured (1 or 2).
    init(_ character: Character, measuredWidth width: Int, style: CellStyle) {
        self.grapheme = CellGrapheme(character)
        self.style = style
        self.storedWidth = UInt8(width)
    }

    private init(continuationWith style: CellStyle) {
        self.grapheme = .space
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

    /// The grapheme when it is one Unicode scalar (every character of the built-in themes), read
    /// without making a `Character`, for a terminal copying many cells; `nil` for a grapheme of
    /// several scalars (a letter with a combining mark, a flag), whose ``character`` has them all.
    package var singleScalar: Unicode.Scalar? { grapheme.singleScalar }

    /// Columns taken: 1 or 2 for a leading cell, 0 for a continuation cell.
    public var width: Int { Int(storedWidth) }

    /// Whether this cell is the second half of a wide grapheme.
    public var isContinuation: Bool { storedWidth == 0 }

    /// Whether this cell's grapheme takes two columns.
    public var isWide: Bool { storedWidth == 2 }

    /// Whether two cells show the same grapheme (by `Character` equality, so canonically
    /// equivalent graphemes match) in the same style and width.
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        guard lhs.style == rhs.style, lhs.storedWidth == rhs.storedWidth else { return false }
        if lhs.grapheme.bits == rhs.grapheme.bits { return true }
        return lhs.grapheme.mayEqual(rhs.grapheme) && lhs.character == rhs.character
    }

    /// Hashes the grapheme (as a `Character`), the style and the width.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(character)
        hasher.combine(style)
        hasher.combine(storedWidth)
    }
}

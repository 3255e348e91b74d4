/// An off-screen grid of character cells that everything draws into.
///
/// A surface knows nothing of terminals: renderers draw into it, tests read it back as text
/// (``rows``), and a backend copies it to the screen, or only what changed (``diff(from:)``).
///
/// Cells are stored row by row in one flat array. Drawing keeps the grid consistent: a wide
/// grapheme always has its continuation cell beside it, and overwriting either half of a wide
/// grapheme turns the other half into a space.
///
/// ```swift
/// var surface = Surface(width: 10, height: 2)
/// surface.put("Add 界", x: 1, y: 0, style: CellStyle(bold: true))
/// surface.rows  // [" Add 界   ", "          "]
/// ```
public struct Surface: Hashable, Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// Every cell, row by row: the cell at (x, y) is `cells[y * width + x]`.
    public internal(set) var cells: [Cell]

    /// Creates a surface filled with blank cells.
    /// - Parameters:
    ///   - width: The number of columns; negative counts as 0.
    ///   - height: The number of rows; negative counts as 0.
    ///   - cell: The cell to fill with; a wide or continuation cell fills with blanks instead.
    /// - Complexity: O(`width` × `height`).
    public init(width: Int, height: Int, filledWith cell: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        let filler = cell.width == 1 ? cell : Cell(" ", style: cell.style)
        self.cells = Array(repeating: filler, count: self.width * self.height)
    }

    /// The rectangle of all cells: origin (0, 0), the surface's size.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y`.
    ///
    /// Setting a cell keeps wide graphemes whole: a wide cell also takes the column to its right
    /// (or becomes a space at the right edge), a half of a wide grapheme it overwrites leaves a
    /// space, and setting a continuation cell writes a space.
    /// - Precondition: (`x`, `y`) lies inside ``bounds``.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(bounds.contains(x: x, y: y), "cell (\(x), \(y)) outside \(width)×\(height)")
            return cells[y * width + x]
        }
        set {
            precondition(bounds.contains(x: x, y: y), "cell (\(x), \(y)) outside \(width)×\(height)")
            let cell = newValue.isContinuation ? Cell(" ", style: newValue.style) : newValue
            place(cell, x: x, y: y, rightLimit: width)
        }
    }

    /// The cell at column `x`, row `y`, or `nil` outside the surface.
    /// - Parameters:
    ///   - x: A column.
    ///   - y: A row.
    /// - Returns: The cell, or `nil` when (`x`, `y`) is outside ``bounds``.
    public func cell(atX x: Int, y: Int) -> Cell? {
        bounds.contains(x: x, y: y) ? cells[y * width + x] : nil
    }

    /// Writes one cell, keeping wide graphemes whole.
    ///
    /// A wide cell that would cross `rightLimit` is replaced by a space in its style.
    /// - Precondition: (`x`, `y`) is inside the surface and `x < rightLimit <= width`.
    mutating func place(_ cell: Cell, x: Int, y: Int, rightLimit: Int) {
        withCellWriter { $0.place(cell, x: x, y: y, rightLimit: rightLimit) }
    }

    /// Prepares the cell at `index` for overwriting: if it is half of a wide grapheme, the other
    /// half becomes a space in its own style.
    mutating func breakWideCharacter(at index: Int, x: Int) {
        withCellWriter { $0.breakWideCharacter(at: index, x: x) }
    }

    /// Runs `body` with a writer over the cells: for loops that write many cells (one uniqueness
    /// check for the whole loop instead of one per write).
    mutating func withCellWriter<Result>(_ body: (CellWriter) -> Result) -> Result {
        let width = self.width
        return cells.withUnsafeMutableBufferPointer { body(CellWriter(cells: $0, width: width)) }
    }
}

/// Writes a surface's cells in place with ``Surface``'s rules (wide graphemes kept whole).
struct CellWriter {
    /// The surface's cells, row by row.
    let cells: UnsafeMutableBufferPointer<Cell>
    /// The surface's width.
    let width: Int

    /// The cell at an index.
    subscript(index: Int) -> Cell {
        get {
            precondition(index >= 0 && index < cells.count, "cell \(index) outside the surface")
            return cells[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < cells.count, "cell \(index) outside the surface")
            cells[index] = newValue
        }
    }

    /// Writes one cell, keeping wide graphemes whole; see ``Surface/place(_:x:y:rightLimit:)``.
    func place(_ cell: Cell, x: Int, y: Int, rightLimit: Int) {
        precondition(x >= 0 && x < rightLimit && rightLimit <= width, "column \(x) outside the surface")
        let index = y * width + x
        // One column over one column: nothing else changes.
        if cell.width == 1 && self[index].width == 1 {
            cells[index] = cell
            return
        }
        if cell.isWide && x + 1 >= rightLimit {
            place(Cell(" ", style: cell.style), x: x, y: y, rightLimit: rightLimit)
            return
        }
        breakWideCharacter(at: index, x: x)
        if cell.isWide {
            breakWideCharacter(at: index + 1, x: x + 1)
            self[index] = cell
            self[index + 1] = .continuation(style: cell.style)
        } else {
            self[index] = cell
        }
    }

    /// Whether every cell of a run is one column wide (no wide grapheme or half of one).
    static func isNarrow(_ cells: UnsafeBufferPointer<Cell>, from start: Int, count: Int) -> Bool {
        precondition(start >= 0 && start + count <= cells.count, "cells outside the surface")
        for index in start..<(start + count) where cells[index].width != 1 { return false }
        return true
    }

    /// Prepares the cell at `index` for overwriting: if it is half of a wide grapheme, the other
    /// half becomes a space in its own style.
    func breakWideCharacter(at index: Int, x: Int) {
        let current = self[index]
        if current.isContinuation {
            if x > 0 { self[index - 1] = Cell(" ", style: self[index - 1].style) }
            self[index] = Cell(" ", style: current.style)
        } else if current.isWide, x + 1 < width {
            self[index + 1] = Cell(" ", style: self[index + 1].style)
        }
    }
}

/// One cell that differs between two frames: where it is and what it holds now.
public struct CellChange: Hashable, Sendable {
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int
    /// The cell's new content. A continuation cell needs no drawing of its own: the wide
    /// grapheme to its left covers it.
    package var cell: Cell

    /// Creates a change.
    /// - Parameters:
    ///   - x: The column.
    ///   - y: The row.
    ///   - cell: The cell's new content.
    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

extension Surface {
    /// The cells of this surface that differ from `previous`, row by row, left to right.
    ///
    /// Copying these cells, in order, onto a screen that shows `previous` makes it show this
    /// surface. When the sizes differ, every cell counts as changed.
    /// - Parameter previous: The frame the screen shows now.
    /// - Returns: The changed cells, in reading order.
    /// - Complexity: O(`width` × `height`).
    public func diff(from previous: Surface) -> [CellChange] {
        var changes: [CellChange] = []
        guard previous.width == width, previous.height == height else {
            changes.reserveCapacity(cells.count)
            for (index, cell) in cells.enumerated() {
                changes.append(CellChange(x: index % width, y: index / width, cell: cell))
            }
            return changes
        }
        cells.withUnsafeBufferPointer { current in
            previous.cells.withUnsafeBufferPointer { earlier in
                for index in current.indices where current[index] != earlier[index] {
                    changes.append(CellChange(x: index % width, y: index / width, cell: current[index]))
                }
            }
        }
        return changes
    }
}

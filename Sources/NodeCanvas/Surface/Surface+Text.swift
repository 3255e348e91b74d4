extension Surface {
    /// Creates a surface from lines of text in one style, as wide as the widest line.
    ///
    /// Handy for expected screens in tests: `Surface(rows: ["┌─┐", "└─┘"])`.
    /// - Parameters:
    ///   - rows: The lines, top to bottom; shorter lines are padded with spaces.
    ///   - style: The style of every cell.
    /// - Complexity: O(total length of the rows).
    public init(rows: [String], style: CellStyle = .plain) {
        let widest = rows.map { displayWidth(of: $0) }.max() ?? 0
        self.init(width: widest, height: rows.count, filledWith: Cell(" ", style: style))
        for (y, row) in rows.enumerated() {
            put(row, x: 0, y: y, style: style)
        }
    }

    /// The text of every row, top to bottom, trailing spaces kept.
    ///
    /// A wide grapheme appears once and its continuation cell adds nothing, so each row's display
    /// width equals ``width``.
    /// - Complexity: O(`width` × `height`).
    public var rows: [String] { rows(trimmingTrailingSpaces: false) }

    /// The text of every row, top to bottom.
    /// - Parameter trimmingTrailingSpaces: Whether to drop the spaces at the end of each row.
    /// - Returns: One string per row.
    /// - Complexity: O(`width` × `height`).
    public func rows(trimmingTrailingSpaces: Bool) -> [String] {
        (0..<height).map { y in
            var line = ""
            line.reserveCapacity(width)
            for cell in cells[(y * width)..<((y + 1) * width)] where !cell.isContinuation {
                line.append(cell.character)
            }
            if trimmingTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// The whole surface as text: the rows joined by line feeds, trailing spaces kept.
    /// - Complexity: O(`width` × `height`).
    public var text: String { text(trimmingTrailingSpaces: false) }

    /// The whole surface as text: the rows joined by line feeds.
    /// - Parameter trimmingTrailingSpaces: Whether to drop the spaces at the end of each row.
    /// - Returns: The rows joined by `"\n"`, with no final line feed.
    /// - Complexity: O(`width` × `height`).
    public func text(trimmingTrailingSpaces: Bool) -> String {
        rows(trimmingTrailingSpaces: trimmingTrailingSpaces).joined(separator: "\n")
    }
}

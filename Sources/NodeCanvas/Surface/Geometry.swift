// Cell geometry: points, sizes and rectangles of character cells.

/// A rectangle of character cells: origin at the top left, `x` grows right, `y` grows down.
///
/// `maxX` and `maxY` are exclusive. A rectangle with no width or no height is empty and contains
/// nothing.
public struct Rect: Hashable, Sendable {
    /// The leftmost column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns; never negative.
    public var width: Int { didSet { width = max(0, width) } }
    /// The number of rows; never negative.
    public var height: Int { didSet { height = max(0, height) } }

    /// Creates a rectangle; a negative width or height becomes 0.
    /// - Parameters:
    ///   - x: The leftmost column.
    ///   - y: The top row.
    ///   - width: The number of columns.
    ///   - height: The number of rows.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The leftmost column, `x`.
    public var minX: Int { x }
    /// The top row, `y`.
    public var minY: Int { y }
    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }
    /// Whether the rectangle has no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The number of cells.
    public var area: Int { width * height }

    /// Whether the cell at (`x`, `y`) lies inside.
    /// - Parameters:
    ///   - x: A column.
    ///   - y: A row.
    /// - Returns: `true` when `minX <= x < maxX` and `minY <= y < maxY`.
    public func contains(x: Int, y: Int) -> Bool {
        x >= minX && x < maxX && y >= minY && y < maxY
    }

    /// Whether every cell of `other` lies inside; an empty rectangle lies inside any rectangle.
    /// - Parameter other: The rectangle to test.
    /// - Returns: `true` when `other` is empty or wholly inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.isEmpty
            || (other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY)
    }

    /// Whether the two rectangles share at least one cell.
    /// - Parameter other: The other rectangle.
    /// - Returns: `true` when the intersection is not empty.
    public func intersects(_ other: Rect) -> Bool {
        max(minX, other.minX) < min(maxX, other.maxX) && max(minY, other.minY) < min(maxY, other.maxY)
    }

    /// The cells both rectangles share.
    /// - Parameter other: The other rectangle.
    /// - Returns: The overlap; an empty rectangle when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else {
            return Rect(x: left, y: top, width: 0, height: 0)
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both; an empty operand is ignored.
    /// - Parameter other: The other rectangle.
    /// - Returns: The bounding rectangle of both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return Rect(
            x: left, y: top,
            width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The same rectangle moved.
    /// - Parameters:
    ///   - dx: Columns to move right (negative: left).
    ///   - dy: Rows to move down (negative: up).
    /// - Returns: The moved rectangle.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk on every side (grown, for negative insets).
    /// - Parameters:
    ///   - dx: Columns removed on the left and on the right.
    ///   - dy: Rows removed at the top and at the bottom.
    /// - Returns: The inset rectangle; empty when the insets eat it all.
    public func insetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

/// A cell position.
public struct Point: Hashable, Sendable {
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int

    /// Creates a point.
    /// - Parameters:
    ///   - x: The column.
    ///   - y: The row.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A width and a height in cells.
public struct Size: Hashable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values become 0.
    /// - Parameters:
    ///   - width: Columns.
    ///   - height: Rows.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No cells.
    public static let zero = Size(width: 0, height: 0)
}

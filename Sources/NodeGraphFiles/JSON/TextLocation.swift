/// A line and column in a text, both counted from 1; the column counts characters.
public struct TextLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters.
    public var column: Int

    /// Creates a location.
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 3, column 7`.
    public var description: String { "line \(line), column \(column)" }
}

/// Where each line of a UTF-8 text starts, to turn byte offsets into ``TextLocation``s.
package struct LineIndex {
    private let text: UnsafeBufferPointer<UInt8>
    private var lineStarts: [Int]?

    package init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// The line and column of a byte offset; the column counts UTF-8 sequences, not bytes.
    /// - Complexity: O(log *l* + *c*); the lines are found once, at the first call.
    package mutating func location(of offset: Int) -> TextLocation {
        if lineStarts == nil {
            var starts = [0]
            for index in 0..<text.count where text[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
            lineStarts = starts
        }
        let starts = lineStarts!
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in starts[low]..<min(offset, text.count) where text[index] & 0xC0 != 0x80 { column += 1 }
        return TextLocation(line: low + 1, column: column)
    }
}

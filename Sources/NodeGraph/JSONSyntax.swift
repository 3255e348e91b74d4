/// A JSON value parsed by ``JSONParser``, with the byte offset where it starts.
///
/// Graph files and journal lines are parsed with this strict parser rather than Foundation's so
/// that every problem can be reported precisely: duplicate keys (Foundation keeps the first
/// silently), numbers too large for a `Double` (Foundation refuses the whole file), nesting too
/// deep, and syntax errors with a line and column.
struct JSONSyntax {
    /// The members of an object, in the order they were written.
    struct Member {
        var key: String
        var keyOffset: Int
        var value: JSONSyntax
    }

    enum Content {
        case object([Member])
        case array([JSONSyntax])
        case string(String)
        /// A number; infinite when the literal is too large for a `Double`.
        case number(Double)
        case bool(Bool)
        case null
    }

    var content: Content
    /// Where the value starts, in bytes from the start of the text.
    var offset: Int

    /// The value's type as a person names it: `an object`, `a string`…
    var typeDescription: String {
        switch content {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Why a text is not JSON, and where.
struct JSONSyntaxError: Error, Hashable {
    var offset: Int
    var message: String
    /// Whether the text is JSON as far as read, but holds more values than allowed.
    var isOverValueLimit = false
}

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

    /// The location of a byte offset in UTF-8 text.
    /// - Complexity: O(*offset*).
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // count the first byte of each UTF-8 sequence
            }
            index += 1
        }
        self.init(line: line, column: column)
    }
}

extension JSONSyntax {
    /// The plain JSON value, for decoding values of nodes; `nil` for `null` and objects other than
    /// an error object.
    var jsonValue: JSONValue? {
        switch content {
        case .number(let number): return .number(number)
        case .string(let string): return .string(string)
        case .bool(let bool): return .bool(bool)
        case .array(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let value = item.jsonValue else { return nil }
                values.append(value)
            }
            return .list(values)
        case .object, .null: return nil
        }
    }

    /// Whether any number inside is infinite (a literal too large for a `Double`).
    var containsNonFiniteNumber: Bool {
        switch content {
        case .number(let number): !number.isFinite
        case .array(let items): items.contains { $0.containsNonFiniteNumber }
        case .object(let members): members.contains { $0.value.containsNonFiniteNumber }
        default: false
        }
    }
}

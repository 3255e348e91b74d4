/// A JSON text read once by ``JSONReader``: every value in text order, each with the byte offset
/// where it starts, in one flat array.
///
/// Graph files and journal lines are both read into a document and decoded from it, so every
/// format shares one parser, one meaning for each number, and one way of saying where a problem
/// is. Strings are not copied out of the text until asked for; a document is only valid while the
/// text it was read from is.
package struct JSONDocument {
    /// What a value is.
    package enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    /// One value: an object or array is followed by its contents (an object's as key, value,
    /// key, value…), so a document is its values in text order.
    struct Token {
        /// Where the value starts, in bytes from the start of the text.
        var offset: UInt32
        var kind: Kind
        /// A string holds a backslash escape (its text must be decoded, not copied).
        var hasEscapes: Bool
        /// A number: its `Double` bits. A string: the byte count between its quotes. An object or
        /// array: the index just past its contents (low 32 bits) and its count of members or
        /// items (high 32 bits).
        var payload: UInt64
    }

    /// The text the document was read from (UTF-8).
    package let text: UnsafeBufferPointer<UInt8>
    var tokens: [Token]

    /// The value the whole text holds.
    package var root: JSONElement { JSONElement(index: 0) }

    // MARK: Any value

    /// What the value is.
    package func kind(of element: JSONElement) -> Kind { tokens[element.index].kind }

    /// Where the value starts, in bytes from the start of the text.
    package func offset(of element: JSONElement) -> Int { Int(tokens[element.index].offset) }

    /// The value's type as a person names it: `an object`, `a list`, `a string`, `a number`,
    /// `a boolean` or `null`.
    package func typeDescription(of element: JSONElement) -> String {
        switch kind(of: element) {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        }
    }

    /// The value after this one and everything inside it.
    @inline(__always) func next(after element: JSONElement) -> Int {
        let token = tokens[element.index]
        switch token.kind {
        case .object, .array: return Int(UInt32(truncatingIfNeeded: token.payload))
        default: return element.index + 1
        }
    }

    // MARK: Scalars

    /// The number, when the value is one: `±infinity` when its literal is too large for a
    /// `Double` (for the caller to refuse, naming the field), `0` when it is too small to be told
    /// from zero; `-0` reads as `0`.
    package func number(_ element: JSONElement) -> Double? {
        let token = tokens[element.index]
        guard token.kind == .number else { return nil }
        return Double(bitPattern: token.payload)
    }

    /// The number, when the value is a whole number that fits an `Int`.
    package func wholeNumber(_ element: JSONElement) -> Int? {
        guard let number = number(element), number == number.rounded(), abs(number) < 9.2e18 else {
            return nil
        }
        return Int(number)
    }

    /// The boolean, when the value is `true` or `false`.
    package func bool(_ element: JSONElement) -> Bool? {
        switch kind(of: element) {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The string, when the value is one, with its escapes decoded.
    package func string(_ element: JSONElement) -> String? {
        let token = tokens[element.index]
        guard token.kind == .string else { return nil }
        let bytes = contentBytes(of: token)
        return token.hasEscapes ? JSONDocument.unescaped(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the value is the string `literal` (escapes decoded).
    package func isString(_ element: JSONElement, equalTo literal: StaticString) -> Bool {
        let token = tokens[element.index]
        guard token.kind == .string else { return false }
        if token.hasEscapes { return string(element) == literal.description }
        let bytes = contentBytes(of: token)
        return bytes.count == literal.utf8CodeUnitCount
            && bytes.elementsEqual(
                UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The bytes of a string without escapes as they stand in the text; `nil` for another value
    /// or a string with escapes.
    package func plainStringBytes(_ element: JSONElement) -> UnsafeBufferPointer<UInt8>? {
        let token = tokens[element.index]
        guard token.kind == .string, !token.hasEscapes else { return nil }
        return contentBytes(of: token)
    }

    private func contentBytes(of token: Token) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            rebasing: text[Int(token.offset) + 1..<Int(token.offset) + 1 + Int(token.payload)])
    }

    // MARK: Objects and arrays

    /// The number of members of an object or items of an array; 0 for any other value.
    package func count(of element: JSONElement) -> Int {
        let token = tokens[element.index]
        guard token.kind == .object || token.kind == .array else { return 0 }
        return Int(token.payload >> 32)
    }

    /// The members of an object, in text order; none for any other value.
    package func members(of element: JSONElement) -> Members {
        guard kind(of: element) == .object else { return Members(document: self, start: 0, end: 0) }
        return Members(document: self, start: element.index + 1, end: next(after: element))
    }

    /// The items of an array, in text order; none for any other value.
    package func items(of element: JSONElement) -> Items {
        guard kind(of: element) == .array else { return Items(document: self, start: 0, end: 0) }
        return Items(document: self, start: element.index + 1, end: next(after: element))
    }

    /// An object's members as key and value.
    package struct Members: Sequence, IteratorProtocol {
        let document: JSONDocument
        var start: Int
        let end: Int

        /// The next member.
        package mutating func next() -> (key: JSONElement, value: JSONElement)? {
            guard start < end else { return nil }
            let key = JSONElement(index: start)
            let value = JSONElement(index: start + 1)
            start = document.next(after: value)
            return (key, value)
        }
    }

    /// An array's items.
    package struct Items: Sequence, IteratorProtocol {
        let document: JSONDocument
        var start: Int
        let end: Int

        /// The next item.
        package mutating func next() -> JSONElement? {
            guard start < end else { return nil }
            let item = JSONElement(index: start)
            start = document.next(after: item)
            return item
        }
    }
}

/// A value's place in a ``JSONDocument``.
package struct JSONElement: Hashable, Sendable {
    let index: Int
}

extension JSONDocument {
    /// The string whose opening quote is at `offset` of a text ``JSONReader`` has read, with
    /// its escapes decoded: a string read again after its document is gone.
    /// - Complexity: O(*m*), the string's length.
    package static func string(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
        var end = offset + 1
        var hasEscapes = false
        while text[end] != UInt8(ascii: "\"") {
            if text[end] == UInt8(ascii: "\\") {
                hasEscapes = true
                end += 2
            } else {
                end += 1
            }
        }
        let bytes = UnsafeBufferPointer(rebasing: text[offset + 1..<end])
        return hasEscapes ? unescaped(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// The text of a string whose escapes ``JSONReader`` has checked.
    static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexQuad(bytes, at: index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexQuad(bytes, at: index + 2) - 0xDC00)
                    index += 6
                }
                result.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default: result.append(escape)  // `"`, `\` and `/`
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The four hexadecimal digits at `index` (checked by the reader).
    static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] { value = value << 4 | UInt32(hexDigit(byte)!) }
        return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

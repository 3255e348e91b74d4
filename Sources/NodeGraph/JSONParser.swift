/// A strict JSON parser (RFC 8259) with a nesting limit.
///
/// Accepts exactly JSON: no comments, no trailing commas, no `NaN`. A UTF-8 byte-order mark at
/// the start is skipped. Numbers too large for a `Double` parse as infinity, for the caller to
/// report with the field's name.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let maximumDepth: Int
    private var depth = 0
    private var valuesLeft: Int

    /// Parses a whole text as one JSON value.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
    ///   - maximumValues: The most values (scalars, lists and objects) accepted, which bounds the
    ///     memory the parsed tree takes.
    /// - Returns: The value.
    /// - Throws: ``JSONSyntaxError`` with the offset of the first problem.
    /// - Complexity: O(*n*) in the length of the text.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 512, maximumValues: Int = .max
    ) throws(JSONSyntaxError)
        -> JSONSyntax
    {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth, maximumValues: maximumValues)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { parser.index = 3 }
        parser.skipWhitespace()
        if parser.index == bytes.count {
            throw JSONSyntaxError(offset: parser.index, message: "the text is empty; expected a JSON value")
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw JSONSyntaxError(
                offset: parser.index,
                message: "unexpected \(parser.describeByte()) after the end of the JSON value")
        }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, maximumValues: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.valuesLeft = maximumValues
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The byte at the current index, as a person reads it.
    private func describeByte() -> String {
        guard let byte = current else { return "end of text" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80, let scalar = decodeScalar(at: index) { return "'\(Character(scalar))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func decodeScalar(at start: Int) -> Unicode.Scalar? {
        var iterator = bytes[start..<min(bytes.count, start + 4)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, message: message)
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONSyntax {
        let start = index
        guard let byte = current else { throw error("unexpected end of text; expected a value") }
        valuesLeft -= 1
        if valuesLeft < 0 {
            var failure = error("more JSON values than the limit")
            failure.isOverValueLimit = true
            throw failure
        }
        switch byte {
        case UInt8(ascii: "{"): return JSONSyntax(content: .object(try parseObject()), offset: start)
        case UInt8(ascii: "["): return JSONSyntax(content: .array(try parseArray()), offset: start)
        case UInt8(ascii: "\""): return JSONSyntax(content: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONSyntax(content: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONSyntax(content: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONSyntax(content: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONSyntax(content: .number(try parseNumber()), offset: start)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("\(describeByte()) starts no JSON value (NaN and Infinity are not JSON numbers)")
        default:
            throw error("unexpected \(describeByte()); expected a value")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in text {
            guard current == expected else {
                index = start
                throw error("unexpected \(describeByte()); expected a value")
            }
            index += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> [JSONSyntax.Member] {
        try enter()
        index += 1
        var members: [JSONSyntax.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return members
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeByte()); expected a field name in double quotes")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("unexpected \(describeByte()); expected ':' after the field name")
            }
            index += 1
            skipWhitespace()
            members.append(JSONSyntax.Member(key: key, keyOffset: keyOffset, value: try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") { throw error("a trailing comma before '}' is not JSON") }
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return members
            default:
                throw error("unexpected \(describeByte()); expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONSyntax] {
        try enter()
        index += 1
        var items: [JSONSyntax] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return items
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") { throw error("a trailing comma before ']' is not JSON") }
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return items
            default:
                throw error("unexpected \(describeByte()); expected ',' or ']' in a list")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        var start = index
        var pieces: [UInt8] = []
        var escaped = false
        while true {
            guard let byte = current else {
                index = opening
                throw error("a string is not closed")
            }
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if !escaped {
                    guard let string = String(validating: run, as: UTF8.self) else {
                        index = opening
                        throw error("a string is not valid UTF-8")
                    }
                    return string
                }
                pieces.append(contentsOf: run)
                guard let string = String(validating: pieces, as: UTF8.self) else {
                    index = opening
                    throw error("a string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                escaped = true
                pieces.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                try appendEscape(to: &pieces)
                start = index
            case 0..<0x20:
                throw error(
                    "a control character (byte 0x\(String(byte, radix: 16, uppercase: true))) inside a string must be escaped"
                )
            default:
                index += 1
            }
        }
    }

    private mutating func appendEscape(to pieces: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): pieces.append(byte)
        case UInt8(ascii: "b"): pieces.append(0x08)
        case UInt8(ascii: "f"): pieces.append(0x0C)
        case UInt8(ascii: "n"): pieces.append(0x0A)
        case UInt8(ascii: "r"): pieces.append(0x0D)
        case UInt8(ascii: "t"): pieces.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("a \\u escape holds half of a surrogate pair") }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("a \\u escape holds half of a surrogate pair")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a \\u escape holds half of a surrogate pair")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("a \\u escape is not a character") }
            pieces.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            index -= 1
            throw error("'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else {
                throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard isDigit(current) else {
            throw error("unexpected \(describeByte()); expected a digit")
        }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) { throw error("a number must not start with 0") }
        } else {
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else {
                throw error("unexpected \(describeByte()); expected a digit after '.'")
            }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else {
                throw error("unexpected \(describeByte()); expected a digit in the exponent")
            }
            while isDigit(current) { index += 1 }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // Swift parses an out-of-range literal as ±infinity; the caller reports it by field.
        guard let number = Double(literal) else {
            index = start
            throw error("a number cannot be read")
        }
        return number
    }
}

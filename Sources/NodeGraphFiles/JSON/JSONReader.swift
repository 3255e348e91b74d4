/// Why a text could not be read as JSON, and where.
package struct JSONReadError: Error, Hashable, Sendable {
    /// What sort of failure.
    package enum Kind: Hashable, Sendable {
        /// The text is not JSON.
        case malformed
        /// The text is JSON, but nests arrays and objects deeper than the limit.
        case nestedTooDeep
        /// The text is JSON as far as read, but holds more values than the limit.
        case tooManyValues
    }

    /// What sort of failure.
    package var kind: Kind
    /// Where, in bytes from the start of the text.
    package var offset: Int
    /// What is wrong, in plain words (`unexpected '"'; expected ',' or '}' in an object`).
    package var message: String
}

/// The one JSON parser of NodeGraphFiles: strict JSON (RFC 8259), read once into a
/// ``JSONDocument`` that remembers where every value starts.
///
/// Accepts exactly JSON: no comments, no trailing commas, no `NaN`. A UTF-8 byte-order mark at
/// the start is skipped. Every number form JSON allows reads as the `Double` it denotes (`0e1`,
/// `1E+2`, `-0` as 0, `1e-400` as 0); a literal too large for a `Double` reads as infinity, for
/// the caller to refuse naming the field. Text nested deeper than the limit is still read to its
/// end, so that valid JSON beyond the limit is told from malformed JSON.
///
/// A reader can also *stream* one list: the list that is the value of a named member of the
/// top-level object (a graph file's `nodes`). Its items are handed out one at a time by
/// ``nextStreamedItem()``, each as a small document that lives until the next call, and are not
/// kept: the finished ``document`` holds the list with its count of items but none of them. A
/// large file is then read without a document of the whole text.
package struct JSONReader {
    private let text: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var tokens: [JSONDocument.Token] = []
    private let maximumDepth: Int
    private var valuesLeft: Int
    /// Per open array or object, outermost first: whether it is an object.
    private var openIsObject: [Bool] = []
    /// Per open array or object within the depth limit: its token.
    private var openTokens: [Int] = []
    /// Where the first array or object beyond the depth limit opens.
    private var firstTooDeep: Int?
    /// The key of the top-level member whose list is streamed; `nil` when nothing is.
    private let streamedKey: StaticString?
    /// Whether the key just read is ``streamedKey`` at the top level, and no list was streamed yet.
    private var keyIsStreamed = false
    /// The streamed list's token while it is open; `-1` before it opens, `-2` once it closed.
    private var streamedList = -1
    /// The items of the streamed list read so far.
    private var streamedItems: UInt64 = 0
    /// Whether an item of the streamed list has just been read (to hand out).
    private var itemCompleted = false
    /// The item handed out by the last ``nextStreamedItem()``, whose tokens the next call drops.
    private var itemHandedOut = false
    /// Where the reading stands: `nil` before it starts, `true` while a value is expected.
    private var expectingValue: Bool?
    private var isComplete = false

    /// Reads a whole text as one JSON value.
    /// - Parameters:
    ///   - text: UTF-8 text, shorter than 4 GiB.
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
    ///   - maximumValues: The most values (scalars, arrays and objects; not keys) accepted, which
    ///     bounds the memory the document takes.
    /// - Returns: The document.
    /// - Throws: ``JSONReadError`` at the first problem; for text nested too deep, at the first
    ///   array or object beyond the limit, once the rest is known to be JSON.
    /// - Complexity: O(*n*) in the length of the text.
    package static func read(
        _ text: UnsafeBufferPointer<UInt8>, maximumDepth: Int, maximumValues: Int = .max
    ) throws(JSONReadError) -> JSONDocument {
        var reader = JSONReader(text, maximumDepth: maximumDepth, maximumValues: maximumValues)
        while try reader.nextStreamedItem() != nil {}
        return reader.document
    }

    /// A reader of a whole text, streaming the list that is the value of the top-level member
    /// `streamedKey` when given (see ``nextStreamedItem()``).
    /// - Parameters:
    ///   - text: UTF-8 text, shorter than 4 GiB.
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
    ///   - maximumValues: The most values (scalars, arrays and objects; not keys) accepted.
    ///   - streamedKey: The top-level member whose list is handed out item by item (the first
    ///     such member, when the key appears twice).
    package init(
        _ text: UnsafeBufferPointer<UInt8>, maximumDepth: Int, maximumValues: Int = .max,
        streaming streamedKey: StaticString? = nil
    ) {
        self.text = text
        self.maximumDepth = maximumDepth
        self.valuesLeft = maximumValues
        self.streamedKey = streamedKey
        tokens.reserveCapacity(streamedKey == nil ? min(text.count / 8 + 4, 1 << 22) : 64)
    }

    /// The document read: once ``nextStreamedItem()`` has returned `nil`, the whole text's (the
    /// streamed list without its items); while it hands out items, the item's.
    package var document: JSONDocument { JSONDocument(text: text, tokens: tokens) }

    /// Reads on to the next item of the streamed list, or to the end of the text.
    ///
    /// The item's values are in ``document`` until the next call, which drops them: the caller
    /// must not keep that document. Nothing is handed out once the text nests deeper than the
    /// limit (it is only checked to be JSON then, and refused at its end).
    /// - Returns: The item, or `nil` once the whole text is read.
    /// - Throws: ``JSONReadError`` at the first problem, as ``read(_:maximumDepth:maximumValues:)``.
    /// - Complexity: O(*n*) in the length of the text read.
    package mutating func nextStreamedItem() throws(JSONReadError) -> JSONElement? {
        if itemHandedOut {
            itemHandedOut = false
            tokens.removeSubrange(streamedList + 1..<tokens.count)
        }
        if isComplete { return nil }
        guard text.count < Int(UInt32.max) else {
            throw JSONReadError(kind: .tooManyValues, offset: 0, message: "the text is larger than 4 GiB")
        }
        if expectingValue == nil {
            if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { index = 3 }
            skipWhitespace()
            if index == text.count { throw error("the text is empty; expected a JSON value") }
            expectingValue = true
        }
        while try step() {
            guard itemCompleted else { continue }
            itemCompleted = false
            streamedItems += 1
            if isKeeping && tokens.count > streamedList + 1 {
                itemHandedOut = true
                return JSONElement(index: streamedList + 1)
            }
        }
        isComplete = true
        skipWhitespace()
        if index < text.count {
            throw error("unexpected \(describeCurrent()) after the end of the JSON value")
        }
        if let offset = firstTooDeep {
            throw JSONReadError(
                kind: .nestedTooDeep, offset: offset,
                message: "valid JSON, but nested deeper than the nesting limit of \(maximumDepth)")
        }
        return nil
    }

    /// Whether the top-level object has a member `key` before the streamed list (asked while
    /// the list's items are handed out).
    package func hasMemberBeforeStreamedList(_ key: StaticString) -> Bool {
        guard streamedList > 0 else { return false }
        let document = self.document
        var position = 1
        while position < streamedList - 1 {
            if document.isString(JSONElement(index: position), equalTo: key) { return true }
            position = document.next(after: JSONElement(index: position + 1))
        }
        return false
    }

    // MARK: Structure

    /// Reads one value, or one `,` or closing bracket; `false` once the top-level value is read.
    private mutating func step() throws(JSONReadError) -> Bool {
        if expectingValue == true {
            expectingValue = try readValue()
            return true
        }
        guard let isObject = openIsObject.last else { return false }
        skipWhitespace()
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        switch current {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            if current == closing {
                throw error("a trailing comma before '\(Character(Unicode.Scalar(closing)))' is not JSON")
            }
            if isObject { try readKey() }
            expectingValue = true
        case closing:
            index += 1
            close()
        default:
            throw error(
                isObject
                    ? "unexpected \(describeCurrent()); expected ',' or '}' in an object"
                    : "unexpected \(describeCurrent()); expected ',' or ']' in a list")
        }
        return true
    }

    /// Whether the value about to be read is an item of the streamed list.
    private var isInStreamedList: Bool { streamedList >= 0 && openIsObject.count == 2 }

    /// Reads the value at the cursor; returns whether a value follows at once (the first member
    /// of an array or object just opened).
    private mutating func readValue() throws(JSONReadError) -> Bool {
        guard let byte = current else { throw error("unexpected end of text; expected a value") }
        valuesLeft -= 1
        if valuesLeft < 0 {
            throw JSONReadError(
                kind: .tooManyValues, offset: index, message: "more JSON values than the limit")
        }
        let start = index
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            open(isObject: isObject)
            index += 1
            skipWhitespace()
            if current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                index += 1
                close()
                return false
            }
            if isObject { try readKey() }
            return true
        case UInt8(ascii: "\""):
            let (count, hasEscapes) = try readString()
            emit(.string, at: start, payload: UInt64(count), hasEscapes: hasEscapes)
        case UInt8(ascii: "t"):
            try expectWord("true")
            emit(.true, at: start, payload: 0)
        case UInt8(ascii: "f"):
            try expectWord("false")
            emit(.false, at: start, payload: 0)
        case UInt8(ascii: "n"):
            try expectWord("null")
            emit(.null, at: start, payload: 0)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            emit(.number, at: start, payload: try readNumber().bitPattern)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("\(describeCurrent()) starts no JSON value (NaN and Infinity are not JSON numbers)")
        default:
            throw error("unexpected \(describeCurrent()); expected a value")
        }
        if isInStreamedList { itemCompleted = true }
        return false
    }

    /// Reads a member's key and the `:` after it, leaving the cursor at its value.
    private mutating func readKey() throws(JSONReadError) {
        guard current == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeCurrent()); expected a field name in double quotes")
        }
        let start = index
        let (count, hasEscapes) = try readString()
        emit(.string, at: start, payload: UInt64(count), hasEscapes: hasEscapes)
        if let streamedKey, streamedList == -1, openIsObject.count == 1 {
            let bytes = UnsafeBufferPointer(rebasing: text[start + 1..<start + 1 + count])
            keyIsStreamed =
                hasEscapes
                ? JSONDocument.unescaped(bytes) == streamedKey.description
                : bytes.elementsEqual(
                    UnsafeBufferPointer(start: streamedKey.utf8Start, count: streamedKey.utf8CodeUnitCount))
        } else {
            keyIsStreamed = false
        }
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            throw error("unexpected \(describeCurrent()); expected ':' after the field name")
        }
        index += 1
        skipWhitespace()
    }

    /// Whether tokens are being kept: not once anything nests beyond the limit (the document is
    /// refused then; the rest is only checked to be JSON).
    private var isKeeping: Bool { firstTooDeep == nil }

    @inline(__always)
    private mutating func emit(
        _ kind: JSONDocument.Kind, at offset: Int, payload: UInt64, hasEscapes: Bool = false
    ) {
        guard isKeeping else { return }
        tokens.append(
            JSONDocument.Token(offset: UInt32(offset), kind: kind, hasEscapes: hasEscapes, payload: payload))
    }

    private mutating func open(isObject: Bool) {
        if openIsObject.count >= maximumDepth, firstTooDeep == nil { firstTooDeep = index }
        let streams = keyIsStreamed && !isObject && openIsObject.count == 1
        keyIsStreamed = false
        openIsObject.append(isObject)
        guard isKeeping else { return }
        if streams { streamedList = tokens.count }
        openTokens.append(tokens.count)
        tokens.append(
            JSONDocument.Token(
                offset: UInt32(index), kind: isObject ? .object : .array, hasEscapes: false, payload: 0))
    }

    private mutating func close() {
        openIsObject.removeLast()
        if isInStreamedList { itemCompleted = true }
        guard isKeeping else { return }
        let token = openTokens.removeLast()
        if token == streamedList {
            // Its items were handed out, not kept.
            tokens[token].payload = UInt64(tokens.count) | streamedItems << 32
            streamedList = -2
            return
        }
        // Count the members or items: step over the contents once.
        var count: UInt64 = 0
        var position = token + 1
        let isObject = tokens[token].kind == .object
        while position < tokens.count {
            if isObject { position += 1 }  // the key
            let inner = tokens[position]
            position =
                inner.kind == .object || inner.kind == .array
                ? Int(UInt32(truncatingIfNeeded: inner.payload)) : position + 1
            count += 1
        }
        tokens[token].payload = UInt64(tokens.count) | count << 32
    }

    // MARK: Bytes

    private var current: UInt8? { index < text.count ? text[index] : nil }

    private mutating func skipWhitespace() {
        while index < text.count {
            switch text[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func error(_ message: String) -> JSONReadError {
        JSONReadError(kind: .malformed, offset: index, message: message)
    }

    /// The byte at the cursor as a person reads it: `'x'`, `byte 0x0A`, `end of text`.
    private func describeCurrent() -> String { describeByte(at: index) }

    private func describeByte(at position: Int) -> String {
        guard position < text.count else { return "end of text" }
        let byte = text[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80, let scalar = scalar(at: position) { return "'\(String(scalar).escapedForMessage)'" }
        return "byte 0x" + hex(byte)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
    }

    /// The UTF-8 scalar starting at `position`, if the bytes there are one.
    private func scalar(at position: Int) -> Unicode.Scalar? {
        var iterator = text[position..<min(text.count, position + 4)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONReadError) {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard current == expected else {
                index = start
                throw error("unexpected \(describeCurrent()); expected a value")
            }
            index += 1
        }
    }

    // MARK: Strings

    /// Reads a string, checking its escapes and UTF-8; returns the byte count between its quotes.
    private mutating func readString() throws(JSONReadError) -> (count: Int, hasEscapes: Bool) {
        let opening = index
        index += 1
        var hasEscapes = false
        var isASCII = true
        while true {
            guard let byte = current else {
                index = opening
                throw error("a string is not closed")
            }
            switch byte {
            case UInt8(ascii: "\""):
                let count = index - opening - 1
                index += 1
                if !isASCII
                    && !JSONReader.isValidUTF8(
                        UnsafeBufferPointer(rebasing: text[opening + 1..<opening + 1 + count]))
                {
                    index = opening
                    throw error("a string is not valid UTF-8")
                }
                return (count, hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                index += 1
                try checkEscape()
            case 0..<0x20:
                throw error("a control character (byte 0x\(hex(byte))) inside a string must be escaped")
            default:
                if byte >= 0x80 { isASCII = false }
                index += 1
            }
        }
    }

    /// Checks the escape after a backslash and steps over it.
    private mutating func checkEscape() throws(JSONReadError) {
        guard let byte = current else { throw error("a string is not closed") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
        case UInt8(ascii: "u"):
            index += 1
            let scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\"), index + 1 < text.count,
                    text[index + 1] == UInt8(ascii: "u")
                else { throw error("a \\u escape holds half of a surrogate pair") }
                index += 2
                guard (0xDC00..<0xE000).contains(try hexQuad()) else {
                    throw error("a \\u escape holds half of a surrogate pair")
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a \\u escape holds half of a surrogate pair")
            }
        default:
            let shown: String
            if byte >= 0x80, let scalar = scalar(at: index) {
                shown = String(scalar).escapedForMessage
            } else {
                shown = String(Unicode.Scalar(byte)).escapedForMessage
            }
            throw error("'\\\(shown)' is not a JSON escape")
        }
    }

    private mutating func hexQuad() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = JSONDocument.hexDigit(byte) else {
                throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Whether the bytes are UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return false }
            for position in index + 2..<index + length where bytes[position] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    // MARK: Numbers

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Reads a number: the `Double` its literal denotes, rounded to nearest; infinite when too
    /// large; `-0` and negative numbers too small to tell from zero read as `0`.
    private mutating func readNumber() throws(JSONReadError) -> Double {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        guard isDigit(current) else { throw error("unexpected \(describeCurrent()); expected a digit") }
        var integer: UInt64 = 0
        var digits = 0
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) { throw error("a number must not start with 0") }
        } else {
            while let byte = current, isDigit(byte) {
                integer = integer &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
        }
        var isWhole = true
        if current == UInt8(ascii: ".") {
            isWhole = false
            index += 1
            guard isDigit(current) else {
                throw error("unexpected \(describeCurrent()); expected a digit after '.'")
            }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isWhole = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else {
                throw error("unexpected \(describeCurrent()); expected a digit in the exponent")
            }
            while isDigit(current) { index += 1 }
        }
        // Up to 15 digits, a whole number is exact in a Double: the conversion cannot round.
        let number: Double
        if isWhole && digits <= 15 {
            number = negative ? -Double(integer) : Double(integer)
        } else {
            let literal = String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)
            guard let parsed = Double(literal) else {
                index = start
                throw error("a number cannot be read")
            }
            number = parsed
        }
        return number == 0 ? 0 : number  // -0 and underflow to -0 mean 0
    }
}

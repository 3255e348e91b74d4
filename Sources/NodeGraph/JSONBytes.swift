import Foundation

/// A cursor over the UTF-8 text of a JSON document, for ``GraphFileReader``: reads strings as
/// byte ranges of the text and numbers straight from their digits, and stops
/// (``Unhandled``) at anything that is not plain JSON it can read exactly — including every
/// syntax error, which ``JSONParser`` then reports.
struct JSONBytes {
    /// Why reading stopped.
    struct Unhandled: Error {}

    /// A range of the text: the bytes of a string between its quotes.
    struct Span {
        var start: Int32
        var count: Int32
    }

    private let base: UnsafePointer<UInt8>
    let count: Int
    /// The next byte to read.
    var index = 0

    /// A cursor at the start of `bytes`; `nil` for no bytes.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        self.base = base
        count = bytes.count
    }

    /// The byte at `position`, which is within the text.
    @inline(__always) subscript(position: Int) -> UInt8 { base[position] }

    /// The byte at the cursor, or `nil` at the end.
    @inline(__always) var current: UInt8? { index < count ? base[index] : nil }

    var isAtEnd: Bool { index >= count }

    // MARK: Structure

    @inline(__always) mutating func skipWhitespace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    @inline(__always) mutating func expect(_ byte: UInt8) throws(Unhandled) {
        guard index < count, base[index] == byte else { throw Unhandled() }
        index += 1
    }

    mutating func expectWord(_ word: StaticString) throws(Unhandled) {
        let length = word.utf8CodeUnitCount
        guard count - index >= length, memcmp(base + index, word.utf8Start, length) == 0 else {
            throw Unhandled()
        }
        index += length
    }

    /// After a member of an object or list: `true` past a comma (another member follows),
    /// `false` past `closing`.
    @inline(__always) mutating func nextMember(closing: UInt8) throws(Unhandled) -> Bool {
        guard index < count else { throw Unhandled() }
        let byte = base[index]
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        throw Unhandled()
    }

    // MARK: Strings

    /// Reads a string without escapes; returns where its bytes are. Its UTF-8 is not checked
    /// (``string(_:)`` checks it).
    mutating func readString() throws(Unhandled) -> Span {
        guard index < count, base[index] == UInt8(ascii: "\"") else { throw Unhandled() }
        index += 1
        let start = index
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return Span(start: Int32(start), count: Int32(index - 1 - start))
            }
            // An escape, or a control character (not JSON unescaped).
            if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Unhandled() }
            index += 1
        }
        throw Unhandled()
    }

    @inline(__always) func buffer(_ span: Span) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + Int(span.start), count: Int(span.count))
    }

    /// The string, or `nil` when its bytes are not UTF-8.
    func string(_ span: Span) -> String? { String(validating: buffer(span), as: UTF8.self) }

    func bytes(_ span: Span) -> [UInt8] { Array(buffer(span)) }

    /// Whether every byte is printable ASCII (0x20 to 0x7E).
    func isPrintableASCII(_ span: Span) -> Bool {
        for byte in buffer(span) where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// The bytes of a span of at most 8 bytes as one little-endian word, zero-padded; `nil` for a
    /// longer span.
    @inline(__always) func word(_ span: Span) -> UInt64? {
        guard span.count <= 8 else { return nil }
        var word: UInt64 = 0
        for (position, byte) in buffer(span).enumerated() { word |= UInt64(byte) << (8 * UInt64(position)) }
        return word
    }

    /// `word` as ``word(_:)`` reads it from the text.
    static func word(_ word: StaticString) -> UInt64 {
        precondition(word.utf8CodeUnitCount <= 8)
        var result: UInt64 = 0
        for position in 0..<word.utf8CodeUnitCount {
            result |= UInt64(word.utf8Start[position]) << (8 * UInt64(position))
        }
        return result
    }

    func matches(_ span: Span, _ word: StaticString) -> Bool {
        Int(span.count) == word.utf8CodeUnitCount
            && memcmp(base + Int(span.start), word.utf8Start, Int(span.count)) == 0
    }

    func matches(_ span: Span, _ bytes: [UInt8]) -> Bool {
        Int(span.count) == bytes.count
            && bytes.withUnsafeBufferPointer {
                $0.isEmpty || memcmp(base + Int(span.start), $0.baseAddress!, $0.count) == 0
            }
    }

    func matches(_ span: Span, _ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            Int(span.count) == bytes.count
                && (bytes.isEmpty || memcmp(base + Int(span.start), bytes.baseAddress!, bytes.count) == 0)
        }
    }

    func matches(_ span: Span, _ other: Span) -> Bool {
        span.count == other.count
            && memcmp(base + Int(span.start), base + Int(other.start), Int(span.count)) == 0
    }

    // MARK: Numbers

    /// Reads a JSON number as ``JSONParser`` does: the `Double` its literal denotes, infinite when
    /// the literal is too large.
    mutating func readNumber() throws(Unhandled) -> Double {
        let start = index
        let negative = index < count && base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < count, isDigit(base[index]) else { throw Unhandled() }
        var integer: UInt64 = 0
        var digits = 0
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < count && isDigit(base[index]) { throw Unhandled() }  // a leading zero
        } else {
            while index < count && isDigit(base[index]) {
                integer = integer &* 10 &+ UInt64(base[index] &- UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
        }
        var isWhole = true
        if index < count && base[index] == UInt8(ascii: ".") {
            isWhole = false
            index += 1
            try digitRun()
        }
        if index < count && (base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E")) {
            isWhole = false
            index += 1
            if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
                index += 1
            }
            try digitRun()
        }
        // Up to 15 digits, a whole number is exact in a Double: the conversion cannot round.
        if isWhole && digits <= 15 { return negative ? -Double(integer) : Double(integer) }
        let literal = String(
            decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        guard let number = Double(literal) else { throw Unhandled() }
        return number
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func digitRun() throws(Unhandled) {
        guard index < count && isDigit(base[index]) else { throw Unhandled() }
        while index < count && isDigit(base[index]) { index += 1 }
    }
}

/// An open-addressing table of node ids held as byte ranges of the text, for resolving inputs
/// without making a string per input.
///
/// An id of up to 16 bytes is kept in its bucket as two words, so a lookup compares words and
/// never reads the text at the id's place; a longer one is compared through the text. The hash is
/// seeded once per process, so a file cannot be built to make lookups collide.
struct SpanTable {
    private struct Bucket {
        /// The id's first 16 bytes, zero-padded; for a longer id, its first 8 and its hash.
        var words: (UInt64, UInt64)
        var count: Int32
        /// -1 for an empty bucket.
        var value: Int32
    }

    private var buckets: [Bucket]
    private let mask: Int
    /// Where each value's id is in the text, for comparing ids longer than 16 bytes.
    private var spans: [JSONBytes.Span] = []
    private static let seed = UInt64.random(in: 0...UInt64.max)

    /// A table for `capacity` ids.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        buckets = Array(repeating: Bucket(words: (0, 0), count: 0, value: -1), count: size)
        mask = size - 1
    }

    /// The words a bucket holds for the id at `span`, and the id's hash.
    private static func key(_ span: JSONBytes.Span, in text: JSONBytes) -> (
        words: (UInt64, UInt64), hash: Int
    ) {
        let bytes = text.buffer(span)
        var first: UInt64 = 0
        var second: UInt64 = 0
        if bytes.count <= 16 {
            for (position, byte) in bytes.enumerated() {
                if position < 8 {
                    first |= UInt64(byte) << (8 * UInt64(position))
                } else {
                    second |= UInt64(byte) << (8 * UInt64(position - 8))
                }
            }
            return (
                (first, second),
                Int(truncatingIfNeeded: mix(mix(seed ^ first ^ UInt64(bytes.count)) ^ second))
            )
        }
        var hash = seed ^ UInt64(bytes.count)
        var word: UInt64 = 0
        for (position, byte) in bytes.enumerated() {
            word |= UInt64(byte) << (8 * UInt64(position & 7))
            if position & 7 == 7 {
                if position == 7 { first = word }
                hash = mix(hash ^ word)
                word = 0
            }
        }
        hash = mix(hash ^ word)
        return ((first, hash), Int(truncatingIfNeeded: hash))
    }

    @inline(__always) private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }

    /// The bucket holding the id at `span`, or the empty bucket where it would go.
    private func bucket(
        for span: JSONBytes.Span, words: (UInt64, UInt64), hash: Int, in text: JSONBytes
    ) -> Int {
        var bucket = hash & mask
        while true {
            let entry = buckets[bucket]
            if entry.value < 0 { return bucket }
            if entry.count == span.count && entry.words == words
                && (span.count <= 16 || text.matches(spans[Int(entry.value)], span))
            {
                return bucket
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Adds the id at `span` as the next value (0, 1, 2…); `false` when it is already in the table.
    mutating func insert(_ span: JSONBytes.Span, in text: JSONBytes) -> Bool {
        let (words, hash) = SpanTable.key(span, in: text)
        let bucket = self.bucket(for: span, words: words, hash: hash, in: text)
        guard buckets[bucket].value < 0 else { return false }
        buckets[bucket] = Bucket(words: words, count: span.count, value: Int32(spans.count))
        spans.append(span)
        return true
    }

    /// The value stored for the id at `span`.
    func find(_ span: JSONBytes.Span, in text: JSONBytes) -> Int32? {
        let (words, hash) = SpanTable.key(span, in: text)
        let value = buckets[bucket(for: span, words: words, hash: hash, in: text)].value
        return value >= 0 ? value : nil
    }
}

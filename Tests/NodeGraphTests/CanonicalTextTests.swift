import Testing

@testable import NodeGraph

/// The byte writer behind `GraphFile.encode` writes numbers and strings exactly as `JSONText`.
@Suite struct CanonicalTextTests {
    static func written(_ write: (inout CanonicalText) -> Void) -> String {
        var text = CanonicalText()
        write(&text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    @Test(arguments: [
        0, -0.0, 1, -1, 0.1, -2.5, 1e-7, 1e15, 1e16, 1e20, 1e300, -1e300, 123_456.789,
        9_007_199_254_740_991, 9_007_199_254_740_992, -9_007_199_254_740_991, 5e-324,
        .greatestFiniteMagnitude,
    ])
    func numbersAreWrittenAsJSONTextWritesThem(number: Double) {
        #expect(Self.written { $0.append(number) } == JSONText.number(number))
    }

    @Test(arguments: [0, 7, -7, 10, 1_000_000_000, -1_000_000_000, Int.max, Int.min])
    func integersAreWrittenInDecimal(integer: Int) {
        #expect(Self.written { $0.append(integer) } == String(integer))
    }

    @Test(arguments: ["", "n1", "say \"hi\"", "back\\slash", "line\nbreak", "\u{1}", "\u{7F}", "Größe 🎛"])
    func stringsAreQuotedAsJSONTextQuotesThem(string: String) {
        #expect(Self.written { $0.appendQuoted(string) } == JSONText.quoted(string))
    }
}

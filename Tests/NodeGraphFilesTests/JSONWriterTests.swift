import Foundation
import Testing

@testable import NodeGraphFiles

/// The one JSON writer: numbers in their shortest exact form, strings escaped, the same bytes on
/// every run.
@Suite struct JSONWriterTests {
    static func written(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return writer.text
    }

    @Test(
        arguments: [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.1, "0.1"), (-2.5, "-2.5"), (1e-7, "1e-07"),
            (1e15, "1000000000000000"), (1e16, "1e+16"), (9_007_199_254_740_991, "9007199254740991"),
            (9_007_199_254_740_992, "9007199254740992.0"), (.leastNonzeroMagnitude, "5e-324"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (.infinity, "null"),
        ] as [(Double, String)])
    func numbersAreWrittenShortestAndWholeNumbersWithoutAFraction(number: Double, text: String) {
        #expect(Self.written { $0.append(number) } == text)
    }

    @Test(arguments: [
        0.1, -2.5, 1e-7, 123_456.789, 1e300, .leastNonzeroMagnitude, 9_007_199_254_740_992, 2.0 / 3.0,
    ])
    func everyWrittenNumberReadsBackAsTheSameDouble(number: Double) throws {
        let text = Self.written { $0.append(number) }
        #expect(Double(text) == number)
    }

    @Test(arguments: [0, 7, -7, 10, 1_000_000_000, -1_000_000_000, Int.max, Int.min])
    func integersAreWrittenInDecimal(integer: Int) {
        #expect(Self.written { $0.append(integer) } == String(integer))
    }

    @Test(arguments: [
        ("", #""""#), ("n1", #""n1""#), ("say \"hi\"", #""say \"hi\"""#), ("back\\slash", #""back\\slash""#),
        ("line\nbreak", #""line\nbreak""#), ("\u{1}", #""\u0001""#), ("\u{1F}", #""\u001f""#),
        ("\t\r", #""\t\r""#), ("\u{7F}", "\"\u{7F}\""), ("Größe 🎛", #""Größe 🎛""#),
    ])
    func stringsEscapeQuotesBackslashesAndControlCharacters(string: String, text: String) {
        #expect(Self.written { $0.appendQuoted(string) } == text)
    }

    @Test func aValueIsWrittenCompactly() {
        let value = JSONValue.list([
            .number(3), .string("#ff8000"), .bool(true), .error(reason: "r", from: "d"),
        ])
        #expect(value.jsonText == ##"[3,"#ff8000",true,{"error":"r","from":"d"}]"##)
    }
}

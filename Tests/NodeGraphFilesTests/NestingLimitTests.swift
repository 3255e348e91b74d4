import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Text nested deeper than the limit of 64 is told apart: valid JSON beyond the limit says so;
/// text that is not JSON at all is malformed.
@Suite struct NestingLimitTests {
    /// A value nested `depth` lists deep: `[[[…]]]`.
    static func lists(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func aFileOfValidJSONNestedBeyondTheLimitSaysSo() throws {
        // The file, `nodes`, a node and its value: 3 levels, then 62 more lists make 65.
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "value": \#(Self.lists(62))}"#), .nestedTooDeep)
        #expect(problem.reason == "valid JSON, but nested deeper than the nesting limit of 64")
        #expect(problem.location == TextLocation(line: 1, column: 149))
    }

    @Test func aFileNestedToTheLimitIsReadOn() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "value": \#(Self.lists(61))}"#), .invalidValue)
        #expect(problem.reason == "must be a number, not a list")
    }

    @Test func textNestedBeyondTheLimitThatIsNotJSONIsMalformed() throws {
        let problem = try expectSingleProblem(String(repeating: "[", count: 100) + "]", .malformedJSON)
        #expect(problem.reason == "malformed JSON: unexpected end of text; expected ',' or ']' in a list")
    }

    @Test func aMillionLevelsOfValidJSONSayTheLimitToo() throws {
        let problem = try expectSingleProblem(Self.lists(1_000_000), .nestedTooDeep)
        #expect(problem.location == TextLocation(line: 1, column: 65))
    }

    @Test func aJournalLineOfValidJSONNestedBeyondTheLimitSaysSo() {
        #expect(
            refusal(#"{"op":"setValue","node":"one","value":\#(Self.lists(64))}"#)
                == "valid JSON, but nested deeper than the nesting limit of 64 (at column 102)")
        #expect(
            refusal(#"{"op":"setValue","node":"one","value":\#(Self.lists(63))}"#)
                != "valid JSON, but nested deeper than the nesting limit of 64 (at column 101)")
    }

    @Test func aJournalLineNestedBeyondTheLimitThatIsNotJSONIsMalformed() {
        #expect(
            refusal(String(repeating: "[", count: 100))?.hasPrefix("malformed JSON at column 101:") == true)
    }
}

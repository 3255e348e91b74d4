import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Every message is one line: a control character from the input — in an id, a name, a field
/// name, a kind, an escape — is shown escaped, never raw.
@Suite struct ControlCharacterTests {
    /// U+0000 to U+001F and U+007F.
    static let controls: [UInt8] = Array(0x00...0x1F) + [0x7F]

    /// How a message shows the character: `\n`, `\t`… or `\u0001`.
    static func shown(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A: #"\n"#
        case 0x0D: #"\r"#
        case 0x09: #"\t"#
        case 0x08: #"\b"#
        case 0x0C: #"\f"#
        default: #"\u00"# + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }

    /// The character as a JSON escape inside a string.
    static func escape(_ byte: UInt8) -> String {
        #"\u00"# + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
    }

    static func expectOneLine(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "\(message.debugDescription)", sourceLocation: sourceLocation)
    }

    /// The UTF-8 text of `text` with `bytes` in place of its `§`.
    static func text(_ text: String, with bytes: [UInt8]) -> [UInt8] {
        let parts = text.components(separatedBy: "§")
        return Array(parts[0].utf8) + bytes + Array(parts[1].utf8)
    }

    /// The problems of a file, each expected on one line; their descriptions.
    static func problemLines(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [String]
    {
        let problems = GraphFile.problems(in: Data(bytes))
        #expect(!problems.isEmpty, sourceLocation: sourceLocation)
        for problem in problems { expectOneLine(problem.description, sourceLocation: sourceLocation) }
        return problems.map(\.description)
    }

    @Test(arguments: controls)
    func aGraphFileProblemShowsTheCharacterEscaped(byte: UInt8) {
        let e = Self.escape(byte)
        let s = Self.shown(byte)
        let text = graphFile(
            #"""
            {"id": "a\#(e)b", "kind": "number"},
            {"id": "n", "kind": "number", "name": "x\#(e)y", "k\#(e)y": 1},
            {"id": "s", "kind": "add", "inputs": ["g\#(e)h"]},
            {"id": "t", "kind": "t\#(e)u"}
            """#)
        let lines = Self.problemLines(Array(text.utf8))
        #expect(
            lines.contains {
                $0.hasSuffix("nodes[0], field 'id': a node id must not contain control characters")
            })
        #expect(
            lines.contains {
                $0.hasSuffix("node 'n', field 'name': a name must not contain control characters")
            })
        #expect(lines.contains { $0.contains("node 'n', field 'k\(s)y': unexpected field") })
        #expect(lines.contains { $0.hasSuffix("node 's', field 'inputs[0]': no node has id 'g\(s)h'") })
        #expect(lines.contains { $0.contains("node 't', field 'kind': unknown kind 't\(s)u'") })
    }

    @Test(arguments: controls)
    func aBadEscapeShowsTheCharacterEscaped(byte: UInt8) {
        let text = Self.text(
            graphFile(#"{"id": "a§b", "kind": "number"}"#), with: [UInt8(ascii: "\\"), byte])
        let lines = Self.problemLines(text)
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasSuffix(#"malformed JSON: '\\#(Self.shown(byte))' is not a JSON escape"#) == true,
            "\(lines)")
    }

    @Test(arguments: controls)
    func aRawCharacterInAnIDOrAKeyIsShownEscaped(byte: UInt8) {
        // Raw, a control character is not JSON inside a string, except DEL, which is.
        let text = Self.text(graphFile(#"{"id": "n", "kind": "number", "k§y": 1}"#), with: [byte])
        let lines = Self.problemLines(text)
        if byte == 0x7F {
            #expect(
                lines.first?.hasSuffix(
                    #"node 'n', field 'k\u007Fy': unexpected field (expected 'id', 'kind', 'name', 'x', 'y', 'value', 'inputs', 'bypassed')"#
                ) == true,
                "\(lines)")
        } else {
            let hex = (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            #expect(
                lines.first?.hasSuffix(
                    "malformed JSON: a control character (byte 0x\(hex)) inside a string must be escaped")
                    == true, "\(lines)")
        }
    }

    @Test(arguments: controls)
    func aJournalRefusalShowsTheCharacterEscaped(byte: UInt8) throws {
        let e = Self.escape(byte)
        let s = Self.shown(byte)
        let document = GraphDocument(graph: try smallCalculator())
        let steps = document.replay(
            journalLines(
                #"""
                {"op":"removeNode","node":"a\#(e)b"}
                {"op":"addNode","id":"a\#(e)b","kind":"number"}
                {"op":"rename","node":"one","name":"x\#(e)y"}
                {"op":"undo","k\#(e)y":1}
                {"op":"undo","k\#(e)y":1,"k\#(e)y":2}
                {"op":"o\#(e)p"}
                {"op":"setKind","node":"sum","kind":"t\#(e)u"}
                """#))
        let reasons = steps.map { step -> String in
            guard case .refused(let reason) = step.outcome else { return "applied" }
            Self.expectOneLine(reason)
            return reason
        }
        #expect(
            reasons == [
                "unknown node 'a\(s)b'",
                "invalid node id 'a\(s)b': a node id must not contain control characters",
                "invalid name for 'one': a name must not contain control characters",
                "unexpected field 'k\(s)y'",
                "field 'k\(s)y' appears more than once",
                "unknown op 'o\(s)p'",
                "unknown kind 't\(s)u'",
            ])
    }

    @Test(arguments: controls)
    func aJournalLineWithABadEscapeIsRefusedOnOneLine(byte: UInt8) {
        let line = Self.text(#"{"op":"removeNode","node":"a§b"}"#, with: [UInt8(ascii: "\\"), byte])
        let reason = refusal(String(decoding: line, as: UTF8.self))
        if byte == 0x0A {  // a line break: the line ends inside the string
            #expect(reason == "malformed JSON at column 30: a string is not closed")
        } else {
            #expect(reason == #"malformed JSON at column 30: '\\#(Self.shown(byte))' is not a JSON escape"#)
        }
    }

    /// The reason replaying `line` on the small calculator is refused with.
    static func replayRefusal(_ line: String) throws -> String? {
        let document = GraphDocument(graph: try smallCalculator())
        guard case .refused(let reason) = document.replay(journalLines(line)[0]).outcome else { return nil }
        return reason
    }

    @Test func aBackslashFromTheInputIsShownDoubledSoNoEscapeIsAmbiguous() throws {
        #expect(try Self.replayRefusal(#"{"op":"removeNode","node":"a\\nb"}"#) == #"unknown node 'a\\nb'"#)
        #expect(try Self.replayRefusal(#"{"op":"removeNode","node":"a\nb"}"#) == #"unknown node 'a\nb'"#)
    }

    @Test(arguments: controls)
    func aSaveErrorShowsTheCharacterInThePathEscaped(byte: UInt8) {
        let character = String(Unicode.Scalar(byte))
        let path = "/nonexistent-directory\(character)x/graph\(character)y.json"
        let shown = Self.shown(byte)
        do {
            try GraphFile.save(Graph(), to: path)
            Issue.record("the save should have failed")
        } catch {
            Self.expectOneLine(error.description)
            #expect(
                error.description.hasPrefix(
                    "cannot save '/nonexistent-directory\(shown)x/graph\(shown)y.json': "
                        + "cannot open the directory '/nonexistent-directory\(shown)x': "),
                "\(error.description)")
        }
    }

    @Test(arguments: controls)
    func aJournalRecorderErrorShowsTheCharacterInThePathEscaped(byte: UInt8) {
        let path = "/nonexistent-directory/x\(String(Unicode.Scalar(byte)))y.jsonl"
        do {
            _ = try JournalRecorder(path: path)
            Issue.record("opening the journal should have failed")
        } catch {
            Self.expectOneLine(error.description)
            #expect(error.description.hasPrefix("/nonexistent-directory/x\(Self.shown(byte))y.jsonl: "))
        }
    }

    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{FEFF}"])
    func lineSeparatorsAndInvisibleCharactersAreEscapedToo(character: String) throws {
        let reason = try #require(try Self.replayRefusal(#"{"op":"removeNode","node":"a\#(character)b"}"#))
        Self.expectOneLine(reason)
        #expect(!reason.contains(character))
        #expect(reason.hasPrefix(#"unknown node 'a\u"#))
    }
}

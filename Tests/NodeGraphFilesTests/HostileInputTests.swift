import Foundation
import NodeGraph
import NodeGraphFiles
import NodeGraphTesting
import Testing

/// Inputs meant to break a loader: each is refused with the right problem, or loads, and nothing
/// crashes or hangs.
@Suite struct HostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: LoadProblem.Kind?
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: LoadProblem.Kind?) {
            self.init(name, Array(text.utf8), expected)
        }

        init(_ name: String, _ bytes: [UInt8], _ expected: LoadProblem.Kind?) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("nesting a million lists deep", String(repeating: "[", count: 1_000_000), .malformedJSON),
        Case(
            "nesting a million objects deep", String(repeating: "{\"a\":", count: 1_000_000), .malformedJSON),
        Case(
            "1e999 as a value", graphFile(#"{"id": "n", "kind": "number", "value": 1e999}"#), .nonFiniteNumber
        ),
        Case(
            "-1e999 as a position", graphFile(#"{"id": "n", "kind": "number", "x": -1e999}"#),
            .nonFiniteNumber),
        Case("NaN as a value", graphFile(#"{"id": "n", "kind": "number", "value": NaN}"#), .malformedJSON),
        Case(
            "Infinity as a value", graphFile(#"{"id": "n", "kind": "number", "value": Infinity}"#),
            .malformedJSON),
        Case(
            "-Infinity as a value", graphFile(#"{"id": "n", "kind": "number", "value": -Infinity}"#),
            .malformedJSON),
        Case(
            "1e308 as a position", graphFile(#"{"id": "n", "kind": "number", "x": 1e308}"#), .invalidPosition),
        Case(
            "duplicate ids", graphFile(#"{"id": "n", "kind": "number"}, {"id": "n", "kind": "add"}"#),
            .duplicateID),
        Case("a self-loop", graphFile(#"{"id": "s", "kind": "add", "inputs": ["s"]}"#), .cycle),
        Case(
            "a longer cycle",
            graphFile(
                #"{"id": "a", "kind": "add", "inputs": ["b"]}, {"id": "b", "kind": "add", "inputs": ["c"]}, {"id": "c", "kind": "add", "inputs": ["a"]}"#
            ), .cycle),
        Case(
            "a dangling input", graphFile(#"{"id": "s", "kind": "add", "inputs": ["nowhere"]}"#),
            .danglingInput),
        Case("trailing garbage", graphFile("") + " trailing", .malformedJSON),
        Case("a second document", graphFile("") + graphFile(""), .malformedJSON),
        Case("an empty file", "", .malformedJSON),
        Case("only whitespace", " \n\t ", .malformedJSON),
        Case("a trailing comma", graphFile(#"{"id": "n", "kind": "number"},"#), .malformedJSON),
        Case("binary bytes", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0xFF, 0xFE], .malformedJSON),
        Case(
            "invalid UTF-8 in a string",
            Array(#"{"format": "node"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), .malformedJSON),
        Case("a lone surrogate escape", graphFile(#"{"id": "\ud800", "kind": "number"}"#), .malformedJSON),
        Case("an unclosed string", #"{"format": "nodegraph"#, .malformedJSON),
        Case("a list at the top", "[]", .wrongType),
        Case("nodes as an object", #"{"format": "nodegraph", "version": 1, "nodes": {}}"#, .wrongType),
        Case("a node that is a number", graphFile("42"), .wrongType),
        Case("an id that is a number", graphFile(#"{"id": 7, "kind": "number"}"#), .wrongType),
        Case(
            "an input that is an object", graphFile(#"{"id": "s", "kind": "add", "inputs": [{}]}"#),
            .wrongType),
        Case(
            "a version that is a string", #"{"format": "nodegraph", "version": "1", "nodes": []}"#, .wrongType
        ),
        Case("a UTF-8 byte-order mark", [0xEF, 0xBB, 0xBF] + Array(graphFile("").utf8), nil),
        Case("escaped text in an id", graphFile(#"{"id": "caf\u00e9 \ud83c\udf9b", "kind": "number"}"#), nil),
    ]

    @Test(arguments: cases)
    func isRefusedWithTheRightProblemOrLoads(_ testCase: Case) {
        let problems = GraphFile.problems(in: Data(testCase.bytes))
        if let expected = testCase.expected {
            #expect(problems.map(\.kind) == [expected], "\(problems)")
            #expect(problems.allSatisfy { !$0.description.isEmpty })
        } else {
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test func twoHundredThousandNodesInAChainLoadInReverseFileOrder() throws {
        let count = 200_000
        var text = "{\"format\": \"nodegraph\", \"version\": 1, \"nodes\": [\n"
        text.reserveCapacity(count * 60)
        // Each node feeds from the one after it in the file: every input is defined later.
        for index in 0..<count - 1 {
            text +=
                "{\"id\": \"n\(index)\", \"kind\": \"add\", \"inputs\": [\"n\(index + 1)\", null, null]},\n"
        }
        text += "{\"id\": \"n\(count - 1)\", \"kind\": \"number\", \"value\": 1}\n]}"
        // Load speed is measured in release by nodegraph-bench (BENCHMARKS.md), not timed here.
        let graph = try loadGraph(text)
        #expect(graph.count == count)
        #expect(graph.value(of: "n0") == .number(1))
    }

    @Test func randomMutationsOfValidFilesAndJournalsNeverCrash() throws {
        let file = Array(try GraphFile.encode(Graph.demoCalculator()))
        let journal = Array(
            #"{"op":"addNode","id":"n7","kind":"multiply","inputs":["one",null],"x":40,"y":5}"#.utf8)
        let tokens: [[UInt8]] = [
            "{", "}", "[", "]", ",", ":", "\"", "null", "1e999", "-0", "\\u0000", "add", "one",
        ]
        .map { Array($0.utf8) }
        var generator = SplitMix64(seed: 42)
        for round in 0..<2_000 {
            var bytes = round.isMultiple(of: 2) ? file : journal
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: position)
                default: bytes.removeSubrange(position..<min(bytes.count, position + 20))
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            if round.isMultiple(of: 2) {
                if let graph = try? GraphFile.decode(Data(bytes)) { try graph.checkInvariants() }
            } else {
                let document = GraphDocument(graph: Graph.demoCalculator())
                document.replay(Journal.lines(in: Data(bytes)))
                try document.graph.checkInvariants()
            }
        }
    }
}

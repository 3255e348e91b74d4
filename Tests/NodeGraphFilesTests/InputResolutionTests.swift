import Foundation
import NodeGraph
import Testing

@testable import NodeGraphFiles

/// Inputs name their nodes however the id is written: ASCII ids are found by their bytes, any
/// other text as Swift compares strings.
@Suite struct InputResolutionTests {
    @Test func anInputWrittenWithEscapesNamesTheNodeItSpells() throws {
        let graph = try loadGraph(
            graphFile(
                #"{"id": "n1", "kind": "number", "value": 4}, {"id": "n10", "kind": "number", "value": 1}, "#
                    + #"{"id": "s", "kind": "add", "inputs": ["\u006e1", "n1\u0030"]}"#))
        #expect(graph.value(of: "s") == .number(5))
    }

    @Test func anInputSpelledOtherwiseButEqualAsTextNamesTheNode() throws {
        // U+212A KELVIN SIGN is canonically the letter K; "e" and a combining acute are "é".
        let graph = try loadGraph(
            graphFile(
                #"{"id": "K", "kind": "number", "value": 4}, {"id": "\u00e9", "kind": "number", "value": 1}, "#
                    + #"{"id": "s", "kind": "add", "inputs": ["\u212a", "e\u0301"]}"#))
        #expect(graph.value(of: "s") == .number(5))
        let ascii = try loadGraph(
            graphFile(
                #"{"id": "K", "kind": "number", "value": 4}, {"id": "s", "kind": "add", "inputs": ["K", "\u212a"]}"#
            ))
        #expect(ascii.value(of: "s") == .number(8))
    }

    @Test func idsEqualAsTextAreDuplicatesAndTheFirstNodeKeepsTheId() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "K", "kind": "number"}, {"id": "\u212a", "kind": "number"}"#), .duplicateID)
        #expect(problem.reason == "another node (nodes[0]) already has this id")
        #expect(problem.nodeIndex == 1)
        let ascii = try expectSingleProblem(
            graphFile(
                #"{"id": "n1", "kind": "number"}, {"id": "n10", "kind": "number"}, {"id": "n\u0031", "kind": "number"}"#
            ), .duplicateID)
        #expect(ascii.reason == "another node (nodes[0]) already has this id")
        #expect(ascii.nodeIndex == 2)
    }

    @Test func aThousandNodesEachNamingTheOneBeforeLoadAsAChain() throws {
        var nodes = [#"{"id": "n0", "kind": "number", "value": 1}"#]
        for index in 1..<1000 {
            nodes.append(#"{"id": "n\#(index)", "kind": "add", "inputs": ["n\#(index - 1)"]}"#)
        }
        let graph = try loadGraph(graphFile(nodes.joined(separator: ", ")))
        #expect(graph.value(of: "n999") == .number(1))
        let dangling = try expectSingleProblem(
            graphFile(
                nodes.joined(separator: ", ") + #", {"id": "last", "kind": "add", "inputs": ["n1000"]}"#),
            .danglingInput)
        #expect(dangling.reason == "no node has id 'n1000'")
    }

    @Test func theIndexTellsEachDuplicateWithTheNodeThatKeepsTheId() {
        let ids: [NodeID?] = [
            "a", "b", nil, "a", "abcdefghijklmnopqrstuvwxyz", "b", "abcdefghijklmnopqrstuvwxyz",
        ]
        var duplicates: [String] = []
        var index = FileIDIndex(ids) { duplicates.append("\($0)→\($1)") }
        #expect(duplicates == ["3→0", "5→1", "6→4"])
        let text = Array(#""a" "abcdefghijklmnopqrstuvwxyz" "c" "\u0062""#.utf8)
        text.withUnsafeBufferPointer { text in
            #expect(index.node(namedAt: 0, in: text, ids: ids) == 0)
            #expect(index.node(namedAt: 4, in: text, ids: ids) == 4)
            #expect(index.node(namedAt: 33, in: text, ids: ids) == nil)
            #expect(index.node(namedAt: 37, in: text, ids: ids) == 1)
            let offsets: [UInt32] = [0, .max, 4, 33, 37] + Array(repeating: 4, count: 20) + [0]
            let expected: [Int32] = [0, -1, 4, -1, 1] + Array(repeating: 4, count: 20) + [0]
            #expect(index.nodes(namedAt: offsets, none: .max, in: text, ids: ids) == expected)
        }
    }
}

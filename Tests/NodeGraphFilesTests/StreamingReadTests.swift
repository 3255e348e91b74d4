import Foundation
import NodeGraph
import Testing

@testable import NodeGraphFiles

/// The top-level `nodes` list is streamed: read node by node, never as one document.
@Suite struct StreamingReadTests {
    /// The items the reader hands out for `text`, each as its kind and offset, and the finished
    /// document's `nodes` member as its count of items and the items it kept.
    private func stream(_ text: String) throws -> (items: [(JSONDocument.Kind, Int)], count: Int, kept: Int) {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(buffer), maximumDepth: 64, streaming: "nodes")
            var items: [(JSONDocument.Kind, Int)] = []
            while let item = try reader.nextStreamedItem() {
                let document = reader.document
                items.append((document.kind(of: item), document.offset(of: item)))
            }
            let document = reader.document
            let nodes = try #require(
                document.members(of: document.root).first { document.isString($0.key, equalTo: "nodes") }?
                    .value)
            return (items, document.count(of: nodes), Array(document.items(of: nodes)).count)
        }
    }

    @Test func theNodesListIsHandedOutItemByItemAndTheDocumentKeepsOnlyItsCount() throws {
        let text = #"{"format": "x", "nodes": [{"id": "a"}, 3, [1, [2]], {}], "version": 1}"#
        let read = try stream(text)
        #expect(read.items.map(\.0) == [.object, .number, .array, .object])
        #expect(read.items.map(\.1) == [26, 39, 42, 52])
        #expect(read.count == 4)
        #expect(read.kept == 0)
    }

    @Test func onlyTheTopLevelNodesListIsStreamed() throws {
        let text = #"{"definitions": [{"nodes": [1, 2]}], "other": {"nodes": [3]}, "nodes": [4]}"#
        let read = try stream(text)
        #expect(read.items.map(\.1) == [72])
        #expect(read.count == 1)
    }

    @Test func aReaderWithoutAStreamedListReadsTheWholeDocumentAsBefore() throws {
        var bytes = Array(#"{"nodes": [1, 2, 3]}"#.utf8)
        let count = try bytes.withUnsafeMutableBufferPointer { buffer in
            let document = try JSONReader.read(UnsafeBufferPointer(buffer), maximumDepth: 64)
            var members = document.members(of: document.root)
            let first = members.next()
            let nodes = try #require(first).value
            return Array(document.items(of: nodes)).count
        }
        #expect(count == 3)
    }

    @Test func aStringIsReadAgainFromTheTextAtItsOffsetWithItsEscapesDecoded() throws {
        var bytes = Array(#"["plain", "q\"uote\\", "\u00e9t\u00e9 \ud83d\ude00", ""]"#.utf8)
        let strings = try bytes.withUnsafeMutableBufferPointer { buffer in
            let text = UnsafeBufferPointer(buffer)
            let document = try JSONReader.read(text, maximumDepth: 4)
            return document.items(of: document.root).map {
                JSONDocument.string(at: document.offset(of: $0), in: text)
            }
        }
        #expect(strings == ["plain", "q\"uote\\", "été 😀", ""])
    }

    @Test func inputsNamingIdsWithEscapesAreResolved() throws {
        let graph = try loadGraph(
            graphFile(
                #"{"id": "a\"b", "kind": "number", "value": 2}, {"id": "s", "kind": "add", "inputs": ["a\u0022b", null, "a\"b"]}"#
            ))
        #expect(graph.value(of: "s") == .number(4))
    }

    @Test func malformedTextAfterTheNodesIsReportedAloneEvenWhenTheNodesHaveProblems() throws {
        let text = #"{"format": "nodegraph", "nodes": [{"id": "a", "kind": "frob"}], "version": 1,}"#
        let problems = loadProblems(text)
        #expect(problems.map(\.kind) == [.malformedJSON])
        #expect(problems.first?.location == TextLocation(line: 1, column: 78))
    }

    @Test func anUnsupportedVersionAfterTheNodesIsReportedWithoutTheNodesProblems() throws {
        let text = #"{"format": "nodegraph", "nodes": [{"id": "a", "kind": "frob"}], "version": 7}"#
        let problems = loadProblems(text)
        #expect(problems.map(\.kind) == [.unsupportedVersion])
    }

    @Test func nodesBeforeTheDefinitionsTheyUseLoad() throws {
        let text = #"""
            {"nodes": [
               {"id": "one", "kind": "number", "value": 1},
               {"id": "avg", "kind": "average", "inputs": ["one", "one"]}],
             "definitions": [
               {"kind": "average", "inputs": ["a", "b"], "output": "half",
                "nodes": [
                  {"id": "a", "kind": "groupInput", "value": 0},
                  {"id": "b", "kind": "groupInput", "value": 0},
                  {"id": "sum", "kind": "add", "inputs": ["a", "b", null]},
                  {"id": "two", "kind": "number", "value": 2},
                  {"id": "half", "kind": "divide", "inputs": ["sum", "two"]}]}],
             "format": "nodegraph", "version": 2}
            """#
        let graph = try loadGraph(text)
        #expect(graph.value(of: "avg") == .number(1))
        #expect(graph.count == 2)
    }

    @Test func aProblemInANodeAfterTheDefinitionsIsReportedOnce() throws {
        let text = #"""
            {"definitions": [
               {"kind": "twice", "inputs": ["a"], "output": "sum",
                "nodes": [
                  {"id": "a", "kind": "groupInput", "value": 0},
                  {"id": "sum", "kind": "add", "inputs": ["a", "a"]}]}],
             "format": "nodegraph",
             "nodes": [{"id": "t", "kind": "twice", "inputs": ["zz"]}],
             "version": 2}
            """#
        let problems = loadProblems(text)
        #expect(problems.map(\.kind) == [.danglingInput])
        #expect(problems.first?.location == TextLocation(line: 7, column: 52))
    }

    @Test func nodesBeyondTheLimitAreNotReadSoOnlyTheLimitIsReported() throws {
        let text = graphFile(#"{"id": "a", "kind": "number"}, {"id": "a", "kind": "frob"}, 7"#)
        let problems = loadProblems(text, limits: GraphFile.Limits(maximumNodes: 1))
        #expect(problems.map(\.kind) == [.tooManyNodes])
        #expect(
            problems.first?.reason
                == "the file has 3 nodes, more than the limit of 1 for 512 MiB (--max-file-size raises it)")
    }
}

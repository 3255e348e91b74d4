import Testing

@testable import NodeGraph

/// `dependencyOrder()` breaks ties by id, as `NodeID`'s `<` orders them, whichever way the ids
/// are sorted inside (short ASCII ids by their bytes as integers, any other as strings).
@Suite struct DependencyOrderTests {
    /// Ids on either side of the 8-byte and 15-byte marks where the integer keys change word,
    /// prefixes of each other, and the lowest and highest printable ASCII.
    static let shortASCII: [NodeID] = [
        "b", "a", "ab", "a!", "A", "Z", "~", " x", "n10", "n9", "n100", "abcdefg", "abcdefgh",
        "abcdefgi", "abcdefgh!", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnn", "abcdefghijklmo",
    ]

    /// A graph of unlinked numbers with these ids, added in the order given.
    private func unlinked(_ ids: [NodeID]) throws -> Graph {
        var graph = Graph()
        for id in ids { try graph.addNode(id, kind: "number") }
        return graph
    }

    @Test func unlinkedShortASCIIIdsComeInTheOrderOfTheirText() throws {
        let graph = try unlinked(Self.shortASCII)
        #expect(graph.dependencyOrder() == Self.shortASCII.sorted())
        #expect(graph.dependencyOrder().first == " x")
        #expect(graph.dependencyOrder().last == "~")
    }

    @Test func aLongOrNonASCIIIdAmongShortOnesKeepsTheOrderOfTheirText() throws {
        for extra: NodeID in ["abcdefghijklmnop", "an id longer than fifteen bytes", "é", "zé", "a\u{301}"] {
            let ids = Self.shortASCII + [extra]
            let graph = try unlinked(ids)
            #expect(graph.dependencyOrder() == ids.sorted(), "with \(extra)")
        }
    }

    @Test func shortASCIIIdsAreSortedByTheirBytesAsIntegers() throws {
        let graph = try unlinked(Self.shortASCII)
        let nodes = (0..<Int32(Self.shortASCII.count)).map { $0 }
        let keys = try #require(IDSortKey.keys(of: nodes, in: graph.store.ids.shortReader))
        #expect(keys.sorted().map { graph.store.ids[$0.node] } == Self.shortASCII.sorted())
        let withLong = try unlinked(Self.shortASCII + ["abcdefghijklmnop"])
        #expect(IDSortKey.keys(of: nodes + [Int32(nodes.count)], in: withLong.store.ids.shortReader) == nil)
        let withAccent = try unlinked(Self.shortASCII + ["é"])
        #expect(IDSortKey.keys(of: nodes + [Int32(nodes.count)], in: withAccent.store.ids.shortReader) == nil)
    }

    @Test func readyNodesAreTakenByIdAndEveryNodeFollowsItsInputs() throws {
        var graph = Graph()
        for id: NodeID in ["n9", "n10", "n2", "n1"] { try graph.addNode(id, kind: "number") }
        try graph.addNode("n0", kind: "add", inputs: ["n9", "n10"])
        try graph.addNode("n11", kind: "add", inputs: ["n0", "n2"])
        #expect(graph.dependencyOrder() == ["n1", "n10", "n2", "n9", "n0", "n11"])
    }

    @Test func eachNodeIsVisitedInDependencyOrderWithItsNameAndValue() throws {
        var graph = Graph()
        try graph.addNode("b", kind: "number", name: "Bee", value: .number(2))
        try graph.addNode("a", kind: "number")
        try graph.addNode("sum", kind: "add", inputs: ["a", "b"])
        var visited: [String] = []
        graph.forEachInDependencyOrder { id, name, value in visited.append("\(id) \(name) \(value)") }
        #expect(visited == ["a Number 0", "b Bee 2", "sum Add 2"])
        #expect(graph.dependencyOrder().map(\.rawValue) == visited.map { String($0.prefix { $0 != " " }) })
    }
}

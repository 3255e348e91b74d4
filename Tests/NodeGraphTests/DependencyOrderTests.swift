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
    /// A deterministic stream of numbers below `bound`.
    private struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test(arguments: [1, 63, 64, 65, 4_097, 300_000])
    func theRankQueueGivesBackItsSmallestRankFirst(bound: Int) {
        var numbers = Numbers(state: UInt64(bound))
        var queue = RankQueue(bound: bound)
        var expected: [Int32] = []  // sorted
        var inQueue = Set<Int32>()
        for _ in 0..<6_000 {
            if numbers.next(3) < 2 {
                let rank = Int32(numbers.next(bound))
                guard inQueue.insert(rank).inserted else { continue }
                queue.insert(rank)
                expected.insert(rank, at: expected.firstIndex { $0 > rank } ?? expected.count)
            } else {
                let popped = queue.popMin()
                #expect(popped == expected.first)
                if !expected.isEmpty { inQueue.remove(expected.removeFirst()) }
            }
        }
        while let rank = queue.popMin() {
            #expect(rank == expected.first)
            if !expected.isEmpty { expected.removeFirst() }
        }
        #expect(expected.isEmpty)
    }

    /// Kahn's algorithm taking the ready node with the smallest id, written plainly.
    @Test func theOrderOfAGraphOfThousandsOfNodesIsKahnsTakingTheSmallestReadyId() throws {
        var numbers = Numbers(state: 29)
        var graph = Graph()
        var inputs: [NodeID: [NodeID]] = [:]
        var ids: [NodeID] = []
        for index in 0..<3_000 {
            let id = NodeID("n\(numbers.next(1_000_000))-\(index)")
            if index < 3 || numbers.next(10) == 0 {
                try graph.addNode(id, kind: "number")
                inputs[id] = []
            } else {
                let upstream = (0..<3).map { _ in ids[numbers.next(ids.count)] }
                try graph.addNode(id, kind: "add", inputs: upstream)
                inputs[id] = upstream
            }
            ids.append(id)
        }
        var pending = inputs.mapValues { $0.count }
        var dependents: [NodeID: [NodeID]] = [:]
        for (id, upstream) in inputs { for input in upstream { dependents[input, default: []].append(id) } }
        var ready = Set(pending.filter { $0.value == 0 }.keys)
        var expected: [NodeID] = []
        while let next = ready.min() {
            ready.remove(next)
            expected.append(next)
            for dependent in dependents[next] ?? [] {
                pending[dependent]! -= 1
                if pending[dependent] == 0 { ready.insert(dependent) }
            }
        }
        #expect(expected.count == ids.count)
        #expect(graph.dependencyOrder() == expected)
    }
}

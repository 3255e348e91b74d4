import NodeGraph
import Testing

@Suite struct ComputeProfileTests {
    private func sumGraph() throws -> Graph {
        var graph = Graph()
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("two", kind: "number", value: .number(2))
        try graph.addNode("sum", kind: "add", inputs: ["one", "two", nil])
        try graph.addNode("f", kind: "formula", value: FormulaKind.formula("a * 2"), inputs: ["sum"])
        return graph
    }

    /// A number `seed` and `length` adds in a chain after it, `a0` … `a<length - 1>`.
    private func chainGraph(length: Int) throws -> Graph {
        var graph = Graph()
        try graph.addNode("seed", kind: "number", value: .number(1))
        var previous: NodeID = "seed"
        for index in 0..<length {
            let id = NodeID("a\(index)")
            try graph.addNode(id, kind: "add", inputs: [previous, nil, nil])
            previous = id
        }
        return graph
    }

    @Test func eachRecomputationIsCountedAndMeasured() throws {
        var graph = try sumGraph()
        var profile = ComputeProfile()
        profile.record(try graph.setValue(.number(5), of: "one").recomputed, in: graph)
        profile.record(try graph.setValue(.number(6), of: "two").recomputed, in: graph)
        let sum = try #require(profile.entry(for: "sum"))
        #expect(sum.recomputations == 2)
        #expect(sum.measurements == 2)
        #expect(sum.last != nil)
        #expect(sum.total >= sum.last!)
        #expect(sum.mean == sum.total / 2)
        #expect(profile.entry(for: "one")?.recomputations == 1)
        #expect(profile.entry(for: "f")?.recomputations == 2)
    }

    @Test func withoutMeasuringOnlyRecomputationsAreCounted() throws {
        var graph = try sumGraph()
        var profile = ComputeProfile()
        profile.record(try graph.setValue(.number(5), of: "one").recomputed, in: graph, measuring: false)
        let sum = try #require(profile.entry(for: "sum"))
        #expect(sum.recomputations == 1)
        #expect(sum.measurements == 0)
        #expect(sum.last == nil)
        #expect(sum.mean == .zero)
    }

    @Test func aLongChangeIsCountedAsOneNodeAtATimeWouldBe() throws {
        // 5,000 adds in a chain: the change's list reads the graph's node indices.
        var graph = try chainGraph(length: 5_000)
        var fast = ComputeProfile(), slow = ComputeProfile()
        for value in 2...4 {
            let recomputed = try graph.setValue(.number(Double(value)), of: "seed").recomputed
            fast.record(recomputed, in: graph, measuring: false)
            slow.record(Array(recomputed), in: graph, measuring: false)
        }
        #expect(fast.entries.count == 5_001)
        #expect(fast.entries == slow.entries)
        #expect(fast.entry(for: "a4999")?.recomputations == 3)
    }

    @Test func countingNodesForTheFirstTimeHashesNoIDUntilAFigureIsAskedFor() throws {
        // An editor counts every change; the first one that reaches most of a large graph used
        // to put every node in a dictionary by id as it counted it.
        var graph = try chainGraph(length: 2_000)
        var profile = ComputeProfile()
        profile.record(try graph.setValue(.number(2), of: "seed").recomputed, in: graph, measuring: false)
        #expect(!profile.hasSlotsByID)
        #expect(profile.entry(for: "a1999")?.recomputations == 1)
        #expect(profile.hasSlotsByID)
        // The same nodes again: the table stays; a copy shares it.
        profile.record(try graph.setValue(.number(3), of: "seed").recomputed, in: graph, measuring: false)
        let copy = profile
        #expect(profile.hasSlotsByID && copy.hasSlotsByID)
        #expect(copy.entry(for: "a1999")?.recomputations == 2)
        #expect(profile.entries.count == 2_001)
        // A new node counted: the table is made again when next asked, the copy keeps its own.
        try graph.addNode("late", kind: "add", inputs: ["a1999", nil, nil])
        profile.record(try graph.setValue(.number(4), of: "seed").recomputed, in: graph, measuring: false)
        #expect(!profile.hasSlotsByID)
        #expect(profile.entry(for: "late")?.recomputations == 1)
        #expect(copy.entry(for: "late") == nil)
        #expect(profile.entry(for: "a0")?.recomputations == 3)
    }

    @Test func aNodeRemovedWithoutBeingForgottenAndAddedAgainIsCountedWhereItIsNow() throws {
        var graph = try sumGraph()
        var profile = ComputeProfile()
        for value in 2...4 {
            profile.record(try graph.setValue(.number(Double(value)), of: "one").recomputed, in: graph)
        }
        #expect(profile.entry(for: "f")?.recomputations == 3)
        try graph.apply(.removeNode("f"))
        try graph.addNode("g", kind: "number", value: .number(0))  // takes f's index
        try graph.addNode("f", kind: "formula", value: FormulaKind.formula("a * 3"), inputs: ["sum"])
        profile.record(try graph.setValue(.number(5), of: "one").recomputed, in: graph)
        #expect(profile.entry(for: "f")?.recomputations == 1)
        #expect(profile.entries["f"]?.recomputations == 1)
        #expect(profile.entries["sum"]?.recomputations == 4)
    }

    @Test func aNodeAddedWhereARemovedOneWasCountsFromZero() throws {
        var graph = try sumGraph()
        var profile = ComputeProfile()
        profile.record(try graph.setValue(.number(5), of: "one").recomputed, in: graph, measuring: false)
        try graph.apply(.removeNode("f"))
        try graph.addNode("g", kind: "formula", value: FormulaKind.formula("a * 3"), inputs: ["sum"])
        profile.record(try graph.setValue(.number(6), of: "one").recomputed, in: graph, measuring: false)
        #expect(profile.entry(for: "g")?.recomputations == 1)
        #expect(profile.entry(for: "f") == nil, "the removed node's index now counts g")
        #expect(profile.entry(for: "sum")?.recomputations == 2)
        profile.forget("g")
        #expect(profile.entry(for: "g") == nil)
    }

    @Test func measuringANodeChangesNothing() throws {
        let graph = try sumGraph()
        let before = graph
        for id in graph.nodeIDs { #expect(graph.measuredComputeTime(of: id) != nil) }
        #expect(graph == before)
        #expect(graph.measuredComputeTime(of: "ghost") == nil)
    }

    @Test func theReportIsSortedByTotalTimeThenRecomputationsThenID() throws {
        var graph = try sumGraph()
        var profile = ComputeProfile()
        profile.record(["sum", "f"], in: graph, measuring: false)
        profile.record(["f"], in: graph, measuring: false)
        profile.record(["one"], in: graph, measuring: false)
        profile.record(["two"], in: graph, measuring: false)
        #expect(profile.byTotalTime.map(\.id) == ["f", "one", "sum", "two"])
        try graph.setValue(.number(3), of: "one")
        profile.forget("f")
        #expect(profile.entry(for: "f") == nil)
    }

    @Test func durationsAreWrittenWithThreeDigitsAtMost() {
        #expect(ComputeProfile.text(of: .nanoseconds(850)) == "850ns")
        #expect(ComputeProfile.text(of: .nanoseconds(12_340)) == "12.3µs")
        #expect(ComputeProfile.text(of: .nanoseconds(5_000)) == "5µs")
        #expect(ComputeProfile.text(of: .microseconds(4_560)) == "4.6ms")
        #expect(ComputeProfile.text(of: .milliseconds(250)) == "250ms")
        #expect(ComputeProfile.text(of: .milliseconds(1_200)) == "1.2s")
    }
}

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

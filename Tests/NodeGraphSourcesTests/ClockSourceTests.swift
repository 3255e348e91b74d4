import Clocks
import NodeGraph
import NodeGraphSources
import Testing

@Suite struct ClockSourceTests {
    private func clocks() throws -> Graph {
        var graph = Graph()
        try graph.addNode("second", kind: "clock")
        try graph.addNode("half", kind: "clock", value: .number(0.5))
        try graph.addNode("sum", kind: "add", inputs: ["second", "half"])
        return graph
    }

    @Test func aClockStartsAtZeroAndTicksWithTheSecondsSinceTheOpening() async throws {
        var graph = Graph()
        try graph.addNode("second", kind: "clock")
        let (sources, clock) = testSources(graph)
        #expect(sources.takeUpdates() == [number("second", 0)])
        await clock.advance(by: .milliseconds(999))
        #expect(!sources.poll())
        await clock.advance(by: .milliseconds(1))
        #expect(sources.poll())
        #expect(sources.takeUpdates() == [number("second", 1)])
        await clock.advance(by: .seconds(1))
        sources.poll()
        #expect(sources.takeUpdates() == [number("second", 2)])
    }

    @Test func aClockThatMissedTicksShowsTheLatestOnce() async throws {
        var graph = Graph()
        try graph.addNode("second", kind: "clock")
        let (sources, clock) = testSources(graph)
        _ = sources.takeUpdates()
        await clock.advance(by: .milliseconds(3500))
        sources.poll()
        #expect(sources.takeUpdates() == [number("second", 3)])
    }

    @Test func ticksOfSeveralClocksDueTogetherAreTakenTogether() async throws {
        let (sources, clock) = testSources(try clocks())
        _ = sources.takeUpdates()
        await clock.advance(by: .seconds(1))
        sources.poll()
        let updates = sources.takeUpdates()
        #expect(Set(updates) == [number("second", 1), number("half", 1)])
    }

    @Test func ticksTakenTogetherRecomputeEachDownstreamNodeOnce() async throws {
        let document = GraphDocument(graph: try clocks())
        let (sources, clock) = testSources(document.graph)
        document.applySourceUpdates(sources.takeUpdates())
        await clock.advance(by: .seconds(1))
        sources.poll()
        let change = document.applySourceUpdates(sources.takeUpdates())
        #expect(change.recomputed.filter { $0 == "sum" }.count == 1)
        #expect(document.graph.value(of: "sum") == .number(2))
    }

    @Test func aClockValueCarriesNoBinaryNoise() async throws {
        var graph = Graph()
        try graph.addNode("tenth", kind: "clock", value: .number(0.1))
        let (sources, clock) = testSources(graph)
        _ = sources.takeUpdates()
        await clock.advance(by: .milliseconds(300))
        sources.poll()
        #expect(sources.takeUpdates() == [number("tenth", 0.3)])
    }

    @Test func aNewIntervalTakesEffectAtOnce() async throws {
        let document = GraphDocument(graph: try clocks())
        let (sources, clock) = testSources(document.graph)
        _ = sources.takeUpdates()
        let change = try document.apply(.setValue(node: "second", value: .number(2)))
        sources.follow(document.graph, after: change)
        // Restarted, it shows its reading at once: the last tick of 2 seconds, at 0.
        #expect(sources.takeUpdates() == [number("second", 0)])
        await clock.advance(by: .seconds(1))
        sources.poll()
        #expect(sources.takeUpdates() == [number("half", 1)])
        await clock.advance(by: .seconds(1))
        sources.poll()
        #expect(Set(sources.takeUpdates()) == [number("second", 2), number("half", 2)])
    }

    @Test func aRemovedClockStopsAndAnUndoneRemovalRestartsIt() async throws {
        let document = GraphDocument(graph: try clocks())
        let (sources, clock) = testSources(document.graph)
        _ = sources.takeUpdates()
        let removal = try document.apply(.removeNode("half"))
        sources.follow(document.graph, after: removal)
        #expect(sources.status.live == 1)
        await clock.advance(by: .seconds(1))
        sources.poll()
        #expect(sources.takeUpdates() == [number("second", 1)])
        let undo = try document.undo()
        sources.follow(document.graph, after: undo)
        #expect(sources.status.live == 2)
        #expect(sources.takeUpdates() == [number("half", 1)])
    }

    @Test func theStatusCountsTheRunningSources() throws {
        let (sources, _) = testSources(try clocks())
        #expect(sources.status == LiveSources.Status(live: 2, failing: [:]))
    }
}

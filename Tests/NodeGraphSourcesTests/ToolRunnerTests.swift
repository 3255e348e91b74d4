import Clocks
import Foundation
import NodeGraph
import NodeGraphSources
import Testing

/// A tool's own live kind: a count that goes up by one every `interval` seconds.
struct CounterKind: LiveSourceKind {
    let name = "counter"
    let title = "Counter"
    let outputType = ValueType.number
    let parameterType: ValueType? = .number
    let defaultParameter: Value? = .number(1)
    var heldValueName: String { "interval" }
}

/// A source that reads a file's number through the runner, as `file` does.
struct GaugeKind: LiveSourceKind {
    let name = "gauge"
    let title = "Gauge"
    let outputType = ValueType.number
    let parameterType: ValueType? = .number
    let defaultParameter: Value? = .number(1)
    var heldValueName: String { "interval" }
}

@Suite struct ToolRunnerTests {
    static let counter = LiveSourceRunner(kind: "counter", interval: { $0?.number }) { reading in
        .number(Double(reading.tick))
    }

    static let gauge = LiveSourceRunner(kind: "gauge", interval: { $0?.number }) { reading in
        reading.readNumber(fromFile: "../gauge.txt")
    }

    func graph(_ kind: String, interval: Double = 1) throws -> Graph {
        var registry = KindRegistry.standard
        registry.register(CounterKind())
        registry.register(GaugeKind())
        var graph = Graph(registry: registry)
        try graph.addNode("c", kind: kind, value: .number(interval))
        try graph.addNode("double", kind: "add", inputs: ["c", "c"])
        return graph
    }

    func sources(_ graph: Graph, folder: String = "/", allowsOutside: Bool = false)
        -> (LiveSources, TestClock<Duration>)
    {
        let clock = TestClock()
        let sources = LiveSources(
            folder: folder, allowsOutside: allowsOutside, clock: clock,
            runners: [Self.counter, Self.gauge])
        sources.follow(graph)
        return (sources, clock)
    }

    @Test func aToolsRunnerGivesAFirstReadingAtOnceThenOnePerInterval() async throws {
        let (sources, clock) = sources(try graph("counter", interval: 0.5))
        #expect(sources.takeUpdates() == [number("c", 0)])
        #expect(sources.status.live == 1)
        await clock.advance(by: .milliseconds(499))
        #expect(!sources.poll())
        await clock.advance(by: .milliseconds(1))
        #expect(sources.poll())
        #expect(sources.takeUpdates() == [number("c", 1)])
    }

    @Test func aNodeOfAToolsKindWithoutARunnerDoesNotRun() throws {
        let clock = TestClock()
        let sources = LiveSources(folder: "/", clock: clock)
        sources.follow(try graph("counter"))
        #expect(sources.takeUpdates().isEmpty)
        #expect(sources.status.live == 0)
    }

    @Test func aChangedSettingRestartsTheRunner() async throws {
        let document = GraphDocument(graph: try graph("counter", interval: 1))
        let (sources, clock) = sources(document.graph)
        document.applySourceUpdates(sources.takeUpdates())
        await clock.advance(by: .seconds(2))
        let change = try document.apply(.setValue(node: "c", value: .number(0.25)))
        sources.follow(document.graph, after: change)
        #expect(sources.takeUpdates() == [number("c", 8)], "tick 8 of 0.25 s at 2 s")
    }

    @Test func aRunnerReadingAFileIsRefusedOutsideTheFolderUnlessAllowed() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/graphs", withIntermediateDirectories: true)
        try write("42", to: root + "/gauge.txt")
        let (refused, _) = sources(try graph("gauge"), folder: root + "/graphs")
        let update = try #require(refused.takeUpdates().first)
        #expect(update.value.error?.reason.contains("outside the graph file's folder") == true)
        #expect(refused.status.failing["c"] != nil)
        let (allowed, _) = sources(try graph("gauge"), folder: root + "/graphs", allowsOutside: true)
        #expect(allowed.takeUpdates() == [number("c", 42)])
    }

    @Test func aToolsRunnerRunsOnTheSourcesThread() async throws {
        let sources = LiveSources(folder: "/", runners: [Self.counter])
        sources.follow(try graph("counter", interval: 0.05))
        _ = sources.takeUpdates()
        let woken = AsyncStream<Void>.makeStream()
        sources.start { woken.continuation.yield() }
        defer { sources.stop() }
        var iterator = woken.stream.makeAsyncIterator()
        await iterator.next()
        #expect(sources.takeUpdates().first?.node == "c")
    }
}

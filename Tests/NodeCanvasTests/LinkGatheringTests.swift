import NodeGraph
import Testing

@testable import NodeCanvas

/// A routing window's links are gathered a step at a time while the editor idles
/// (``LinkGathering``): in slices or at once, the same links in the same order, and below full
/// detail each link's ends where the shown layouts of its boxes put them.
@Suite struct LinkGatheringTests {
    /// 600 nodes on a grid, each add fed by three nodes drawn from anywhere before it (links
    /// reaching across the whole canvas, as the benchmark's random shape).
    static func randomCanvas() throws -> Canvas {
        var graph = Graph()
        var numbers = LinkOccupancyTests.Numbers(state: 7)
        for index in 0..<600 {
            let position = Position(x: 2 + (index % 25) * 22, y: 1 + (index / 25) * 7)
            if index < 25 {
                try graph.addNode("n\(index)", kind: "number", at: position, value: .number(1))
            } else {
                let inputs: [NodeID?] = (0..<3).map { _ in "n\(numbers.next(0...index - 1))" }
                try graph.addNode("n\(index)", kind: "add", at: position, inputs: inputs)
            }
        }
        return makeCanvas(graph, width: 80, height: 24)
    }

    @Test func linksGatheredInSlicesAreTheLinksGatheredAtOnceInTheSameOrder() throws {
        let canvas = try Self.randomCanvas()
        for level in [LevelOfDetail.full, .compact, .dot] {
            #expect(canvas.state.levelOfDetail == level)
            let scene = canvas.scene
            let region = scene.bounds(at: level)!.insetBy(dx: -4, dy: -4)
            let atOnce = scene.linkGeometry(in: region)
            #expect(atOnce.count > 1_000, "\(atOnce.count) links at \(level)")
            // A deadline already passed: every call takes one step.
            var gathering = LinkGathering(region: region)
            var calls = 1
            while !gathering.advance(scene: scene, until: .now - .seconds(1)) { calls += 1 }
            // Asked once, then 256 links a step looked at and 256 handed out, and one ordering.
            #expect(calls >= 2 + 2 * (atOnce.count / 256), "\(calls) calls at \(level)")
            let sliced = gathering.links
            #expect(sliced.map(\.key) == atOnce.map(\.key))
            #expect(sliced.map(\.upstream) == atOnce.map(\.upstream))
            #expect(sliced.map(\.start) == atOnce.map(\.start))
            #expect(sliced.map(\.end) == atOnce.map(\.end))
            #expect(sliced.map(\.upstreamFrame) == atOnce.map(\.upstreamFrame))
            #expect(sliced.map(\.downstreamFrame) == atOnce.map(\.downstreamFrame))
            #expect(sliced.map(\.bounds) == atOnce.map(\.bounds))
            // Each link starts right of its upstream box's output row and ends left of its input
            // row, as the shown layouts have them.
            for link in atOnce {
                let from = try #require(scene.layout(of: link.upstream))
                let to = try #require(scene.layout(of: link.key.downstream))
                #expect(link.upstreamFrame == from.frame && link.downstreamFrame == to.frame)
                #expect(link.start == Point(x: from.frame.maxX, y: from.outputRow))
                #expect(link.end == Point(x: to.frame.minX - 1, y: to.inputRows[link.key.slot]))
            }
            canvas.send(.character("z"))
        }
    }
}

import NodeCanvas
import NodeGraph
import NodeGraphTesting
import PropertyBased
import Testing

/// Random event sequences: the canvas never crashes, the graph keeps its invariants, and every
/// link on screen ends at its rows.
@Suite struct PropertyTests {
    static let keys: [InputEvent] =
        [.up, .down, .left, .right, .tab, .backTab, .enter, .escape, .delete, .backspace]
        + "nlmeoxzuUHJKL+-/?ias0123456789.tdv".map { .character($0) }

    /// An event from a random number: mostly keys, some mouse events, a few resizes.
    static func event(_ code: Int) -> InputEvent {
        let kind = code % 100
        let x = (code / 100) % 70 - 2, y = (code / 7000) % 26 - 2
        switch kind {
        case 0..<70: return keys[code % keys.count]
        case 70..<78: return .mousePress(x: x, y: y)
        case 78..<88: return .mouseDrag(x: x, y: y)
        case 88..<94: return .mouseRelease(x: x, y: y)
        case 94..<98: return .wheel(delta: code % 2 == 0 ? 1 : -1, x: x, y: y)
        default: return .resize(width: 1 + code % 90, height: 1 + (code / 90) % 30)
        }
    }

    @Test func randomEventSequencesKeepTheGraphValidAndLinksAttached() async throws {
        await propertyCheck(
            count: PropertyCaseCount.scaled(120), input: Gen.int(in: 0...1_000_000).array(of: 1...60)
        ) { codes in
            let canvas = makeCanvas(try! demoCalculator(), width: 64, height: 22)
            for code in codes {
                canvas.send(Self.event(code))
                let surface = canvas.render()
                #expect(throws: Never.self) { try canvas.document.graph.checkInvariants() }
                checkLinks(on: surface, canvas: canvas)
            }
            // Whatever happened, undoing everything gets back to the demo.
            canvas.send([.mouseRelease(x: 0, y: 0), .escape])
            while canvas.document.history.canUndo {
                guard (try? canvas.document.undo()) != nil else { break }
            }
            #expect(canvas.document.graph == (try! demoCalculator()))
        }
    }

    /// Every drawn link is a real link, starts at its upstream output row and ends at its
    /// downstream input row, with line glyphs joining the box edges (where no other box lies on
    /// top: nothing draws over a box); every link between two shown nodes is drawn.
    func checkLinks(on surface: Surface, canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation) {
        let graph = canvas.document.graph
        let frame = canvas.lastFrame
        let area = canvas.area
        let origin = canvas.state.scaledOrigin
        // Every shown node's layout in screen cells (drawn links may join nodes off screen).
        func onScreen(_ id: NodeID) -> NodeLayout? {
            guard var layout = canvas.scene.layouts[id] else { return nil }
            layout.frame = layout.frame.offsetBy(dx: area.minX - origin.x, dy: area.minY - origin.y)
            layout.inputRows = layout.inputRows.map { $0 + area.minY - origin.y }
            layout.outputRow += area.minY - origin.y
            return layout
        }
        let visible = Set(frame.nodes.map(\.id))
        let overlaid: Bool
        switch canvas.state.mode {
        case .palette, .help: overlaid = true
        default: overlaid = false
        }
        for link in frame.links {
            let inputs = graph.inputs(of: link.key.downstream)
            #expect(
                link.key.slot < inputs.count && inputs[link.key.slot] == link.upstream,
                sourceLocation: sourceLocation)
            guard let to = onScreen(link.key.downstream), let from = onScreen(link.upstream) else {
                Issue.record("a drawn link's node is not shown", sourceLocation: sourceLocation)
                continue
            }
            #expect(
                link.end == Point(x: to.frame.minX - 1, y: to.inputRows[link.key.slot]),
                sourceLocation: sourceLocation)
            #expect(
                link.start == Point(x: from.frame.maxX, y: from.outputRow), sourceLocation: sourceLocation)
            guard !overlaid else { continue }
            // Nothing draws over a box: an end shows where no box lies, an edge where its own
            // box is on top (the last drawn there).
            func topmost(_ x: Int, _ y: Int) -> NodeID? {
                frame.nodes.last { $0.frame.contains(x: x, y: y) }?.id
            }
            if area.contains(x: link.end.x, y: link.end.y), topmost(link.end.x, link.end.y) == nil {
                #expect(
                    "─┌└├┬┴┼┠".contains(surface[link.end.x, link.end.y].character),
                    sourceLocation: sourceLocation)
            }
            if area.contains(x: link.start.x, y: link.start.y), topmost(link.start.x, link.start.y) == nil {
                #expect(
                    "─┐┘┤┬┴┼┨".contains(surface[link.start.x, link.start.y].character),
                    sourceLocation: sourceLocation)
            }
            if to.levelOfDetail != .dot, area.contains(x: to.frame.minX, y: link.end.y),
                topmost(to.frame.minX, link.end.y) == to.id
            {
                #expect(
                    "┤┨┼".contains(surface[to.frame.minX, link.end.y].character),
                    sourceLocation: sourceLocation)
            }
            if from.levelOfDetail != .dot, area.contains(x: from.frame.maxX - 1, y: link.start.y),
                topmost(from.frame.maxX - 1, link.start.y) == from.id
            {
                #expect(
                    "├┠┼".contains(surface[from.frame.maxX - 1, link.start.y].character),
                    sourceLocation: sourceLocation)
            }
        }
        let drawn = Set(frame.links.map(\.key))
        for node in frame.nodes {
            for (slot, upstream) in graph.inputs(of: node.id).enumerated() {
                guard let upstream, visible.contains(upstream) else { continue }
                #expect(
                    drawn.contains(LinkKey(downstream: node.id, slot: slot)), sourceLocation: sourceLocation)
            }
        }
    }
}

@Suite struct LostMouseReleaseTests {
    /// Found by the property test: press on One, drag, press again without a release.
    @Test func aPressDuringADragFinishesTheMoveAsOneUndoStep() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 64, height: 22)
        canvas.send(PropertyTests.event(770470))
        canvas.send(PropertyTests.event(424878))
        canvas.send(PropertyTests.event(330870))
        #expect(canvas.document.history.canUndo)
        while canvas.document.history.canUndo { try canvas.document.undo() }
        #expect(canvas.document.graph == (try demoCalculator()))
    }
}

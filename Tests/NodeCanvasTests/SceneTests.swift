import NodeCanvas
import NodeGraph
import Testing

/// Widget models, layouts, the spatial index and auto-arrange.
@Suite struct SceneTests {
    @Test func modelsAreRebuiltOnlyForTheNodesAChangeTouches() throws {
        let document = GraphDocument(graph: try demoCalculator())
        var cache = WidgetModelCache(graph: document.graph)
        #expect(cache.buildCount == 6)
        let move = try document.apply(.move(node: "two", to: Position(x: 3, y: 6)))
        #expect(cache.update(after: move, in: document.graph) == ["two"])
        #expect(cache["two"]?.position == Position(x: 3, y: 6))
        let value = try document.apply(.setValue(node: "three", value: .number(10)))
        #expect(cache.update(after: value, in: document.graph) == ["three", "subtract", "multiply"])
        #expect(cache["multiply"]?.value == .number(24))
        #expect(cache["subtract"]?.inputs[0].value == .number(10))
        let rename = try document.apply(.rename(node: "add", name: "Sum"))
        #expect(cache.update(after: rename, in: document.graph) == ["add", "multiply"])
        #expect(cache["multiply"]?.inputs[0].upstreamName == "Sum")
        let remove = try document.apply(.removeNode("one"))
        #expect(cache.update(after: remove, in: document.graph) == ["one", "add", "multiply"])
        #expect(cache["one"] == nil)
        // A move keeps the model (with its new position): only the other three changes built.
        #expect(cache.buildCount == 6 + 3 + 2 + 2)
    }

    @Test func aLinkTouchesBothEnds() throws {
        let document = GraphDocument(graph: try demoCalculator())
        var cache = WidgetModelCache(graph: document.graph)
        let link = try document.apply(.link(from: "three", to: "add", slot: 2))
        #expect(cache.update(after: link, in: document.graph) == ["three", "add", "multiply"])
        #expect(cache["add"]?.inputs[2].upstreamName == "Three")
    }

    @Test func anIndexWithRoomReservedCountsAndFindsOnlyTheKeysFiled() {
        var index = SpatialIndex(bucketWidth: 8, bucketHeight: 4)
        index.reserveKeys(below: 100)
        #expect(index.count == 0)
        #expect(index[42] == nil)
        #expect(index.query(Rect(x: -1000, y: -1000, width: 3000, height: 3000)).isEmpty)
        index.update(42, rect: Rect(x: 3, y: 3, width: 4, height: 2))
        index.update(120, rect: Rect(x: 50, y: 0, width: 4, height: 2))  // beyond the room made
        #expect(index.count == 2)
        #expect(Set(index.query(Rect(x: 0, y: 0, width: 60, height: 10))) == [42, 120])
        index.reserveKeys(below: 10)  // less than it has: nothing changes
        #expect(index[42] == Rect(x: 3, y: 3, width: 4, height: 2))
    }

    @Test func theSpatialIndexFindsExactlyTheOverlappingRectangles() {
        var index = SpatialIndex(bucketWidth: 8, bucketHeight: 4)
        index.update(1, rect: Rect(x: 0, y: 0, width: 5, height: 5))
        index.update(2, rect: Rect(x: 30, y: 10, width: 20, height: 3))
        index.update(3, rect: Rect(x: -40, y: -9, width: 6, height: 2))
        index.update(4, rect: Rect(x: -1000, y: 0, width: 3000, height: 1))  // very wide
        #expect(Set(index.query(Rect(x: 0, y: 0, width: 40, height: 20))) == [1, 2, 4])
        #expect(Set(index.query(Rect(x: -45, y: -10, width: 10, height: 5))) == [3])
        #expect(index.query(Rect(x: 100, y: 100, width: 10, height: 10)).isEmpty)
        index.update(2, rect: Rect(x: 200, y: 200, width: 2, height: 2))
        #expect(Set(index.query(Rect(x: 0, y: 0, width: 40, height: 20))) == [1, 4])
        index.remove(1)
        #expect(index.query(Rect(x: 0, y: 0, width: 3, height: 3)) == [4])
        #expect(index.query(Rect(x: 0, y: 1, width: 3, height: 3)).isEmpty)
        #expect(index.count == 3)
    }

    @Test func aRectangleOverTheBucketLimitIsFoundFromTheShortListAndFiledInBucketsAgainWhenSmall() {
        var index = SpatialIndex(bucketWidth: 8, bucketHeight: 4, largeThreshold: 2)
        index.update(1, rect: Rect(x: 0, y: 0, width: 30, height: 3))  // 4 buckets: the short list
        index.update(2, rect: Rect(x: 1, y: 1, width: 2, height: 2))
        #expect(index.query(Rect(x: 20, y: 0, width: 2, height: 2)) == [1])
        #expect(Set(index.query(Rect(x: 0, y: 0, width: 4, height: 4))) == [1, 2])
        index.update(1, rect: Rect(x: 40, y: 8, width: 4, height: 2))  // one bucket
        #expect(index.query(Rect(x: 20, y: 0, width: 2, height: 2)).isEmpty)
        #expect(index.query(Rect(x: 41, y: 9, width: 1, height: 1)) == [1])
        index.update(1, rect: Rect(x: -50, y: 0, width: 100, height: 1))
        #expect(Set(index.query(Rect(x: 0, y: 0, width: 4, height: 4))) == [1, 2])
        #expect(index.query(Rect(x: 41, y: 9, width: 1, height: 1)).isEmpty)
        index.remove(1)
        #expect(index.query(Rect(x: 0, y: 0, width: 4, height: 4)) == [2])
        #expect(index.count == 1)
    }

    @Test func anIndexKeepsEachRectangleOnceAndFourBytesForEachBucketOrShortListEntry() {
        // 8,000 boxes of 4 × 2 cells in 40 × 40 buckets of 8 × 4 (each touching 1 to 4 of them)
        // and 2,000 rectangles across the plane, in the short list.
        var index = SpatialIndex(bucketWidth: 8, bucketHeight: 4, largeThreshold: 8)
        let boxes = 8_000, long = 2_000
        index.reserveKeys(below: boxes + long)
        var entries = 0
        for key in 0..<boxes {
            let rect = Rect(x: key * 37 % 317, y: key * 53 % 157, width: 4, height: 2)
            index.update(Int32(key), rect: rect)
            entries += (rect.minX % 8 > 4 ? 2 : 1) * (rect.minY % 4 == 3 ? 2 : 1)
        }
        for key in boxes..<boxes + long {
            index.update(Int32(key), rect: Rect(x: -key % 100, y: key % 150, width: 300, height: 8))
            entries += 1
        }
        #expect(index.count == boxes + long)
        // Per key its rectangle (16 bytes, in 32-bit coordinates) and its place (4); per entry 4
        // bytes, and as much spare room again at most; per bucket its array (40 bytes with the
        // list's own); the bucket table (16 bytes a slot, at most 4 slots a bucket). Before, every
        // entry kept the rectangle again (36 bytes), every key's rectangle an optional (40), and
        // then a rectangle of four words (32).
        let buckets = 41 * 40
        let bound = (boxes + long) * (16 + 4) + entries * 4 * 2 + buckets * (40 + 4 * 16)
        #expect(index.byteCount <= bound, "\(index.byteCount) bytes for \(boxes + long) keys")
        #expect(index.byteCount > (boxes + long) * (16 + 4), "the bytes counted include the rectangles")
    }

    @Test func anIndexKeepsEachKeysRectangleInThirtyTwoBitCoordinatesAndItsPlaceInTwentyBytes() {
        var index = SpatialIndex(bucketWidth: 8, bucketHeight: 4, largeThreshold: 8)
        let keys = 1_000
        index.reserveKeys(below: keys)
        for key in 0..<keys {
            index.update(
                Int32(key),
                rect: Rect(x: key * 37 % 317 - 100, y: key * 53 % 157, width: 4 + key % 90, height: 2))
        }
        // 16 bytes of rectangle and 4 of place a key (a `Rect` of four words took 32).
        #expect(index.keyBytes >= keys * (16 + 4))
        #expect(index.keyBytes <= keys * (16 + 4) + 64)
    }

    @Test func rectanglesBeyondThirtyTwoBitsAreKeptWholeAndFoundExactly() {
        var index = SpatialIndex(bucketWidth: 8, bucketHeight: 4, largeThreshold: 8)
        let edge = Int(Int32.max)
        let wide = [
            Rect(x: edge - 2, y: 0, width: 10, height: 2),  // its right edge beyond 32 bits
            Rect(x: -edge - 40, y: 5, width: 4, height: 2),  // its left edge below them
            Rect(x: 0, y: edge * 4, width: 3, height: 3),
            Rect(x: -1000, y: 10, width: edge * 2, height: 1),  // across, in the short list
        ]
        for (key, rect) in wide.enumerated() { index.update(Int32(key), rect: rect) }
        index.update(9, rect: Rect(x: 1, y: 1, width: 2, height: 2))
        for (key, rect) in wide.enumerated() {
            #expect(index[Int32(key)] == rect)
            #expect(index.query(Rect(x: rect.minX, y: rect.minY, width: 1, height: 1)).contains(Int32(key)))
        }
        #expect(index.query(Rect(x: edge + 7, y: 1, width: 1, height: 1)) == [0])
        #expect(index.query(Rect(x: edge + 8, y: 1, width: 1, height: 1)).isEmpty)
        #expect(Set(index.query(Rect(x: 0, y: 0, width: 20, height: 20))) == [3, 9])
        // Brought back within 32 bits, and taken out: nothing is left of the whole rectangle.
        index.update(0, rect: Rect(x: 40, y: 40, width: 2, height: 2))
        #expect(index[0] == Rect(x: 40, y: 40, width: 2, height: 2))
        #expect(index.query(Rect(x: edge, y: 0, width: 1, height: 2)).isEmpty)
        index.remove(1)
        #expect(index[1] == nil)
        #expect(index.query(Rect(x: -edge - 40, y: 5, width: 2, height: 2)).isEmpty)
        // Filled at once after emptying, as arranging does.
        index.removeAll()
        index.fillEmptied(with: wide.enumerated().map { (Int32($0.offset), $0.element) })
        #expect(wide.indices.allSatisfy { index[Int32($0)] == wide[$0] })
        #expect(index.query(Rect(x: 0, y: edge * 4 + 2, width: 1, height: 1)) == [2])
    }

    @Test func rectanglesRewrittenInTheSameBucketsAreFoundAtTheirNewPlaces() {
        var index = SpatialIndex(bucketWidth: 8, bucketHeight: 4, largeThreshold: 2)
        index.update(1, rect: Rect(x: 0, y: 0, width: 3, height: 2))
        index.update(2, rect: Rect(x: 0, y: 0, width: 40, height: 2))  // the short list
        index.update(1, rect: Rect(x: 4, y: 1, width: 3, height: 2))  // the same bucket
        index.update(2, rect: Rect(x: 100, y: 0, width: 40, height: 2))  // still the short list
        #expect(index.query(Rect(x: 0, y: 0, width: 4, height: 1)).isEmpty)
        #expect(index.query(Rect(x: 6, y: 2, width: 1, height: 1)) == [1])
        #expect(index.query(Rect(x: 120, y: 1, width: 1, height: 1)) == [2])
        #expect(index[1] == Rect(x: 4, y: 1, width: 3, height: 2))
        #expect(index.entries(in: Rect(x: 0, y: 0, width: 200, height: 10)).count == 2)
        index.removeAll()
        #expect(index[1] == nil && index[2] == nil && index.count == 0)
        #expect(index.query(Rect(x: 0, y: 0, width: 200, height: 10)).isEmpty)
    }

    @Test func anIndexFilledAtOnceAfterEmptyingFindsWhatOneFiledKeyByKeyFinds() {
        let entries: [(key: Int32, rect: Rect)] = (Int32(0)..<300).map { key in
            let width = key % 7 == 0 ? 90 : 3 + Int(key) % 11  // some go to the short list
            return (
                key, Rect(x: Int(key) * 37 % 400 - 100, y: Int(key) * 53 % 160 - 20, width: width, height: 2)
            )
        }
        var oneByOne = SpatialIndex(bucketWidth: 8, bucketHeight: 4, largeThreshold: 8)
        var atOnce = oneByOne
        // Filed elsewhere first, as before an arrange: emptied, then filled anew.
        for (key, rect) in entries { atOnce.update(key, rect: rect.offsetBy(dx: 500, dy: 7)) }
        atOnce.removeAll()
        atOnce.fillEmptied(with: entries.filter { $0.key % 5 != 0 })
        for (key, rect) in entries where key % 5 != 0 { oneByOne.update(key, rect: rect) }
        #expect(atOnce.count == oneByOne.count)
        for x in stride(from: -120, to: 420, by: 23) {
            for y in stride(from: -30, to: 180, by: 11) {
                let region = Rect(x: x, y: y, width: 19, height: 9)
                #expect(Set(atOnce.query(region)) == Set(oneByOne.query(region)), "\(region)")
            }
        }
        // It goes on as an index filed key by key does.
        atOnce.update(1, rect: Rect(x: 900, y: 900, width: 2, height: 2))
        atOnce.remove(2)
        #expect(atOnce.query(Rect(x: 899, y: 899, width: 3, height: 3)) == [1])
        #expect(atOnce[2] == nil && atOnce.count == oneByOne.count - 1)
    }

    @Test func onlyNodesInViewAreLaidOutOnTheFrame() throws {
        let canvas = Canvas(document: GraphDocument(graph: try demoCalculator()), width: 30, height: 10)
        _ = canvas.render()
        #expect(Set(canvas.lastFrame.nodes.map(\.id)) == ["one", "two", "add"])
        canvas.send(Array(repeating: .character("L"), count: 6))
        _ = canvas.render()
        #expect(Set(canvas.lastFrame.nodes.map(\.id)) == ["multiply"])
    }

    @Test func autoArrangePutsEachNodeOneLayerRightOfItsDeepestInput() throws {
        var graph = try demoCalculator()
        for id in graph.nodeIDs { try graph.move(id, to: .zero) }
        let spacing = SpacingFamily(nodeGap: 2, layerGap: 6, leftInset: 1, topInset: 1)
        let positions = AutoArrange.positions(for: graph, spacing: spacing) { _ in Size(width: 16, height: 5)
        }
        #expect(positions["one"]?.x == 1 && positions["two"]?.x == 1 && positions["three"]?.x == 1)
        #expect(positions["add"]?.x == 23 && positions["subtract"]?.x == 23)
        #expect(positions["multiply"]?.x == 45)
        let firstLayer = ["one", "two", "three"].compactMap { positions[NodeID($0)]?.y }.sorted()
        #expect(firstLayer == [1, 8, 15])
    }

    @Test func autoArrangeOrdersALayerByItsInputsAverageRowThenByTheRowsTheNodesHad() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", at: Position(x: 0, y: 0), value: .number(1))
        try graph.addNode("b", kind: "number", at: Position(x: 0, y: 10), value: .number(2))
        // p reads b twice, q reads a twice: q goes above p, whatever their names and rows say.
        try graph.addNode("p", kind: "add", at: Position(x: 30, y: 0), inputs: ["b", "b"])
        try graph.addNode("q", kind: "add", at: Position(x: 30, y: 50), inputs: ["a", "a"])
        // r and s read the same node: the one that was higher stays higher.
        try graph.addNode("r", kind: "subtract", at: Position(x: 30, y: 40), inputs: ["a", "b"])
        try graph.addNode("s", kind: "subtract", at: Position(x: 30, y: 5), inputs: ["a", "b"])
        let spacing = SpacingFamily(nodeGap: 1, layerGap: 4, leftInset: 0, topInset: 0)
        let positions = AutoArrange.positions(for: graph, spacing: spacing) { _ in Size(width: 10, height: 4)
        }
        let layer = ["p", "q", "r", "s"].map { NodeID($0) }.sorted { positions[$0]!.y < positions[$1]!.y }
        #expect(layer == ["q", "s", "r", "p"])
        #expect(Set(layer.map { positions[$0]!.x }) == [14])
    }

    @Test func theArrangeKeyMovesEveryNodeAsOneUndoStep() throws {
        var graph = try demoCalculator()
        for id in graph.nodeIDs { try graph.move(id, to: .zero) }
        let canvas = makeCanvas(graph)
        canvas.send(.character("a"))
        let arranged = canvas.document.graph
        #expect(Set(arranged.nodeIDs.compactMap { arranged.position(of: $0) }).count == 6)
        #expect(canvas.document.history.undoSteps.count == 1)
        _ = canvas.render()
        let frames = canvas.lastFrame.nodes.map(\.frame)
        for (index, a) in frames.enumerated() {
            for b in frames[(index + 1)...] { #expect(!a.intersects(b)) }
        }
        canvas.send(.character("u"))
        #expect(canvas.document.graph.position(of: "multiply") == .zero)
    }

    @Test func theArrangeKeyListsItsMovesColumnByColumnTopToBottomAndUndoRestoresEveryPosition() throws {
        var graph = try demoCalculator()
        // Names against the layout: the nodes' order by identifier is not the arrangement's.
        for (index, id) in graph.nodeIDs.sorted().enumerated() {
            try graph.move(id, to: Position(x: 100 - 10 * index, y: 3 * index))
        }
        let before = graph.nodeIDs.map { graph.position(of: $0) }
        let canvas = makeCanvas(graph)
        canvas.send(.character("a"))
        let step = try #require(canvas.document.history.undoSteps.last)
        guard case .batch(let edits) = step.edit else {
            Issue.record("an arrange is one batch of moves, not \(step.edit)")
            return
        }
        let moves = edits.compactMap { edit -> (id: NodeID, to: Position)? in
            if case .move(let id, let to) = edit { (id, to) } else { nil }
        }
        #expect(moves.count == edits.count && moves.count == 6)
        #expect(Set(moves.map(\.id)).count == 6)
        let places = moves.map { [$0.to.x, $0.to.y] }
        #expect(places == places.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(moves.map(\.id) != moves.map(\.id).sorted())
        for move in moves { #expect(canvas.document.graph.position(of: move.id) == move.to) }
        canvas.send(.character("u"))
        let after = canvas.document.graph
        #expect(after.nodeIDs.map { after.position(of: $0) } == before)
    }

    @Test func replacingTheGraphAndReloadingShowsTheNewGraph() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("one")
        var other = Graph()
        try other.addNode("solo", kind: "number", name: "Solo", at: Position(x: 2, y: 1))
        canvas.document.replaceGraph(other)
        canvas.reload()
        #expect(canvas.state.cursorNode == "solo", "the cursor's node is the one under the cursor now")
        #expect(canvas.render().text.contains("┏ Solo"))
    }
}

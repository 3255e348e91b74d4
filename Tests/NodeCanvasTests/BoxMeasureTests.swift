import NodeCanvas
import NodeGraph
import NodeGraphTesting
import Testing

/// Under the standard data source a box is measured by its kind, its slots and its name, with a
/// model built once for each kind and slots alike; every box so measured is the box its own
/// model measures.
@Suite struct BoxMeasureTests {
    /// Names narrow, wide, empty (the kind's title) and wider than any box.
    static let names = [
        "", "a", "Total", "日本語の名前", "🙂 face", "x+y",
        "a very long name that is wider than any box may ever be drawn",
    ]

    /// A graph of every standard kind, named, linked and bypassed at random.
    static func mixedGraph(seed: UInt64, count: Int = 240) -> Graph {
        var random = SplitMix64(seed: seed)
        var graph = Graph(registry: .standard)
        let kinds = KindRegistry.standard.kinds
        var ids: [NodeID] = []
        for index in 0..<count {
            let kind = kinds[Int(random.next() % UInt64(kinds.count))]
            let id = NodeID("n\(index)")
            let name = names[Int(random.next() % UInt64(names.count))]
            let position = Position(x: index % 16 * 70, y: index / 16 * 14)
            guard
                (try? graph.addNode(id, kind: kind.name, name: name.isEmpty ? nil : name, at: position))
                    != nil
            else { continue }
            for slot in kind.inputs.indices where !ids.isEmpty && random.next() % 3 != 0 {
                _ = try? graph.link(from: ids[Int(random.next() % UInt64(ids.count))], to: id, slot: slot)
            }
            if random.next() % 6 == 0 { _ = try? graph.setBypass(of: id, to: true) }
            ids.append(id)
        }
        return graph
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everyBoxMeasuredByKindAndSlotsIsTheBoxItsModelMeasures(seed: UInt64) throws {
        let graph = Self.mixedGraph(seed: seed)
        #expect(graph.count > 100)
        for theme in [Theme.unicode, .ascii] {
            let canvas = makeCanvas(graph, width: 100, height: 30, theme: theme)
            // Fewer models than nodes: the boxes alike were measured by kind and slots. (Formulas,
            // plots and live sources, a third of these nodes, are measured from their models.)
            #expect(canvas.scene.measuringModelCount < graph.count * 3 / 4)
            for level in LevelOfDetail.allCases {
                canvas.send(.levelOfDetailChosen(level))
                for id in graph.nodeIDs {
                    let model = try #require(NodeWidgetModel(node: id, in: graph))
                    let expected = NodeLayout(
                        node: model, renderers: StandardRenderers.renderers(for: model), theme: theme,
                        levelOfDetail: level)
                    #expect(canvas.scene.layouts[id] == expected, "\(id) (\(model.kind)) at \(level)")
                }
            }
        }
    }

    @Test func openingBuildsAMeasuringModelForEachKindAndSlotsAlikeNotForEachNode() throws {
        let small = makeCanvas(try PerformanceTests.grid(columns: 40, rows: 40), width: 80, height: 24)
        let large = makeCanvas(try PerformanceTests.grid(columns: 120, rows: 40), width: 80, height: 24)
        #expect(large.scene.layouts.count == 4_800)
        // A number, a subtract with both slots linked, one with its second slot unlinked.
        #expect(small.scene.measuringModelCount == 3)
        #expect(large.scene.measuringModelCount == 3)
    }

    @Test func aNodeOffScreenCostsTheSceneAFewDozenBytesAndEachLinkFewer() throws {
        // 4,800 nodes and 9,480 links: a box is a frame and a few numbers, a link its ends, its
        // slot and its places in its ends' lists (no copy of the frames, no array per node).
        let canvas = makeCanvas(try PerformanceTests.grid(columns: 120, rows: 40), width: 80, height: 24)
        let nodes = 4_800, links = 119 * 40 + 119 * 39
        let perNode = 16 + 32 + 4 * 4 + 8, perLink = 28
        #expect(canvas.scene.columnBytes <= 2 * (nodes * perNode + links * perLink))
    }

    @Test func openingMakesTheLinksRecordsTheirExactSizeNotGrownByDoubling() throws {
        // 9,480 links of 28 bytes: appended one by one, their records grew to room for 16,384.
        let canvas = makeCanvas(try PerformanceTests.grid(columns: 120, rows: 40), width: 80, height: 24)
        let links = 119 * 40 + 119 * 39
        #expect(canvas.scene.linkRecordBytes >= links * 28)
        #expect(canvas.scene.linkRecordBytes <= links * 28 + 64)
    }

    @Test func theScenesIndexesKeepEachNodeAndLinkInAFewDozenBytes() throws {
        // 4,800 nodes and 9,480 links, each filed once with its rectangle and place (36 bytes)
        // and under the one to four buckets its rectangle touches (4 bytes each).
        let canvas = makeCanvas(try PerformanceTests.grid(columns: 120, rows: 40), width: 80, height: 24)
        let keys = 4_800 + 119 * 40 + 119 * 39
        #expect(canvas.scene.indexBytes <= keys * 60)
    }

    @Test func aDataSourceOfAToolsOwnMeasuresEachBoxFromItsModel() throws {
        final class HidingNumbers: CanvasDataSource {
            func shouldShow(_ node: NodeWidgetModel) -> Bool { node.kind != "number" }
        }
        let graph = try PerformanceTests.grid(columns: 4, rows: 4)
        let canvas = Canvas(
            document: GraphDocument(graph: graph), width: 80, height: 24, dataSource: HidingNumbers())
        #expect(canvas.scene.measuringModelCount == 16)
        #expect(canvas.scene.layouts.count == 12, "the data source still decides what is shown")
        #expect(canvas.scene.layouts["n0_0"] == nil)
    }

    @Test func renamingANodeAfterOpeningMeasuresItsBoxAgain() throws {
        var graph = try PerformanceTests.grid(columns: 3, rows: 3)
        _ = try graph.rename("n2_2", to: "A")
        let document = GraphDocument(graph: graph)
        let canvas = Canvas(document: document, width: 80, height: 24)
        let narrow = try #require(canvas.scene.layouts["n2_2"]).frame.width
        try document.apply(.rename(node: "n2_2", name: "a name far wider than the box was"))
        let wide = try #require(canvas.scene.layouts["n2_2"]).frame.width
        #expect(wide > narrow)
        let model = try #require(NodeWidgetModel(node: "n2_2", in: document.graph))
        #expect(
            wide
                == NodeLayout(
                    node: model, renderers: StandardRenderers.renderers(for: model), theme: .unicode,
                    levelOfDetail: .full
                ).frame.width)
    }
}

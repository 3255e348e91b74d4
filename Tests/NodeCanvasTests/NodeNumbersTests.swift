import NodeCanvas
import NodeGraph
import NodeGraphTesting
import Testing

/// The scene's numbers of its nodes: a table of numbers alone, told apart by the column of
/// identifiers, in place of a dictionary from identifier to number.
@Suite struct NodeNumbersTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func numbersGivenAndTakenBackAreFoundAsADictionaryFindsThem(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var numbers = NodeNumbers()
        var expected: [NodeID: Int32] = [:]
        var free: [Int32] = []
        // Few identifiers, so the same ones are numbered, removed and numbered again, in runs
        // long enough for removals from the middle of a run of the table.
        for _ in 0..<4_000 {
            let id = NodeID("n\(random.next() % 300)")
            if let number = expected[id], random.next() % 2 == 0 {
                #expect(numbers.remove(id) == number)
                expected[id] = nil
                free.append(number)
            } else if expected[id] == nil {
                let number = free.popLast() ?? Int32(numbers.ids.count)
                numbers.assign(number, to: id)
                expected[id] = number
            }
            #expect(numbers.count == expected.count)
        }
        for index in 0..<300 {
            let id = NodeID("n\(index)")
            #expect(numbers[id] == expected[id], "\(id)")
            if let number = expected[id] { #expect(numbers.ids[Int(number)] == id) }
        }
        #expect(numbers.remove("absent") == nil)
        for number in free { #expect(numbers.ids[Int(number)] == nil) }
        numbers.removeAll()
        #expect(numbers.count == 0 && numbers["n1"] == nil && numbers.ids.isEmpty)
    }

    @Test func eachNumberIsInTheTableOnceAcrossGrowthAndRemovals() {
        var numbers = NodeNumbers()
        // 1,000 nodes grow the table from 16 slots to 2,048, six times.
        for index in 0..<1_000 {
            numbers.assign(Int32(index), to: NodeID("n\(index)"))
            #expect(numbers.occupiedSlotCount == numbers.count, "after numbering n\(index)")
        }
        // Removing them all shifts every run of the table; a number left twice in it would be
        // met with its node gone.
        for index in stride(from: 0, to: 1_000, by: 2) { numbers.remove(NodeID("n\(index)")) }
        #expect(numbers.occupiedSlotCount == numbers.count)
        for index in stride(from: 1, to: 1_000, by: 2) {
            #expect(numbers[NodeID("n\(index)")] == Int32(index))
            numbers.remove(NodeID("n\(index)"))
        }
        #expect(numbers.count == 0 && numbers.occupiedSlotCount == 0)
    }

    @Test func theScenesNumbersTakeFewerBytesThanADictionaryOfTheirIdentifiers() throws {
        let graph = try PerformanceTests.grid(columns: 120, rows: 40)
        let canvas = makeCanvas(graph, width: 80, height: 24)
        let nodes = graph.count
        #expect(
            canvas.scene.numberBytes > nodes * MemoryLayout<NodeID?>.stride, "the identifiers are counted")
        // Each identifier once, and 4 bytes a slot for at most four slots a node.
        #expect(canvas.scene.numberBytes <= nodes * (MemoryLayout<NodeID?>.stride + 4 * 4))
        // A dictionary with room for as many (what the scene kept before) holds each identifier
        // again beside its number, in more slots, besides the column of identifiers.
        let dictionary = [NodeID: Int32](minimumCapacity: nodes)
        let dictionaryBytes =
            nodes * MemoryLayout<NodeID?>.stride
            + dictionary.capacity * (MemoryLayout<NodeID>.stride + MemoryLayout<Int32>.stride)
        #expect(canvas.scene.numberBytes < dictionaryBytes)
    }

    @Test func aSceneOpenedOnAGraphWithRemovedNodesLinksWhatTheGraphLinks() throws {
        // Removing nodes leaves free places in the graph's storage: the scene numbers the nodes
        // that remain and links them by number, as the graph does by identifier.
        var graph = BoxMeasureTests.mixedGraph(seed: 7)
        var random = SplitMix64(seed: 7)
        for id in graph.nodeIDs where random.next() % 4 == 0 { _ = try graph.removeNode(id) }
        let canvas = makeCanvas(graph, width: 100, height: 30)
        var links = 0
        for id in graph.nodeIDs {
            #expect(canvas.scene.layouts[id] != nil, "\(id) is shown")
            for (slot, upstream) in graph.inputs(of: id).enumerated() {
                #expect(
                    canvas.scene.upstream(of: LinkKey(downstream: id, slot: slot)) == upstream,
                    "\(id).\(slot)")
                if upstream != nil { links += 1 }
            }
        }
        #expect(links > 50)
        #expect(canvas.scene.layouts.count == graph.count)
    }
}

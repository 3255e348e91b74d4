import NodeGraphTesting
import Testing

@testable import NodeGraph

/// The column entry evaluates the adds and number sources it stores in place while every node
/// before them holds its value, so that `finish()` has nothing left to compute; anything else
/// (another kind, a sum that is not finite, a node added one by one) leaves the rest to
/// `finish()`, which gives every node the value a whole evaluation gives it.
@Suite struct GraphBuilderColumnValuesTests {
    /// A graph of number sources and adds (three slots, some empty), as columns.
    struct Sums {
        var ids: [NodeID] = []
        var kindOfNode: [UInt16] = []
        var inputs: [Int32] = []
        var values: [Value?] = []

        init(count: Int, seed: UInt64, first: Int = 0) {
            var random = SplitMix64(seed: seed)
            for k in 0..<count {
                let i = first + k
                ids.append(NodeID("s\(i)"))
                if i < 2 || random.next() % 5 == 0 {
                    kindOfNode.append(0)
                    inputs += [-1, -1, -1]
                    values.append(random.next() % 3 == 0 ? nil : .number(Double(Int(random.next() % 19) - 9)))
                } else {
                    kindOfNode.append(1)
                    for _ in 0..<3 {
                        inputs.append(random.next() % 4 == 0 ? -1 : Int32(random.next() % UInt64(i)))
                    }
                    values.append(nil)
                }
            }
        }

        func add(to builder: inout GraphBuilder) throws {
            try builder.add(
                ids: ids, kinds: ["number", "add"], kindOfNode: kindOfNode, inputs: inputs, slotsPerNode: 3,
                values: values)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aGraphOfSourcesAndAddsHoldsEveryValueBeforeFinish(seed: UInt64) throws {
        var builder = GraphBuilder()
        let sums = Sums(count: 400, seed: seed)
        try sums.add(to: &builder)
        #expect(builder.evaluatedEnd == 400)
        // The values as stored, before `finish()`, are a whole evaluation's.
        let stored = builder.graph
        let graph = builder.finish()
        #expect(stored.currentValues() == graph.valuesFromScratch())
        #expect(graph.currentValues() == graph.valuesFromScratch())
        try graph.checkInvariants()
    }

    @Test func emptySlotsReadZeroAndFewerSlotsPerNodeAreRead() throws {
        var builder = GraphBuilder()
        try builder.add(
            ids: ["a", "b", "sum", "twice"], kinds: ["number", "add"], kindOfNode: [0, 0, 1, 1],
            inputs: [-1, -1, -1, -1, 0, 1, 2, 2], slotsPerNode: 2,
            values: [.number(2), .number(-5), nil, nil])
        #expect(builder.evaluatedEnd == 4)
        #expect(builder.graph.value(of: "sum") == .number(-3))
        #expect(builder.graph.value(of: "twice") == .number(-6))
        try builder.add(ids: ["zero"], kinds: ["add"], kindOfNode: [0], inputs: [], slotsPerNode: 0)
        #expect(builder.evaluatedEnd == 5)
        #expect(builder.finish().value(of: "zero") == .number(0))
    }

    /// An overflowing sum is left to `finish()` (which makes it an error), and so is every node
    /// after it: they hold the whole evaluation's values at the end.
    @Test func aSumThatIsNotFiniteIsLeftToFinish() throws {
        var builder = GraphBuilder()
        try builder.add(
            ids: ["big", "huge", "after", "one"], kinds: ["number", "add"], kindOfNode: [0, 1, 1, 0],
            inputs: [-1, -1, -1, 0, 0, -1, 1, 0, 0, -1, -1, -1], slotsPerNode: 3,
            values: [.number(1e308), nil, nil, .number(1)])
        #expect(builder.evaluatedEnd == 1)
        let graph = builder.finish()
        var expected = Graph()
        try expected.addNode("big", kind: "number", value: .number(1e308))
        try expected.addNode("huge", kind: "add", inputs: ["big", "big"])
        try expected.addNode("after", kind: "add", inputs: ["huge", "big", "big"])
        try expected.addNode("one", kind: "number", value: .number(1))
        #expect(graph.currentValues() == expected.currentValues())
        if case .error = graph.value(of: "huge") {
        } else {
            Issue.record("huge holds \(String(describing: graph.value(of: "huge")))")
        }
        #expect(graph.currentValues() == graph.valuesFromScratch())
    }

    /// A node of another kind, a named node or one added by itself ends the evaluation in place;
    /// `finish()` then evaluates the whole graph.
    @Test func aNodeStoredAnyOtherWayLeavesTheRestToFinish() throws {
        var builder = GraphBuilder()
        try builder.add(
            ids: ["a", "b", "product", "sum"], kinds: ["number", "add", "multiply"],
            kindOfNode: [0, 0, 2, 1],
            inputs: [-1, -1, -1, -1, -1, -1, 0, 1, -1, 2, 0, 1], slotsPerNode: 3,
            values: [.number(3), .number(4), nil, nil])
        #expect(builder.evaluatedEnd == 2)
        try builder.add(
            ids: ["named"], kinds: ["add"], kindOfNode: [0], inputs: [3, 3, 0], slotsPerNode: 3,
            names: ["Named"])
        let graph = builder.finish()
        #expect(graph.value(of: "sum") == .number(19))
        #expect(graph.value(of: "named") == .number(41))
        #expect(graph.currentValues() == graph.valuesFromScratch())

        var byOne = GraphBuilder()
        try byOne.add("x", kind: "number", value: .number(2))
        try Sums(count: 50, seed: 7, first: 1).add(to: &byOne)
        #expect(byOne.evaluatedEnd == 0)
        let built = byOne.finish()
        #expect(built.currentValues() == built.valuesFromScratch())
    }

    /// A refused call takes its evaluated nodes out too; the next call evaluates from there.
    @Test func aRefusedCallTakesItsEvaluatedNodesOutAndTheNextCallGoesOn() throws {
        var builder = GraphBuilder()
        let first = Sums(count: 100, seed: 4)
        try first.add(to: &builder)
        #expect(builder.evaluatedEnd == 100)
        var second = Sums(count: 200, seed: 5, first: 100)
        let good = second
        second.ids[150] = "s3"
        #expect(throws: GraphError.duplicateNode("s3")) { try second.add(to: &builder) }
        #expect(builder.count == 100)
        #expect(builder.evaluatedEnd == 100)
        try good.add(to: &builder)
        #expect(builder.evaluatedEnd == 300)
        let graph = builder.finish()
        #expect(graph.currentValues() == graph.valuesFromScratch())
        try graph.checkInvariants()
    }
}

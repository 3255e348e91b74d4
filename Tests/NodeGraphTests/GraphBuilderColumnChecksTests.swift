import NodeGraph
import NodeGraphTesting
import Testing

/// `GraphBuilder.add(ids:kinds:kindOfNode:inputs:slotsPerNode:…)` checks the columns of a call
/// with no names and no positions up front, a run of nodes at a time, and stores the nodes that
/// pass without checking each one again; a call with names or positions (even every name `nil`
/// and every position the origin) checks node by node. Both make the same graph, and refuse the
/// same node with the same error, leaving the builder as it was.
@Suite struct GraphBuilderColumnChecksTests {
    static let kinds = ["number", "add", "subtract"]

    /// Random columns to add to a builder holding x (node 0): numbers (some holding a number),
    /// adds (three slots) and subtracts (two), each input empty or a node before it; some ids
    /// too long to be stored inline (such a node is stored node by node either way).
    struct Columns {
        var ids: [NodeID] = []
        var kindOfNode: [UInt16] = []
        var inputs: [Int32] = []
        var values: [Value?] = []

        init(count: Int, seed: UInt64) {
            var random = SplitMix64(seed: seed)
            for k in 0..<count {
                let node = 1 + k
                let kind = random.next() % 10
                ids.append(NodeID(kind == 9 ? "a-long-identifier-\(k)" : "n\(k)"))
                if kind < 3 {
                    kindOfNode.append(0)
                    inputs += [-1, -1, -1]
                    values.append(kind == 0 ? nil : .number(Double(Int(random.next() % 19) - 9)))
                } else if kind == 9 {
                    kindOfNode.append(0)
                    inputs += [-1, -1, -1]
                    values.append(.number(Double(k)))
                } else {
                    let add = kind < 7
                    kindOfNode.append(add ? 1 : 2)
                    for slot in 0..<3 {
                        let empty = (slot == 2 && !add) || random.next() % 5 == 0
                        inputs.append(empty ? -1 : Int32(random.next() % UInt64(node)))
                    }
                    values.append(nil)
                }
            }
        }
    }

    /// What adding `columns` to a builder holding x does: the error, if refused, and the graph
    /// the builder finishes with afterwards.
    static func build(_ columns: Columns, checkedUpFront: Bool) throws -> (GraphError?, Graph) {
        var builder = GraphBuilder()
        try builder.add("x", kind: "number", value: .number(4))
        let count = columns.ids.count
        var refusal: GraphError?
        do {
            try builder.add(
                ids: columns.ids, kinds: kinds, kindOfNode: columns.kindOfNode, inputs: columns.inputs,
                slotsPerNode: 3, values: columns.values,
                names: checkedUpFront ? [] : Array(repeating: nil, count: count),
                positions: checkedUpFront ? [] : Array(repeating: .zero, count: count))
        } catch {
            refusal = error
            #expect(builder.count == 1)
        }
        return (refusal, builder.finish())
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func columnsCheckedUpFrontMakeTheGraphCheckingNodeByNodeMakes(seed: UInt64) throws {
        let columns = Columns(count: 300, seed: seed)
        let (upFrontError, upFront) = try Self.build(columns, checkedUpFront: true)
        let (nodeByNodeError, nodeByNode) = try Self.build(columns, checkedUpFront: false)
        #expect(upFrontError == nil)
        #expect(nodeByNodeError == nil)
        #expect(upFront == nodeByNode)
        #expect(upFront.count == 301)
        #expect(upFront.currentValues() == nodeByNode.currentValues())
        #expect(upFront.currentValues() == upFront.valuesFromScratch())
        try upFront.checkInvariants()
    }

    /// One bad entry, in every column the checks read up front, at every place of a call
    /// longer than several runs: refused with the same error both ways, nothing kept.
    @Test func aBadEntryAtEveryPlaceIsRefusedAsCheckingNodeByNodeRefusesIt() throws {
        let count = 70
        let base = Columns(count: count, seed: 9)
        let spoilers: [(String, (inout Columns, Int) -> Void)] = [
            ("a duplicate", { columns, k in columns.ids[k] = k == 0 ? "x" : columns.ids[k / 2] }),
            ("an invalid id", { columns, k in columns.ids[k] = "bad\u{7}" }),
            (
                "a value on an add",
                { columns, k in
                    columns.kindOfNode[k] = 1
                    columns.values[k] = .number(1)
                }
            ),
            (
                "a number that is not finite",
                { columns, k in
                    columns.kindOfNode[k] = 0
                    columns.inputs.replaceSubrange(3 * k..<3 * k + 3, with: [-1, -1, -1])
                    columns.values[k] = .number(.infinity)
                }
            ),
            (
                "a node fed from itself",
                { columns, k in
                    columns.kindOfNode[k] = 1
                    columns.values[k] = nil
                    columns.inputs[3 * k + 1] = Int32(1 + k)
                }
            ),
            (
                "a later node",
                { columns, k in
                    columns.kindOfNode[k] = 1
                    columns.values[k] = nil
                    columns.inputs[3 * k] = Int32(1 + k + 3)
                }
            ),
            (
                "a negative number that is not -1",
                { columns, k in
                    columns.kindOfNode[k] = 1
                    columns.values[k] = nil
                    columns.inputs[3 * k + 2] = -2
                }
            ),
            (
                "a slot the kind does not have",
                { columns, k in
                    columns.kindOfNode[k] = 2
                    columns.values[k] = nil
                    columns.inputs.replaceSubrange(3 * k..<3 * k + 3, with: [-1, -1, 0])
                }
            ),
            (
                "a number source with an input",
                { columns, k in
                    columns.kindOfNode[k] = 0
                    columns.values[k] = nil
                    columns.inputs.replaceSubrange(3 * k..<3 * k + 3, with: [0, -1, -1])
                }
            ),
        ]
        let (_, untouched) = try Self.build(Columns(count: 0, seed: 0), checkedUpFront: true)
        for (label, spoil) in spoilers {
            for k in 0..<count {
                var columns = base
                spoil(&columns, k)
                let (upFrontError, upFront) = try Self.build(columns, checkedUpFront: true)
                let (nodeByNodeError, nodeByNode) = try Self.build(columns, checkedUpFront: false)
                #expect(upFrontError != nil, "\(label) at \(k)")
                #expect(upFrontError == nodeByNodeError, "\(label) at \(k)")
                #expect(upFront == untouched, "\(label) at \(k)")
                #expect(nodeByNode == untouched, "\(label) at \(k)")
            }
        }
    }
}

import NodeGraph
import NodeGraphTesting
import Testing

/// `GraphBuilder.add(ids:kinds:kindOfNode:inputs:slotsPerNode:…)` makes the same graph as adding
/// the nodes one by one, refuses what a single add refuses (naming the node), and leaves the
/// builder exactly as it was when it refuses one.
@Suite struct GraphBuilderColumnsTests {
    /// A random calculator graph as columns: node i is a number or an operator whose inputs
    /// (some empty) are earlier nodes.
    struct Columns {
        var ids: [NodeID] = []
        let kinds = ["number", "add", "subtract", "multiply", "divide"]
        var kindOfNode: [UInt16] = []
        var inputs: [Int32] = []
        var values: [Value?] = []
        var names: [String?] = []
        var positions: [Position] = []

        init(count: Int, seed: UInt64, first: Int = 0) {
            var random = SplitMix64(seed: seed)
            for k in 0..<count {
                let i = first + k
                ids.append(NodeID("n\(i)"))
                positions.append(Position(x: i, y: -i))
                names.append(random.next() % 3 == 0 ? "node \(i)" : nil)
                if i < 2 || random.next() % 4 == 0 {
                    kindOfNode.append(0)
                    inputs += [-1, -1, -1]
                    values.append(.number(Double(Int(random.next() % 19) - 9)))
                } else {
                    let kind = 1 + random.next() % 4
                    kindOfNode.append(UInt16(kind))
                    // add has three slots; subtract, multiply and divide two.
                    for slot in 0..<3 {
                        let empty = (slot == 2 && kind != 1) || random.next() % 4 == 0
                        inputs.append(empty ? -1 : Int32(random.next() % UInt64(i)))
                    }
                    values.append(nil)
                }
            }
        }

        /// The same nodes added one by one to `graph`, inputs by id.
        func add(to graph: inout Graph) throws {
            for k in ids.indices {
                let slots = inputs[3 * k..<3 * k + 3].map { $0 < 0 ? nil : NodeID("n\($0)") }
                let slotCount = [0, 3, 2, 2, 2][Int(kindOfNode[k])]
                try graph.addNode(
                    ids[k], kind: kinds[Int(kindOfNode[k])], name: names[k], at: positions[k],
                    value: values[k],
                    inputs: Array(slots.prefix(slotCount)))
            }
        }

        func add(to builder: inout GraphBuilder) throws -> Range<Int> {
            try builder.add(
                ids: ids, kinds: kinds, kindOfNode: kindOfNode, inputs: inputs, slotsPerNode: 3,
                values: values,
                names: names, positions: positions)
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func buildsTheGraphAddingOneByOneWould(seed: UInt64) throws {
        let columns = Columns(count: 400, seed: seed)
        var builder = GraphBuilder()
        #expect(try columns.add(to: &builder) == 0..<400)
        let graph = builder.finish()
        var expected = Graph()
        try columns.add(to: &expected)
        #expect(graph == expected)
        #expect(graph.currentValues() == expected.currentValues())
        #expect(graph.currentValues() == graph.valuesFromScratch())
        try graph.checkInvariants()
        #expect(graph.node("n5")?.position == Position(x: 5, y: -5))
    }

    @Test func aCallContinuesTheNumberingOfNodesAddedBefore() throws {
        var builder = GraphBuilder()
        try builder.add("a", kind: "number", value: .number(2))
        try builder.add("b", kind: "number", value: .number(3))
        let added = try builder.add(
            ids: ["sum", "twice"], kinds: ["add"], kindOfNode: [0, 0], inputs: [0, 1, -1, 2, 2, -1],
            slotsPerNode: 3)
        #expect(added == 2..<4)
        #expect(builder.id(of: 3) == "twice")
        try builder.add("more", kind: "add", inputs: [3, 0])
        let graph = builder.finish()
        #expect(graph.value(of: "twice") == .number(10))
        #expect(graph.value(of: "more") == .number(12))
        try graph.checkInvariants()
    }

    @Test func nodesOfAKindWithFewerSlotsAndFormulasAreAdded() throws {
        var builder = GraphBuilder()
        try builder.add(
            ids: ["r", "area", "less"], kinds: ["number", "formula", "subtract"], kindOfNode: [0, 1, 2],
            inputs: [-1, -1, -1, 0, -1, -1, 1, 0, -1], slotsPerNode: 3,
            values: [.number(2), FormulaKind.formula("r * r"), nil])
        let graph = builder.finish()
        var expected = Graph()
        try expected.addNode("r", kind: "number", value: .number(2))
        try expected.addNode("area", kind: "formula", value: FormulaKind.formula("r * r"), inputs: ["r"])
        try expected.addNode("less", kind: "subtract", inputs: ["area", "r"])
        #expect(graph == expected)
        #expect(graph.value(of: "less") == .number(2))
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let label: String
        var ids: [NodeID] = ["p", "q", "r"]
        var kinds = ["number", "add"]
        var kindOfNode: [UInt16] = [0, 1, 1]
        var inputs: [Int32] = [-1, -1, 0, 0, 3, 2]
        var values: [Value?] = []
        var names: [String?] = []
        var positions: [Position] = []
        let expected: GraphError
        var testDescription: String { label }
    }

    /// The builder holds x (0) and c (1, a color) before each call.
    static let refusals: [Refusal] = [
        Refusal(label: "an id already in the builder", ids: ["p", "x", "r"], expected: .duplicateNode("x")),
        Refusal(label: "an id twice in the call", ids: ["p", "q", "p"], expected: .duplicateNode("p")),
        Refusal(
            label: "an empty id", ids: ["p", "", "r"],
            expected: .invalidNodeID("", reason: "a node id must not be empty")),
        Refusal(label: "an unknown kind", kinds: ["number", "cube"], expected: .unknownKind("cube")),
        Refusal(
            label: "an empty name", names: [nil, nil, ""],
            expected: .invalidName(node: "r", reason: "a name must not be empty")),
        Refusal(
            label: "a position out of range", positions: [.zero, .zero, Position(x: 0, y: Int.min)],
            expected: .invalidPosition(node: "r")),
        Refusal(
            label: "a value for an operator", values: [nil, nil, .number(1)],
            expected: .notASource("r", kind: "add")
        ),
        Refusal(
            label: "an infinite value", values: [.number(.infinity), nil, nil],
            expected: .nonFiniteValue(node: "p")),
        Refusal(
            label: "an input in a slot a number does not have", inputs: [-1, 0, 0, 1, 1, 2],
            expected: .unknownSlot(node: "p", slot: 1, slotCount: 0)),
        Refusal(
            label: "a node fed from itself", inputs: [-1, -1, 0, 0, 4, 2],
            expected: .wouldCreateCycle(path: ["r", "r"])),
        Refusal(
            label: "a loop through a later node", inputs: [-1, -1, 4, 3, 3, 2],
            expected: .wouldCreateCycle(path: ["q", "r", "q"])),
        Refusal(
            label: "a later node that closes no loop", inputs: [-1, -1, 4, 0, 0, 2],
            expected: .unknownInput(node: "q", slot: 0, input: 4, count: 3)),
        Refusal(
            label: "a number past the call's nodes", inputs: [-1, -1, 0, 0, 9, 2],
            expected: .unknownInput(node: "r", slot: 0, input: 9, count: 4)),
        Refusal(
            label: "a negative number that is not -1", inputs: [-1, -1, 0, -7, 1, 2],
            expected: .unknownInput(node: "q", slot: 1, input: -7, count: 3)),
        Refusal(
            label: "a color into a number slot", inputs: [-1, -1, 0, 1, 3, 2],
            expected: .slotTypeMismatch(
                from: "c", produces: .color, to: "q", slot: 1, label: "y", accepts: .number)),
    ]

    /// Each refusal names its node and leaves the builder as it was: the nodes of the call
    /// stored before the refused one are taken out again, their links and ids with them, so the
    /// same ids can be added afterwards and the finished graph has no trace of the call.
    @Test(arguments: refusals)
    func refusesABadNodeAndLeavesTheBuilderAsItWas(refusal: Refusal) throws {
        var builder = GraphBuilder()
        try builder.add("x", kind: "number", value: .number(4))
        try builder.add("c", kind: "color")
        var expected = Graph()
        try expected.addNode("x", kind: "number", value: .number(4))
        try expected.addNode("c", kind: "color")
        let error = #expect(throws: GraphError.self) {
            try builder.add(
                ids: refusal.ids, kinds: refusal.kinds, kindOfNode: refusal.kindOfNode,
                inputs: refusal.inputs,
                slotsPerNode: 2, values: refusal.values, names: refusal.names, positions: refusal.positions)
        }
        #expect(error == refusal.expected)
        #expect(builder.count == 2)
        #expect(builder.number(of: "p") == nil)
        // The same ids are free again, and x's out-list holds only what is linked now.
        try builder.add(
            ids: ["p", "q", "r"], kinds: ["number", "add"], kindOfNode: [0, 1, 1],
            inputs: [-1, -1, 0, 2, 3, 0],
            slotsPerNode: 2)
        let graph = builder.finish()
        try expected.addNode("p", kind: "number")
        try expected.addNode("q", kind: "add", inputs: ["x", "p"])
        try expected.addNode("r", kind: "add", inputs: ["q", "x"])
        #expect(graph == expected)
        #expect(graph.value(of: "r") == .number(8))
        #expect(graph.dependents(of: "x").count == 2)
        try graph.checkInvariants()
    }

    /// Refusals met on the quick route of a kind whose nodes need no look at their kind (no
    /// held value, every slot taking the one type every kind in the builder outputs). The
    /// builder holds x (0), a number, before each call of p (number), q and r (add).
    static let plainRefusals: [Refusal] = [
        Refusal(
            label: "a duplicate", ids: ["p", "x", "r"], inputs: [-1, -1, 0, 1, 2, 0],
            expected: .duplicateNode("x")),
        Refusal(
            label: "a position out of range", inputs: [-1, -1, 0, 1, 2, 0],
            positions: [.zero, Position(x: Int.max, y: 0), .zero], expected: .invalidPosition(node: "q")),
        Refusal(
            label: "a node fed from itself", inputs: [-1, -1, 0, 1, 3, 0],
            expected: .wouldCreateCycle(path: ["r", "r"])),
        Refusal(
            label: "a loop through a later node", inputs: [-1, -1, 3, 0, 2, 0],
            expected: .wouldCreateCycle(path: ["q", "r", "q"])),
        Refusal(
            label: "a later node that closes no loop", inputs: [-1, -1, 3, 0, 0, 1],
            expected: .unknownInput(node: "q", slot: 0, input: 3, count: 2)),
        Refusal(
            label: "a number past the call's nodes", inputs: [-1, -1, 0, 1, 9, 0],
            expected: .unknownInput(node: "r", slot: 0, input: 9, count: 3)),
        Refusal(
            label: "a negative number that is not -1", inputs: [-1, -1, 0, -2, 2, 0],
            expected: .unknownInput(node: "q", slot: 1, input: -2, count: 2)),
    ]

    @Test(arguments: plainRefusals)
    func refusesABadNodeOfAKindThatNeedsNoLook(refusal: Refusal) throws {
        var builder = GraphBuilder()
        try builder.add("x", kind: "number", value: .number(4))
        #expect(throws: refusal.expected) {
            try builder.add(
                ids: refusal.ids, kinds: refusal.kinds, kindOfNode: refusal.kindOfNode,
                inputs: refusal.inputs,
                slotsPerNode: 2, positions: refusal.positions)
        }
        #expect(builder.count == 1)
        // A slot past the kind's own three, with room for four in the columns.
        #expect(throws: GraphError.unknownSlot(node: "q", slot: 3, slotCount: 3)) {
            try builder.add(
                ids: ["p", "q"], kinds: ["number", "add"], kindOfNode: [0, 1],
                inputs: [-1, -1, -1, -1, 0, 1, -1, 0],
                slotsPerNode: 4)
        }
        #expect(builder.count == 1)
        try builder.add(
            ids: ["p", "q", "r"], kinds: ["number", "add"], kindOfNode: [0, 1, 1],
            inputs: [-1, -1, 0, 1, 2, 0],
            slotsPerNode: 2)
        let graph = builder.finish()
        var expected = Graph()
        try expected.addNode("x", kind: "number", value: .number(4))
        try expected.addNode("p", kind: "number")
        try expected.addNode("q", kind: "add", inputs: ["x", "p"])
        try expected.addNode("r", kind: "add", inputs: ["q", "x"])
        #expect(graph == expected)
        #expect(graph.value(of: "r") == .number(8))
        try graph.checkInvariants()
    }

    /// Short ids (up to 15 bytes, stored inline) are checked from their two words: a duplicate
    /// is found at every length up to 15 and beyond, and a control or non-ASCII byte still takes
    /// the full check (refused, or accepted when it is no control character).
    @Test func shortIDsAreCheckedAsLongOnesAre() throws {
        var graph = Graph()
        for length in 1...17 {
            let id = NodeID(String(repeating: "a", count: length - 1) + "~")
            try graph.addNode(id, kind: "number")
            #expect(throws: GraphError.duplicateNode(id)) { try graph.addNode(id, kind: "number") }
        }
        #expect(
            throws: GraphError.invalidNodeID(
                "a\u{7}", reason: "a node id must not contain control characters")
        ) {
            try graph.addNode("a\u{7}", kind: "number")
        }
        try graph.addNode("é", kind: "number")
        #expect(throws: GraphError.duplicateNode("é")) { try graph.addNode("é", kind: "number") }
        #expect(graph.count == 18)
        try graph.checkInvariants()
    }

    /// Every id the column entry reads from its two words (inline, up to 15 bytes) is accepted
    /// or refused exactly as a single add decides: a byte at each edge of printable ASCII
    /// (0x1F, 0x20, 0x7E, 0x7F, the first byte of "é") at every place of every length up to 17,
    /// among plain nodes stored before and after it in the same call.
    @Test func idsAtEveryLengthAndEdgeByteAreCheckedAsASingleAddChecksThem() throws {
        for length in 1...17 {
            for place in 0..<length {
                for byte: UInt8 in [0x1F, 0x20, 0x7E, 0x7F, 0xC3] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "b"), count: length)
                    bytes[place] = byte
                    if byte == 0xC3 { bytes.insert(0xA9, at: place + 1) }  // é
                    let id = NodeID(String(decoding: bytes, as: UTF8.self))
                    var single = Graph()
                    try single.addNode("before", kind: "add")
                    let expected: GraphError?
                    do throws(GraphError) {
                        try single.addNode(id, kind: "add", inputs: ["before"])
                        try single.addNode("after", kind: "add", inputs: [id])
                        expected = nil
                    } catch { expected = error }
                    var builder = GraphBuilder()
                    do throws(GraphError) {
                        try builder.add(
                            ids: ["before", id, "after"], kinds: ["add"], kindOfNode: [0, 0, 0],
                            inputs: [-1, 0, 1], slotsPerNode: 1)
                        #expect(expected == nil, "\(bytes) accepted")
                        #expect(builder.finish() == single)
                    } catch {
                        #expect(error == expected, "\(bytes)")
                        #expect(builder.count == 0)
                    }
                }
            }
        }
    }

    /// A duplicate is found from the id's two words at every short length, against a node in
    /// the builder and against one stored earlier in the same call, and the call's stored nodes
    /// are taken out again (their ids free for the next call).
    @Test func aShortDuplicateIsFoundAtEveryLength() throws {
        for length in 1...16 {
            let id = NodeID(String(repeating: "d", count: length - 1) + "~")
            var builder = GraphBuilder()
            try builder.add(id, kind: "add")
            #expect(throws: GraphError.duplicateNode(id)) {
                try builder.add(
                    ids: ["a", "b", id], kinds: ["add"], kindOfNode: [0, 0, 0], inputs: [-1, 0, 1],
                    slotsPerNode: 1)
            }
            var fresh = GraphBuilder()
            #expect(throws: GraphError.duplicateNode(id)) {
                try fresh.add(
                    ids: [id, "b", id], kinds: ["add"], kindOfNode: [0, 0, 0], inputs: [-1, 0, 1],
                    slotsPerNode: 1)
            }
            #expect(fresh.count == 0)
            try fresh.add(
                ids: [id, "b"], kinds: ["add"], kindOfNode: [0, 0], inputs: [-1, 0], slotsPerNode: 1)
            #expect(fresh.number(of: "b") == 1)
            try fresh.finish().checkInvariants()
        }
    }

    /// Each node stored in place starts its id's probe at the bucket found when its run was
    /// fetched ahead (not hashed again): across runs and wherever a node taking the full checks
    /// restarts them, every id is found where it went and a duplicate at any place is refused.
    @Test func aDuplicateIsFoundAtEveryPlaceOfTheRunsFetchedAhead() throws {
        let count = 200
        let ids = (0..<count).map { NodeID("id\($0)") }
        let kindOfNode = [UInt16](repeating: 0, count: count)
        let inputs = (0..<count).map { Int32($0) - 1 }
        // A named node takes the full checks, so the in-place run restarts after it.
        var names = [String?](repeating: nil, count: count)
        names[37] = "named"
        for place in [1, 15, 16, 17, 31, 32, 33, 38, 39, 47, 48, 53, 54, 63, 64, 70, 100, 199] {
            for earlier in [0, place / 2, place - 1] {
                var bad = ids
                bad[place] = ids[earlier]
                var builder = GraphBuilder()
                try builder.add("before", kind: "add")
                #expect(throws: GraphError.duplicateNode(ids[earlier])) {
                    try builder.add(
                        ids: bad, kinds: ["add"], kindOfNode: kindOfNode, inputs: inputs, slotsPerNode: 1,
                        names: names)
                }
                #expect(builder.count == 1)
            }
        }
        var builder = GraphBuilder()
        try builder.add("before", kind: "add")
        try builder.add(
            ids: ids, kinds: ["add"], kindOfNode: kindOfNode, inputs: inputs, slotsPerNode: 1, names: names)
        for (k, id) in ids.enumerated() { #expect(builder.number(of: id) == 1 + k) }
        #expect(throws: GraphError.duplicateNode("id150")) { try builder.add("id150", kind: "add") }
        try builder.finish().checkInvariants()
    }

    /// A refusal after hundreds of nodes stored in place, sources among them, takes every one
    /// out again: links, ids and count, so that the same call without the bad node succeeds.
    @Test func aLateRefusalTakesOutEveryNodeStoredInPlace() throws {
        var builder = GraphBuilder()
        try builder.add("x", kind: "number", value: .number(1))
        var ids: [NodeID] = []
        var kindOfNode: [UInt16] = []
        var inputs: [Int32] = []
        var values: [Value?] = []
        for i in 1...500 {
            ids.append("n\(i)")
            let source = i % 50 == 0
            kindOfNode.append(source ? 0 : 1)
            inputs += source ? [-1, -1] : [Int32(i - 1), 0]
            values.append(source ? .number(2) : nil)
        }
        var bad = ids
        bad[499] = "n3"
        #expect(throws: GraphError.duplicateNode("n3")) {
            try builder.add(
                ids: bad, kinds: ["number", "add"], kindOfNode: kindOfNode, inputs: inputs, slotsPerNode: 2,
                values: values)
        }
        #expect(builder.count == 1)
        #expect(builder.number(of: "n3") == nil)
        try builder.add(
            ids: ids, kinds: ["number", "add"], kindOfNode: kindOfNode, inputs: inputs, slotsPerNode: 2,
            values: values)
        let graph = builder.finish()
        // Every one of the 490 adds reads x in its second slot, and n1 in its first as well.
        #expect(graph.dependents(of: "x").count == 491)
        #expect(graph.currentValues() == graph.valuesFromScratch())
        try graph.checkInvariants()
    }

    /// Extending a graph whose index order is no longer a topological order (a link made a
    /// node feed an earlier one): the new nodes get their places in the order kept, and
    /// evaluate after their inputs.
    @Test func aCallExtendingAGraphWithAnOrderOfItsOwnKeepsTheOrder() throws {
        var graph = Graph()
        try graph.addNode("sum", kind: "add")
        try graph.addNode("a", kind: "number", value: .number(3))
        try graph.link(from: "a", to: "sum", slot: 0)
        var builder = GraphBuilder(extending: graph)
        try builder.add(
            ids: ["twice", "more"], kinds: ["add"], kindOfNode: [0, 0], inputs: [0, 0, 2, 1],
            slotsPerNode: 2)
        let built = builder.finish()
        #expect(built.value(of: "more") == .number(9))
        let order = built.topologicalOrder()
        #expect(order.firstIndex(of: "sum")! < order.firstIndex(of: "twice")!)
        #expect(order.firstIndex(of: "twice")! < order.firstIndex(of: "more")!)
        #expect(built.currentValues() == built.valuesFromScratch())
        try built.checkInvariants()
    }

    /// Number sources stored in place hold their number (none: 0), as a single add stores them;
    /// a value that is no finite number still takes the full check and is refused.
    @Test func numberSourcesHoldTheirNumbersAsASingleAddStoresThem() throws {
        var builder = GraphBuilder()
        try builder.add(
            ids: ["a", "b", "c", "sum"], kinds: ["number", "add"], kindOfNode: [0, 0, 0, 1],
            inputs: [-1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2], slotsPerNode: 3,
            values: [.number(2.5), nil, .number(-4), nil])
        var expected = Graph()
        try expected.addNode("a", kind: "number", value: .number(2.5))
        try expected.addNode("b", kind: "number")
        try expected.addNode("c", kind: "number", value: .number(-4))
        try expected.addNode("sum", kind: "add", inputs: ["a", "b", "c"])
        for (value, error) in [
            (Value.number(.nan), GraphError.nonFiniteValue(node: "e")),
            (.color(.black), .valueTypeMismatch(node: "e", expected: .number, got: "a color")),
        ] {
            #expect(throws: error) {
                try builder.add(
                    ids: ["d", "e"], kinds: ["number"], kindOfNode: [0, 0], inputs: [], slotsPerNode: 0,
                    values: [.number(1), value])
            }
        }
        let graph = builder.finish()
        #expect(graph == expected)
        #expect(graph.value(of: "a") == .number(2.5))
        #expect(graph.value(of: "sum") == .number(-1.5))
        try graph.checkInvariants()
    }
}

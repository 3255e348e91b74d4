import NodeGraph
import NodeGraphTesting
import Testing

/// `GraphBuilder` makes the same graph as adding the nodes one by one, refuses what `addNode`
/// refuses (changing nothing), and its graph edits, undoes and evaluates like any other.
@Suite struct GraphBuilderTests {
    /// A random calculator graph as plain arrays: node i is a number or an operator whose
    /// inputs (some empty) are earlier nodes.
    struct Spec {
        var kinds: [String] = []
        var inputs: [[Int?]] = []
        var values: [Double?] = []

        init(count: Int, seed: UInt64) {
            var random = SplitMix64(seed: seed)
            let operators = ["add", "subtract", "multiply", "divide"]
            for i in 0..<count {
                if i < 2 || random.next() % 4 == 0 {
                    kinds.append("number")
                    inputs.append([])
                    values.append(Double(Int(random.next() % 19) - 9))
                } else {
                    kinds.append(operators[Int(random.next() % 4)])
                    let slots = Int(random.next() % 3)
                    inputs.append(
                        (0..<slots).map { _ in random.next() % 5 == 0 ? nil : Int(random.next() % UInt64(i)) }
                    )
                    values.append(nil)
                }
            }
        }

        func id(_ i: Int) -> NodeID { NodeID("n\(i)") }
    }

    func addedOneByOne(_ spec: Spec) throws -> Graph {
        var graph = Graph()
        for i in spec.kinds.indices {
            try graph.addNode(
                spec.id(i), kind: spec.kinds[i], at: Position(x: i, y: -i),
                value: spec.values[i].map(Value.number),
                inputs: spec.inputs[i].map { $0.map(spec.id) })
        }
        return graph
    }

    func built(_ spec: Spec) throws -> Graph {
        var builder = GraphBuilder()
        for i in spec.kinds.indices {
            // The spec's own numbering is the builder's: no handles to keep.
            let number = try builder.add(
                spec.id(i), kind: spec.kinds[i], at: Position(x: i, y: -i),
                value: spec.values[i].map(Value.number), inputs: spec.inputs[i])
            #expect(number == i)
        }
        #expect(builder.count == spec.kinds.count)
        return builder.finish()
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func buildsTheGraphAddingOneByOneWould(seed: UInt64) throws {
        let spec = Spec(count: 300, seed: seed)
        let graph = try built(spec)
        let expected = try addedOneByOne(spec)
        #expect(graph == expected)
        #expect(graph.currentValues() == expected.currentValues())
        #expect(graph.currentValues() == graph.valuesFromScratch())
        try graph.checkInvariants()
        // Its values are computed, not left at a default: some node is neither 0 nor a source.
        #expect(
            spec.kinds.indices.contains {
                spec.kinds[$0] != "number" && graph.value(of: spec.id($0)) != .number(0)
            })
    }

    @Test func theBuiltGraphEditsAndUndoes() throws {
        var builder = GraphBuilder()
        let a = try builder.add("a", kind: "number", value: .number(2))
        let b = try builder.add("b", kind: "number", value: .number(3))
        let sum = try builder.add("sum", kind: "add", inputs: [a, b])
        try builder.add("twice", kind: "add", inputs: [sum, nil, sum])
        let document = GraphDocument(graph: builder.finish())
        #expect(document.graph.value(of: "twice") == .number(10))
        let change = try document.apply(.setValue(node: "a", value: .number(7)))
        #expect(change.recomputed == ["a", "sum", "twice"])
        #expect(document.graph.value(of: "twice") == .number(20))
        try document.undo()
        #expect(document.graph.value(of: "twice") == .number(10))
        #expect(throws: GraphError.wouldCreateCycle(path: ["sum", "twice", "sum"])) {
            try document.apply(.link(from: "twice", to: "sum", slot: 2))
        }
    }

    @Test func nodesAreNumberedInTheOrderTheyAreAdded() throws {
        var builder = GraphBuilder()
        #expect(try builder.add("a", kind: "number") == 0)
        #expect(try builder.add("b", kind: "number") == 1)
        #expect(builder.id(of: 1) == "b")
        #expect(builder.number(of: "a") == 0)
        #expect(builder.number(of: "missing") == nil)
        #expect(builder.count == 2)
    }

    @Test func anInputThatIsNoNodeIsRefusedByNumber() throws {
        var builder = GraphBuilder()
        #expect(throws: GraphError.unknownInput(node: "a", slot: 0, input: 0, count: 0)) {
            try builder.add("a", kind: "add", inputs: [0])
        }
        try builder.add("x", kind: "number")
        for input in [1, -1, Int.max] {
            let error = #expect(throws: GraphError.self) {
                try builder.add("b", kind: "add", inputs: [0, nil, input])
            }
            #expect(error == .unknownInput(node: "b", slot: 2, input: input, count: 1))
        }
        #expect(
            GraphError.unknownInput(node: "b", slot: 2, input: 5, count: 1).description
                == "slot 2 of 'b' is fed from node 5, but the builder has nodes 0–0")
        #expect(builder.count == 1)
        try builder.add("b", kind: "add", inputs: [0, nil, 0])
        #expect(builder.finish().value(of: "b") == .number(0))
    }

    /// Each bad add throws the error `addNode` throws for it, and the builder is unchanged: the
    /// same id can be added correctly afterwards and the finished graph has no trace of it.
    @Test func refusesWhatAddNodeRefusesAndChangesNothing() throws {
        var builder = GraphBuilder()
        var graph = Graph()
        let number = try builder.add("x", kind: "number", value: .number(4))
        let color = try builder.add("c", kind: "color")
        try graph.addNode("x", kind: "number", value: .number(4))
        try graph.addNode("c", kind: "color")

        struct Case {
            let id: NodeID
            let kind: String
            var name: String? = nil
            var position = Position.zero
            var value: Value? = nil
            var inputs: [Int?] = []
            let expected: GraphError
        }
        let cases: [Case] = [
            Case(id: "x", kind: "number", expected: .duplicateNode("x")),
            Case(id: "", kind: "number", expected: .invalidNodeID("", reason: "a node id must not be empty")),
            Case(id: "y", kind: "cube", expected: .unknownKind("cube")),
            Case(
                id: "y", kind: "number", name: "",
                expected: .invalidName(node: "y", reason: "a name must not be empty")),
            Case(
                id: "y", kind: "number", position: Position(x: Int.max, y: 0),
                expected: .invalidPosition(node: "y")),
            Case(id: "y", kind: "add", value: .number(1), expected: .notASource("y", kind: "add")),
            Case(id: "y", kind: "number", value: .number(.infinity), expected: .nonFiniteValue(node: "y")),
            Case(
                id: "y", kind: "add", inputs: [0, 0, 0, 0],
                expected: .unknownSlot(node: "y", slot: 3, slotCount: 3)),
            Case(
                id: "y", kind: "add", inputs: [0, 1],
                expected: .slotTypeMismatch(
                    from: "c", produces: .color, to: "y", slot: 1, label: "y", accepts: .number)),
        ]
        let handles = [number, color]
        #expect(handles == [0, 1])
        let ids: [NodeID] = ["x", "c"]
        for test in cases {
            let error = #expect(throws: GraphError.self) {
                try builder.add(
                    test.id, kind: test.kind, name: test.name, at: test.position, value: test.value,
                    inputs: test.inputs.map { $0.map { handles[$0] } })
            }
            #expect(error == test.expected)
            #expect(throws: test.expected) {
                try graph.addNode(
                    test.id, kind: test.kind, name: test.name, at: test.position, value: test.value,
                    inputs: test.inputs.map { $0.map { ids[$0] } })
            }
            #expect(builder.count == 2)
        }
        try builder.add("y", kind: "add", inputs: [number, nil, number])
        let built = builder.finish()
        try graph.addNode("y", kind: "add", inputs: ["x", nil, "x"])
        #expect(built == graph)
        #expect(built.value(of: "y") == .number(8))
        try built.checkInvariants()
    }

    @Test func extendsAGraphLeavingTheOriginalAlone() throws {
        var original = Graph()
        try original.addNode("a", kind: "number", value: .number(2))
        try original.addNode("gone", kind: "number")
        try original.addNode("b", kind: "add", inputs: ["a", "a"])
        try original.removeNode("gone")  // a free index the builder will reuse
        var builder = GraphBuilder(extending: original)
        #expect(builder.count == 2)
        let b = try #require(builder.number(of: "b"))
        let c = try builder.add("c", kind: "multiply", inputs: [b, builder.number(of: "a")])
        #expect(c == 2)
        try builder.add("d", kind: "subtract", inputs: [c, b])
        #expect(throws: GraphError.duplicateNode("a")) { try builder.add("a", kind: "number") }
        var graph = builder.finish()
        #expect(original.count == 2)
        #expect(!original.contains("c"))
        #expect(graph.value(of: "c") == .number(8))
        #expect(graph.value(of: "d") == .number(4))
        try graph.checkInvariants()
        #expect(graph.currentValues() == graph.valuesFromScratch())
        let change = try graph.setValue(.number(3), of: "a")
        #expect(change.recomputed == ["a", "b", "c", "d"])
        #expect(graph.value(of: "d") == .number(12))
    }

    @Test func customKindsAndTheirDefaults() throws {
        var builder = GraphBuilder()
        let red = try builder.add("r", kind: "number", value: .number(255))
        let green = try builder.add("g", kind: "number", value: .number(128))
        let color = try builder.add("c", kind: "color", name: "Sky", inputs: [red, green])
        let scale = try builder.add("k", kind: "number", value: .number(0.5))
        try builder.add("dim", kind: "colorAdjust", inputs: [color, scale])
        let graph = builder.finish()
        #expect(graph.name(of: "c") == "Sky")
        #expect(graph.name(of: "dim") == "Adjust")
        #expect(graph.value(of: "dim") == graph.valuesFromScratch()["dim"])
        #expect(graph.value(of: "c") == .color(Color(red: 255, green: 128, blue: 0)))
        #expect(graph.value(of: "dim") != graph.value(of: "c"))
        try graph.checkInvariants()
    }

    /// While every kind so far outputs numbers, slot types need no look at the input; a kind with
    /// another output type, once used, brings the check back.
    @Test func aNewOutputTypeBringsBackTheSlotTypeCheck() throws {
        var builder = GraphBuilder()
        let x = try builder.add("x", kind: "number", value: .number(1))
        try builder.add("sum", kind: "add", inputs: [x, x])
        let red = try builder.add("red", kind: "color", inputs: [x])
        #expect(
            throws: GraphError.slotTypeMismatch(
                from: "red", produces: .color, to: "bad", slot: 1, label: "y", accepts: .number)
        ) {
            try builder.add("bad", kind: "add", inputs: [x, red])
        }
        try builder.add("dim", kind: "colorAdjust", inputs: [red, x])
        #expect(
            throws: GraphError.slotTypeMismatch(
                from: "x", produces: .number, to: "bad", slot: 0, label: "color", accepts: .color)
        ) {
            try builder.add("bad", kind: "colorAdjust", inputs: [x])
        }
        let graph = builder.finish()
        #expect(graph.count == 4)
        try graph.checkInvariants()
    }

    @Test func extendsAGraphWithoutRemovedNodesInPlace() throws {
        var original = Graph()
        try original.addNode("a", kind: "number", value: .number(2))
        try original.addNode("b", kind: "add", inputs: ["a", "a"])
        var builder = GraphBuilder(extending: original)
        let a = try #require(builder.number(of: "a"))
        let b = try #require(builder.number(of: "b"))
        #expect(Set([a, b]) == [0, 1])
        #expect(try builder.add("c", kind: "subtract", inputs: [b, a]) == 2)
        let graph = builder.finish()
        #expect(graph.value(of: "c") == .number(2))
        #expect(original.count == 2)
        try graph.checkInvariants()
    }
}

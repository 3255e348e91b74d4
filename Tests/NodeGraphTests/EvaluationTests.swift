import NodeGraph
import Testing

@Suite struct EvaluationTests {
    @Test func unconnectedNumberSlotsReadZero() throws {
        var graph = Graph()
        try graph.addNode("sum", kind: "add")
        try graph.addNode("quotient", kind: "divide")
        #expect(graph.value(of: "sum") == .number(0))
        #expect(graph.value(of: "quotient")?.error?.reason == "division by zero")
    }

    @Test func theFourOperatorsComputeTheirResults() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", value: .number(6))
        try graph.addNode("b", kind: "number", value: .number(4))
        try graph.addNode("c", kind: "number", value: .number(0.5))
        try graph.addNode("add", kind: "add", inputs: ["a", "b", "c"])
        try graph.addNode("sub", kind: "subtract", inputs: ["a", "b"])
        try graph.addNode("mul", kind: "multiply", inputs: ["a", "b"])
        try graph.addNode("div", kind: "divide", inputs: ["a", "b"])
        #expect(graph.value(of: "add") == .number(10.5))
        #expect(graph.value(of: "sub") == .number(2))
        #expect(graph.value(of: "mul") == .number(24))
        #expect(graph.value(of: "div") == .number(1.5))
    }

    @Test func aChangeRecomputesTheEditedNodeThenItsDependentsInOrder() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum", "two"])
        let change = try graph.setValue(.number(5), of: "one")
        #expect(change.recomputed == ["one", "sum", "prod"])
        #expect(graph.value(of: "prod") == .number(14))
    }

    @Test func nodesThatDoNotDependOnTheEditAreNotRecomputed() throws {
        var graph = try smallCalculator()
        try graph.addNode("other", kind: "number", value: .number(9))
        try graph.addNode("twice", kind: "add", inputs: ["other", "other"])
        let change = try graph.setValue(.number(7), of: "one")
        #expect(!change.recomputed.contains("twice"))
        #expect(!change.recomputed.contains("other"))
    }

    @Test func settingTheSameValueRecomputesNothing() throws {
        var graph = try smallCalculator()
        let change = try graph.setValue(.number(1), of: "one")
        #expect(change.recomputed.isEmpty)
    }

    @Test func anUnchangedValueStopsPropagation() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", value: .number(3))
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("times", kind: "multiply", inputs: ["a", "zero"])
        try graph.addNode("after", kind: "add", inputs: ["times"])
        let change = try graph.setValue(.number(8), of: "a")
        #expect(change.recomputed == ["a", "times"])
    }

    @Test func aNodeFedTwiceByTheSameChangeIsRecomputedOnce() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number", value: .number(1))
        try graph.addNode("left", kind: "add", inputs: ["a"])
        try graph.addNode("right", kind: "add", inputs: ["a"])
        try graph.addNode("join", kind: "add", inputs: ["left", "right", "a"])
        let change = try graph.setValue(.number(2), of: "a")
        #expect(change.recomputed.count == 4)
        #expect(change.recomputed.first == "a")
        #expect(change.recomputed.last == "join")
        #expect(graph.value(of: "join") == .number(6))
    }

    @Test func divisionByZeroIsAnErrorValueThatBlocksDependents() throws {
        var graph = Graph()
        try graph.addNode("ten", kind: "number", value: .number(10))
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("ratio", kind: "divide", inputs: ["ten", "zero"])
        try graph.addNode("plus", kind: "add", inputs: ["ratio", "ten"])
        #expect(graph.value(of: "ratio") == .error(ValueError(reason: "division by zero", origin: "ratio")))
        #expect(graph.value(of: "plus") == .error(ValueError(reason: "division by zero", origin: "ratio")))
        try graph.setValue(.number(4), of: "zero")
        #expect(graph.value(of: "plus") == .number(12.5))
    }

    @Test func anOverflowIsAnErrorNeverInfinity() throws {
        var graph = Graph()
        try graph.addNode("big", kind: "number", value: .number(1e308))
        try graph.addNode("times", kind: "multiply", inputs: ["big", "big"])
        #expect(graph.value(of: "times")?.error?.reason == "result is not a finite number")
    }

    @Test(arguments: [(-1.0, "red -1 is outside 0–255"), (255.6, "red 256 is outside 0–255")])
    func aColorChannelOutsideItsRangeIsAnErrorNamingIt(red: Double, reason: String) throws {
        var graph = Graph()
        try graph.addNode("r", kind: "number", value: .number(red))
        try graph.addNode("c", kind: "color", inputs: ["r"])
        #expect(graph.value(of: "c")?.error?.reason == reason)
    }

    @Test func colorChannelsAreRounded() throws {
        var graph = Graph()
        try graph.addNode("r", kind: "number", value: .number(254.6))
        try graph.addNode("g", kind: "number", value: .number(127.4))
        try graph.addNode("c", kind: "color", inputs: ["r", "g"])
        #expect(graph.value(of: "c") == .color(Color(red: 255, green: 127, blue: 0)))
        #expect(graph.value(of: "c")?.color?.hex == "#ff7f00")
    }

    @Test func colorAdjustScalesRoundsAndClamps() throws {
        var graph = Graph()
        try graph.addNode("r", kind: "number", value: .number(200))
        try graph.addNode("g", kind: "number", value: .number(51))
        try graph.addNode("c", kind: "color", inputs: ["r", "g"])
        try graph.addNode("m", kind: "number", value: .number(1.5))
        try graph.addNode("adjusted", kind: "colorAdjust", inputs: ["c", "m"])
        #expect(graph.value(of: "adjusted") == .color(Color(red: 255, green: 77, blue: 0)))
    }

    @Test func anUnconnectedColorSlotReadsBlack() throws {
        var graph = Graph()
        try graph.addNode("m", kind: "number", value: .number(2))
        try graph.addNode("adjusted", kind: "colorAdjust", inputs: [nil, "m"])
        #expect(graph.value(of: "adjusted") == .color(.black))
    }

    /// 30 layers of diamonds: a per-path recursion would take about 2^30 steps.
    @Test func aStackedDiamondRecomputesEachNodeOnce() throws {
        var graph = Graph()
        try graph.addNode("top0", kind: "number", value: .number(1))
        for layer in 0..<30 {
            try graph.addNode("left\(layer)", kind: "add", inputs: ["top\(layer)"])
            try graph.addNode("right\(layer)", kind: "add", inputs: ["top\(layer)"])
            try graph.addNode("top\(layer + 1)", kind: "add", inputs: ["left\(layer)", "right\(layer)"])
        }
        let change = try graph.setValue(.number(2), of: "top0")
        #expect(change.recomputed.count == 91)
        #expect(Set(change.recomputed).count == 91)
        #expect(graph.value(of: "top30") == .number(2 * 1_073_741_824))
        let position = Dictionary(uniqueKeysWithValues: change.recomputed.enumerated().map { ($1, $0) })
        for layer in 0..<30 {
            #expect(position["top\(layer)"]! < position["left\(layer)"]!)
            #expect(position["right\(layer)"]! < position["top\(layer + 1)"]!)
        }
    }

    @Test func fullEvaluationAgreesWithIncrementalValues() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum", "two"])
        try graph.setValue(.number(-3), of: "two")
        #expect(graph.valuesFromScratch() == graph.currentValues())
        var copy = graph
        #expect(copy.evaluateAll() == 4)
        #expect(copy == graph)
    }

    @Test func dependencyOrderIsTheSameWhateverTheEditHistory() throws {
        var first = Graph()
        try first.addNode("b", kind: "number")
        try first.addNode("a", kind: "number")
        try first.addNode("sum", kind: "add", inputs: ["a", "b"])
        var second = Graph()
        try second.addNode("sum", kind: "add")
        try second.addNode("a", kind: "number")
        try second.addNode("b", kind: "number")
        try second.link(from: "b", to: "sum", slot: 1)
        try second.link(from: "a", to: "sum", slot: 0)
        #expect(first.dependencyOrder() == ["a", "b", "sum"])
        #expect(second.dependencyOrder() == ["a", "b", "sum"])
        #expect(first == second)
    }
}

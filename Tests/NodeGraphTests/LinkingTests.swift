import NodeGraph
import Testing

/// A graph with two numbers feeding an add node, as in the design's example file.
func smallCalculator() throws -> Graph {
    var graph = Graph()
    try graph.addNode("one", kind: "number", name: "One", value: .number(1))
    try graph.addNode("two", kind: "number", name: "Two", value: .number(2))
    try graph.addNode("sum", kind: "add", name: "Add", inputs: ["one", nil, "two"])
    return graph
}

@Suite struct LinkingTests {
    @Test func linkingFeedsTheSlotAndRecomputesTheTarget() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply")
        let change = try graph.link(from: "sum", to: "prod", slot: 0)
        #expect(change.recomputed == ["prod"])
        #expect(graph.inputs(of: "prod") == ["sum", nil])
        #expect(graph.value(of: "sum") == .number(3))
        #expect(graph.value(of: "prod") == .number(0))
    }

    @Test func refusesALinkThatWouldCreateACycleAndNamesIt() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum"])
        let before = graph
        #expect(throws: GraphError.wouldCreateCycle(path: ["sum", "prod", "sum"])) {
            try graph.link(from: "prod", to: "sum", slot: 1)
        }
        #expect(graph == before)
        try graph.checkInvariants()
    }

    @Test func refusesASelfLink() throws {
        var graph = try smallCalculator()
        #expect(throws: GraphError.wouldCreateCycle(path: ["sum", "sum"])) {
            try graph.link(from: "sum", to: "sum", slot: 1)
        }
    }

    @Test func theCycleMessageReadsAsAPath() {
        #expect(
            GraphError.wouldCreateCycle(path: ["sum", "prod", "sum"]).description
                == "would create a cycle: sum → prod → sum")
    }

    @Test func linkAgainstTheOrderReordersInsteadOfRefusing() throws {
        var graph = Graph()
        try graph.addNode("late", kind: "add")
        try graph.addNode("early", kind: "number", value: .number(4))
        try graph.link(from: "early", to: "late", slot: 0)
        #expect(graph.value(of: "late") == .number(4))
        try graph.checkInvariants()
        #expect(graph.topologicalOrder() == ["early", "late"])
    }

    @Test func refusesASlotTypeMismatchNamingBothTypes() throws {
        var graph = try smallCalculator()
        try graph.addNode("c", kind: "color")
        let error = #expect(throws: GraphError.self) { try graph.link(from: "c", to: "sum", slot: 0) }
        #expect(error?.description == "slot 0 (x) of 'sum' takes a number, but 'c' produces a color")
    }
}

@Suite struct LinkEditingTests {
    @Test func linkingIntoAnOccupiedSlotReplacesTheOldLink() throws {
        var graph = try smallCalculator()
        let change = try graph.link(from: "two", to: "sum", slot: 0)
        #expect(graph.inputs(of: "sum") == ["two", nil, "two"])
        #expect(graph.value(of: "sum") == .number(4))
        #expect(change.inverse == .link(from: "one", to: "sum", slot: 0))
        #expect(graph.dependents(of: "one").isEmpty)
    }

    @Test func togglingTheSameSourceIntoTheSameSlotRemovesTheLink() throws {
        var graph = try smallCalculator()
        try graph.toggleLink(from: "one", to: "sum", slot: 0)
        #expect(graph.inputs(of: "sum") == [nil, nil, "two"])
        try graph.toggleLink(from: "one", to: "sum", slot: 0)
        #expect(graph.inputs(of: "sum") == ["one", nil, "two"])
    }

    @Test func unlinkingAnEmptySlotIsRefused() throws {
        var graph = try smallCalculator()
        #expect(throws: GraphError.slotNotLinked(node: "sum", slot: 1)) {
            try graph.unlink(to: "sum", slot: 1)
        }
    }

    @Test func unlinkingRecomputesTheTarget() throws {
        var graph = try smallCalculator()
        let change = try graph.unlink(to: "sum", slot: 2)
        #expect(change.recomputed == ["sum"])
        #expect(graph.value(of: "sum") == .number(1))
    }

    @Test func refusesUnknownNodesAndSlots() throws {
        var graph = try smallCalculator()
        #expect(throws: GraphError.unknownNode("nope")) { try graph.link(from: "nope", to: "sum", slot: 0) }
        #expect(throws: GraphError.unknownNode("nope")) { try graph.link(from: "one", to: "nope", slot: 0) }
        #expect(throws: GraphError.unknownSlot(node: "sum", slot: 3, slotCount: 3)) {
            try graph.link(from: "one", to: "sum", slot: 3)
        }
        #expect(throws: GraphError.unknownSlot(node: "two", slot: 0, slotCount: 0)) {
            try graph.link(from: "one", to: "two", slot: 0)
        }
    }

    @Test func linkCandidatesSayWhichSlotsAreAllowedAndWhyNot() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum"])
        try graph.addNode("c", kind: "colorAdjust")
        let candidates = graph.linkCandidates(from: "sum")
        let sumSlot = try #require(candidates.first { $0.node == "sum" && $0.slot == 1 })
        #expect(sumSlot.refusal == .wouldCreateCycle(path: ["sum", "sum"]))
        let prodSlot = try #require(candidates.first { $0.node == "prod" && $0.slot == 0 })
        #expect(prodSlot.isAllowed && prodSlot.isLinked)
        let colorSlot = try #require(candidates.first { $0.node == "c" && $0.slot == 0 })
        #expect(
            colorSlot.refusal?.description
                == "slot 0 (color) of 'c' takes a color, but 'sum' produces a number")
        let multiplier = try #require(candidates.first { $0.node == "c" && $0.slot == 1 })
        #expect(multiplier.isAllowed)
        let fromProd = graph.linkCandidates(from: "prod")
        let back = try #require(fromProd.first { $0.node == "sum" && $0.slot == 1 })
        #expect(back.refusal == .wouldCreateCycle(path: ["sum", "prod", "sum"]))
        #expect(graph.linkRefusal(from: "prod", to: "sum", slot: 1) == back.refusal)
        #expect(graph.linkRefusal(from: "one", to: "prod", slot: 1) == nil)
    }

    @Test func aLongerCycleIsNamedAlongItsWholePath() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "add")
        try graph.addNode("b", kind: "add", inputs: ["a"])
        try graph.addNode("c", kind: "add", inputs: ["b"])
        try graph.addNode("d", kind: "add", inputs: ["c"])
        #expect(throws: GraphError.wouldCreateCycle(path: ["a", "b", "c", "d", "a"])) {
            try graph.link(from: "d", to: "a", slot: 0)
        }
    }
}

@Suite struct LinkCandidateTests {
    @Test func aLongChainsCandidatesNameEachLoopAlongItsWholePath() throws {
        var graph = Graph()
        try graph.addNode("n0", kind: "number")
        for index in 1..<2_000 { try graph.addNode("n\(index)", kind: "add", inputs: ["n\(index - 1)"]) }
        let candidates = graph.linkCandidates(from: "n1999")
        #expect(candidates.count == 1_999 * 3)
        #expect(candidates.filter(\.isAllowed).isEmpty)
        let first = try #require(candidates.first { $0.node == "n1" && $0.slot == 2 })
        guard case .wouldCreateCycle(let path)? = first.refusal else {
            Issue.record("expected a cycle, got \(String(describing: first.refusal))")
            return
        }
        #expect(path.count == 2_000)
        #expect(path.first == "n1" && path.last == "n1" && path[path.count - 2] == "n1999")
        #expect(graph.linkRefusal(from: "n1999", to: "n1", slot: 2) == first.refusal)
    }

    @Test func candidatesCompareByTheirSlotAndRefusal() throws {
        let graph = try smallCalculator()
        let once = graph.linkCandidates(from: "sum")
        let again = graph.linkCandidates(from: "sum")
        #expect(Set(once) == Set(again))
        let own = try #require(once.first { $0.node == "sum" })
        #expect(
            own
                == LinkCandidate(
                    node: "sum", slot: 0, label: "x", refusal: .wouldCreateCycle(path: ["sum", "sum"]),
                    isLinked: false))
    }
}

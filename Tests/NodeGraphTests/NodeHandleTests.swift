import NodeGraph
import NodeGraphTesting
import Testing

/// A `NodeHandle` answers exactly as its id would, whatever happened to its node since.
@Suite struct NodeHandleTests {
    @Test func aNodesFactsAnswerAsEachQuestionByIdDoes() throws {
        var checker = GraphChecker(graph: Graph())
        let edits = RandomEdits()
        var random = SplitMix64(seed: 11)
        for _ in 0..<300 { _ = checker.apply(edits.edit(from: random.next(), in: checker.graph)) }
        for graph in [checker.graph, try averageGraph()] {
            #expect(graph.facts(of: "missing") == nil)
            #expect(graph.count >= 3)
            for id in graph.nodeIDs {
                let facts = try #require(graph.facts(of: id))
                #expect(facts.kind.name == graph.kind(of: id)?.name)
                #expect(facts.name == graph.name(of: id))
                #expect(facts.position == graph.position(of: id))
                #expect(facts.value == graph.value(of: id))
                #expect(facts.parameter == graph.parameter(of: id))
                #expect(facts.inputs == graph.inputs(of: id))
                #expect(facts.inputValues == graph.inputs(of: id).map { $0.flatMap(graph.value(of:)) })
                #expect(facts.isInstance == (graph.instanceSummary(of: id) != nil))
            }
        }
        #expect(try averageGraph().facts(of: "avg")?.isInstance == true, "a group's instance")
    }

    @Test func nodesWalkedByPlaceAnswerAsTheirIdsDo() throws {
        // Nodes removed after random edits leave free places between the nodes kept.
        var checker = GraphChecker(graph: Graph())
        let edits = RandomEdits()
        var random = SplitMix64(seed: 5)
        for _ in 0..<300 { _ = checker.apply(edits.edit(from: random.next(), in: checker.graph)) }
        var graph = checker.graph
        for (index, id) in graph.nodeIDs.enumerated() where index % 5 == 1 { _ = try graph.removeNode(id) }
        var walked: [NodeID] = []
        graph.forEachNodePlace { place, id in
            walked.append(id)
            #expect(Int(place) < graph.nodePlaceEnd)
            let facts = graph.facts(ofNodeAt: place)
            #expect(facts.name == graph.name(of: id) && facts.position == graph.position(of: id))
            #expect(facts.inputs == graph.inputs(of: id))
            // Each linked slot, with the place of its upstream node: the place walked for that id.
            var upstreams = [NodeID?](repeating: nil, count: facts.inputs.count)
            graph.forEachUpstream(ofNodeAt: place) { slot, upstream in
                graph.forEachNodePlace { other, otherID in if other == upstream { upstreams[slot] = otherID }
                }
            }
            #expect(upstreams == graph.inputs(of: id), "\(id)")
        }
        #expect(walked == graph.nodeIDs)
        #expect(graph.count > 20 && graph.nodePlaceEnd > graph.count, "some places are free")
    }

    @Test func aHandleAnswersAsItsIdForEveryPairAndSlot() throws {
        var checker = GraphChecker(graph: Graph())
        let edits = RandomEdits()
        var random = SplitMix64(seed: 7)
        for _ in 0..<400 { _ = checker.apply(edits.edit(from: random.next(), in: checker.graph)) }
        let graph = checker.graph
        let ids = graph.nodeIDs + ["missing"]
        #expect(graph.count > 20)
        var refusals = Set<String>()
        for from in ids {
            for to in ids {
                for slot in -1...3 {
                    let byID = graph.linkRefusal(from: from, to: to, slot: slot)
                    guard let a = graph.handle(of: from), let b = graph.handle(of: to) else {
                        #expect(byID == .unknownNode(graph.contains(from) ? to : from))
                        continue
                    }
                    #expect(graph.linkRefusal(from: a, to: b, slot: slot) == byID)
                    // The answer is what linking does (a separate path through `apply`).
                    var copy = graph
                    do throws(GraphError) {
                        try copy.apply(.link(from: from, to: to, slot: slot))
                        #expect(byID == nil, "\(from) → \(to) slot \(slot) was linked, but refused: \(byID!)")
                    } catch {
                        #expect(byID == error)
                    }
                    refusals.insert(byID.map { "\($0)".components(separatedBy: ":").first! } ?? "accepted")
                }
            }
            if let handle = graph.handle(of: from) {
                #expect(handle.id == from)
                #expect(graph.value(of: handle) == graph.value(of: from))
            }
        }
        // The pairs covered accepted links, cycles, type mismatches and missing slots.
        #expect(refusals.contains("accepted"))
        #expect(refusals.contains("would create a cycle"))
        #expect(refusals.contains { $0.hasPrefix("node ") })
        #expect(graph.handle(of: "missing") == nil)
    }

    /// `a` (1) and `b` (2) feeding `sum`, and handles for `a` and `sum`.
    private func sumOfTwo() throws -> (graph: Graph, a: NodeHandle, sum: NodeHandle) {
        var graph = Graph()
        try graph.addNode("a", kind: "number", value: .number(1))
        try graph.addNode("b", kind: "number", value: .number(2))
        try graph.addNode("sum", kind: "add", inputs: ["a", "b"])
        return (graph, try #require(graph.handle(of: "a")), try #require(graph.handle(of: "sum")))
    }

    @Test func aHandleFollowsItsIdAfterTheNodeIsRemovedOrMoved() throws {
        var (graph, a, sum) = try sumOfTwo()
        #expect(graph.linkRefusal(from: a, to: sum, slot: 2) == nil)

        try graph.removeNode("a")
        #expect(graph.value(of: a) == nil)
        #expect(graph.linkRefusal(from: a, to: sum, slot: 2) == .unknownNode("a"))
        #expect(graph.linkRefusal(from: sum, to: a, slot: 0) == .unknownNode("a"))

        // Another node takes the index "a" had: the handle must not read it.
        try graph.addNode("other", kind: "number", value: .number(9))
        #expect(graph.value(of: a) == nil)
        #expect(graph.linkRefusal(from: a, to: sum, slot: 2) == .unknownNode("a"))

        // "a" again, elsewhere: the handle finds it by id.
        try graph.addNode("a", kind: "number", value: .number(5))
        #expect(graph.value(of: a) == .number(5))
        #expect(
            graph.linkRefusal(from: sum, to: a, slot: 0) == .unknownSlot(node: "a", slot: 0, slotCount: 0))
        #expect(graph.linkRefusal(from: a, to: sum, slot: 2) == nil)

        // A handle from a copy that has since changed answers for the copy it is asked.
        var copy = graph
        try copy.removeNode("sum")
        #expect(copy.value(of: sum) == nil)
        #expect(graph.value(of: sum) == .number(2))
    }

    @Test func settingAndLinkingByHandleFollowTheId() throws {
        var (graph, a, sum) = try sumOfTwo()

        let change = try graph.setValue(.number(5), of: a)
        #expect(change.recomputed == ["a", "sum"])
        #expect(change.edit == .setValue(node: "a", value: .number(5)))
        #expect(change.inverse == .setValue(node: "a", value: .number(1)))
        #expect(graph.value(of: sum) == .number(7))
        #expect(try graph.setValue(.number(5), of: a).recomputed.isEmpty)
        #expect(throws: GraphError.nonFiniteValue(node: "a")) {
            try graph.setValue(.number(.infinity), of: a)
        }
        #expect(throws: GraphError.notASource("sum", kind: "add")) { try graph.setValue(.number(1), of: sum) }

        let relink = try graph.link(from: a, to: sum, slot: 1)
        #expect(relink.inverse == .link(from: "b", to: "sum", slot: 1))
        #expect(graph.value(of: sum) == .number(10))
        #expect(throws: GraphError.wouldCreateCycle(path: ["sum", "sum"])) {
            try graph.link(from: sum, to: sum, slot: 0)
        }

        // Removed, its index taken by another node, then added again elsewhere.
        try graph.removeNode("a")
        #expect(throws: GraphError.unknownNode("a")) { try graph.setValue(.number(1), of: a) }
        #expect(throws: GraphError.unknownNode("a")) { try graph.link(from: a, to: sum, slot: 0) }
        try graph.addNode("other", kind: "number", value: .number(9))
        #expect(throws: GraphError.unknownNode("a")) { try graph.setValue(.number(1), of: a) }
        try graph.addNode("a", kind: "number", value: .number(3))
        try graph.link(from: a, to: sum, slot: 0)
        #expect(try graph.setValue(.number(4), of: a).recomputed == ["a", "sum"])
        #expect(graph.value(of: sum) == .number(4))
        #expect(graph.value(of: "other") == .number(9))
    }

    @Test func aCycleThroughHandlesNamesItsPath() throws {
        var graph = Graph()
        try graph.addNode("a", kind: "number")
        try graph.addNode("b", kind: "add", inputs: ["a"])
        try graph.addNode("c", kind: "add", inputs: ["b"])
        let b = try #require(graph.handle(of: "b"))
        let c = try #require(graph.handle(of: "c"))
        #expect(graph.linkRefusal(from: c, to: b, slot: 1) == .wouldCreateCycle(path: ["b", "c", "b"]))
        #expect(graph.linkRefusal(from: c, to: c, slot: 1) == .wouldCreateCycle(path: ["c", "c"]))
        #expect(c.description == "c")
    }
}

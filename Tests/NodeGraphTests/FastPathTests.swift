import NodeGraph
import NodeGraphTesting
import Testing

/// The performance paths (sequential evaluation while index order is topological, the scattered
/// maintained order otherwise, the inlined add, the number-source `setValue` path, compact ids)
/// must agree with evaluation from scratch and keep every invariant.
@Suite struct FastPathTests {
    /// A chain n0 → n1 → … built in order, so index order is the maintained order.
    func chain(_ count: Int) throws -> Graph {
        var graph = Graph()
        try graph.addNode("n0", kind: "number", value: .number(1))
        for i in 1..<count { try graph.addNode(NodeID("n\(i)"), kind: "add", inputs: [NodeID("n\(i - 1)")]) }
        return graph
    }

    func expectConsistent(_ graph: Graph) throws {
        try graph.checkInvariants()
        #expect(graph.currentValues() == graph.valuesFromScratch())
        var g = graph
        g.evaluateAll()
        #expect(g.currentValues() == graph.valuesFromScratch())
        let order = graph.topologicalOrder()
        #expect(order.count == graph.count)
        var position: [NodeID: Int] = [:]
        for (index, id) in order.enumerated() { position[id] = index }
        for id in order {
            for input in graph.inputs(of: id) {
                if let input { #expect(position[input]! < position[id]!) }
            }
        }
    }

    @Test func evaluationAgreesAfterALinkReordersNodes() throws {
        var graph = try chain(20)
        // A node added last feeds an early one: the maintained order must move it first.
        try graph.addNode("late", kind: "number", value: .number(5))
        try graph.link(from: "late", to: "n3", slot: 1)
        try expectConsistent(graph)
        try graph.setValue(.number(7), of: "late")
        try expectConsistent(graph)
        #expect(graph.value(of: "n19") == .number(8))
    }

    @Test func evaluationAgreesAfterARemovedIndexIsReused() throws {
        var graph = try chain(10)
        try graph.removeNode("n4")
        try graph.addNode("reused", kind: "add", inputs: ["n8"])  // takes n4's index, after n8
        try graph.link(from: "reused", to: "n9", slot: 2)
        try expectConsistent(graph)
        try graph.setValue(.number(3), of: "n0")
        try expectConsistent(graph)
    }

    /// A node given another kind and back gets new slots after everyone else's (its old ones
    /// went to a node added meanwhile): a full evaluation must read them there, not after the
    /// previous node's.
    @Test func evaluationAgreesAfterANodesSlotsMoveToTheEnd() throws {
        var graph = try chain(10)
        try graph.setKind("multiply", of: "n4")
        try graph.addNode("extra", kind: "add", inputs: ["n9", "n9", "n9"])
        try graph.setKind("add", of: "n4")
        try graph.link(from: "n0", to: "n4", slot: 2)
        try graph.setValue(.number(2), of: "n0")
        #expect(graph.value(of: "n9") == .number(4))
        try expectConsistent(graph)
    }

    @Test func theInlinedAddFallsBackForErrorsAndColors() throws {
        var graph = Graph()
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("div", kind: "divide", inputs: ["one", "zero"])
        try graph.addNode("sum", kind: "add", inputs: ["one", "div", nil])
        #expect(graph.value(of: "sum")?.error != nil)
        try graph.setValue(.number(2), of: "zero")
        #expect(graph.value(of: "sum") == .number(1.5))
        try graph.addNode("huge", kind: "number", value: .number(1e308))
        try graph.addNode("overflow", kind: "add", inputs: ["huge", "huge"])
        #expect(graph.value(of: "overflow")?.error != nil)
        try expectConsistent(graph)
    }

    /// A number source keeps its held number as its value: a node holding an error that becomes
    /// one, and back, ends as it was, and what depends on it follows both ways.
    @Test func anErrorNodeTurnedIntoANumberSourceAndBackEndsAsItWas() throws {
        var graph = Graph()
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("ratio", kind: "divide", inputs: ["one", "zero"])
        try graph.addNode("sum", kind: "add", inputs: ["ratio"])
        let before = graph
        let change = try graph.setKind("number", of: "ratio")
        #expect(graph.value(of: "sum") == .number(0))
        #expect(change.recomputed == ["ratio", "sum"])
        try graph.apply(change.inverse)
        #expect(graph == before)
        #expect(graph.value(of: "sum")?.error != nil)
        try expectConsistent(graph)
    }

    /// A batch that changes a number and then groups nodes (which copies storage on the way)
    /// still recomputes everything downstream of the number.
    @Test func aNumberChangedBeforeAGroupingInOneBatchRecomputesItsDependents() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum", "two"])
        try graph.addNode("after", kind: "add", inputs: ["prod"])
        let change = try graph.apply(
            .batch([
                .setValue(node: "one", value: .number(5)),
                .group(nodes: ["prod"], kind: "doubled", name: "Doubled", id: "prod"),
            ]))
        #expect(graph.value(of: "after") == .number(14))
        #expect(change.recomputed.contains("after"))
        try expectConsistent(graph)
    }

    /// Found by `GraphChecker.run` (seed 1005765 from `smallCalculator()`): the number came back
    /// within the batch, yet its dependents were recomputed as if it had changed.
    @Test func aNumberSetAndSetBackInOneBatchRecomputesNothingDownstream() throws {
        var graph = try smallCalculator()
        try graph.addNode("prod", kind: "multiply", inputs: ["sum", "two"])
        let before = graph
        let change = try graph.apply(
            .batch([.setValue(node: "one", value: .number(9)), .setValue(node: "one", value: .number(1))]))
        #expect(Array(change.recomputed) == ["one"])
        #expect(graph == before)
        // Set back and changed again: changed.
        let again = try graph.apply(
            .batch([
                .setValue(node: "one", value: .number(9)), .setValue(node: "one", value: .number(1)),
                .setValue(node: "one", value: .number(4)),
            ]))
        #expect(Array(again.recomputed) == ["one", "sum", "prod"])
        #expect(graph.value(of: "prod") == .number(12))
        try expectConsistent(graph)
        var checker = GraphChecker(graph: before)
        checker.apply(
            .batch([
                .setValue(node: "one", value: .number(-4)),
                .addNode(NodeDescription(id: "f", kind: "formula")),
                .setValue(node: "one", value: .number(1)),
            ]))
        #expect(checker.violations == [])
    }

    @Test func settingANumberSourceReportsChangesAndInverses() throws {
        var graph = try chain(5)
        let same = try graph.setValue(.number(1), of: "n0")
        #expect(same.recomputed.isEmpty)
        #expect(same.inverse == .setValue(node: "n0", value: .number(1)))
        let change = try graph.setValue(.number(2), of: "n0")
        #expect(change.recomputed == ["n0", "n1", "n2", "n3", "n4"])
        #expect(change.inverse == .setValue(node: "n0", value: .number(1)))
        #expect(throws: GraphError.nonFiniteValue(node: "n0")) {
            try graph.setValue(.number(.infinity), of: "n0")
        }
        #expect(graph.value(of: "n4") == .number(2))
        // 0 and -0 are the same value: nothing downstream recomputes.
        try graph.setValue(.number(0), of: "n0")
        #expect(try graph.setValue(.number(-0.0), of: "n0").recomputed.isEmpty)
    }

    @Test func longAndNonASCIIIdsStillResolve() throws {
        var graph = Graph()
        let long = NodeID(String(repeating: "x", count: 40))
        try graph.addNode(long, kind: "number", value: .number(2))
        try graph.addNode("ñandú", kind: "add", inputs: [long])
        try graph.addNode("n\u{0301}", kind: "add", inputs: ["ñandú"])
        #expect(graph.value(of: "n\u{0301}") == .number(2))
        #expect(graph.contains(long) && graph.contains("ñandú"))
        #expect(throws: GraphError.self) { try graph.addNode("bad\u{7}", kind: "number") }
        try expectConsistent(graph)
    }

    /// A short id may reach the graph as an inline string or as a heap string with the same
    /// bytes; both must name the same node, whichever form it was added in. Lengths 1–16 cover
    /// every way the id table reads a short id's words.
    @Test func shortIdsResolveWhetherInlineOrNot() throws {
        func onHeap(_ text: String) -> NodeID {
            var heap = String()
            heap.reserveCapacity(64)  // a native buffer, not an inline string
            heap += text
            return NodeID(heap)
        }
        var graph = Graph()
        let texts =
            (1...16).map { length in String("abcdefghijklmnopq".prefix(length)) } + [
                "é", "ñandú", "n\u{0301}x",
            ]
        for (index, text) in texts.enumerated() {
            // Half are added through a heap string, half inline; every one is looked up both ways.
            let id = index.isMultiple(of: 2) ? onHeap(text) : NodeID(text)
            try graph.addNode(id, kind: "number", value: .number(Double(index)))
        }
        for (index, text) in texts.enumerated() {
            #expect(graph.value(of: NodeID(text)) == .number(Double(index)), "\(text) inline")
            #expect(graph.value(of: onHeap(text)) == .number(Double(index)), "\(text) on the heap")
            #expect(throws: GraphError.duplicateNode(NodeID(text))) {
                try graph.addNode(onHeap(text), kind: "number")
            }
        }
        #expect(graph.value(of: "abcdefghijklmnopq") == nil)
        #expect(graph.value(of: onHeap("ab\u{0}")) == nil)
        try graph.removeNode(onHeap("abc"))
        #expect(!graph.contains("abc") && graph.contains("abcd"))
        try expectConsistent(graph)
    }

    /// Large regions are recomputed by a sequential sweep: same values, a valid order, and a node
    /// whose inputs did not change is not recomputed.
    @Test func aLargeUpdateSweepsAndStillCutsOff() throws {
        var graph = try chain(6000)
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("gate", kind: "multiply", inputs: ["n3000", "zero"])
        try graph.addNode("after", kind: "add", inputs: ["gate"])
        try graph.addNode("other", kind: "number", value: .number(1))
        try graph.addNode("mixed", kind: "add", inputs: ["other", "n5999"])
        let change = try graph.setValue(.number(2), of: "n0")
        // Every chain node, gate (an input changed) and mixed; not after (gate's value stayed 0).
        #expect(change.recomputed.count == 6000 + 2)
        #expect(!change.recomputed.contains("after") && change.recomputed.contains("gate"))
        var position: [NodeID: Int] = [:]
        for (index, id) in change.recomputed.enumerated() { position[id] = index }
        for id in change.recomputed {
            for input in graph.inputs(of: id) {
                if let input, let before = position[input] { #expect(before < position[id]!) }
            }
        }
        #expect(graph.value(of: "mixed") == .number(3))
        try expectConsistent(graph)
        // After a reordering link, index order is no longer the order: the out-list path runs.
        try graph.addNode("late", kind: "number", value: .number(1))
        try graph.link(from: "late", to: "n1", slot: 1)
        let again = try graph.setValue(.number(3), of: "n0")
        #expect(again.recomputed.count == 6000 + 2)
        try expectConsistent(graph)
    }

    /// A loop of 10,000 nodes: the two searches meet halfway, and the loop read back from both
    /// is a real path of links; the graph is unchanged.
    @Test func aLongCycleIsNamedAlongARealPath() throws {
        let graph = try chain(10_000)
        var attempt = graph
        let refusal = #expect(throws: GraphError.self) { try attempt.link(from: "n9999", to: "n1", slot: 1) }
        guard case .wouldCreateCycle(let path)? = refusal else {
            Issue.record("expected a cycle refusal, got \(String(describing: refusal))")
            return
        }
        #expect(path.count == 10_000)
        #expect(path.first == "n1" && path.last == "n1" && path[path.count - 2] == "n9999")
        for index in 0..<path.count - 2 {
            #expect(
                graph.inputs(of: path[index + 1]).contains(path[index]),
                "\(path[index]) does not feed \(path[index + 1])")
        }
        #expect(attempt == graph)
        try expectConsistent(attempt)
        // A later search starts from idle marks: a short loop is still named exactly.
        #expect(throws: GraphError.wouldCreateCycle(path: ["n5", "n6", "n5"])) {
            try attempt.link(from: "n6", to: "n5", slot: 1)
        }
    }

    /// A reordering link between two long chains: no loop, both searches are finished, the order
    /// is repaired, values and invariants agree with evaluation from scratch.
    @Test func aLargeReorderingLinkKeepsTheOrder() throws {
        // Chain a (indices 0…5000), then chain b (5001…10001): b's end comes after all of a.
        var graph = Graph()
        try graph.addNode("a0", kind: "number", value: .number(1))
        for i in 1...5000 { try graph.addNode(NodeID("a\(i)"), kind: "add", inputs: [NodeID("a\(i - 1)")]) }
        try graph.addNode("b0", kind: "number", value: .number(2))
        for i in 1...5000 { try graph.addNode(NodeID("b\(i)"), kind: "add", inputs: [NodeID("b\(i - 1)")]) }
        let change = try graph.link(from: "b5000", to: "a1", slot: 1)
        #expect(change.recomputed.count == 5000)
        #expect(graph.value(of: "a5000") == .number(3))
        try expectConsistent(graph)
        // And the other way round is now a loop.
        #expect(throws: GraphError.self) { try graph.link(from: "a5000", to: "b1", slot: 1) }
        try expectConsistent(graph)
    }

    /// The remembered last kind must never answer for a name it was not given: an empty kind
    /// name on a fresh graph once matched the empty cache (found by the journal fuzz target).
    @Test func anEmptyKindNameIsUnknownWhateverWasLookedUpBefore() throws {
        var fresh = Graph()
        #expect(throws: GraphError.unknownKind("")) { try fresh.addNode("a", kind: "") }
        var graph = try chain(3)
        #expect(throws: GraphError.unknownKind("")) { try graph.addNode("x", kind: "") }
        #expect(throws: GraphError.unknownKind("")) { try graph.setKind("", of: "n1") }
        let copy = graph
        #expect(throws: GraphError.unknownKind("")) { try graph.addNode("y", kind: "") }
        #expect(graph == copy)
        try graph.addNode("z", kind: "add")
        #expect(graph.kind(of: "z")?.name == "add")
    }
}

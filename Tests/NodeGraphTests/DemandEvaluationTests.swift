import NodeGraphTesting
import PropertyBased
import Synchronization
import Testing

@testable import NodeGraph

/// Demand-driven evaluation: with observations, an edit recomputes what the observed nodes
/// need and marks the rest stale; a stale node is brought up to date when read. Counted, not
/// timed.
@Suite struct DemandEvaluationTests {
    let log = EvaluationLog()

    /// `s` (a number, 1) feeds `m`, which feeds the ten nodes `o0`…`o9`; `s` also feeds the
    /// hundred nodes `u0`…`u99`. Every node but `s` is counted and computes its input plus one.
    func graph() throws -> Graph {
        var registry = KindRegistry.standard
        registry.register(CountedKind(name: "counted", log: log, cost: .nanoseconds(50)))
        var graph = Graph(registry: registry)
        try graph.addNode("s", kind: "number", value: .number(1))
        try graph.addNode("m", kind: "counted", inputs: ["s"])
        for index in 0..<10 { try graph.addNode(NodeID("o\(index)"), kind: "counted", inputs: ["m"]) }
        for index in 0..<100 { try graph.addNode(NodeID("u\(index)"), kind: "counted", inputs: ["s"]) }
        log.count.store(0, ordering: .relaxed)
        return graph
    }

    var observed: [NodeID] { (0..<10).map { NodeID("o\($0)") } }
    var evaluations: Int { log.count.load(ordering: .relaxed) }

    @Test func anEditEvaluatesOnlyTheObservedNodesAndTheirAncestors() throws {
        var graph = try graph()
        let observation = graph.observe(observed)
        let change = try graph.setValue(.number(5), of: "s")
        #expect(evaluations == 11, "m and the ten observed nodes")
        #expect(Set(change.recomputed) == Set(["s", "m"] + observed))
        #expect(change.recomputed.count == 12)
        #expect(graph.value(of: "o4") == .number(7))
        #expect(graph.isStale("u5"))
        #expect(!graph.isStale("o4"))
        observation.end()
    }

    @Test func readingAStaleNodeEvaluatesItOnce() throws {
        var graph = try graph()
        let observation = graph.observe(observed)
        try graph.setValue(.number(5), of: "s")
        log.count.store(0, ordering: .relaxed)
        #expect(graph.value(of: "u5") == .number(6))
        #expect(evaluations == 1)
        #expect(graph.value(of: "u5") == .number(6))
        #expect(evaluations == 1, "now up to date")
        #expect(!graph.isStale("u5"))
        withExtendedLifetime(observation) {}
    }

    @Test func aNewObservationBringsItsStaleNodesUpToDate() throws {
        var graph = try graph()
        let observation = graph.observe(observed)
        try graph.setValue(.number(5), of: "s")
        log.count.store(0, ordering: .relaxed)
        let more = graph.observe(["u3", "u4"])
        #expect(evaluations == 2)
        #expect(!graph.isStale("u3") && !graph.isStale("u4"))
        withExtendedLifetime((observation, more)) {}
    }

    @Test func withoutObservationsAnEditRecomputesEverythingItAffects() throws {
        var graph = try graph()
        let change = try graph.setValue(.number(5), of: "s")
        #expect(evaluations == 111)
        #expect(change.recomputed.count == 112)
        #expect(!graph.isStale("u5"))
    }

    @Test func droppingTheObservationRestoresTheFullRecompute() throws {
        var graph = try graph()
        do {
            let observation = graph.observe(observed)
            try graph.setValue(.number(5), of: "s")
            withExtendedLifetime(observation) {}
        }
        #expect(graph.isStale("u0"))
        log.count.store(0, ordering: .relaxed)
        try graph.setValue(.number(6), of: "s")
        #expect(evaluations == 111, "every node the edit affects, the stale ones included, once")
        #expect((0..<100).allSatisfy { !graph.isStale(NodeID("u\($0)")) })
        #expect(graph.value(of: "u7") == .number(7))
    }

    @Test func endingAnObservationTwiceUnobservesOnce() throws {
        var graph = try graph()
        let first = graph.observe(["o1"])
        let second = graph.observe(["o1"])
        first.end()
        first.end()
        try graph.setValue(.number(5), of: "s")
        #expect(evaluations == 2, "o1 is still observed by the second: m and o1")
        second.end()
    }

    @Test func randomEditsUnderObservationReadTheValuesOfAFullRecompute() async {
        let edits = RandomEdits()
        await propertyCheck(count: 150, input: Gen.uint64().array(of: 1...60)) { codes in
            var onDemand = Graph()
            var full = Graph()
            var observations: [NodeObservation] = []
            for code in codes {
                let edit = edits.edit(from: code, in: full)
                let expected = try? full.apply(edit)
                let change = try? onDemand.apply(edit)
                #expect((change == nil) == (expected == nil), "\(edit)")
                if let change {
                    #expect(
                        Set(change.recomputed).count == change.recomputed.count, "each node once: \(edit)")
                }
                // Observe a few nodes now and then; end an observation now and then.
                let ids = full.nodeIDs.sorted()
                if code % 3 == 0, !ids.isEmpty {
                    observations.append(onDemand.observe([ids[Int(code / 3 % UInt64(ids.count))]]))
                }
                if code % 7 == 0, !observations.isEmpty { observations.removeFirst().end() }
                for observation in observations {
                    for id in observation.nodes where full.contains(id) {
                        #expect(onDemand.value(of: id) == full.value(of: id), "observed \(id) after \(edit)")
                    }
                }
            }
            #expect(onDemand.currentValues() == full.currentValues())
            #expect(onDemand == full)
            withExtendedLifetime(observations) {}
        }
    }
    /// An edit reaching more nodes than the sequential passes follow link by link (the region
    /// then found by a sweep over the indices): under observation it evaluates exactly the
    /// observed nodes and those of their ancestors it reaches, each once and after its inputs,
    /// and the values read afterwards are a full recompute's.
    @Test func anEditReachingMostOfALargeGraphEvaluatesWhatTheObservedNodesNeed() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let count = 6_000
        var inputs: [[Int]] = []
        var onDemand = Graph()
        var full = Graph()
        for node in 0..<count {
            let id = NodeID("n\(node)")
            if node % 50 == 0 {
                inputs.append([])
                try onDemand.addNode(id, kind: "number", value: .number(Double(node)))
                try full.addNode(id, kind: "number", value: .number(Double(node)))
            } else {
                // One input among the twenty nodes before (so an early source reaches most of
                // the graph), up to two from anywhere before.
                let upstream = [node - 1 - next(min(node, 20))] + (0..<next(3)).map { _ in next(node) }
                inputs.append(upstream)
                let ids = upstream.map { NodeID("n\($0)") }
                try onDemand.addNode(id, kind: "add", inputs: ids)
                try full.addNode(id, kind: "add", inputs: ids)
            }
        }
        let observed = [5_999, 4_321, 3_007, 1_234]
        let observation = onDemand.observe(observed.map { NodeID("n\($0)") })
        var needed = Set(observed)
        var stack = observed
        while let node = stack.popLast() {
            for upstream in inputs[node] where needed.insert(upstream).inserted { stack.append(upstream) }
        }
        for round in 0..<12 {
            let source = 50 * next(8)
            var reached = Set([source])
            for node in (source + 1)..<count where inputs[node].contains(where: reached.contains) {
                reached.insert(node)
            }
            #expect(reached.count > 4_096, "the region outgrows the passes' budget")
            let id = NodeID("n\(source)")
            let change = try onDemand.setValue(.number(Double(round * 7 + 1)), of: id)
            try full.setValue(.number(Double(round * 7 + 1)), of: id)
            let recomputed = change.recomputed.map { Int($0.rawValue.dropFirst())! }
            #expect(Set(recomputed) == reached.intersection(needed), "round \(round)")
            #expect(recomputed.count == Set(recomputed).count, "each node once")
            let recomputedSet = Set(recomputed)
            var seen: Set<Int> = []
            for node in recomputed {
                #expect(
                    inputs[node].allSatisfy { !recomputedSet.contains($0) || seen.contains($0) },
                    "n\(node) after its inputs")
                seen.insert(node)
            }
            for node in observed {
                #expect(onDemand.value(of: NodeID("n\(node)")) == full.value(of: NodeID("n\(node)")))
            }
        }
        #expect(onDemand.hasStaleNodes)
        #expect(onDemand.currentValues() == full.currentValues())
        observation.end()
    }
}

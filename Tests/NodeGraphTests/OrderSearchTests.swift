import Testing

@testable import NodeGraph

/// The two-way search behind every link that goes against the maintained order: a refusal
/// touches about what the loop touches, and every loop it names is real.
@Suite struct OrderSearchTests {
    /// splitmix64 as the benchmark workloads define it.
    static func splitmix(_ seed: UInt64, _ i: UInt64) -> UInt64 {
        var z = seed &+ (i &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The random workload (../shared/bench/WORKLOADS.md): sources at i < 3 and every 50th, every
    /// other node the add of three distinct earlier nodes drawn with splitmix64. Node i is
    /// number i in the builder, so its index in the store.
    static func randomWorkload(_ n: Int) throws -> Graph {
        var builder = GraphBuilder()
        builder.reserveCapacity(nodes: n, slots: 3 * n)
        for i in 0..<n {
            if i < 3 || i % 50 == 0 {
                try builder.add(NodeID("n\(i)"), kind: "number", value: .number(1))
                continue
            }
            let u = UInt64(i)
            let a = splitmix(42, 3 * u) % u
            var b = splitmix(42, 3 * u + 1) % (u - 1)
            if b >= a { b += 1 }
            var c = splitmix(42, 3 * u + 2) % (u - 2)
            if c >= min(a, b) { c += 1 }
            if c >= max(a, b) { c += 1 }
            try builder.add(NodeID("n\(i)"), kind: "add", inputs: [Int(a), Int(b), Int(c)])
        }
        return builder.finish()
    }

    /// The smallest-id ancestor of `node` that has input slots (the workloads' cycle edge).
    static func smallestOperatorAncestor(of node: NodeID, in graph: Graph) -> NodeID {
        var seen: Set<NodeID> = [node]
        var stack = [node]
        var best: (number: Int, id: NodeID)?
        while let current = stack.popLast() {
            for case let input? in graph.inputs(of: current) where seen.insert(input).inserted {
                stack.append(input)
                let number = Int(input.rawValue.dropFirst())!
                if graph.kind(of: input)?.name == "add" && number < best?.number ?? Int.max {
                    best = (number, input)
                }
            }
        }
        return best!.id
    }

    /// Checks that `path` is `downstream → … → upstream → downstream` along real links.
    func expectRealLoop(_ path: NodeList, from upstream: NodeID, to downstream: NodeID, in graph: Graph) {
        #expect(path.first == downstream && path.last == downstream && path[path.count - 2] == upstream)
        for index in 0..<path.count - 2 {
            #expect(
                graph.inputs(of: path[index + 1]).contains(path[index]), "\(path[index]) → \(path[index + 1])"
            )
        }
    }

    @Test func aRefusalOnARandomGraphReachesAboutAsManyNodesAsItsLoopHas() throws {
        let n = 20_000
        var graph = try Self.randomWorkload(n)
        let upstream = NodeID("n\(n - 1)")
        let downstream = Self.smallestOperatorAncestor(of: upstream, in: graph)
        let before = graph
        let from = try #require(graph.store.index(of: upstream))
        let to = try #require(graph.store.index(of: downstream))
        let (loop, reached) = graph.placeLink(from: from, to: to)
        let path = try #require(loop, "the link \(upstream) → \(downstream) closes a loop")
        // The loop here has a handful of nodes; between its ends lie nearly all 20,000, and a
        // search forward from `downstream` alone reaches most of them.
        #expect(path.count < 30)
        #expect(reached <= 10 * path.count, "reached \(reached) nodes for a loop of \(path.count)")
        expectRealLoop(path, from: upstream, to: downstream, in: graph)
        #expect(graph == before)
        try graph.checkInvariants()
    }

    @Test func everyLinkAgainstTheOrderIsRefusedWithARealLoopOrAcceptedInOrder() throws {
        var graph = try Self.randomWorkload(2_000)
        var refused = 0
        for k in 0..<200 {
            let a = Int(Self.splitmix(7, UInt64(2 * k)) % 2_000)
            let b = Int(Self.splitmix(7, UInt64(2 * k + 1)) % 2_000)
            let upstream = NodeID("n\(max(a, b))"), downstream = NodeID("n\(min(a, b))")
            guard graph.kind(of: downstream)?.name == "add" else { continue }
            let asked = graph.linkRefusal(from: upstream, to: downstream, slot: 2)
            do {
                try graph.link(from: upstream, to: downstream, slot: 2)
                #expect(asked == nil)
            } catch {
                refused += 1
                #expect(asked == error)
                guard case .wouldCreateCycle(let path) = error else {
                    Issue.record("unexpected refusal \(error)")
                    continue
                }
                expectRealLoop(path, from: upstream, to: downstream, in: graph)
            }
        }
        #expect(refused > 0)
        try graph.checkInvariants()
        #expect(graph.currentValues() == graph.valuesFromScratch())
    }
}

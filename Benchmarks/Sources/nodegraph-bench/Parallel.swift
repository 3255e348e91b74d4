import NodeGraph

#if canImport(Glibc)
    import Glibc
#endif

// Parallel evaluation (`--op parallel`, run once at its fixed size, whatever `--n` says), through
// NodeGraph's public API:
//
// - `spin_1` / `spin_2`: a wide graph of 1,000 independent nodes (each fed by one number source)
//   of a kind that evaluates on any thread and spins 1 ms of its thread's CPU time (so that a
//   loaded machine stretches it, but does not shorten it), recomputed by setting the source:
//   with `parallelism` 1, then 2. Target: 2 threads ≥ 1.8 × faster than 1.
// - `cheap_1` / `cheap_2`: the same shape with 100,000 built-in `add` nodes (cheap: never
//   parallel): parallelism allowed must be no slower than not.

let parallelWidth = 1_000
let cheapWidth = 100_000

/// Spins about 1 ms of this thread's CPU time; its value is its input.
struct SpinKind: NodeKind {
    let name = "spin"
    let title = "Spin"
    let inputs = [SlotSpec("x", .number)]
    let outputType = ValueType.number
    var evaluatesOnAnyThread: Bool { true }
    var evaluationCost: Duration { .milliseconds(1) }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        var start = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        var now = start
        var spins = 0
        repeat {
            spins &+= 1
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        } while (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec) < 1_000_000
        blackHole(spins)
        return .number(inputs.number(0))
    }
}

/// A source `s` feeding `width` nodes of `kind`.
func wideGraph(kind: String, width: Int, registry: KindRegistry, parallelism: Int) -> Graph {
    var graph = Graph(registry: registry)
    graph.parallelism = parallelism
    do {
        try graph.addNode("s", kind: "number", value: .number(1))
        for index in 0..<width { try graph.addNode(NodeID("n\(index)"), kind: kind, inputs: ["s"]) }
    } catch {
        fatalError("parallel workload: \(error)")
    }
    return graph
}

func runParallel() -> [Record] {
    var registry = KindRegistry.standard
    registry.register(SpinKind())
    var records: [Record] = []
    func record(_ op: String, _ s: Sampled, nodes: Int, parallelism: Int) {
        let r = Record(
            engine: "nodegraph", workload: "parallel", n: nodes - 1, nodes: nodes, op: op,
            seconds: s.median, reps: s.reps, recomputes: s.recomputes,
            notes: [("processors", String(Graph.processorCount))],
            numbers: [("parallelism", Double(parallelism))])
        emit(r)
        records.append(r)
    }
    for (kind, width, name) in [("spin", parallelWidth, "spin"), ("add", cheapWidth, "cheap")] {
        for parallelism in [1, 2] {
            var graph = wideGraph(kind: kind, width: width, registry: registry, parallelism: parallelism)
            var one = false
            let sampled = measure {
                one.toggle()
                return (try? graph.setValue(.number(one ? 2 : 1), of: "s"))?.recomputed.count ?? 0
            }
            record("\(name)_\(parallelism)", sampled, nodes: graph.count, parallelism: parallelism)
        }
    }
    return records
}

import NodeGraph

// Demand-driven evaluation (`--op demand`, run once at 1e6 whatever `--n` says), through
// NodeGraph's public API (`Graph.observe(_:)`): an edit upstream of a million nodes of which ten
// are observed. What counts is how many nodes the edit evaluates, against what the ten observed
// nodes and their ancestors need, computed here from the workload's own arrays.
//
// - `demand_wide`: a source `s` feeding a node `m` that feeds the ten observed nodes, and a
//   million unobserved `add` nodes fed by `s` (the issue's shape): the edit needs `s`, `m` and
//   the ten.
// - `demand_random`: WORKLOADS.md's random graph at 1e6, the update source set, ten nodes spread
//   over the graph observed: the edit needs the observed nodes and those of their ancestors that
//   the source reaches.
//
// Each is measured with the ten observed (`demand_*`) and without any observation
// (`demand_*_all`, where every affected node is recomputed), on the same graph.

let demandWidth = 1_000_000
let demandObserved = 10

func runDemand() -> [Record] {
    var records: [Record] = []
    func record(
        _ op: String, _ sampled: Sampled, workload: String, nodes: Int, expected: Int, exact: Bool
    ) {
        let r = Record(
            engine: "nodegraph", workload: workload, n: demandWidth, nodes: nodes, op: op,
            seconds: sampled.median, reps: sampled.reps, recomputes: sampled.recomputes,
            notes: [("exact", exact ? "yes" : "no")],
            numbers: [("expected", Double(expected)), ("observed", Double(demandObserved))])
        emit(r)
        records.append(r)
    }

    // The wide shape.
    do {
        var graph = Graph()
        graph.reserveCapacity(
            nodes: demandWidth + 2 + demandObserved, slots: demandWidth + 1 + demandObserved)
        do {
            try graph.addNode("s", kind: "number", value: .number(1))
            try graph.addNode("m", kind: "add", inputs: ["s"])
            for index in 0..<demandObserved {
                try graph.addNode(NodeID("o\(index)"), kind: "add", inputs: ["m"])
            }
            for index in 0..<demandWidth {
                try graph.addNode(NodeID("u\(index)"), kind: "add", inputs: ["s"])
            }
        } catch {
            fatalError("demand workload: \(error)")
        }
        let observed = (0..<demandObserved).map { NodeID("o\($0)") }
        let needed = Set<NodeID>(["s", "m"] + observed)
        let observation = graph.observe(observed)
        var one = false
        var exact = true
        let sampled = measure {
            one.toggle()
            let change = try? graph.setValue(.number(one ? 2 : 1), of: "s")
            let recomputed = change?.recomputed ?? []
            if Set(recomputed) != needed || recomputed.count != needed.count { exact = false }
            return recomputed.count
        }
        if graph.value(of: "o3") != .number(one ? 2 : 1) { exact = false }
        record(
            "demand_wide", sampled, workload: "wide", nodes: graph.count, expected: needed.count, exact: exact
        )
        observation.end()
        let all = measure {
            one.toggle()
            return (try? graph.setValue(.number(one ? 2 : 1), of: "s"))?.recomputed.count ?? 0
        }
        record(
            "demand_wide_all", all, workload: "wide", nodes: graph.count, expected: graph.count, exact: true)
    }

    // The random shape.
    do {
        let w = Workload("random", n: demandWidth)
        var graph = buildGraph(w)
        let source = Int(w.updateSource)
        let observedNodes = (1...demandObserved).map { $0 * w.count / (demandObserved + 1) }
        // What the source reaches, along the out-lists made from the workload's inputs.
        var reached = [Bool](repeating: false, count: w.count)
        reached[source] = true
        for node in (source + 1)..<w.count where !w.isSource[node] {
            for k in 0..<3 {
                let up = Int(w.inputs[3 * node + k])
                if up >= 0 && reached[up] {
                    reached[node] = true
                    break
                }
            }
        }
        // The observed nodes and their ancestors, along the inputs.
        var needed = [Bool](repeating: false, count: w.count)
        var stack = observedNodes
        for node in observedNodes { needed[node] = true }
        while let node = stack.popLast() {
            guard !w.isSource[node] else { continue }
            for k in 0..<3 {
                let up = Int(w.inputs[3 * node + k])
                if up >= 0 && !needed[up] {
                    needed[up] = true
                    stack.append(up)
                }
            }
        }
        var expected = Set<Int32>()
        var affected = 0
        for node in 0..<w.count where reached[node] {
            affected += 1
            if needed[node] { expected.insert(Int32(node)) }
        }
        let observation = graph.observe(observedNodes.map { w.ids[$0] })
        var one = false
        var exact = true
        let sampled = measure {
            one.toggle()
            let change = try? graph.setValue(.number(one ? 2 : 1), of: w.ids[source])
            let recomputed = change?.recomputed ?? []
            if recomputed.count != expected.count || Set(recomputed.map(nodeNumber)) != expected {
                exact = false
            }
            return recomputed.count
        }
        record(
            "demand_random", sampled, workload: "random", nodes: w.count, expected: expected.count,
            exact: exact)
        observation.end()
        let all = measure {
            one.toggle()
            return (try? graph.setValue(.number(one ? 2 : 1), of: w.ids[source]))?.recomputed.count ?? 0
        }
        record("demand_random_all", all, workload: "random", nodes: w.count, expected: affected, exact: true)
    }
    return records
}

/// The report's section on demand-driven evaluation (issue 29): what an edit evaluates with ten
/// nodes observed, against what they need and against the edit without observation.
func demandSection(_ r: Results) -> String {
    var md = "## Demand-driven evaluation (issue 29)\n\n"
    let demand = r.records.filter { $0.op.hasPrefix("demand_") && !$0.op.hasSuffix("_all") }
    if demand.isEmpty { return md + "Not measured in this run (`--op demand`).\n\n" }
    md +=
        "An edit upstream of a million nodes of which ten are observed (`Graph.observe(_:)`; see `Benchmarks/Sources/nodegraph-bench/Demand.swift`). *Needed*: the observed nodes and those of their ancestors the edit reaches, counted from the workload's own arrays; *evaluated*: the nodes the edit's `Change` lists as recomputed, the edited source included, checked against the needed set node by node on every measured edit.\n\n"
    md +=
        "| shape | nodes | evaluated, ten observed | needed | the same edit unobserved | time observed | time unobserved | target |\n"
    md += "|---|---:|---:|---:|---:|---:|---:|---|\n"
    for d in demand {
        let all = r.records.first { $0.op == d.op + "_all" && $0.workload == d.workload }
        let needed = d.numbers.first { $0.0 == "expected" }?.1 ?? -1
        let exact = d.notes.first { $0.0 == "exact" }?.1 == "yes"
        let met = exact && d.recomputes == needed
        md += "| \(d.workload) | \(d.nodes) | \(Int(d.recomputes)) | \(Int(needed)) | "
        md += "\(all.map { "\(Int($0.recomputes))" } ?? "–") | \(fmtTime(d.seconds)) | "
        md +=
            "\(all.map { fmtTime($0.seconds) } ?? "–") | evaluated = needed: \(met ? "met" : "**missed**") |\n"
    }
    return md + "\n"
}

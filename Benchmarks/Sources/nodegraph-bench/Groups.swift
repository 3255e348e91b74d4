import NodeGraph
import NodeGraphFiles

#if canImport(Glibc)
    import Glibc
#endif

// The groups figures of issue 15 (`--op groups`, run once at its fixed sizes, whatever `--n`
// says), through NodeGraph's public API:
//
// - A definition of 100 nodes (2 group inputs, 1 number, 97 operators in layers: mostly adds,
//   some multiplies and subtracts, fed by the layer before; the output depends on every node; see
//   `groupsDefinition()`) used by 1,000
//   instances, instance j fed by sources j and j + 1 (1,001 sources). `groups_edit` sets the
//   number inside the definition (alternately 0.5 and 0.25), which changes every instance:
//   the definition is compiled again and all 1,000 instances recompute. `flat_eval` evaluates
//   the same graph flattened — every instance replaced by its 98 nodes, 99,001 nodes — from
//   scratch (`evaluateAll`). Target: `groups_edit` ≤ 2 × `flat_eval`.
// - `instances_eval`: `evaluateAll` of the grouped graph (every instance once), for scale.
// - `flat_file_10k_load`: loading (parse, check, build, evaluate) a 10,000-node file without
//   definitions (the random workload with grid positions), which must not be slower than before
//   groups; compared in BENCHMARKS.md by instruction counts with the library before groups.

let definitionSize = 100
let instanceCount = 1_000

/// The definition's nodes: `a`, `b` (group inputs), `k` (a number), then 90 operators in 9
/// layers of 10 — node j of a layer takes node j of the layer before first (so every node is
/// used), then nodes drawn with splitmix64 from it; mostly adds, some multiplies (by `k`) and
/// subtracts — and 7 adds summing the last layer into the output.
func groupsDefinition() -> DefinitionDescription {
    var nodes: [NodeDescription] = [
        NodeDescription(id: "a", kind: "groupInput", name: "a", value: .number(0)),
        NodeDescription(id: "b", kind: "groupInput", name: "b", value: .number(0)),
        NodeDescription(id: "k", kind: "number", value: .number(0.5)),
    ]
    let width = 10
    var previous: [NodeID] = ["a", "b", "k"]
    var count = 0
    func add(_ kind: String, _ inputs: [NodeID?]) -> NodeID {
        count += 1
        let id = NodeID("n\(count)")
        nodes.append(NodeDescription(id: id, kind: kind, inputs: inputs))
        return id
    }
    for layer in 0..<9 {
        var current: [NodeID] = []
        for j in 0..<width {
            func drawn(_ slot: Int) -> NodeID {
                previous[Int(splitmix(15, UInt64(3 * (layer * width + j) + slot)) % UInt64(previous.count))]
            }
            let first = previous[j % previous.count]
            switch splitmix(16, UInt64(layer * width + j)) % 10 {
            case 0: current.append(add("multiply", [first, "k"]))
            case 1: current.append(add("subtract", [first, drawn(1)]))
            default: current.append(add("add", [first, drawn(1), drawn(2)]))
            }
        }
        previous = current
    }
    while previous.count > 1 {
        previous = stride(from: 0, to: previous.count, by: 3).map { start in
            let group = Array(previous[start..<min(start + 3, previous.count)])
            return add("add", group + Array(repeating: nil, count: 3 - group.count))
        }
    }
    precondition(nodes.count == definitionSize, "the definition has \(nodes.count) nodes")
    return DefinitionDescription(
        kind: "block", name: "Block", inputs: ["a", "b"], output: previous[0], nodes: nodes)
}

/// How many of the definition's nodes its output depends on (itself included): what an instance
/// evaluates.
func groupsOutputCone() -> Int {
    let definition = groupsDefinition()
    let inputsOf = Dictionary(uniqueKeysWithValues: definition.nodes.map { ($0.id, $0.inputs) })
    var seen: Set<NodeID> = [definition.output]
    var stack = [definition.output]
    while let next = stack.popLast() {
        for case let input? in inputsOf[next] ?? [] where seen.insert(input).inserted { stack.append(input) }
    }
    return seen.count
}

/// The graph with 1,000 instances, and the same graph flattened.
func groupsGraphs() -> (grouped: Graph, flat: Graph) {
    let definition = groupsDefinition()
    var grouped = Graph()
    var flat = Graph()
    do {
        try grouped.apply(.addDefinition(definition))
        for source in 0...instanceCount {
            let value = Value.number(Double(source % 7) + 1)
            try grouped.addNode(NodeID("s\(source)"), kind: "number", value: value)
            try flat.addNode(NodeID("s\(source)"), kind: "number", value: value)
        }
        for instance in 0..<instanceCount {
            let inputs = [NodeID("s\(instance)"), NodeID("s\(instance + 1)")]
            try grouped.addNode(NodeID("i\(instance)"), kind: "block", inputs: inputs)
            let prefix = "i\(instance)/"
            for node in definition.nodes where node.kind != "groupInput" {
                let mapped: [NodeID?] = node.inputs.map { input in
                    guard let input else { return nil }
                    if input == "a" { return inputs[0] }
                    if input == "b" { return inputs[1] }
                    return NodeID(prefix + input.rawValue)
                }
                try flat.addNode(
                    NodeID(prefix + node.id.rawValue), kind: node.kind, value: node.value, inputs: mapped)
            }
        }
    } catch {
        fatalError("groups workload: \(error)")
    }
    return (grouped, flat)
}

func runGroups() -> [Record] {
    var (grouped, flat) = groupsGraphs()
    let output = grouped.definition(named: "block")!.output
    precondition(
        grouped.value(of: "i7") == flat.value(of: NodeID("i7/\(output.rawValue)")),
        "grouped and flat values differ")
    var records: [Record] = []
    func record(_ op: String, _ s: Sampled, nodes: Int) {
        let r = Record(
            engine: "nodegraph", workload: "groups", n: nodes, nodes: nodes, op: op, seconds: s.median,
            reps: s.reps, recomputes: s.recomputes,
            notes: [("definition", "\(definitionSize) nodes"), ("instances", "\(instanceCount)")],
            numbers: [("output_cone", Double(groupsOutputCone()))])
        emit(r)
        records.append(r)
    }
    var half = false
    record(
        "groups_edit",
        measure {
            half.toggle()
            let edit = Edit.inside(
                definition: "block", .setValue(node: "k", value: .number(half ? 0.25 : 0.5)))
            return (try? grouped.apply(edit))?.recomputed.count ?? 0
        }, nodes: grouped.count)
    record("flat_eval", measure { flat.evaluateAll() }, nodes: flat.count)
    record("instances_eval", measure { grouped.evaluateAll() }, nodes: grouped.count)
    records += [runFlatFile()]
    return records
}

/// Loading a 10,000-node file without definitions.
func runFlatFile() -> Record {
    let w = Workload("random", n: 10_000)
    let path = "/tmp/nodegraph-bench-flat-\(getpid()).json"
    defer { unlink(path) }
    try! GraphFile.save(positionedGraph(w, layer: 100), to: path)
    let load = measureFresh(
        setup: { () }, body: { _ in try! GraphFile.load(path: path) }, teardown: { blackHole($0) })
    let r = Record(
        engine: "nodegraph", workload: "groups", n: w.count, nodes: w.count, op: "flat_file_10k_load",
        seconds: load.median, reps: load.reps, recomputes: 0)
    emit(r)
    return r
}

func groupsSection(_ r: Results) -> String {
    var md = "## Groups\n\n"
    let groups = r.records.filter { $0.workload == "groups" }
    func figure(_ op: String) -> Record? { groups.filter { $0.op == op }.min { $0.seconds < $1.seconds } }
    guard let edit = figure("groups_edit"), let flat = figure("flat_eval") else {
        return md + "Not measured in this run (`--op groups`).\n\n"
    }
    md += """
        A definition of \(definitionSize) nodes used by 1,000 instances (see
        `Benchmarks/Sources/nodegraph-bench/Groups.swift`): 2 group inputs, a number and 97
        operators in layers (mostly adds, some multiplies and subtracts); its output depends on
        \(groupsOutputCone()) of its nodes, which an instance evaluates. An edit inside the
        definition (setting the number in it) compiles it again and recomputes every instance; the
        same graph flattened, every instance replaced by its nodes, has \(flat.nodes) nodes,
        evaluated from scratch. Instruction counts are in the notes below.


        """
    func perNode(_ seconds: Double) -> String {
        String(format: "%.2f ns", seconds / Double(flat.nodes) * 1e9)
    }
    md += "| figure | median | per flattened node | target |\n|---|---:|---:|---|\n"
    let ratio = edit.seconds / flat.seconds
    md +=
        "| edit inside the definition (`groups_edit`), 1,000 instances recomputed | \(fmtTime(edit.seconds)) | \(perNode(edit.seconds)) | ≤ 2 × flat eval: **\(String(format: "%.2f", ratio))×** (\(ratio <= 2 ? "met" : "missed")) |\n"
    md +=
        "| the same graph flattened, `evaluateAll` (`flat_eval`) | \(fmtTime(flat.seconds)) | \(perNode(flat.seconds)) | – |\n"
    if let instances = figure("instances_eval") {
        md +=
            "| the grouped graph, `evaluateAll` (`instances_eval`) | \(fmtTime(instances.seconds)) | \(perNode(instances.seconds)) | – |\n"
    }
    if let file = figure("flat_file_10k_load") {
        md +=
            "| load a 10,000-node file without definitions (`flat_file_10k_load`) | \(fmtTime(file.seconds)) | – | as fast as before groups (notes) |\n"
    }
    return md + "\n"
}

/// `--instructions groups_edit|flat_eval groups 0 REPS`: the two figures of the target, for
/// callgrind (`Benchmarks/callgrind.sh`).
func groupsInstructions(op: String, reps: Int) {
    var (grouped, flat) = groupsGraphs()
    var recomputes = 0
    switch op {
    case "groups_edit":
        callgrindMeasuredRegion {
            for k in 0..<reps {
                let edit = Edit.inside(
                    definition: "block", .setValue(node: "k", value: .number(k & 1 == 0 ? 0.25 : 0.5)))
                recomputes += try! grouped.apply(edit).recomputed.count
            }
        }
    case "flat_eval": callgrindMeasuredRegion { for _ in 0..<reps { recomputes += flat.evaluateAll() } }
    default: fatalError("unknown groups op \(op)")
    }
    print("recomputes_per_op \(recomputes / max(reps, 1))")
}

import NodeGraph

// The formula figures (`--op formulas`, run once at its fixed size, whatever `--n` says), through
// NodeGraph's public API:
//
// - 10,000 units, unit j computing `a * b + c` from sources j, j + 1 and j + 2 (10,002 number
//   sources): as one formula node (`formula_eval`), and as the equivalent chain of built-in nodes,
//   a multiply feeding an add (`chain_eval`). Each figure is `evaluateAll` of its graph, so it
//   is the cost of recomputing every unit once. Target: a formula unit ≤ 3 × a chain unit.
// - `formula_edit` and `chain_edit`: setting one source (alternately 1 and 2), which recomputes
//   the three units it feeds.

let formulaUnits = 10_000

/// The graph of formula nodes and the graph of chains of built-in nodes.
func formulaGraphs() -> (formulas: Graph, chains: Graph) {
    var formulas = Graph()
    var chains = Graph()
    do {
        for source in 0..<formulaUnits + 2 {
            let value = Value.number(Double(source % 7) + 1)
            try formulas.addNode(NodeID("s\(source)"), kind: "number", value: value)
            try chains.addNode(NodeID("s\(source)"), kind: "number", value: value)
        }
        for unit in 0..<formulaUnits {
            let a = NodeID("s\(unit)"), b = NodeID("s\(unit + 1)"), c = NodeID("s\(unit + 2)")
            try formulas.addNode(
                NodeID("f\(unit)"), kind: "formula", value: FormulaKind.formula("a * b + c"),
                inputs: [a, b, c])
            try chains.addNode(NodeID("m\(unit)"), kind: "multiply", inputs: [a, b])
            try chains.addNode(NodeID("f\(unit)"), kind: "add", inputs: [NodeID("m\(unit)"), c])
        }
    } catch {
        fatalError("formulas workload: \(error)")
    }
    return (formulas, chains)
}

func runFormulas() -> [Record] {
    var (formulas, chains) = formulaGraphs()
    precondition(formulas.value(of: "f77") == chains.value(of: "f77"), "formula and chain values differ")
    var records: [Record] = []
    func record(_ op: String, _ s: Sampled, nodes: Int) {
        let r = Record(
            engine: "nodegraph", workload: "formulas", n: formulaUnits, nodes: nodes, op: op,
            seconds: s.median, reps: s.reps, recomputes: s.recomputes, notes: [("formula", "a * b + c")])
        emit(r)
        records.append(r)
    }
    record("formula_eval", measure { formulas.evaluateAll() }, nodes: formulas.count)
    record("chain_eval", measure { chains.evaluateAll() }, nodes: chains.count)
    var one = false
    record(
        "formula_edit",
        measure {
            one.toggle()
            return (try? formulas.setValue(.number(one ? 1 : 2), of: "s500"))?.recomputed.count ?? 0
        }, nodes: formulas.count)
    record(
        "chain_edit",
        measure {
            one.toggle()
            return (try? chains.setValue(.number(one ? 1 : 2), of: "s500"))?.recomputed.count ?? 0
        }, nodes: chains.count)
    return records
}

func formulasSection(_ r: Results) -> String {
    var md = "## Formulas\n\n"
    let records = r.records.filter { $0.workload == "formulas" }
    func figure(_ op: String) -> Record? { records.filter { $0.op == op }.min { $0.seconds < $1.seconds } }
    guard let formula = figure("formula_eval"), let chain = figure("chain_eval") else {
        return md + "Not measured in this run (`--op formulas`).\n\n"
    }
    md += """
        \(formulaUnits) units computing `a * b + c` from three number sources (see
        `Benchmarks/Sources/nodegraph-bench/Formulas.swift`): each unit one `formula` node, or the
        equivalent chain of built-in nodes (a multiply feeding an add). `evaluateAll` recomputes
        every unit once; an edit sets one source, which feeds three units.


        """
    func perUnit(_ seconds: Double) -> String {
        String(format: "%.2f ns", seconds / Double(formulaUnits) * 1e9)
    }
    md += "| figure | median | per unit | target |\n|---|---:|---:|---|\n"
    let ratio = formula.seconds / chain.seconds
    md +=
        "| formula nodes, `evaluateAll` (`formula_eval`) | \(fmtTime(formula.seconds)) | \(perUnit(formula.seconds)) | ≤ 3 × chain: **\(String(format: "%.2f", ratio))×** (\(ratio <= 3 ? "met" : "missed")) |\n"
    md +=
        "| chains of built-in nodes, `evaluateAll` (`chain_eval`) | \(fmtTime(chain.seconds)) | \(perUnit(chain.seconds)) | – |\n"
    if let edit = figure("formula_edit") {
        md +=
            "| set one source, 3 formula units recomputed (`formula_edit`) | \(fmtTime(edit.seconds)) | – | – |\n"
    }
    if let edit = figure("chain_edit") {
        md += "| set one source, 3 chains recomputed (`chain_edit`) | \(fmtTime(edit.seconds)) | – | – |\n"
    }
    return md + "\n"
}

import NodeGraph

#if canImport(Glibc)
    import Glibc
#endif

let usage = """
    nodegraph-bench — NodeGraph's benchmarks (../shared/bench/WORKLOADS.md), side by side with a
    flat-array floor engine. Build with -c release.

      --workload LIST   chain,lattice,random,fanout (default: all)
      --op LIST         build,build_columns,build_edits,eval,update,update_small,
                        update_small_ids,update_small_cold,update_noop,cycle,cycle_ids,link_check,
                        link_check_ids,link_ok,topo,memory, and the extras below (default: all)
      --n LIST          sizes, e.g. 1e3,1e5 (default: 1e3,1e4,1e5,1e6)
      --quick           sizes up to 1e5, 0.2 s per measurement
      --min-time S      seconds of measurement per op (default 0.5; at least 3 samples anyway)
      --engine LIST     floor,nodegraph (default: both)
      --table           print a human table at the end (JSON lines still go to --jsonl FILE)
      --jsonl FILE      also write the JSON lines to FILE
      --report FILE     render BENCHMARKS.md (markdown) from a JSON-lines file and exit
                        canvas and file (fixed sizes: 10k-node canvas frame, 100k-node file) and
                        groups (1,000 instances of a 100-node definition) run once per invocation
                        when selected (see Extras.swift, Groups.swift); so do formulas and parallel
                        (1,000 nodes of 1 ms each, and 100,000 adds, at parallelism 1 and 2:
                        Parallel.swift) and demand (an edit upstream of a million nodes, ten
                        observed: what it evaluates against what they need; Demand.swift)

    Output: one JSON line per measurement (engine nodegraph or floor), a machine line first.
    Exits 1 if the floor's and NodeGraph's checksums or recompute counts disagree, 2 on a bad
    argument.
    """

/// Says what is wrong with the command line and exits 2.
func refuse(_ problem: String) -> Never {
    fputs("nodegraph-bench: \(problem) (see --help)\n", stderr)
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var workloads = Workload.names
var selectedOps = Set(allOps + extraOps)
var sizes = [1_000, 10_000, 100_000, 1_000_000]
var tableMode = false
var engines: Set<String> = ["floor", "nodegraph"]
nonisolated(unsafe) var jsonlFile: UnsafeMutablePointer<FILE>? = nil

func parseSize(_ s: Substring) -> Int {
    if let value = Double(s) { return Int(value) }
    refuse("bad size '\(s)'")
}

var index = 0
while index < arguments.count {
    let arg = arguments[index]
    func next() -> String {
        index += 1
        guard index < arguments.count else { refuse("\(arg) needs a value") }
        return arguments[index]
    }
    switch arg {
    case "--workload": workloads = next().split(separator: ",").map(String.init)
    case "--op": selectedOps = Set(next().split(separator: ",").map(String.init))
    case "--n": sizes = next().split(separator: ",").map(parseSize)
    case "--quick":
        sizes = sizes.filter { $0 <= 100_000 }
        settings.minSeconds = 0.2
    case "--min-time":
        let text = next()
        guard let seconds = Double(text), seconds >= 0 else { refuse("bad --min-time '\(text)'") }
        settings.minSeconds = seconds
    case "--table": tableMode = true
    case "--engine": engines = Set(next().split(separator: ",").map(String.init))
    case "--jsonl": jsonlFile = fopen(next(), "w")
    case "--report":
        print(renderReport(path: next()), terminator: "")
        exit(0)
    case "--memory-child":
        let engine = next(), workload = next(), n = Int(next())!
        memoryChild(engine: engine, workload: workload, n: n)
        exit(0)
    case "--instructions":
        let op = next(), workload = next(), n = Int(parseSize(Substring(next()))), reps = Int(next())!
        let floor = index + 1 < arguments.count && arguments[index + 1] == "floor"
        instructionsMode(op: op, workload: workload, n: n, reps: reps, floor: floor)
        exit(0)
    case "--debug-link":
        let name = next(), n = Int(next())!
        debugLink(name, n)
        exit(0)
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        refuse("unknown argument '\(arg)'")
    }
    index += 1
}
for w in workloads where !Workload.names.contains(w) { refuse("unknown workload '\(w)'") }
for op in selectedOps where !allOps.contains(op) && !extraOps.contains(op) { refuse("unknown op '\(op)'") }

func emitLine(_ line: String) {
    if !tableMode { print(line) }
    if let jsonlFile {
        fputs(line + "\n", jsonlFile)
        fflush(jsonlFile)
    }
    fflush(stdout)
}

func emit(_ record: Record) { emitLine(record.json) }

let machine = machineDescription()
emitLine(
    "{\"machine\":{\"nproc\":\(machine.nproc),\"cpu\":\(quote(machine.cpu)),\"swift\":\(quote(swiftVersion())),\"min_seconds\":\(settings.minSeconds)}}"
)

var all: [Record] = []
var failures: [String] = []
for n in sizes {
    for name in workloads {
        let start = now()
        let w = Workload(name, n: n)
        let selected = ops(for: name, selected: selectedOps)
        let timed = selected.filter { $0 != "memory" }
        // Each op is measured on the floor, then on NodeGraph, back to back.
        let floorRunner = engines.contains("floor") ? FloorRunner(w) : nil
        let graphRunner = engines.contains("nodegraph") ? NodeGraphRunner(w) : nil
        var floor: [Record] = [], nodegraph: [Record] = []
        for op in timed {
            floor += floorRunner?.run(ops: [op]) ?? []
            nodegraph += graphRunner?.run(ops: [op]) ?? []
        }
        var memory: [Record] = []
        if selected.contains("memory") { memory = runMemory(w) }
        all += floor + nodegraph + memory
        for f in floor {
            guard let g = nodegraph.first(where: { $0.op == f.op }) else { continue }
            if let a = f.checksum, let b = g.checksum, a != b {
                failures.append("\(name) n=\(n) \(f.op): checksum floor \(a) ≠ nodegraph \(b)")
            }
            // The floor recomputes every descendant; NodeGraph may recompute fewer (a node whose
            // inputs did not change is skipped) but never more.
            if f.op.hasPrefix("update") || f.op == "link_ok", g.recomputes > f.recomputes {
                failures.append(
                    "\(name) n=\(n) \(f.op): recomputes nodegraph \(g.recomputes) > floor \(f.recomputes)")
            }
        }
        fputs("  \(name) n=\(n): \(Int((now() - start) * 1000)) ms\n", stderr)
    }
}

if selectedOps.contains("canvas") { all += runCanvas() }
if selectedOps.contains("file") { all += runFile() }
if selectedOps.contains("groups") { all += runGroups() }
if selectedOps.contains("formulas") { all += runFormulas() }
if selectedOps.contains("parallel") { all += runParallel() }
if selectedOps.contains("demand") { all += runDemand() }

if tableMode { print(renderTable(all), terminator: "") }
if !failures.isEmpty {
    for failure in failures { fputs("CROSS-CHECK FAILED: \(failure)\n", stderr) }
    exit(1)
}

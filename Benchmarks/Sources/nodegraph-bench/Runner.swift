import NodeGraph

#if canImport(Glibc)
    import Glibc
#endif

/// One measurement, printed as one JSON line.
struct Record {
    var engine: String
    var workload: String
    var n: Int
    var nodes: Int
    var op: String
    var seconds: Double
    var reps: Int
    var recomputes: Double
    var rssBytes: Int? = nil
    var checksum: (sum: Double, last: Double)? = nil
    /// Extra string fields (e.g. how a cycle was refused).
    var notes: [(String, String)] = []
    var numbers: [(String, Double)] = []

    var perRecomputeNs: Double? { recomputes > 0 ? seconds / recomputes * 1e9 : nil }

    var json: String {
        var fields: [String] = [
            "\"engine\":\(quote(engine))", "\"workload\":\(quote(workload))", "\"n\":\(n)",
            "\"nodes\":\(nodes)", "\"op\":\(quote(op))", "\"seconds\":\(num(seconds))", "\"reps\":\(reps)",
            "\"recomputes\":\(num(recomputes))",
            "\"per_recompute_ns\":\(perRecomputeNs.map(num) ?? "null")",
            "\"rss_bytes\":\(rssBytes.map(String.init) ?? "null")",
        ]
        if let checksum {
            fields.append("\"checksum\":{\"sum\":\(num(checksum.sum)),\"last\":\(num(checksum.last))}")
        } else {
            fields.append("\"checksum\":null")
        }
        for (key, value) in numbers { fields.append("\(quote(key)):\(num(value))") }
        for (key, value) in notes { fields.append("\(quote(key)):\(quote(value))") }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

func quote(_ s: String) -> String {
    var out = "\""
    for ch in s.unicodeScalars {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(ch)
        }
    }
    return out + "\""
}

func num(_ x: Double) -> String {
    guard x.isFinite else { return "null" }
    if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}

let allOps = [
    "build", "build_columns", "build_edits", "eval", "update", "update_small", "update_small_ids",
    "update_small_cold",
    "update_noop", "cycle",
    "cycle_ids", "link_check", "link_check_ids", "link_ok", "topo", "memory",
]

/// The ops that apply to a workload (`update_small` is random-only; fanout has no cycle edge).
func ops(for workload: String, selected: Set<String>) -> [String] {
    allOps.filter {
        selected.contains($0) && (!$0.hasPrefix("update_small") || workload == "random")
            && (!$0.hasPrefix("cycle") || workload != "fanout")
    }
}

// MARK: NodeGraph through its public API

/// Calls `body` for each node in id order: its index, and for an operator node its inputs up to
/// the last linked slot (-1 for an empty slot before it); sources get an empty buffer.
func forEachNode(_ w: Workload, _ body: (Int, UnsafeBufferPointer<Int32>) throws(GraphError) -> Void) {
    w.inputs.withUnsafeBufferPointer { inputs in
        for i in 0..<w.count {
            var count = 0
            if !w.isSource[i] {
                count = 3
                while count > 1 && inputs[3 * i + count - 1] < 0 { count -= 1 }
            }
            do throws(GraphError) {
                try body(i, UnsafeBufferPointer(rebasing: inputs[3 * i..<3 * i + count]))
            } catch {
                fatalError("building \(w.name), node \(i): \(error)")
            }
        }
    }
}

/// `build`: the graph through `GraphBuilder`; the workload numbers its nodes as the builder does,
/// so each node's inputs are the workload's own numbers.
func buildGraph(_ w: Workload) -> Graph {
    var builder = GraphBuilder()
    builder.reserveCapacity(nodes: w.count, slots: w.slotTotal)
    forEachNode(w) { i, inputs throws(GraphError) in
        if w.isSource[i] {
            try builder.add(w.ids[i], kind: "number", value: .number(1))
        } else {
            try builder.add(w.ids[i], kind: "add", inputs: inputs.map { $0 >= 0 ? Int($0) : nil })
        }
    }
    // The closure above captured `builder` in a box that still holds the graph: without moving
    // it out, `finish()` would find its storage shared and evaluate a copy of the whole graph
    // (twice the memory at the peak, and a copy's time).
    let built = builder
    builder = GraphBuilder()
    return built.finish()
}

/// `build_columns`: the graph through `GraphBuilder`'s column entry, the workload's own arrays
/// (ids, each node's kind and value, 3 inputs a node, -1 for an empty slot) in one call.
func buildGraphFromColumns(_ w: Workload, kindOfNode: [UInt16], values: [Value?]) -> Graph {
    var builder = GraphBuilder()
    do {
        try builder.add(
            ids: w.ids, kinds: ["number", "add"], kindOfNode: kindOfNode, inputs: w.inputs, slotsPerNode: 3,
            values: values)
    } catch {
        fatalError("building \(w.name) from columns: \(error)")
    }
    // Consumed, not copied: a copy would share the graph's storage, and `finish()` would evaluate
    // a copy of it.
    return (consume builder).finish()
}

/// `build_edits`: one `addNode` per node, inputs by id, each returning its `Change`.
func buildGraphByEdits(_ w: Workload) -> Graph {
    var graph = Graph()
    graph.reserveCapacity(nodes: w.count, slots: w.slotTotal)
    forEachNode(w) { i, inputs throws(GraphError) in
        if w.isSource[i] {
            try graph.addNode(w.ids[i], kind: "number", value: .number(1))
        } else {
            try graph.addNode(w.ids[i], kind: "add", inputs: inputs.map { $0 >= 0 ? w.ids[Int($0)] : nil })
        }
    }
    return graph
}

func checksum(_ graph: Graph, _ w: Workload) -> (sum: Double, last: Double) {
    var sum = 0.0
    var last = 0.0
    for id in w.ids {
        guard case .number(let x)? = graph.value(of: id) else { fatalError("\(id) holds no number") }
        sum += x
        last = x
    }
    return (sum, last)
}

/// Checks that an order lists every node once, after its inputs.
func validateOrder(_ order: [Int32], _ w: Workload) {
    precondition(order.count == w.count, "order has \(order.count) of \(w.count) nodes")
    var position = [Int32](repeating: -1, count: w.count)
    for (p, node) in order.enumerated() { position[Int(node)] = Int32(p) }
    for i in 0..<w.count {
        precondition(position[i] >= 0, "node \(i) missing from the order")
        for k in 0..<3 {
            let up = w.inputs[3 * i + k]
            if up >= 0 {
                precondition(position[Int(up)] < position[i], "order puts \(i) before its input \(up)")
            }
        }
    }
}

func nodeNumber(_ id: NodeID) -> Int32 { Int32(id.rawValue.dropFirst())! }

/// Runs ops on one workload through NodeGraph; the graph persists between calls, so the floor's
/// and NodeGraph's measurements of each op can be interleaved (both see the same machine load).
final class NodeGraphRunner {
    let w: Workload
    @exclusivity(unchecked) var graph: Graph
    init(_ w: Workload) {
        self.w = w
        graph = buildGraph(w)
    }

    func run(ops: [String]) -> [Record] {
        var records: [Record] = []
        func record(_ op: String, _ s: Sampled, _ sum: (Double, Double)?, notes: [(String, String)] = []) {
            let r = Record(
                engine: "nodegraph", workload: w.name, n: w.nominal, nodes: w.count, op: op,
                seconds: s.median,
                reps: s.reps, recomputes: s.recomputes, checksum: sum, notes: notes)
            emit(r)
            records.append(r)
        }
        if ops.contains("build") {
            let s = measureFresh(setup: { () }, body: { _ in buildGraph(w) }, teardown: { blackHole($0) })
            record("build", Sampled(median: s.median, reps: s.reps, recomputes: Double(w.count)), nil)
        }
        if ops.contains("build_columns") {
            let kindOfNode = w.kindOfNode, values = w.values
            let s = measureFresh(
                setup: { () },
                body: { _ in buildGraphFromColumns(w, kindOfNode: kindOfNode, values: values) },
                teardown: { blackHole($0) })
            record("build_columns", Sampled(median: s.median, reps: s.reps, recomputes: Double(w.count)), nil)
        }
        if ops.contains("build_edits") {
            let s = measureFresh(
                setup: { () }, body: { _ in buildGraphByEdits(w) }, teardown: { blackHole($0) })
            record("build_edits", Sampled(median: s.median, reps: s.reps, recomputes: Double(w.count)), nil)
        }
        if ops.contains("eval") {
            let s = measure { graph.evaluateAll() }
            record("eval", s, checksum(graph, w))
        }
        /// `set` alternating 2.0 / 1.0, as one op. Inlined, so each caller's `set` is too: the
        /// measured loop calls `setValue` directly.
        @inline(__always) func alternating(_ op: String, _ set: (Double) throws(GraphError) -> Change) {
            var k = 0
            let s = measure {
                let x = k & 1 == 0 ? 2.0 : 1.0
                k += 1
                do { return try set(x).recomputed.count } catch { fatalError("\(error)") }
            }
            if k & 1 == 1 { _ = try! set(1) }
            record(op, s, checksum(graph, w))
        }
        if ops.contains("update") {
            let id = w.ids[Int(w.updateSource)]
            alternating("update") { x throws(GraphError) in try graph.setValue(.number(x), of: id) }
        }
        if let small = w.smallSource {
            let id = w.ids[Int(small)]
            // By a handle taken before timing (as the floor's source is an integer), and by id.
            let handle = graph.handle(of: id)!
            if ops.contains("update_small") {
                alternating("update_small") { x throws(GraphError) in
                    try graph.setValue(.number(x), of: handle)
                }
            }
            if ops.contains("update_small_ids") {
                alternating("update_small_ids") { x throws(GraphError) in
                    try graph.setValue(.number(x), of: id)
                }
            }
        }
        if ops.contains("update_small_cold") {
            // Eight sources set in turn: no set follows the one before on the same source.
            let handles = w.smallSources.map { graph.handle(of: w.ids[Int($0)])! }
            var k = 0
            let s = measure {
                let (round, source) = k.quotientAndRemainder(dividingBy: handles.count)
                k += 1
                do {
                    return try graph.setValue(.number(round & 1 == 0 ? 2.0 : 1.0), of: handles[source])
                        .recomputed
                        .count
                } catch { fatalError("\(error)") }
            }
            for handle in handles { _ = try! graph.setValue(.number(1), of: handle) }
            // The nodes recomputed per set, over one whole turn untimed (the timed sets may stop
            // partway through one, and each source recomputes its own number of nodes).
            var turn = 0
            for k in 0..<2 * handles.count {
                let (round, source) = k.quotientAndRemainder(dividingBy: handles.count)
                turn += try! graph.setValue(.number(round == 0 ? 2.0 : 1.0), of: handles[source]).recomputed
                    .count
            }
            record(
                "update_small_cold",
                Sampled(median: s.median, reps: s.reps, recomputes: Double(turn) / Double(2 * handles.count)),
                checksum(graph, w))
        }
        if ops.contains("update_noop") {
            // An edit that changes nothing downstream: the source already holds 1.0.
            let id = w.ids[Int(w.updateSource)]
            let s = measure {
                do { return try graph.setValue(.number(1), of: id).recomputed.count } catch {
                    fatalError("\(error)")
                }
            }
            record("update_noop", s, checksum(graph, w))
        }
        // `cycle` links by handles, taken before timing (as the floor's ends are integers);
        // `cycle_ids` by ids, each looked up in the id table.
        for op in ["cycle", "cycle_ids"] where ops.contains(op) {
            guard let cycleTo = w.cycleTo else { break }
            let from = w.ids[Int(w.cycleFrom)], to = w.ids[Int(cycleTo)]
            let fromHandle = graph.handle(of: from)!, toHandle = graph.handle(of: to)!
            let byHandle = op == "cycle"
            var refusal = ""
            let s = measure {
                // Typed throws, as Swift 6 code catches a `GraphError` (no boxing into `any Error`).
                do throws(GraphError) {
                    if byHandle {
                        _ = try graph.link(from: fromHandle, to: toHandle, slot: 0)
                    } else {
                        _ = try graph.link(from: from, to: to, slot: 0)
                    }
                    fatalError("the cycle edge \(from) → \(to) was accepted")
                } catch {
                    if refusal.isEmpty {
                        switch error {
                        case .wouldCreateCycle(let path): refusal = "wouldCreateCycle(path of \(path.count))"
                        default: refusal = "\(error)"
                        }
                    }
                    return 0
                }
            }
            record(op, s, checksum(graph, w), notes: [("refusal", refusal), ("edge", "\(from)->\(to)")])
        }
        if ops.contains("link_check") {
            // The read-only questions ask a local binding of the graph, as a caller holding it in
            // a variable does: asked through `self.graph` (a struct stored in a class), every call
            // would first copy the `Graph` out of the runner, retaining its storage and releasing it.
            let graph = self.graph
            // The 256 pairs as handles, resolved before timing (as the floor's pairs are integers).
            var e = 0
            let edits = w.linkEdits.map {
                (graph.handle(of: w.ids[Int($0.from)])!, graph.handle(of: w.ids[Int($0.to)])!, $0.slot)
            }
            let s = measure {
                let (from, to, slot) = edits[e & 255]
                e += 1
                precondition(graph.linkRefusal(from: from, to: to, slot: slot) == nil)
                return 0
            }
            record("link_check", s, checksum(graph, w))
        }
        if ops.contains("link_check_ids") {
            let graph = self.graph  // as for link_check
            var e = 0
            let edits = w.linkEdits.map { (w.ids[Int($0.from)], w.ids[Int($0.to)], $0.slot) }
            let s = measure {
                let (from, to, slot) = edits[e & 255]
                e += 1
                precondition(graph.linkRefusal(from: from, to: to, slot: slot) == nil)
                return 0
            }
            record("link_check_ids", s, checksum(graph, w))
        }
        if ops.contains("link_ok") {
            var e = 0
            let edits = w.linkEdits.map {
                (
                    w.ids[Int($0.from)], w.ids[Int($0.to)], $0.slot,
                    $0.previous >= 0 ? w.ids[Int($0.previous)] : nil
                )
            }
            let s = measure {
                let (from, to, slot, previous) = edits[e & 255]
                e += 1
                do {
                    var count = try graph.link(from: from, to: to, slot: slot).recomputed.count
                    if let previous {
                        count += try graph.link(from: previous, to: to, slot: slot).recomputed.count
                    } else {
                        count += try graph.unlink(to: to, slot: slot).recomputed.count
                    }
                    return count
                } catch { fatalError("\(error)") }
            }
            // The recompute count: exactly one pass over the 256 edits (untimed), so both engines
            // report the same mix of edits.
            var total = 0
            for (from, to, slot, previous) in edits {
                total += try! graph.link(from: from, to: to, slot: slot).recomputed.count
                if let previous {
                    total += try! graph.link(from: previous, to: to, slot: slot).recomputed.count
                } else {
                    total += try! graph.unlink(to: to, slot: slot).recomputed.count
                }
            }
            record(
                "link_ok", Sampled(median: s.median, reps: s.reps, recomputes: Double(total) / 256),
                checksum(graph, w))
        }
        if ops.contains("topo") {
            let graph = self.graph  // as for link_check
            let s = measure { graph.topologicalOrder().count }
            validateOrder(graph.topologicalOrder().map(nodeNumber), w)
            record(
                "topo", Sampled(median: s.median, reps: s.reps, recomputes: Double(w.count)),
                checksum(graph, w))
        }
        return records
    }
}

/// Runs ops on one workload through the floor (state persists between calls).
final class FloorRunner {
    let w: Workload
    let floor: Floor
    init(_ w: Workload) {
        self.w = w
        floor = Floor(w)
    }

    func run(ops: [String]) -> [Record] {
        var records: [Record] = []
        func record(_ op: String, _ s: Sampled, _ sum: (Double, Double)?, notes: [(String, String)] = []) {
            let r = Record(
                engine: "floor", workload: w.name, n: w.nominal, nodes: w.count, op: op, seconds: s.median,
                reps: s.reps, recomputes: s.recomputes, checksum: sum, notes: notes)
            emit(r)
            records.append(r)
        }
        for op in ["build", "build_columns", "build_edits"] where ops.contains(op) {
            // The floor has one way to build; `build_edits` compares NodeGraph's one-by-one adds with it.
            let s = measureFresh(setup: { () }, body: { _ in Floor(w) }, teardown: { blackHole($0) })
            record(op, Sampled(median: s.median, reps: s.reps, recomputes: Double(w.count)), nil)
        }
        if ops.contains("eval") {
            let s = measure { floor.evaluateAll() }
            record("eval", s, floor.checksum)
        }
        func updates(_ op: String, _ source: Int32) {
            var k = 0
            let s = measure {
                let x = k & 1 == 0 ? 2.0 : 1.0
                k += 1
                return floor.setValue(x, of: source)
            }
            if k & 1 == 1 { _ = floor.setValue(1, of: source) }
            record(op, s, floor.checksum)
        }
        if ops.contains("update") { updates("update", w.updateSource) }
        for op in ["update_small", "update_small_ids"] where ops.contains(op) {
            if let small = w.smallSource { updates(op, small) }
        }
        if ops.contains("update_small_cold") {
            let sources = w.smallSources
            var k = 0
            let s = measure {
                let (round, source) = k.quotientAndRemainder(dividingBy: sources.count)
                k += 1
                return floor.setValue(round & 1 == 0 ? 2.0 : 1.0, of: sources[source])
            }
            for source in sources where floor.held[Int(source)] != 1 { _ = floor.setValue(1, of: source) }
            var turn = 0
            for k in 0..<2 * sources.count {
                let (round, index) = k.quotientAndRemainder(dividingBy: sources.count)
                turn += floor.setValue(round == 0 ? 2.0 : 1.0, of: sources[index])
            }
            record(
                "update_small_cold",
                Sampled(median: s.median, reps: s.reps, recomputes: Double(turn) / Double(2 * sources.count)),
                floor.checksum)
        }
        if ops.contains("update_noop") {
            // The floor's equivalent: compare the held value, do nothing.
            let source = Int(w.updateSource)
            let s = measure {
                if floor.held[source] != 1.0 { return floor.setValue(1.0, of: Int32(source)) }
                return 0
            }
            record("update_noop", s, floor.checksum)
        }
        for op in ["cycle", "cycle_ids"] where ops.contains(op) {
            guard let cycleTo = w.cycleTo else { break }
            let s = measure {
                precondition(floor.refusesCycle(from: w.cycleFrom, to: cycleTo))
                return 0
            }
            record(op, s, floor.checksum, notes: [("refusal", "cycle found")])
        }
        for op in ["link_check", "link_check_ids"] where ops.contains(op) {
            var e = 0
            let s = measure {
                let edit = w.linkEdits[e & 255]
                e += 1
                precondition(!floor.refusesCycle(from: edit.from, to: edit.to))
                return 0
            }
            record(op, s, floor.checksum)
        }
        if ops.contains("link_ok") {
            var e = 0
            let s = measure {
                let edit = w.linkEdits[e & 255]
                e += 1
                return floor.link(edit.from, to: edit.to, slot: edit.slot)
                    + floor.link(edit.previous, to: edit.to, slot: edit.slot)
            }
            var total = 0
            for edit in w.linkEdits {
                total += floor.link(edit.from, to: edit.to, slot: edit.slot)
                total += floor.link(edit.previous, to: edit.to, slot: edit.slot)
            }
            record(
                "link_ok", Sampled(median: s.median, reps: s.reps, recomputes: Double(total) / 256),
                floor.checksum)
        }
        if ops.contains("topo") {
            let s = measure { floor.topologicalOrder().count }
            validateOrder(floor.topologicalOrder(), w)
            record(
                "topo", Sampled(median: s.median, reps: s.reps, recomputes: Double(w.count)), floor.checksum)
        }
        return records
    }
}

/// The memory child: builds one engine's graph and reports the peak RSS growth.
func memoryChild(engine: String, workload: String, n: Int) {
    let w = Workload(workload, n: n)
    _ = mallocTrim(0)
    let resetWorked = resetPeakRSS()
    let baseline = procStatus("VmRSS")
    let peakBefore = procStatus("VmHWM")
    var steady = 0, peak = 0
    if engine == "floor" {
        let floor = Floor(w)
        steady = procStatus("VmRSS") - baseline
        peak = procStatus("VmHWM") - baseline
        withExtendedLifetime(floor) {}
    } else {
        let graph = buildGraph(w)
        steady = procStatus("VmRSS") - baseline
        peak = procStatus("VmHWM") - baseline
        withExtendedLifetime(graph) {}
    }
    var r = Record(
        engine: engine, workload: workload, n: n, nodes: w.count, op: "memory", seconds: 0, reps: 1,
        recomputes: 0, rssBytes: peak)
    r.numbers = [
        ("bytes_per_node", Double(peak) / Double(w.count)), ("steady_rss_bytes", Double(steady)),
        ("steady_bytes_per_node", Double(steady) / Double(w.count)),
    ]
    r.notes = [
        (
            "measured",
            resetWorked && peakBefore <= baseline + 65536
                ? "fresh process: VmHWM after build minus VmRSS before (peak reset via clear_refs)"
                : "fresh process: VmHWM after build minus VmRSS before (peak reset unavailable)"
        )
    ]
    print(r.json)
}

func runMemory(_ w: Workload) -> [Record] {
    var records: [Record] = []
    for engine in ["floor", "nodegraph"] {
        let output = runChild(["--memory-child", engine, w.name, String(w.nominal)])
        for line in output.split(separator: "\n") where line.hasPrefix("{") {
            let text = String(line)
            emitLine(text)
            if let record = parseRecord(text) { records.append(record) }
        }
    }
    return records
}

@_silgen_name("malloc_trim") func mallocTrim(_ pad: Int) -> Int32

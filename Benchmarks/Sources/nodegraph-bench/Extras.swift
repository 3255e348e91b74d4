import NodeCanvas
import NodeGraph
import NodeGraphFiles

#if canImport(Glibc)
    import Glibc
#endif

// The canvas and file figures of issue 7, measured through the public APIs of NodeCanvas and
// GraphFile (`--op canvas,file`, run once, at their fixed sizes, whatever `--n` says):
//
// - canvas: a 10,000-node graph (the lattice workload at 1e4, laid out on a grid: layer d in
//   column 24·d, row 6·j) on a 200×60 screen. `canvas_open` builds the Canvas (its scene, O(n));
//   `frame` draws one full frame; `frame_after_pan` moves the viewport 50 columns (alternately
//   right and left) and draws. Target ≤ 2 ms a frame.
// - file: the random workload at 1e5 with grid positions. `save` writes it with
//   `GraphFile.save` (canonical JSON, atomic write); `load` reads it back with `GraphFile.load`
//   (parse, validate, build, evaluate). Target ≤ 0.5 s each.

let extraOps = ["canvas", "file", "groups", "formulas", "parallel", "demand"]

func positionedGraph(_ w: Workload, layer: Int) -> Graph {
    var graph = Graph()
    graph.reserveCapacity(nodes: w.count, slots: w.slotTotal)
    for i in 0..<w.count {
        let position = Position(x: (i / layer) * 24, y: (i % layer) * 6)
        do {
            if w.isSource[i] {
                try graph.addNode(w.ids[i], kind: "number", at: position, value: .number(1))
            } else {
                var inputs: [NodeID?] = []
                for k in 0..<3 {
                    let up = w.inputs[3 * i + k]
                    inputs.append(up >= 0 ? w.ids[Int(up)] : nil)
                }
                while inputs.last == .some(nil) { inputs.removeLast() }
                try graph.addNode(w.ids[i], kind: "add", at: position, inputs: inputs)
            }
        } catch {
            fatalError("\(error)")
        }
    }
    return graph
}

func runCanvas() -> [Record] {
    let w = Workload("lattice", n: 10_000)
    let width = Int((Double(w.count).squareRoot()).rounded())
    let graph = positionedGraph(w, layer: width)
    var records: [Record] = []
    func record(_ op: String, _ s: Sampled) {
        let r = Record(
            engine: "nodegraph", workload: "canvas", n: w.count, nodes: w.count, op: op, seconds: s.median,
            reps: s.reps, recomputes: 0, notes: [("screen", "200x60")])
        emit(r)
        records.append(r)
    }
    let document = GraphDocument(graph: graph)
    record(
        "canvas_open",
        measureFresh(
            setup: { () }, body: { _ in Canvas(document: document, width: 200, height: 60) },
            teardown: { blackHole($0) }))
    let canvas = Canvas(document: document, width: 200, height: 60)
    canvas.fitTopLeft()
    record("frame", measure { canvas.render().width })
    var right = true
    record(
        "frame_after_pan",
        measure {
            var origin = canvas.state.viewport.origin
            origin.x += right ? 50 : -50
            canvas.send(.viewPlaced(origin: origin, cursor: canvas.state.cursor))
            right.toggle()
            return canvas.render().width
        })
    return records
}

func runFile() -> [Record] {
    let w = Workload("random", n: 100_000)
    let graph = positionedGraph(w, layer: 300)
    let path = "/tmp/nodegraph-bench-\(getpid()).json"
    defer { unlink(path) }
    var records: [Record] = []
    func record(_ op: String, _ s: Sampled, bytes: Int) {
        let r = Record(
            engine: "nodegraph", workload: "file", n: w.count, nodes: w.count, op: op, seconds: s.median,
            reps: s.reps, recomputes: 0, numbers: [("file_bytes", Double(bytes))])
        emit(r)
        records.append(r)
    }
    let save = measureFresh(
        setup: { () }, body: { _ in try! GraphFile.save(graph, to: path) }, teardown: { _ in })
    let bytes = fileSize(path)
    record("save", save, bytes: bytes)
    let load = measureFresh(
        setup: { () }, body: { _ in try! GraphFile.load(path: path) }, teardown: { blackHole($0) })
    let loaded = try! GraphFile.load(path: path)
    precondition(loaded.count == w.count, "the loaded file has \(loaded.count) nodes")
    precondition(
        loaded.value(of: w.ids[w.count - 1]) == graph.value(of: w.ids[w.count - 1]), "loaded values differ")
    record("load", load, bytes: bytes)
    return records
}

func fileSize(_ path: String) -> Int {
    guard let file = fopen(path, "r") else { return -1 }
    defer { fclose(file) }
    fseek(file, 0, SEEK_END)
    return ftell(file)
}

func extrasSection(_ r: Results) -> String {
    var md = "## Canvas and files\n\n"
    let canvas = r.records.filter { $0.workload == "canvas" }
    let file = r.records.filter { $0.workload == "file" }
    if canvas.isEmpty && file.isEmpty {
        return md + "Not measured in this run (`--op canvas,file`).\n\n"
    }
    md +=
        "Through NodeCanvas's and GraphFile's public APIs (see `Benchmarks/Sources/nodegraph-bench/Extras.swift`).\n\n"
    md += "| figure | median | target |\n|---|---:|---|\n"
    for c in canvas {
        let target = c.op == "canvas_open" ? "– (scene build, O(n), once per document)" : "≤ 2 ms"
        md += "| canvas \(c.op), \(c.nodes) nodes, 200×60 | \(fmtTime(c.seconds)) | \(target) |\n"
    }
    for f in file {
        let bytes = f.numbers.first { $0.0 == "file_bytes" }?.1 ?? 0
        md +=
            "| file \(f.op), \(f.nodes) nodes (\(String(format: "%.1f", bytes / 1e6)) MB) | \(fmtTime(f.seconds)) | ≤ 0.5 s |\n"
    }
    return md + "\n"
}

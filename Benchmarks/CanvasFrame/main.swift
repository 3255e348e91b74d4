// The canvas figures: `swift run -c release nodecanvas-bench [--only LIST] [--quick] [--jsonl FILE]`.
//
//   frames    frames of a 10,000-node grid at 200 × 60 (target: full and compact ≤ 2 ms)
//   edit      edit to frame, `+` with half the graph downstream, at 10,000 and 100,000 nodes
//             (target: ≤ 2 × (the engine's recompute + one full frame), and ≤ 5 ms at 10,000)
//   arrange   arrange and its undo at 10,000 nodes
//   recovery  recovery of 1,000 journaled edits on 10,000 nodes (target: ≤ 0.5 s)
//   burst     100 keys in a burst (target: never more than 2 frames behind)
//   keys      +, z, L, Tab and a, each from the key to its frame, on the random shape (long links,
//             values changing width) and the grid, at 2,000, 20,000 and 100,000 nodes (target:
//             ≤ 5 ms a key at 20,000, ≤ 16 ms at 100,000; a ≤ 100 ms at 20,000), each the median
//             and the slowest press, cold and again after the idle work the editor does between
//             presses (routing ahead the windows the next keys show)
//   --write random:N FILE   writes the random shape of N nodes as a graph file (to open it)
//
// --shapes and --sizes choose the keys figure's shapes and sizes (`--shapes random --sizes 20000`);
// --quick skips the 100,000-node figure; --jsonl appends the figures to FILE as JSON lines (the
// figures and what they are measured against are in BENCHMARKS.md, "Editing on the canvas").
// Exits 1 when a target is missed.
import Foundation
import NodeGraphFiles

var only: Set<String> = ["frames", "edit", "arrange", "recovery", "burst", "keys"]
var quick = false
var jsonlPath: String?
var keyShapes: Set<String> = ["random", "grid"]
var keySizes: [Int]?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
    case "--quick": quick = true
    case "--jsonl": jsonlPath = arguments.popFirst()
    case "--shapes": keyShapes = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
    case "--sizes": keySizes = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--write":
        let spec = arguments.popFirst() ?? "", path = arguments.popFirst() ?? ""
        guard spec.hasPrefix("random:"), let count = Int(spec.dropFirst(7)), count >= 3, !path.isEmpty else {
            print("usage: nodecanvas-bench --write random:N FILE")
            exit(2)
        }
        try GraphFile.save(RandomShape(nodes: count).graph, to: path)
        exit(0)
    default:
        print(
            "usage: nodecanvas-bench [--only frames,edit,arrange,recovery,burst,keys] [--quick] [--jsonl FILE]"
                + " [--shapes random,grid] [--sizes 2000,20000] | --write random:N FILE")
        exit(2)
    }
}

let log = FigureLog(jsonlPath: jsonlPath)
var met = true
let grid = Grid(nodes: 10_000)
if only.contains("frames") { met = measureFrames(on: grid, log: log) && met }
if only.contains("edit") {
    met = measureEditToFrame(on: grid, log: log) && met
    if !quick { met = measureEditToFrame(on: Grid(nodes: 100_000), log: log) && met }
}
if only.contains("arrange") { measureArrange(on: grid, log: log) }
if only.contains("recovery") { met = measureRecovery(on: grid, edits: 1_000, log: log) && met }
if only.contains("burst") { met = measureBurst(on: grid, keys: 100, log: log) && met }
if only.contains("keys") {
    for nodes in keySizes ?? (quick ? [2_000, 20_000] : [2_000, 20_000, 100_000]) {
        if keyShapes.contains("random") { met = measureKeys(on: .random(nodes: nodes), log: log) && met }
        if keyShapes.contains("grid") { met = measureKeys(on: .grid(nodes: nodes), log: log) && met }
    }
}
print(met ? "ok: every target met" : "FAIL: a target was missed")
exit(met ? 0 : 1)

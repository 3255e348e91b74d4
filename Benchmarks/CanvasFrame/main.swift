// The canvas figures: `swift run -c release nodecanvas-bench [--only LIST] [--quick] [--jsonl FILE]`.
//
//   frames    frames of a 10,000-node grid at 200 × 60 (target: full and compact ≤ 2 ms)
//   edit      edit to frame, `+` with half the graph downstream, at 10,000 and 100,000 nodes
//             (target: ≤ 2 × (the engine's recompute + one full frame), and ≤ 5 ms at 10,000)
//   arrange   arrange and its undo at 10,000 nodes
//   recovery  recovery of 1,000 journaled edits on 10,000 nodes (target: ≤ 0.5 s)
//   burst     100 keys in a burst (target: never more than 2 frames behind)
//
// --quick skips the 100,000-node figure; --jsonl appends the figures to FILE as JSON lines (the
// figures and what they are measured against are in BENCHMARKS.md, "Editing on the canvas").
// Exits 1 when a target is missed.
import Foundation

var only: Set<String> = ["frames", "edit", "arrange", "recovery", "burst"]
var quick = false
var jsonlPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
    case "--quick": quick = true
    case "--jsonl": jsonlPath = arguments.popFirst()
    default:
        print("usage: nodecanvas-bench [--only frames,edit,arrange,recovery,burst] [--quick] [--jsonl FILE]")
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
print(met ? "ok: every target met" : "FAIL: a target was missed")
exit(met ? 0 : 1)

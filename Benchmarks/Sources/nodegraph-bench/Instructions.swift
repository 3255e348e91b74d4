import NodeGraph

/// `--instructions OP WORKLOAD N REPS`: runs OP REPS times on NodeGraph only, inside
/// `callgrindMeasuredRegion`, so `valgrind --tool=callgrind --toggle-collect=...` counts exactly
/// those instructions (Benchmarks/callgrind.sh). Prints the recompute count per op.
func instructionsMode(op: String, workload: String, n: Int, reps: Int) {
    let w = Workload(workload, n: n)
    var graph = buildGraph(w)
    var recomputes = 0
    if op == "build" {
        var graphs: [Graph] = []
        callgrindMeasuredRegion {
            for _ in 0..<reps { graphs.append(buildGraph(w)) }
        }
        recomputes = w.count
    } else {
        let source = w.ids[Int(op == "update_small" ? (w.smallSource ?? w.updateSource) : w.updateSource)]
        let edit = w.linkEdits[0]
        let from = w.ids[Int(edit.from)], to = w.ids[Int(edit.to)]
        let previous = edit.previous >= 0 ? w.ids[Int(edit.previous)] : nil
        callgrindMeasuredRegion {
            for k in 0..<reps {
                switch op {
                case "eval": recomputes += graph.evaluateAll()
                case "update", "update_small":
                    recomputes += try! graph.setValue(.number(k & 1 == 0 ? 2 : 1), of: source).recomputed.count
                case "update_noop": recomputes += try! graph.setValue(.number(1), of: source).recomputed.count
                case "cycle":
                    do {
                        _ = try graph.link(from: w.ids[Int(w.cycleFrom)], to: w.ids[Int(w.cycleTo)], slot: 0)
                    } catch { blackHole(error) }
                case "link_check": blackHole(graph.linkRefusal(from: from, to: to, slot: edit.slot))
                case "link_ok":
                    recomputes += try! graph.link(from: from, to: to, slot: edit.slot).recomputed.count
                    if let previous {
                        recomputes += try! graph.link(from: previous, to: to, slot: edit.slot).recomputed.count
                    } else {
                        recomputes += try! graph.unlink(to: to, slot: edit.slot).recomputed.count
                    }
                case "topo": recomputes += graph.topologicalOrder().count
                default: fatalError("unknown op \(op)")
                }
            }
        }
        recomputes /= max(reps, 1)
    }
    print("recomputes_per_op \(recomputes)")
}

@inline(never) func callgrindMeasuredRegion(_ body: () -> Void) { body() }

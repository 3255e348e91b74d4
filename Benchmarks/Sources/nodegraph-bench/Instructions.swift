import NodeGraph

/// `--instructions OP WORKLOAD N REPS`: runs OP REPS times on NodeGraph only, inside
/// `callgrindMeasuredRegion`, so `valgrind --tool=callgrind --toggle-collect=...` counts exactly
/// those instructions (Benchmarks/callgrind.sh). Prints the recompute count per op.
func instructionsMode(op: String, workload: String, n: Int, reps: Int) {
    let w = Workload(workload, n: n)
    var graph = buildGraph(w)
    var recomputes = 0
    if op == "build" || op == "build_edits" {
        var graphs: [Graph] = []
        let edits = op == "build_edits"
        callgrindMeasuredRegion {
            for _ in 0..<reps { graphs.append(edits ? buildGraphByEdits(w) : buildGraph(w)) }
        }
        recomputes = w.count
    } else {
        let source = w.ids[Int(op == "update_small" ? (w.smallSource ?? w.updateSource) : w.updateSource)]
        let edit = w.linkEdits[0]
        let from = w.ids[Int(edit.from)], to = w.ids[Int(edit.to)]
        let fromHandle = graph.handle(of: from)!, toHandle = graph.handle(of: to)!
        let previous = edit.previous >= 0 ? w.ids[Int(edit.previous)] : nil
        // The op is matched once, outside the measured region (a string `switch` per rep would
        // count its comparisons).
        let ops = [
            "eval", "update", "update_small", "update_noop", "cycle", "link_check", "link_ok", "topo",
            "link_check_ids",
        ]
        guard let code = ops.firstIndex(of: op) else { fatalError("unknown op \(op)") }
        callgrindMeasuredRegion {
            for k in 0..<reps {
                switch code {
                case 0: recomputes += graph.evaluateAll()
                case 1, 2:
                    recomputes += try! graph.setValue(.number(k & 1 == 0 ? 2 : 1), of: source).recomputed
                        .count
                case 3: recomputes += try! graph.setValue(.number(1), of: source).recomputed.count
                case 4:
                    do {
                        _ = try graph.link(from: w.ids[Int(w.cycleFrom)], to: w.ids[Int(w.cycleTo)], slot: 0)
                    } catch { blackHole(error) }
                case 5: blackHole(graph.linkRefusal(from: fromHandle, to: toHandle, slot: edit.slot))
                case 8: blackHole(graph.linkRefusal(from: from, to: to, slot: edit.slot))
                case 6:
                    recomputes += try! graph.link(from: from, to: to, slot: edit.slot).recomputed.count
                    if let previous {
                        recomputes += try! graph.link(from: previous, to: to, slot: edit.slot).recomputed
                            .count
                    } else {
                        recomputes += try! graph.unlink(to: to, slot: edit.slot).recomputed.count
                    }
                case 7: recomputes += graph.topologicalOrder().count
                default: fatalError("unknown op \(op)")
                }
            }
        }
        recomputes /= max(reps, 1)
    }
    print("recomputes_per_op \(recomputes)")
}

@inline(never) func callgrindMeasuredRegion(_ body: () -> Void) { body() }

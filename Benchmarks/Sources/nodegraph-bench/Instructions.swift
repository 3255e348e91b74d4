import NodeGraph

/// `--instructions OP WORKLOAD N REPS [floor]`: runs OP REPS times on NodeGraph (or on the
/// floor), inside `callgrindMeasuredRegion`, so `valgrind --tool=callgrind --toggle-collect=...`
/// counts exactly those instructions (Benchmarks/callgrind.sh). Prints the recompute count per op.
func instructionsMode(op: String, workload: String, n: Int, reps: Int, floor: Bool) {
    if floor { return floorInstructions(op: op, workload: workload, n: n, reps: reps) }
    if workload == "groups" { return groupsInstructions(op: op, reps: reps) }
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
    } else if op == "build_columns" {
        var graphs: [Graph] = []
        let kindOfNode = w.kindOfNode, values = w.values
        callgrindMeasuredRegion {
            for _ in 0..<reps {
                graphs.append(buildGraphFromColumns(w, kindOfNode: kindOfNode, values: values))
            }
        }
        recomputes = w.count
    } else {
        let source = w.ids[
            Int(op.hasPrefix("update_small") ? (w.smallSource ?? w.updateSource) : w.updateSource)]
        let sourceHandle = graph.handle(of: source)!
        let cycleFrom = w.ids[Int(w.cycleFrom)], cycleTo = w.ids[Int(w.cycleTo ?? 0)]
        let cycleHandles = (graph.handle(of: cycleFrom)!, graph.handle(of: cycleTo)!)
        let edit = w.linkEdits[0]
        let from = w.ids[Int(edit.from)], to = w.ids[Int(edit.to)]
        let fromHandle = graph.handle(of: from)!, toHandle = graph.handle(of: to)!
        let previous = edit.previous >= 0 ? w.ids[Int(edit.previous)] : nil
        // The op is matched once, outside the measured region (a string `switch` per rep would
        // count its comparisons).
        let ops = [
            "eval", "update", "update_small", "update_noop", "cycle", "link_check", "link_ok", "topo",
            "link_check_ids", "update_small_ids", "cycle_ids", "update_small_cold",
        ]
        let coldHandles = w.smallSources.map { graph.handle(of: w.ids[Int($0)])! }
        guard let code = ops.firstIndex(of: op) else { fatalError("unknown op \(op)") }
        // The read-only questions ask a local binding, as the timed benchmark does (asked through
        // the captured variable, each call would copy the `Graph` out first). Only for them: a
        // second reference would make the first edit of the others copy the whole store.
        let view = [5, 7, 8].contains(code) ? graph : Graph()
        callgrindMeasuredRegion {
            for k in 0..<reps {
                switch code {
                case 0: recomputes += graph.evaluateAll()
                case 1, 9:
                    recomputes += try! graph.setValue(.number(k & 1 == 0 ? 2 : 1), of: source).recomputed
                        .count
                case 2:
                    recomputes += try! graph.setValue(.number(k & 1 == 0 ? 2 : 1), of: sourceHandle)
                        .recomputed
                        .count
                case 3: recomputes += try! graph.setValue(.number(1), of: source).recomputed.count
                case 4:
                    // Typed throws, as the timed benchmark catches it (no boxing into `any Error`).
                    do throws(GraphError) {
                        _ = try graph.link(from: cycleHandles.0, to: cycleHandles.1, slot: 0)
                    } catch { blackHole(error) }
                case 10:
                    do throws(GraphError) {
                        _ = try graph.link(from: cycleFrom, to: cycleTo, slot: 0)
                    } catch { blackHole(error) }
                case 5: blackHole(view.linkRefusal(from: fromHandle, to: toHandle, slot: edit.slot))
                case 8: blackHole(view.linkRefusal(from: from, to: to, slot: edit.slot))
                case 6:
                    recomputes += try! graph.link(from: from, to: to, slot: edit.slot).recomputed.count
                    if let previous {
                        recomputes += try! graph.link(from: previous, to: to, slot: edit.slot).recomputed
                            .count
                    } else {
                        recomputes += try! graph.unlink(to: to, slot: edit.slot).recomputed.count
                    }
                case 7: recomputes += view.topologicalOrder().count
                case 11:
                    let (round, source) = k.quotientAndRemainder(dividingBy: coldHandles.count)
                    recomputes += try! graph.setValue(
                        .number(round & 1 == 0 ? 2 : 1), of: coldHandles[source]
                    )
                    .recomputed.count
                default: fatalError("unknown op \(op)")
                }
            }
        }
        recomputes /= max(reps, 1)
    }
    print("recomputes_per_op \(recomputes)")
}

/// ``instructionsMode(op:workload:n:reps:floor:)`` on the floor, for the ops it has.
func floorInstructions(op: String, workload: String, n: Int, reps: Int) {
    let w = Workload(workload, n: n)
    let source = op.hasPrefix("update_small") ? (w.smallSource ?? w.updateSource) : w.updateSource
    let edit = w.linkEdits[0]
    var recomputes = 0
    if op.hasPrefix("build") {
        var floors: [Floor] = []
        callgrindMeasuredRegion { for _ in 0..<reps { floors.append(Floor(w)) } }
        print("recomputes_per_op \(w.count)")
        return
    }
    let floor = Floor(w)
    let ops = [
        "eval", "update", "update_small", "update_noop", "cycle", "link_check", "link_ok", "topo",
        "update_small_cold",
    ]
    // The `_ids` variants differ only on NodeGraph's side.
    let base = op.hasSuffix("_ids") ? String(op.dropLast(4)) : op
    guard let code = ops.firstIndex(of: base) else { fatalError("the floor has no op \(op)") }
    callgrindMeasuredRegion {
        for k in 0..<reps {
            switch code {
            case 0: recomputes += floor.evaluateAll()
            case 1, 2: recomputes += floor.setValue(k & 1 == 0 ? 2 : 1, of: source)
            case 8:
                let sources = w.smallSources
                let (round, index) = k.quotientAndRemainder(dividingBy: sources.count)
                recomputes += floor.setValue(round & 1 == 0 ? 2 : 1, of: sources[index])
            case 3: if floor.held[Int(source)] != 1 { recomputes += floor.setValue(1, of: source) }
            case 4: blackHole(floor.refusesCycle(from: w.cycleFrom, to: w.cycleTo!))
            case 5: blackHole(floor.refusesCycle(from: edit.from, to: edit.to))
            case 6:
                recomputes += floor.link(edit.from, to: edit.to, slot: edit.slot)
                recomputes += floor.link(edit.previous, to: edit.to, slot: edit.slot)
            default: recomputes += floor.topologicalOrder().count
            }
        }
    }
    print("recomputes_per_op \(recomputes / max(reps, 1))")
}

@inline(never) func callgrindMeasuredRegion(_ body: () -> Void) { body() }

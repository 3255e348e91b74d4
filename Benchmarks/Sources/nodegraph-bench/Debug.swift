import NodeGraph

/// `--debug-link WORKLOAD N`: compares each link_ok edit's recompute count between the engines.
func debugLink(_ name: String, _ n: Int) {
    let w = Workload(name, n: n)
    let floor = Floor(w)
    var graph = buildGraph(w)
    let args = CommandLine.arguments
    if args.contains("--pre-cycle"), let cycleTo = w.cycleTo {
        _ = try? graph.link(from: w.ids[Int(w.cycleFrom)], to: w.ids[Int(cycleTo)], slot: 0)
    }
    if args.contains("--pre-eval") { graph.evaluateAll() }
    if args.contains("--pre-update") {
        _ = try! graph.setValue(.number(2), of: w.ids[0])
        _ = try! graph.setValue(.number(1), of: w.ids[0])
    }
    for (i, edit) in w.linkEdits.enumerated() {
        let f1 = floor.link(edit.from, to: edit.to, slot: edit.slot)
        let g1 = try! graph.link(from: w.ids[Int(edit.from)], to: w.ids[Int(edit.to)], slot: edit.slot)
            .recomputed
        let f2 = floor.link(edit.previous, to: edit.to, slot: edit.slot)
        let g2c: Change
        if edit.previous >= 0 {
            g2c = try! graph.link(from: w.ids[Int(edit.previous)], to: w.ids[Int(edit.to)], slot: edit.slot)
        } else {
            g2c = try! graph.unlink(to: w.ids[Int(edit.to)], slot: edit.slot)
        }
        let g2 = g2c.recomputed
        if g1.count > f1 || g2.count > f2 {
            print(
                "edit \(i) \(edit): floor \(f1),\(f2) nodegraph \(g1.count),\(g2.count); dup ids in g1: \(g1.count - Set(g1).count)"
            )
            print("  first of g1: \(g1.prefix(8))")
        }
    }
}

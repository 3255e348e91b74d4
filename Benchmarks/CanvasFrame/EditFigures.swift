import NodeCanvas
import NodeGraph

/// Edit to frame: `+` on the source with half of a square grid downstream, from the key to the
/// new frame in the Surface (the canvas answers the key, the document applies the edit, the
/// scene takes the change in, the frame is drawn), beside what it is measured against: the
/// engine's recompute of the same edit on a bare `Graph`, and one full frame (a fresh canvas's
/// first, every widget drawn and every link routed). Target: ≤ 2 × (engine + full frame).
/// - Returns: Whether the target is met.
func measureEditToFrame(on grid: Grid, log: FigureLog) -> Bool {
    let nodes = grid.graph.count
    let source = grid.halfSource
    let view = grid.viewAtHalfSource
    func openCanvas() -> Canvas {
        let canvas = Canvas(document: GraphDocument(graph: grid.graph), width: 200, height: 60)
        canvas.send(.viewPlaced(origin: view.origin, cursor: view.cursor))
        return canvas
    }

    // The engine alone: the same values set on a bare graph.
    var graph = grid.graph
    var recomputed = 0
    let engine = bestMedian(samples: 31) { index in
        cpuMilliseconds {
            let change = try! graph.setValue(.number(Double(2 + index)), of: source)
            recomputed = change.recomputed.count
        }
    }

    // One full frame: a fresh canvas draws everything it shows.
    let full = bestMedian(trials: 1, samples: nodes > 20_000 ? 3 : 7) { _ in
        let canvas = openCanvas()
        return cpuMilliseconds { _ = canvas.render() }
    }

    // The key to its frame, again and again on one canvas (as a person presses `+`).
    let canvas = openCanvas()
    _ = canvas.render()
    precondition(canvas.state.cursorNode == source, "the cursor is not on \(source)")
    var built = 0, laidOut = 0, redrawn = 0
    let edit = bestMedian(samples: 31) { _ in
        let models = canvas.scene.models.buildCount, layouts = canvas.scene.layoutCount
        let time = cpuMilliseconds {
            canvas.send(.character("+"))
            _ = canvas.render()
        }
        built = canvas.scene.models.buildCount - models
        laidOut = canvas.scene.layoutCount - layouts
        redrawn = canvas.lastFrame.redrawn.count
        return time
    }
    let limit = 2 * (engine + full)
    let met = edit <= limit && (nodes > 20_000 || edit <= 5)
    print(
        "edit to frame, \(nodes) nodes, \(recomputed) recomputed: \(ms(edit)); engine \(ms(engine)), "
            + "full frame \(ms(full)); target ≤ 2 × (engine + frame) = \(ms(limit))"
            + (nodes > 20_000 ? "" : " and ≤ 5 ms") + ": \(met ? "met" : "MISSED")")
    print("  per edit: \(built) widget models built, \(laidOut) laid out, \(redrawn) widgets drawn anew")
    log.record(
        Figure(
            workload: "canvas_edit", nodes: nodes, op: "edit_to_frame", milliseconds: edit, reps: 93,
            recomputes: Double(recomputed),
            numbers: [
                ("engine_ms", engine), ("full_frame_ms", full), ("models_built", Double(built)),
                ("laid_out", Double(laidOut)), ("redrawn", Double(redrawn)),
            ]))
    return met
}

/// Arrange and undo on a grid: `a` moves every node (one batch of moves), `u` moves them back;
/// each from the key to its frame. Reported beside the cost of opening the canvas (building the
/// scene of every node), which moving every node should stay well under.
func measureArrange(on grid: Grid, log: FigureLog) {
    let nodes = grid.graph.count
    var open = 0.0
    var arrange: [Double] = [], undo: [Double] = []
    for _ in 0..<3 {
        var canvas: Canvas!
        open = cpuMilliseconds {
            canvas = Canvas(document: GraphDocument(graph: grid.graph), width: 200, height: 60)
        }
        canvas.fitTopLeft()
        _ = canvas.render()
        arrange.append(
            cpuMilliseconds {
                canvas.send(.character("a"))
                _ = canvas.render()
            })
        precondition(canvas.document.history.undoSteps.count == 1, "arrange moved nothing")
        undo.append(
            cpuMilliseconds {
                canvas.send(.character("u"))
                _ = canvas.render()
            })
    }
    let arranged = median(arrange), undone = median(undo)
    print("arrange, \(nodes) nodes: \(ms(arranged)); its undo \(ms(undone)); opening the canvas \(ms(open))")
    log.record(
        Figure(
            workload: "canvas_arrange", nodes: nodes, op: "arrange", milliseconds: arranged, reps: 3,
            numbers: [("open_ms", open)]))
    log.record(
        Figure(workload: "canvas_arrange", nodes: nodes, op: "arrange_undo", milliseconds: undone, reps: 3))
}

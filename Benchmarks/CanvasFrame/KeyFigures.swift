import NodeCanvas
import NodeGraph

/// One shape of graph a person opens, with the node the keys start on.
struct CanvasShape {
    var name: String
    var graph: Graph
    var source: NodeID
    var view: (origin: Position, cursor: Position)

    static func random(nodes: Int) -> CanvasShape {
        let shape = RandomShape(nodes: nodes)
        return CanvasShape(name: "random", graph: shape.graph, source: shape.source, view: shape.viewAtSource)
    }

    /// The graph with storage of its own, as a file the editor opens has: a document sharing
    /// its storage with `graph` (which the benchmark keeps) would copy all of it at its first
    /// edit, a cost no editor pays.
    func ownGraph() -> Graph {
        var own = graph
        own.reserveCapacity(nodes: 0, slots: 0)
        return own
    }

    static func grid(nodes: Int) -> CanvasShape {
        let grid = Grid(nodes: nodes)
        return CanvasShape(
            name: "grid", graph: grid.graph, source: grid.halfSource, view: grid.viewAtHalfSource)
    }
}

/// What a person waits for, key by key (WORKLOADS.md, "Canvas workloads"): from the key to the
/// finished frame in the Surface, at 200 × 60 with the cursor on the update source: `+` (the
/// source stepped, most of the graph downstream on `random`), `z` (level of detail), `L` (a pan),
/// Tab (the next node) — each the median of 30 presses — and `a` (arrange) followed by `u` (its
/// undo), each the median of 5. Beside them, the engine's cost of the same `+` on a bare graph.
/// Targets: every key ≤ 5 ms at 20,000 nodes and ≤ 16 ms at 100,000; `a` ≤ 100 ms at 20,000.
/// - Returns: Whether the targets are met.
func measureKeys(on shape: CanvasShape, log: FigureLog) -> Bool {
    let nodes = shape.graph.count
    let canvas = Canvas(document: GraphDocument(graph: shape.ownGraph()), width: 200, height: 60)
    canvas.send(.viewPlaced(origin: shape.view.origin, cursor: shape.view.cursor))
    _ = canvas.render()
    precondition(canvas.state.cursorNode == shape.source, "the cursor is not on \(shape.source)")

    var graph = shape.graph
    var recomputed = 0
    let engine = bestMedian(samples: 31) { index in
        cpuMilliseconds {
            let change = try! graph.setValue(.number(Double(2 + index)), of: shape.source)
            recomputed = change.recomputed.count
        }
    }
    // Each key: the median of its presses, and the slowest (a pan or Tab that takes the view
    // into another routing window routes its links, unless they were routed ahead; the presses
    // between reuse the routes). Cold: nothing happens between presses. After idle: between
    // presses the canvas does the work ahead the editor does while no key waits (`EventLoop`
    // gives it slices until none remains), timed apart as `idle`.
    typealias Presses = (median: Double, slowest: Double)
    func pressKeys(on canvas: Canvas, idle: Bool) -> (
        keys: [(String, Presses)], idle: [Double], slice: Double
    ) {
        var idleTimes: [Double] = []
        var longestSlice = 0.0
        func workAhead() {
            guard idle else { return }
            var total = 0.0
            while canvas.hasWorkAhead {
                let slice = cpuMilliseconds { canvas.send(.idle) }
                longestSlice = max(longestSlice, slice)
                total += slice
            }
            idleTimes.append(total)
        }
        func press(_ event: InputEvent, samples: Int = 30) -> Presses {
            var times: [Double] = []
            for _ in 0..<samples {
                workAhead()
                times.append(
                    cpuMilliseconds {
                        canvas.send(event)
                        _ = canvas.render()
                    })
            }
            return (median(times), times.max() ?? 0)
        }
        let step = press(.character("+"))
        let detail = press(.character("z"))  // 30 presses: back at full detail
        let pan = press(.character("L"))
        let tab = press(.tab)
        // The same pan with the minimap shown: its frame cost on top of the view's.
        canvas.send(.character("M"))
        _ = canvas.render()
        let mapPan = press(.character("L"))
        canvas.send(.character("M"))
        return (
            [("+", step), ("z", detail), ("L", pan), ("Tab", tab), ("L with the minimap", mapPan)], idleTimes,
            longestSlice
        )
    }
    // What the view holds, which the keys that move it pay for.
    let shown = (nodes: canvas.lastFrame.nodes.count, links: canvas.lastFrame.links.count)
    let keys = pressKeys(on: canvas, idle: false).keys
    let idleCanvas = Canvas(document: GraphDocument(graph: shape.ownGraph()), width: 200, height: 60)
    idleCanvas.send(.viewPlaced(origin: shape.view.origin, cursor: shape.view.cursor))
    _ = idleCanvas.render()
    let (idleKeys, idleTimes, longestSlice) = pressKeys(on: idleCanvas, idle: true)
    canvas.send(.viewPlaced(origin: shape.view.origin, cursor: shape.view.cursor))
    var undoTimes: [Double] = []
    let arrange = bestMedian(trials: 1, samples: 5) { _ in
        let time = cpuMilliseconds {
            canvas.send(.character("a"))
            _ = canvas.render()
        }
        undoTimes.append(
            cpuMilliseconds {
                canvas.send(.character("u"))
                _ = canvas.render()
            })
        return time
    }
    let undo = median(undoTimes)

    let keyLimit: Double = nodes <= 20_000 ? 5 : 16

    let keysMet = keys.allSatisfy { $0.1.median <= keyLimit }
    let arrangeMet = nodes > 20_000 || arrange <= 100
    print(
        "keys, \(shape.name), \(nodes) nodes: "
            + keys.map { "\($0.0) \(ms($0.1.median)) (slowest \(ms($0.1.slowest)))" }.joined(separator: ", ")
            + "; a \(ms(arrange)), its undo \(ms(undo)); engine's + \(ms(engine)) (\(recomputed) recomputed); "
            + "\(shown.nodes) boxes and \(shown.links) links in view; "
            + "target ≤ \(ms(keyLimit)) a key\(nodes <= 20_000 ? ", a ≤ 100 ms" : ""): "
            + (keysMet && arrangeMet ? "met" : "MISSED"))
    print(
        "  after idle (the editor routes ahead between presses, as when no key waits): "
            + idleKeys.map { "\($0.0) \(ms($0.1.median)) (slowest \(ms($0.1.slowest)))" }.joined(
                separator: ", ")
            + "; idle work between presses \(ms(median(idleTimes))) median, \(ms(idleTimes.max() ?? 0)) at most, "
            + "in slices of at most \(ms(longestSlice))")
    let arranging = [
        ("a", (median: arrange, slowest: arrange)), ("u after a", (median: undo, slowest: undo)),
    ]
    let afterIdle = Dictionary(idleKeys, uniquingKeysWith: { first, _ in first })
    for (key, time) in keys + arranging {
        log.record(
            Figure(
                workload: "canvas_keys_\(shape.name)", nodes: nodes,
                op:
                    "key_\(key == "+" ? "step" : key == "L with the minimap" ? "L_minimap" : key == "u after a" ? "a_undo" : key)",
                milliseconds: time.median, reps: key == "a" || key == "u after a" ? 5 : 30,
                recomputes: key == "+" ? Double(recomputed) : 0,
                numbers: (key == "+" ? [("engine_ms", engine)] : [])
                    + (key == "a" || key == "u after a" ? [] : [("slowest_ms", time.slowest)])
                    + (afterIdle[key].map { [("idle_ms", $0.median), ("idle_slowest_ms", $0.slowest)] } ?? [])
            ))
    }
    return keysMet && arrangeMet
}

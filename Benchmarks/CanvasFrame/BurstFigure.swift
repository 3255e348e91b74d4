import NodeCanvas
import NodeGraph

/// 100 `+` keys in a burst on the half-graph source, answered as `NodeTerminal`'s event loop
/// answers them: after a frame it answers every key that has arrived (up to 256), then draws
/// the next frame. The keys arrive every `interval` milliseconds (0: all at once, as a paste;
/// 10: a fast key repeat; 33: a usual one); each answer and each frame takes the CPU time it
/// takes on the real canvas, on a clock of the simulation's own. A key is *n frames behind*
/// when n frames are drawn after it arrived and before the frame that shows it. Target: never
/// more than 2.
/// - Returns: Whether the target is met at every interval.
func measureBurst(on grid: Grid, keys: Int, log: FigureLog) -> Bool {
    var met = true
    for interval in [0.0, 10, 33] {
        let canvas = Canvas(document: GraphDocument(graph: grid.graph), width: 200, height: 60)
        let view = grid.viewAtHalfSource
        canvas.send(.viewPlaced(origin: view.origin, cursor: view.cursor))
        _ = canvas.render()
        func arrival(_ key: Int) -> Double { Double(key) * interval }
        var clock = 0.0  // the screen is up to date at 0
        var next = 0
        var frameEnds: [Double] = []
        var worstBehind = 0
        while next < keys {
            clock = max(clock, arrival(next))  // idle until the next key arrives
            var batch: [Int] = []
            while next < keys && arrival(next) <= clock && batch.count < 256 {
                clock += cpuMilliseconds { canvas.send(.character("+")) }
                batch.append(next)
                next += 1
            }
            clock += cpuMilliseconds { _ = canvas.render() }
            // This frame shows the batch; a key waited for every earlier frame that ended after
            // it arrived (one that was being drawn when it came).
            for key in batch {
                worstBehind = max(worstBehind, frameEnds.filter { $0 > arrival(key) }.count)
            }
            frameEnds.append(clock)
        }
        let frames = frameEnds.count, lastShownAt = clock
        let lastArrival = Double(keys - 1) * interval
        let ok = worstBehind <= 2
        met = met && ok
        print(
            "\(keys) keys every \(Int(interval)) ms: \(frames) frames; at most \(worstBehind) frames behind; "
                + "the last key shown \(ms(lastShownAt - lastArrival)) after it arrived: \(ok ? "met" : "MISSED")"
        )
        log.record(
            Figure(
                workload: "canvas_burst", nodes: grid.graph.count, op: "burst_\(Int(interval))ms",
                milliseconds: lastShownAt - lastArrival, reps: keys,
                numbers: [("frames", Double(frames)), ("frames_behind", Double(worstBehind))]))
    }
    return met
}

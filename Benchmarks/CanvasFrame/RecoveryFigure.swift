import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// A journal a session on the grid might have left: half value changes of first-column sources
/// (each recomputing its cone), three tenths moves, a fifth renames, in a fixed random order.
func recoveryJournal(for grid: Grid, edits: Int) -> Data {
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    var text = ""
    for index in 0..<edits {
        let column = next(grid.columns), row = next(grid.rows)
        switch next(10) {
        case 0..<5:
            text += #"{"op":"setValue","node":"n0_\#(row)","value":\#(index % 97)}"# + "\n"
        case 5..<8:
            let position = Grid.position(column: column, row: row)
            text +=
                #"{"op":"move","node":"n\#(column)_\#(row)","x":\#(position.x + 1),"y":\#(position.y)}"#
                + "\n"
        default:
            text += #"{"op":"rename","node":"n\#(column)_\#(row)","name":"Step \#(index)"}"# + "\n"
        }
    }
    return Data(text.utf8)
}

/// Recovery: the journal read, its edits applied in bulk (`GraphDocument.replay`, observers told
/// once), and the first frame afterwards, on a canvas showing the grid. Target: ≤ 0.5 s for
/// 1,000 edits on 10,000 nodes.
/// - Returns: Whether the target is met.
func measureRecovery(on grid: Grid, edits: Int, log: FigureLog) -> Bool {
    let journal = recoveryJournal(for: grid, edits: edits)
    var batches = 0, refused = 0
    let time = bestMedian(trials: 1, samples: 3) { _ in
        let canvas = Canvas(document: GraphDocument(graph: grid.graph), width: 200, height: 60)
        canvas.fitTopLeft()
        _ = canvas.render()
        batches = 0
        canvas.document.observeBatches { _ in batches += 1 }
        return cpuMilliseconds {
            let steps = canvas.document.replay(Journal.lines(in: journal))
            refused = steps.filter(\.isRefused).count
            _ = canvas.render()
        }
    }
    precondition(refused == 0, "\(refused) journal lines were refused")
    let met = time <= 500
    print(
        "recovery of \(edits) journaled edits, \(grid.graph.count) nodes: \(ms(time)) "
            + "(\(batches) observer batch); target ≤ 0.5 s: \(met ? "met" : "MISSED")")
    log.record(
        Figure(
            workload: "canvas_recovery", nodes: grid.graph.count, op: "recover_\(edits)", milliseconds: time,
            reps: 3, numbers: [("edits", Double(edits)), ("batches", Double(batches))]))
    return met
}

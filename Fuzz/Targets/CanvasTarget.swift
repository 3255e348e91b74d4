import NodeCanvas
import NodeGraph

extension FuzzTarget {
    /// Bytes as keyboard, mouse and resize events on the demo calculator's canvas: never a
    /// crash; after every event the graph's invariants hold, values equal a from-scratch
    /// evaluation, and every link drawn is a real link; at the end, undoing every step returns the
    /// demo.
    public static let canvas = FuzzTarget(name: "canvas") { input in
        let start = calculator()
        let canvas = Canvas(document: GraphDocument(graph: start), width: 80, height: 24)
        var problems: [String] = []
        var index = 0
        while index + 2 < input.count, index < 3 * 400 {
            let event = canvasEvent(input[index], input[index + 1], input[index + 2])
            index += 3
            _ = canvas.send(event)
            _ = canvas.render()
            let graph = canvas.document.graph
            do {
                try graph.checkInvariants()
            } catch {
                problems.append("after \(event): \(error)")
            }
            if graph.currentValues() != graph.valuesFromScratch() {
                problems.append("after \(event): stale values")
            }
            for link in canvas.lastFrame.links {
                let inputs = graph.inputs(of: link.key.downstream)
                if link.key.slot >= inputs.count || inputs[link.key.slot] != link.upstream {
                    problems.append("after \(event): a drawn link is not in the graph")
                }
            }
            if !problems.isEmpty { return problems }
        }
        _ = canvas.send([.mouseRelease(x: 0, y: 0), .escape, .escape])
        while canvas.document.history.canUndo {
            do {
                try canvas.document.undo()
            } catch {
                return ["undo refused: \(error)"]
            }
        }
        if canvas.document.graph != start { problems.append("undoing every step did not return the demo") }
        return problems
    }

    /// Three bytes as one event: mostly keys from the key map, some mouse, a few resizes.
    static func canvasEvent(_ kind: UInt8, _ a: UInt8, _ b: UInt8) -> InputEvent {
        let keys: [InputEvent] = [
            .up, .down, .left, .right, .tab, .backTab, .enter, .escape, .delete, .backspace,
        ]
        let characters = Array("nlxmeoz/uUsq?+-HJKL0123456789.adm")
        let x = Int(a % 90) - 3
        let y = Int(b % 30) - 3
        switch kind % 16 {
        case 0..<4: return keys[Int(a) % keys.count]
        case 4..<10: return .character(characters[Int(a) % characters.count])
        case 10: return .mousePress(x: x, y: y)
        case 11, 12: return .mouseDrag(x: x, y: y)
        case 13: return .mouseRelease(x: x, y: y)
        case 14: return .wheel(delta: a % 2 == 0 ? 1 : -1, x: x, y: y)
        default: return .resize(width: 1 + Int(a % 120), height: 1 + Int(b % 40))
        }
    }
}

/// The calculator's demo graph (as `nodeui-tui` opens it): One + Two is Add, Three − One is
/// Subtract, Add × Subtract is Multiply.
private func calculator() -> Graph {
    var graph = Graph()
    do throws(GraphError) {
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(1))
        try graph.addNode("two", kind: "number", name: "Two", at: Position(x: 2, y: 10), value: .number(2))
        try graph.addNode(
            "three", kind: "number", name: "Three", at: Position(x: 2, y: 19), value: .number(3))
        try graph.addNode(
            "add", kind: "add", name: "Add", at: Position(x: 30, y: 2), inputs: ["one", "two", nil])
        try graph.addNode(
            "subtract", kind: "subtract", name: "Subtract", at: Position(x: 30, y: 14),
            inputs: ["three", "one"])
        try graph.addNode(
            "multiply", kind: "multiply", name: "Multiply", at: Position(x: 58, y: 8),
            inputs: ["add", "subtract"])
    } catch {
        preconditionFailure("the fuzz target's calculator is invalid: \(error)")
    }
    return graph
}

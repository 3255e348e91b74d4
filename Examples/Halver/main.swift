import Foundation
import NodeCanvas
import NodeCommandLine
import NodeGraph
import NodeGraphSources
import NodeTerminal

struct Halve: NodeKind {
    let name = "halve"
    let title = "Halve"
    let symbol = "½"
    let category = "arithmetic"
    let inputs = [SlotSpec("x", .number, default: .number(0))]
    let outputType = ValueType.number
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        .number(inputs.number(0) / 2)
    }
}

struct Ramp: LiveSourceKind {
    let name = "ramp"
    let title = "Ramp"
    let outputType = ValueType.number
    let parameterType: ValueType? = .number
    let defaultParameter: Value? = .number(1)
    var heldValueName: String { "interval" }
}

let rampRunner = LiveSourceRunner(kind: "ramp", interval: { $0?.number }) { reading in
    .number(Double(reading.tick))
}

let registry: KindRegistry = {
    var registry = KindRegistry.standard
    registry.register(Halve())
    registry.register(Ramp())
    return registry
}()

let showValues = EditorCommand(
    "show-values", keys: [.character("V")], "list the selected nodes' values"
) { context in
    let graph = context.graph
    let lines = context.targets.map { id in
        "\(graph.name(of: id) ?? id.rawValue)  \(graph.value(of: id)?.description ?? "–")"
    }
    context.showPanel(lines.isEmpty ? nil : Panel(title: "Values", lines: lines))
}

final class EditCounter: CanvasPlugin {
    let name = "edit-counter"
    private(set) var edits = 0
    func receive(_ notification: CanvasNotification, on canvas: Canvas) {
        if case .documentChanged(_, cause: .edit) = notification { edits += 1 }
    }
    func draw(on surface: inout Surface, canvas: Canvas) {
        if edits > 0 { surface.put("edits \(edits)", x: 0, y: 0, style: canvas.theme.styles.secondary) }
    }
}

struct NodeLimit: EditRule {
    static let limit = 8
    func refusal(of proposal: ProposedEdit) -> String? {
        proposal.graph.count > Self.limit ? "a halver graph holds at most \(Self.limit) nodes" : nil
    }
}

func demo() -> Graph {
    var graph = Graph(registry: registry)
    try! graph.addNode("ten", kind: "number", name: "Ten", at: Position(x: 2, y: 1), value: .number(10))
    try! graph.addNode("half", kind: "halve", name: "Half", at: Position(x: 26, y: 1), inputs: ["ten"])
    return graph
}

var editor = EditorConfiguration(
    toolName: "halver", registry: registry,
    demo: .init(title: "halver demo", fileName: "halver.json", graph: demo()))
editor.commands = [showValues]
editor.makePlugins = { [EditCounter()] }
editor.editRule = NodeLimit()
editor.liveSourceRunners = [rampRunner]

let tool = CommandLineTool(editor: editor, abstract: "Halve numbers in the terminal.")
exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))

// LogicGates: a second tool on NodeGraph's public libraries — its own value type, kinds,
// renderers, palette and file extension, and the whole terminal editor and command line.
//
//     swift run logic-gates                     the half adder; Tab to a switch, Enter flips it
//     swift run logic-gates eval Examples/LogicGates/half-adder.circuit
import Foundation
import NodeCanvas
import NodeCommandLine
import NodeGraph
import NodeTerminal

// MARK: Values and kinds

/// The tool's value type: a bit, on or off.
let bool = ValueType("bool")

/// A bit as a value.
func bit(_ isOn: Bool) -> Value { .custom(CustomValue(type: bool, payload: .bool(isOn))) }

/// Whether a value is an "on" bit.
func isOn(_ value: Value) -> Bool {
    if case .custom(let custom) = value, case .bool(let isOn) = custom.payload { return isOn }
    return false
}

/// A switch: a source holding a bit, flipped by Enter.
struct Switch: NodeKind {
    let name = "switch"
    let title = "Switch"
    let category = "source"
    let inputs: [SlotSpec] = []
    let outputType = bool
    var parameterType: ValueType? { bool }
    var defaultParameter: Value? { bit(false) }
    var valueEditor: ValueEditor { .toggle(off: bit(false), on: bit(true)) }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value { inputs.parameter ?? bit(false) }
}

/// A gate: its output from its input bits (`o` cycles a gate through the others).
struct Gate: NodeKind {
    let name: String
    let title: String
    let symbol: String
    let category = "gate"
    let inputs: [SlotSpec]
    let outputType = bool
    let rule: @Sendable ([Bool]) -> Bool

    init(
        _ name: String, _ symbol: String, slots: [String] = ["a", "b"],
        rule: @escaping @Sendable ([Bool]) -> Bool
    ) {
        self.name = name
        title = name.capitalized
        self.symbol = symbol
        inputs = slots.map { SlotSpec($0, bool, default: bit(false)) }
        self.rule = rule
    }

    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        bit(rule(inputs.values.map(isOn)))
    }
}

let kinds: KindRegistry = {
    var registry = KindRegistry()
    registry.register(Switch())
    registry.register(Gate("and", "∧") { $0[0] && $0[1] })
    registry.register(Gate("or", "∨") { $0[0] || $0[1] })
    registry.register(Gate("xor", "⊕") { $0[0] != $0[1] })
    registry.register(Gate("not", "¬", slots: ["a"]) { !$0[0] })
    return registry
}()

// MARK: Renderers

/// A lamp: `●` on, `○` off (`1` and `0` in ASCII), lit in the palette's colors.
func lamp(_ value: Value, _ theme: Theme) -> (text: String, style: CellStyle) {
    let ascii = theme.glyphs.isASCII
    guard isOn(value) else { return (ascii ? "0" : "○", theme.styles.secondary) }
    return (
        ascii ? "1" : "●",
        theme.styles.showsColors ? CellStyle(foreground: .yellow, bold: true) : CellStyle(bold: true)
    )
}

/// A gate's body, `a ⊕ b  ●` (`a xor b  1` in ASCII), a one-input gate's `¬ a  ○` (`not a  0`);
/// a switch's, `● on`.
struct LampBody: NodeBodyRenderer {
    func label(_ node: NodeWidgetModel, _ theme: Theme) -> String {
        let symbol = theme.glyphs.isASCII ? node.kind : node.symbol
        let labels = node.inputs.map(\.label)
        switch labels.count {
        case 0: return isOn(node.value) ? "on" : "off"
        case 1: return "\(symbol) \(labels[0])"
        default: return labels.joined(separator: " \(symbol) ")
        }
    }
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        Size(width: displayWidth(of: label(node, context.theme)) + 3, height: 1)
    }
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        let (light, style) = lamp(node.value, context.theme)
        let text = label(node, context.theme)
        if node.inputs.isEmpty {
            let x = surface.put(light, x: region.x, y: region.y, style: style, clip: region)
            surface.put(" " + text, x: x, y: region.y, style: context.theme.styles.text, clip: region)
        } else {
            surface.put(text, x: region.x, y: region.y, style: context.theme.styles.secondary, clip: region)
            surface.put(light, x: region.maxX - 1, y: region.y, style: style, clip: region)
        }
    }
}

/// An input row, `a ●`.
struct LampInput: InputRowRenderer {
    func size(of row: InputRowModel, in node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        Size(width: displayWidth(of: row.label) + 2, height: 1)
    }
    func draw(
        _ row: InputRowModel, in node: NodeWidgetModel, region: Rect, on surface: inout Surface,
        context: WidgetDrawingContext
    ) {
        let x = surface.put(
            row.label + " ", x: region.x, y: region.y, style: context.theme.styles.text, clip: region)
        let (light, style) = lamp(row.value, context.theme)
        surface.put(
            row.isConnected ? light : context.theme.glyphs.unconnected, x: x, y: region.y, style: style,
            clip: region)
    }
}

final class Lamps: CanvasDataSource {
    func renderers(for node: NodeWidgetModel) -> NodeRenderers {
        NodeRenderers(body: LampBody(), inputs: [LampInput()], output: StandardOutputRowRenderer())
    }
}

// MARK: The tool

/// A half adder: Sum = A ⊕ B, Carry = A ∧ B.
func halfAdder() -> Graph {
    var graph = Graph(registry: kinds)
    try! graph.addNode("a", kind: "switch", name: "A", at: Position(x: 2, y: 1))
    try! graph.addNode("b", kind: "switch", name: "B", at: Position(x: 2, y: 8))
    try! graph.addNode("sum", kind: "xor", name: "Sum", at: Position(x: 28, y: 1), inputs: ["a", "b"])
    try! graph.addNode("carry", kind: "and", name: "Carry", at: Position(x: 28, y: 8), inputs: ["a", "b"])
    return graph
}

/// Green titles, yellow links: the tool's palette.
var palette = Theme.unicode
palette.styles.title = CellStyle(foreground: .green, bold: true)
palette.styles.link = CellStyle(foreground: .yellow)

let tool = CommandLineTool(
    editor: EditorConfiguration(
        toolName: "logic-gates", registry: kinds, makeDataSource: { Lamps() }, theme: palette,
        fileExtension: "circuit",
        demo: .init(title: "half adder", fileName: "half-adder.circuit", graph: halfAdder())),
    abstract: "Build logic circuits in the terminal, or evaluate them from scripts.",
    exampleFile: "Examples/LogicGates/half-adder.circuit")
exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))

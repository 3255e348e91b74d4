// LogicGates: a second tool on NodeGraph's public libraries — its own value type, kinds,
// renderers, palette and file extension, and the whole terminal editor and command line.
//
//     swift run logic-gates                     the half adder; Tab to a switch, Enter flips it
//     swift run logic-gates eval Examples/LogicGates/half-adder.circuit
//
// Its own extensions of the editor, on public API only: a `T` command (`truth-table`) showing
// the truth table of the selected switches, a `pulse` live kind run by its own runner (in the
// editor and in `logic-gates watch`), a `delay` gate computed in the background (its lamp shows
// … until its bit arrives; `eval` waits for it), and a fan-out rule (an output feeds at most 4
// inputs) that the editor, `replay` and `watch` all keep.
import Foundation
import NodeCanvas
import NodeCommandLine
import NodeGraph
import NodeGraphSources
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

/// A pulse: a live bit that toggles every `interval` seconds (off at the opening).
struct Pulse: LiveSourceKind {
    let name = "pulse"
    let title = "Pulse"
    let outputType = bool
    var parameterType: ValueType? { .number }
    var defaultParameter: Value? { .number(1) }
    /// Saved as `"interval": 1`.
    var heldValueName: String { "interval" }
    func heldValueProblem(_ value: Value) -> String? {
        (value.number ?? 0) >= ClockKind.minimumInterval
            ? nil : "a pulse's interval is at least \(ClockKind.minimumInterval) seconds"
    }
}

/// A delay: its input bit, `seconds` later (1 by default, at most 60). It computes in the
/// background: while it waits its lamp shows … and the editor answers keys; a newer input
/// cancels the wait and starts a new one.
struct Delay: BackgroundKind {
    let name = "delay"
    let title = "Delay"
    let symbol = "⧖"
    let category = "delay"
    let inputs = [SlotSpec("a", bool, default: bit(false))]
    let outputType = bool
    var parameterType: ValueType? { .number }
    var defaultParameter: Value? { .number(1) }
    /// Saved as `"seconds": 1`.
    var heldValueName: String { "seconds" }
    func heldValueProblem(_ value: Value) -> String? {
        (0...60).contains(value.number ?? -1) ? nil : "a delay is 0 to 60 seconds"
    }
    func compute(_ inputs: KindInputs) async throws -> Value {
        try await Task.sleep(for: .seconds(inputs.parameter?.number ?? 1))  // throws when cancelled
        return inputs[0]
    }
}

/// Runs every pulse: on at odd ticks of its interval, off at even ones.
let pulseRunner = LiveSourceRunner(kind: "pulse", interval: { $0?.number }) { reading in
    bit(reading.tick % 2 == 1)
}

let kinds: KindRegistry = {
    var registry = KindRegistry()
    registry.register(Switch())
    registry.register(Pulse())
    registry.register(Gate("and", "∧") { $0[0] && $0[1] })
    registry.register(Gate("or", "∨") { $0[0] || $0[1] })
    registry.register(Gate("xor", "⊕") { $0[0] != $0[1] })
    registry.register(Gate("not", "¬", slots: ["a"]) { !$0[0] })
    registry.register(Delay())
    return registry
}()

// MARK: Renderers

/// A lamp: `●` on, `○` off (`1` and `0` in ASCII), lit in the palette's colors; `…` (`~`)
/// while its bit is pending.
func lamp(_ value: Value, _ theme: Theme) -> (text: String, style: CellStyle) {
    let ascii = theme.glyphs.isASCII
    if value.isPending { return (String(theme.glyphs.ellipsis), theme.styles.secondary) }
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

// MARK: Rules

/// An output feeds at most 4 inputs: the fifth link is refused, in the editor (undo and redo
/// included, inside groups too) and in `replay` and `watch`.
struct FanOutRule: EditRule {
    static let limit = 4

    func refusal(of proposal: ProposedEdit) -> String? {
        let graph = proposal.levelGraph
        for node in proposal.linkedFrom where graph.dependents(of: node).count > Self.limit {
            return "fan-out of \(graph.name(of: node) ?? node.rawValue) is limited to \(Self.limit)"
        }
        return nil
    }
}

// MARK: The truth table

/// The most switches a truth table takes (64 rows).
let truthTableLimit = 6

/// The truth table of some switches: every combination of them, in binary order, with the
/// lamps' values (the gates that feed no other node); `nil` when there is no lamp.
func truthTable(of switches: [NodeID], in graph: Graph) -> [String]? {
    let lamps = graph.nodeIDs.filter { id in
        graph.kind(of: id)?.category == "gate" && graph.dependents(of: id).isEmpty
    }.sorted { (graph.name(of: $0) ?? $0.rawValue) < (graph.name(of: $1) ?? $1.rawValue) }
    guard !lamps.isEmpty else { return nil }
    func name(_ id: NodeID) -> String { graph.name(of: id).flatMap { $0.isEmpty ? nil : $0 } ?? id.rawValue }
    let columns = switches.map(name) + lamps.map(name)
    let widths = columns.map { max(1, displayWidth(of: $0)) }
    func row(_ cells: [String]) -> String {
        zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            let padded = cell + String(repeating: " ", count: max(0, width - displayWidth(of: cell)))
            return (index == switches.count ? "| " : "") + padded
        }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
    var lines = [row(columns)]
    for combination in 0..<(1 << switches.count) {
        var copy = graph
        let bits = switches.indices.map { combination >> (switches.count - 1 - $0) & 1 == 1 }
        for (id, isOn) in zip(switches, bits) {
            _ = try? copy.apply(.setValue(node: id, value: bit(isOn)))
        }
        lines.append(
            row(
                bits.map { $0 ? "1" : "0" } + lamps.map { isOn(copy.value(of: $0) ?? bit(false)) ? "1" : "0" }
            ))
    }
    return lines
}

/// `T`: the truth table of the selected switches in a panel; again, it hides it.
let truthTableCommand = EditorCommand(
    "truth-table", keys: [.character("T")], "the truth table of the selected switches"
) { context in
    if context.panel?.title == "Truth table" { return context.showPanel(nil) }
    let graph = context.graph
    let switches = context.targets.filter { graph.kind(of: $0)?.name == "switch" }
    guard !switches.isEmpty else {
        return context.say("select switches for a truth table (Space adds one)", isError: true)
    }
    guard switches.count <= truthTableLimit else {
        return context.say("a truth table takes at most \(truthTableLimit) switches", isError: true)
    }
    guard let lines = truthTable(of: switches, in: graph) else {
        return context.say("no lamp to tabulate: a gate that feeds nothing is one", isError: true)
    }
    context.showPanel(Panel(title: "Truth table", lines: lines))
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

var editor = EditorConfiguration(
    toolName: "logic-gates", registry: kinds, makeDataSource: { Lamps() }, theme: palette,
    fileExtension: "circuit",
    demo: .init(title: "half adder", fileName: "half-adder.circuit", graph: halfAdder()))
editor.commands = [truthTableCommand]
editor.editRule = FanOutRule()
editor.liveSourceRunners = [pulseRunner]

let tool = CommandLineTool(
    editor: editor,
    abstract: "Build logic circuits in the terminal, or evaluate them from scripts.",
    exampleFile: "Examples/LogicGates/half-adder.circuit")
exit(tool.main(arguments: Array(CommandLine.arguments.dropFirst())))

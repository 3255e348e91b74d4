// CustomKinds: a text-processing tool on the same library, with its own value type and kinds —
// NodeGraph is not calculator-specific.
//
//     swift run CustomKinds
import NodeGraph
import NodeGraphFiles
import NodeGraphTesting

/// The tool's own value type.
let text = ValueType("text")

/// Wraps a Swift string as a text value.
func textValue(_ string: String) -> Value { .custom(CustomValue(type: text, payload: .string(string))) }

/// The string inside a text value.
func string(_ value: Value) -> String {
    if case .custom(let custom) = value, case .string(let string) = custom.payload { return string }
    return ""
}

/// A source node holding a piece of text.
struct TextKind: NodeKind {
    let name = "text"
    let title = "Text"
    let category = "source"
    let inputs: [SlotSpec] = []
    let outputType = text
    var parameterType: ValueType? { text }
    var defaultParameter: Value? { textValue("") }
    var valueEditor: ValueEditor { .text }  // `e` on a canvas types the text in
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        inputs.parameter ?? textValue("")
    }
}

/// Upper-cases its input.
struct UppercaseKind: NodeKind {
    let name = "uppercase"
    let title = "Uppercase"
    let inputs = [SlotSpec("text", text, default: textValue(""))]
    let outputType = text
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        textValue(string(inputs[0]).uppercased())
    }
}

/// Joins two texts with a space.
struct ConcatenateKind: NodeKind {
    let name = "concatenate"
    let title = "Concatenate"
    let inputs = [
        SlotSpec("first", text, default: textValue("")), SlotSpec("second", text, default: textValue("")),
    ]
    let outputType = text
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        textValue([string(inputs[0]), string(inputs[1])].filter { !$0.isEmpty }.joined(separator: " "))
    }
}

/// Counts the characters of a text: a number, so the calculator's kinds can take it further.
struct LengthKind: NodeKind {
    let name = "length"
    let title = "Length"
    let inputs = [SlotSpec("text", text, default: textValue(""))]
    let outputType = ValueType.number
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        let count = string(inputs[0]).count
        guard count > 0 else { throw EvaluationFailure("the text is empty") }
        return .number(Double(count))
    }
}

do {
    // The tool's registry: its own kinds plus one standard kind.
    var registry = KindRegistry()
    for kind: any NodeKind in [
        TextKind(), UppercaseKind(), ConcatenateKind(), LengthKind(), ArithmeticKind.multiply,
    ] {
        registry.register(kind)
    }

    let document = GraphDocument(graph: Graph(registry: registry))
    document.observe { change in
        print("  recomputed:", change.recomputed.map(\.rawValue).joined(separator: ", "))
    }
    try document.apply(.addNode(NodeDescription(id: "greeting", kind: "text", value: textValue("hello"))))
    try document.apply(.addNode(NodeDescription(id: "name", kind: "text", value: textValue("world"))))
    try document.apply(.addNode(NodeDescription(id: "loud", kind: "uppercase", inputs: ["name"])))
    try document.apply(
        .addNode(NodeDescription(id: "sentence", kind: "concatenate", inputs: ["greeting", "loud"])))
    try document.apply(.addNode(NodeDescription(id: "length", kind: "length", inputs: ["sentence"])))
    print(
        "sentence =", document.graph.value(of: "sentence")!, "| length =", document.graph.value(of: "length")!
    )

    print("set name to 'NodeGraph':")
    try document.apply(.setValue(node: "name", value: textValue("NodeGraph")))
    print("sentence =", document.graph.value(of: "sentence")!)

    // Types are checked: a number cannot feed a text slot.
    do {
        try document.apply(.link(from: "length", to: "loud", slot: 0))
    } catch {
        print("refused:", error)
    }

    // Undo goes through inverse edits.
    try document.undo()
    print("after undo: sentence =", document.graph.value(of: "sentence")!)

    // The same file format, with the tool's registry.
    let file = try GraphFile.encode(document.graph)
    let reloaded = try GraphFile.decode(file, registry: registry)
    print("reloaded", reloaded.count, "nodes; sentence =", reloaded.value(of: "sentence")!)

    // Every promise NodeGraph makes, checked on this tool's own kinds: random edit sequences,
    // checked edit by edit (invariants, from-scratch values, exact traces, inverses, undo).
    let report = GraphChecker.run(
        sequences: 40, length: 100, seed: 7, from: Graph(registry: registry),
        edits: RandomEdits(registry: registry))
    print(
        "checked \(report.applied) random edits (\(report.refused) refused) on these kinds:",
        "\(report.violations.count) violations")
    for violation in report.violations.prefix(5) { print("  ", violation) }
} catch {
    print("error:", error)
}

import NodeCanvas
import NodeGraph
import NodeTerminal

extension EditorConfiguration {
    /// The calculator: NodeGraph's standard kinds, NodeCanvas's standard renderers and theme, and
    /// the demo calculator when no file is given.
    static let calculator = EditorConfiguration(
        toolName: "nodeui-tui", registry: .standard, makeDataSource: { StandardDataSource() },
        theme: .unicode,
        fileExtension: "json",
        demo: Demo(title: "demo calculator", fileName: "calculator.json", graph: .demoCalculator()),
        headlessHint:
            "for headless use run `nodeui-tui eval FILE`, `nodeui-tui render FILE`, "
            + "`nodeui-tui replay FILE --edits EDITS.jsonl` or `nodeui-tui check FILE`")
}

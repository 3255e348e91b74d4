import NodeCanvas
import NodeGraph
import NodeTerminal

extension EditorConfiguration {
    /// The calculator as `nodeui-tui` configures the editor: the standard kinds and renderers,
    /// the demo calculator.
    static let calculator = EditorConfiguration(
        toolName: "nodeui-tui", registry: .standard,
        demo: Demo(title: "demo calculator", fileName: "calculator.json", graph: .demoCalculator()))
}

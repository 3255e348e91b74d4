import NodeCanvas
import NodeCommandLine
import NodeGraph
import NodeTerminal

extension CommandLineTool {
    /// The calculator: NodeGraph's standard kinds, NodeCanvas's standard renderers and theme, and
    /// the demo calculator when no file is given.
    static let calculator = CommandLineTool(
        editor: EditorConfiguration(
            toolName: "nodeui-tui", registry: .standard, makeDataSource: { StandardDataSource() },
            theme: .unicode, fileExtension: "json",
            demo: .init(title: "demo calculator", fileName: "calculator.json", graph: .demoCalculator())),
        abstract: "Edit and evaluate node graphs in the terminal, or headlessly from scripts.",
        exampleFile: "Examples/graphs/calculator.json",
        exampleJournal: "Examples/graphs/calculator-edits.jsonl")
}

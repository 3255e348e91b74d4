import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import NodeTerminal

extension Graph {
    /// The calculator's demo graph (which `nodeui-tui` builds), as `Examples/graphs/calculator.json`
    /// holds it.
    static func demoCalculator() -> Graph {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/graphs/calculator.json")
        do {
            return try GraphFile.load(path: file.path)
        } catch {
            preconditionFailure("Examples/graphs/calculator.json does not load: \(error)")
        }
    }
}

extension EditorConfiguration {
    /// The calculator as `nodeui-tui` configures the editor: the standard kinds and renderers,
    /// the demo calculator.
    static let calculator = EditorConfiguration(
        toolName: "nodeui-tui", registry: .standard,
        demo: Demo(title: "demo calculator", fileName: "calculator.json", graph: .demoCalculator()))
}

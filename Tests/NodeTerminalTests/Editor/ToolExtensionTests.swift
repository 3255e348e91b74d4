import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

@testable import NodeTerminal

/// Writes down the lifecycle notifications a tool's plugin hears.
final class LifecyclePlugin: CanvasPlugin {
    let name = "lifecycle"
    var heard: [String] = []
    func receive(_ notification: CanvasNotification, on canvas: Canvas) {
        switch notification {
        case .documentOpened: heard.append("opened")
        case .documentSaved(let path): heard.append("saved \((path as NSString).lastPathComponent)")
        case .modeChanged(let mode): heard.append("mode \(mode.name)")
        case .sourcesUpdated(let change): heard.append("sources \(change.sources.map(\.rawValue))")
        default: break
        }
    }
}

/// Nodes are never removed, undo included.
struct KeepNodes: EditRule {
    func refusal(of proposal: ProposedEdit) -> String? {
        proposal.edits.contains { if case .removeNode = $0 { true } else { false } } ? "nodes stay" : nil
    }
}

/// A tool's plugins and rule reach every session of the packaged editor.
@Suite struct ToolExtensionTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "extension-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func lifecycle(_ session: EditorSession) throws -> LifecyclePlugin {
        try #require(session.canvas.dispatcher.plugin(named: "lifecycle") as? LifecyclePlugin)
    }

    @Test func aToolsPluginsLoadAfterTheStandardOnesAndHearTheOpeningAndASave() throws {
        var tool = EditorConfiguration.calculator
        tool.makePlugins = { [LifecyclePlugin()] }
        let file = try temporaryDirectory() + "/g.json"
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: Graph()), file: file, width: 100, height: 30)
        #expect(session.canvas.dispatcher.plugins.last?.name == "lifecycle")
        #expect(try lifecycle(session).heard == ["opened"])
        session.handle(.character("n"))
        session.handle(.escape)
        session.handle(.character("s"))
        #expect(try lifecycle(session).heard == ["opened", "mode NEW", "mode NORMAL", "saved g.json"])
    }

    @Test func aToolsPluginsHearLiveSourceUpdatesInTheEditor() throws {
        var tool = EditorConfiguration.calculator
        tool.makePlugins = { [LifecyclePlugin()] }
        var graph = Graph()
        try graph.addNode("tick", kind: "clock")
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: graph), file: nil, width: 100, height: 30)
        session.document.applySourceUpdates([SourceUpdate(node: "tick", value: .number(3))])
        #expect(try lifecycle(session).heard.last == "sources [\"tick\"]")
    }

    @Test func eachSessionHasItsOwnPlugins() throws {
        var tool = EditorConfiguration.calculator
        tool.makePlugins = { [LifecyclePlugin()] }
        let first = EditorSession(
            configuration: tool, document: GraphDocument(graph: Graph()), file: nil, width: 100, height: 30)
        let second = EditorSession(
            configuration: tool, document: GraphDocument(graph: Graph()), file: nil, width: 100, height: 30)
        #expect(try lifecycle(first) !== lifecycle(second))
    }

    @Test func aToolsRuleRefusesAnEditInTheEditorWithItsReason() throws {
        var tool = EditorConfiguration.calculator
        tool.editRule = KeepNodes()
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: .demoCalculator()), file: nil, width: 100,
            height: 30)
        let count = session.document.graph.count
        session.handle(.tab)
        session.handle(.character("x"))
        #expect(session.document.graph.count == count)
        #expect(session.canvas.state.message?.text == "refused: nodes stay")
    }

    @Test func aToolsRuleVetoesAnUndoInTheEditor() throws {
        var tool = EditorConfiguration.calculator
        tool.editRule = KeepNodes()
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: Graph()), file: nil, width: 100, height: 30)
        session.handle(.character("n"))
        session.handle(.enter)
        #expect(session.document.graph.count == 1)
        session.handle(.character("u"))
        #expect(session.document.graph.count == 1, "undoing the new node would remove it")
        #expect(session.canvas.state.message?.text == "undo refused: nodes stay")
    }
}

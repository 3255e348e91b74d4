import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Synchronization
import Testing

@testable import NodeTerminal

/// A tool's own commands join the one key table: their keys run them, `?` and `:` list them,
/// `keys.json` rebinds them, and a key two commands claim stops the editor at start.
@Suite struct ToolCommandTests {
    /// How often the tool's `count` command ran, and the panel it shows.
    final class Runs: Sendable {
        let count = Mutex(0)
    }

    static func tool(_ runs: Runs, keys: [InputEvent] = [.character("T")]) -> EditorConfiguration {
        var tool = EditorConfiguration(
            toolName: "sketch", registry: .standard,
            demo: .init(
                title: "sample", fileName: "sample.json",
                graph: {
                    var graph = Graph()
                    try! graph.addNode(
                        "one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(1))
                    return graph
                }()))
        tool.commands = [
            EditorCommand("count-nodes", keys: keys, "say how many nodes there are") { context in
                runs.count.withLock { $0 += 1 }
                context.say("\(context.document.graph.count) nodes")
                context.showPanel(Panel(title: "Count", lines: ["nodes  \(context.document.graph.count)"]))
            }
        ]
        return tool
    }

    static func session(_ tool: EditorConfiguration) -> EditorSession {
        EditorSession(
            configuration: tool, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 80,
            height: 24)
    }

    @Test func aToolsCommandRunsOnItsKeyWithTheSessionsContext() {
        let runs = Runs()
        let session = Self.session(Self.tool(runs))
        session.handle(.character("T"))
        #expect(runs.count.withLock { $0 } == 1)
        #expect(session.canvas.state.message?.text == "1 nodes")
        #expect(session.panels.panel == Panel(title: "Count", lines: ["nodes  1"]))
        #expect(session.frame().text.contains("Count"), "the panel is drawn at the right")
    }

    @Test func theCommandLineRunsAToolsCommandByName() {
        let runs = Runs()
        let session = Self.session(Self.tool(runs))
        session.handle(.character(":"))
        for character in "count-no" { session.handle(.character(character)) }
        #expect(session.frame().text.contains("say how many nodes there are"), "listed with its help")
        session.handle(.enter)
        #expect(runs.count.withLock { $0 } == 1)
    }

    @Test func helpListsAToolsCommandWithItsKeyAndHelp() throws {
        let keys = try Self.tool(Runs()).keys()
        let row = try #require(keys.bindings.first { $0.help == "say how many nodes there are" })
        #expect(row.label == "T")
        #expect(row.keys == [KeyCommand(.character("T"), .tool("count-nodes"))])
    }

    @Test func aKeyTwoCommandsClaimIsRefusedAtStartNamingBoth() {
        let tool = Self.tool(Runs(), keys: [.character("x")])
        #expect(throws: KeyTableError(problems: ["key x is claimed by both 'delete' and 'count-nodes'"])) {
            try tool.keys()
        }
        do throws(KeysFileError) {
            _ = try tool.effectiveKeys(environment: [:])
            Issue.record("the editor would start")
        } catch {
            #expect(error.description == "sketch: key x is claimed by both 'delete' and 'count-nodes'")
        }
    }

    @Test func twoToolCommandsOnOneKeyAreRefusedNamingBoth() {
        var tool = Self.tool(Runs())
        tool.commands.append(EditorCommand("table", keys: [.character("T")], "another") { _ in })
        #expect(throws: KeyTableError(problems: ["key T is claimed by both 'count-nodes' and 'table'"])) {
            try tool.keys()
        }
    }

    /// A tool whose `R` command renames the cursor's node to `Renamed`.
    static func renamingTool() -> EditorConfiguration {
        var tool = EditorConfiguration.calculator
        tool.commands = [
            EditorCommand("rename-it", keys: [.character("R")], "rename the node") { context in
                guard let node = context.cursorNode else { return }
                context.apply(.rename(node: node, name: "Renamed"))
            }
        ]
        return tool
    }

    @Test func aToolsCommandEditsAsOneUndoStep() {
        let session = Self.session(Self.renamingTool())
        session.handle(.tab)
        let node = session.canvas.state.cursorNode!
        session.handle(.character("R"))
        #expect(session.document.graph.name(of: node) == "Renamed")
        session.handle(.character("u"))
        #expect(session.document.graph.name(of: node) != "Renamed")
    }

    @Test func aReadOnlySessionRefusesAToolsCommandsEdit() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tool-\(UUID().uuidString).json"
        ).path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try GraphFile.save(.demoCalculator(), to: file)
        let tool = Self.renamingTool()
        func open() throws -> EditorSession {
            EditorSession(
                configuration: tool, document: GraphDocument(graph: try GraphFile.load(path: file)),
                file: file,
                width: 80, height: 24)
        }
        let first = try open()
        defer { first.finish(clean: true) }
        let second = try open()
        #expect(second.isReadOnly)
        second.handle(.tab)
        let node = try #require(second.canvas.state.cursorNode)
        let name = second.document.graph.name(of: node)
        second.handle(.character("R"))
        #expect(second.document.graph.name(of: node) == name)
        #expect(second.canvas.state.message?.text.hasPrefix("refused: read-only") == true)
        #expect(!second.document.isModified)
    }

    @Test func theKeysFileRebindsAToolsCommand() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("sketch"), withIntermediateDirectories: true)
        try Data(#"{"bindings": {"C": "count-nodes", "T": null}}"#.utf8).write(
            to: config.appendingPathComponent("sketch/keys.json"))
        let runs = Runs()
        var tool = Self.tool(runs)
        tool.keyTable = try tool.effectiveKeys(environment: ["XDG_CONFIG_HOME": config.path])
        let session = Self.session(tool)
        session.handle(.character("T"))
        #expect(runs.count.withLock { $0 } == 0, "T is unbound")
        session.handle(.character("C"))
        #expect(runs.count.withLock { $0 } == 1)
    }
}

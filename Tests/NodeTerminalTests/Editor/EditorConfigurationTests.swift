import Foundation
import NodeCanvas
import NodeGraph
import Testing

@testable import NodeTerminal

/// The editor is configured, not fixed: a tool's name, state folder, demo, file extension, kinds,
/// renderers, theme and minimum size reach the session.
@Suite struct EditorConfigurationTests {
    /// A tool that is not the calculator: its own name, demo, extension and size.
    let tool = EditorConfiguration(
        toolName: "sketch", registry: .standard, fileExtension: "sketch",
        demo: .init(
            title: "sample sketch", fileName: "sample.sketch",
            graph: {
                var graph = Graph()
                try! graph.addNode(
                    "one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(1))
                return graph
            }()),
        stateFolderName: "sketch-state", minimumSize: Size(width: 40, height: 12),
        headlessHint: "try `sketch eval FILE`")

    func capabilities(utf8: Bool, color: ColorDepth) -> TerminalScreen.Capabilities {
        TerminalScreen.Capabilities(
            colorDepth: color, supportsUTF8: utf8, hasDefaultColors: true, mouseProtocol: .none,
            hasAlternateScreen: true)
    }

    @Test func theStateFolderIsNamedByTheToolUnderXDGStateHomeOrHome() {
        #expect(
            tool.stateDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/sketch-state")
        #expect(tool.stateDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/sketch-state")
        #expect(tool.stateDirectory(environment: [:]) == nil)
        #expect(
            tool.demoJournalPath(environment: ["HOME": "/h"])
                == "/h/.local/state/sketch-state/demo.autosave.jsonl")
        #expect(
            tool.clipboard(environment: ["XDG_STATE_HOME": "/s"])?.path == "/s/sketch-state/clipboard.json")
        let defaulted = EditorConfiguration(toolName: "gates", registry: .standard, demo: tool.demo)
        #expect(defaulted.stateDirectory(environment: ["XDG_STATE_HOME": "/s"]) == "/s/gates")
    }

    @Test func aNameTypedWithoutAnExtensionGetsTheTools() {
        #expect(tool.savePath(for: "mine") == "mine.sketch")
        #expect(tool.savePath(for: "dir.d/mine") == "dir.d/mine.sketch")
        #expect(tool.savePath(for: "mine.json") == "mine.json")
        #expect(tool.savePath(for: "dir/") == "dir/")
    }

    @Test func theThemeAdaptsToTheTerminal() {
        var theme = Theme.unicode
        theme.styles.title = CellStyle(foreground: .green, bold: true)
        let tool = EditorConfiguration(toolName: "t", registry: .standard, theme: theme, demo: self.tool.demo)
        #expect(tool.theme(for: capabilities(utf8: true, color: .colors256)) == theme)
        #expect(tool.theme(for: capabilities(utf8: false, color: .colors256)).glyphs == .ascii)
        #expect(tool.theme(for: capabilities(utf8: false, color: .colors256)).styles == theme.styles)
        #expect(tool.theme(for: capabilities(utf8: true, color: .monochrome)).styles == .monochrome)
    }

    @Test func withoutATerminalTheMessageNamesTheToolAndItsHint() {
        #expect(
            tool.message(for: .unknownTerminalType("zz"))
                == "sketch: \(TerminalError.unknownTerminalType("zz")); try `sketch eval FILE`")
    }

    @Test func theSessionNamesTheDemoAndTheToolAndProposesTheDemosFileName() throws {
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 100,
            height: 30)
        #expect(session.fileTag == "sample sketch")
        #expect(session.frame().rows.last?.contains("sample sketch · Tab selects") == true)
        session.handle(.character("s"))
        #expect(session.prompt == .saveAs(LineEditor("sample.sketch", limit: 4_096), thenQuit: false))
    }

    @Test func savingAsANameWithoutAnExtensionSavesTheToolsFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cfg-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 100,
            height: 30)
        session.handle(.character("s"))
        for _ in 0..<20 { session.handle(.backspace) }
        for event in InputEvent.typing(directory + "/mine") + [.enter] { session.handle(event) }
        #expect(session.file == directory + "/mine.sketch")
        #expect(FileManager.default.fileExists(atPath: directory + "/mine.sketch"))
    }

    @Test func theToolsMinimumSizeDecidesWhenTheCanvasIsTooSmall() {
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 39,
            height: 30)
        #expect(session.isTooSmall)
        #expect(session.frame().rows.contains { $0.contains("needs 40×12") })
        session.handle(.resize(width: 40, height: 12))
        #expect(!session.isTooSmall)
    }

    @Test func aReadOnlySessionNamesTheTool() throws {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("ro-\(UUID().uuidString)")
            .appendingPathComponent("demo.autosave.jsonl").path
        let first = EditorSession(
            configuration: tool, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 100,
            height: 30,
            demoJournal: journal)
        let second = EditorSession(
            configuration: tool, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 100,
            height: 30,
            demoJournal: journal)
        #expect(!first.isReadOnly)
        #expect(second.readOnlyMessage == "read-only: open in another sketch (pid \(getpid()))")
    }

    @Test func theToolsDataSourceDrawsTheNodes() {
        final class Hidden: CanvasDataSource {
            func shouldShow(_ node: NodeWidgetModel) -> Bool { false }
        }
        var hidden = tool
        hidden.makeDataSource = { Hidden() }
        let session = EditorSession(
            configuration: hidden, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 100,
            height: 30)
        #expect(!session.frame().rows.contains { $0.contains("One") })
    }

    // MARK: Keys

    @Test func theKeysFileIsNamedByTheToolUnderXDGConfigHomeOrHome() {
        #expect(
            tool.keysFilePath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/sketch/keys.json")
        #expect(
            tool.keysFilePath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"])
                == "/h/.config/sketch/keys.json")
        #expect(tool.keysFilePath(environment: [:]) == nil)
    }

    @Test func theKeysFileIsReadOverTheToolsKeysAndReachesTheCanvas() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let environment = ["XDG_CONFIG_HOME": config.path]
        #expect(try tool.effectiveKeys(environment: environment) == .standard, "no file: the tool's keys")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("sketch"), withIntermediateDirectories: true)
        try Data(#"{"bindings": {"d": "delete", "x": null}}"#.utf8).write(
            to: config.appendingPathComponent("sketch/keys.json"))
        var configured = tool
        configured.keyTable = try tool.effectiveKeys(environment: environment)
        #expect(configured.keyTable.command(for: .character("d")) == .delete)
        #expect(configured.keyTable.command(for: .character("x")) == nil)
        let session = EditorSession(
            configuration: configured, document: GraphDocument(graph: tool.demo.graph), file: nil, width: 80,
            height: 24)
        #expect(session.canvas.keyTable == configured.keyTable)
    }

    @Test func aKeysFileThatDoesNotReadIsAnErrorNamingIt() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("sketch"), withIntermediateDirectories: true)
        let file = config.appendingPathComponent("sketch/keys.json")
        try Data(#"{"bindings": {"d": "fly"}}"#.utf8).write(to: file)
        #expect(throws: KeysFileError.self) {
            try tool.effectiveKeys(environment: ["XDG_CONFIG_HOME": config.path])
        }
        do throws(KeysFileError) {
            _ = try tool.effectiveKeys(environment: ["XDG_CONFIG_HOME": config.path])
        } catch {
            #expect(error.path == file.path)
            #expect(error.description.hasPrefix(file.path + ": line 1, column 20: 'fly' is not a command"))
        }
    }
}

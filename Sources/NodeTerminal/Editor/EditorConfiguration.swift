import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphSources

/// What makes the terminal node editor one tool's: its name, its kinds and how they are drawn,
/// its look, its files and the graph it opens without one.
///
/// A tool describes itself once and gets the whole editor — file open, save and save as,
/// questions, the autosave journal and recovery, a lock per file, the clipboard, signals and the
/// terminal given back — from ``run(_:)``:
///
/// ```swift
/// let editor = EditorConfiguration(
///     toolName: "logic-gates", registry: gates, makeDataSource: { GateRenderers() }, theme: palette,
///     fileExtension: "circuit",
///     demo: .init(title: "half adder", fileName: "half-adder.circuit", graph: halfAdder()))
/// exit(editor.run(EditorOptions(file: CommandLine.arguments.dropFirst().first)))
/// ```
public struct EditorConfiguration: Sendable {
    /// The graph opened when no file is given, and what it is called.
    public struct Demo: Sendable {
        /// What the editor calls it, at the top right and in messages (`demo calculator`).
        public var title: String
        /// The file name "save as" proposes for it (`calculator.json`).
        package var fileName: String
        /// The graph.
        public var graph: Graph

        /// Describes the demo.
        /// - Parameters:
        ///   - title: What the editor calls it.
        ///   - fileName: The file name proposed on its first save.
        ///   - graph: The graph.
        public init(title: String, fileName: String, graph: Graph) {
            self.title = title
            self.fileName = fileName
            self.graph = graph
        }
    }

    /// The tool's name as its user types it (`nodeui-tui`): in messages such as
    /// `read-only: open in another nodeui-tui (pid N)`, and the state folder's name by default.
    package var toolName: String
    /// The kinds this tool's graphs are made of.
    package var registry: KindRegistry
    /// Makes what tells a session's canvas which nodes to show, with which renderers (one per
    /// session: a data source may keep state).
    package var makeDataSource: @Sendable () -> any CanvasDataSource
    /// How the canvas looks on a UTF-8 terminal with colors. The editor adapts it to the
    /// terminal: ASCII glyphs where there is no UTF-8 (or with `--ascii`), attributes only where
    /// there are no colors (or `NO_COLOR` is set).
    public var theme: Theme
    /// The extension of the tool's graph files, without the dot (`json`): a name typed in
    /// "save as" without any extension gets it.
    package var fileExtension: String
    /// The graph opened when no file is given.
    public var demo: Demo
    /// The folder, in `$XDG_STATE_HOME` (or `~/.local/state`), of the demo's autosave journal and
    /// lock and of the clipboard every session of the tool shares; the tool's name by default.
    var stateFolderName: String
    /// The smallest screen the canvas is drawn on; below it a notice asks for a larger one.
    var minimumSize: Size
    /// What to suggest when there is no terminal to edit on, e.g. the tool's headless commands;
    /// `nil` suggests nothing.
    package var headlessHint: String?
    /// The keys the editor starts with: the standard ones unless set; ``run(_:)`` reads
    /// ``keysFilePath(environment:)`` over them.
    public var keyTable = KeyTable.standard
    /// The tool's own commands, after the standard ones in help and on the command line
    /// (``keys()``).
    public var commands: [EditorCommand] = []
    /// Makes a session's own plugins (one set per session: plugins keep state), loaded after the
    /// standard ones in this order: they hear every notification and message in it, and draw in
    /// it (later ones on top).
    public var makePlugins: @Sendable () -> [any CanvasPlugin] = { [] }
    /// The tool's rule over edits: every edit, undo and redo of a session (and of `replay` and
    /// `watch` through NodeCommandLine) is asked about, knowing the definition it is inside; a
    /// refusal changes nothing and shows `refused: REASON`. `nil`: none.
    public var editRule: (any EditRule)?
    /// Runners for the tool's own live-source kinds, used by the editor and by `watch`, `eval`,
    /// `render` and `export` through NodeCommandLine.
    public var liveSourceRunners: [LiveSourceRunner] = []

    /// Describes a tool's editor.
    /// - Parameters:
    ///   - toolName: The tool's name as its user types it.
    ///   - registry: The kinds its graphs are made of.
    ///   - makeDataSource: Makes a session's data source: which nodes to show, with which
    ///     renderers (NodeCanvas's standard renderers by default).
    ///   - theme: How the canvas looks on a UTF-8 terminal with colors.
    ///   - fileExtension: The extension of its graph files, without the dot.
    ///   - demo: The graph opened without a file.
    ///   - stateFolderName: The state folder's name; `nil` for the tool's name.
    ///   - minimumSize: The smallest screen the canvas is drawn on (32 × 8 by default).
    ///   - headlessHint: What to suggest without a terminal.
    public init(
        toolName: String, registry: KindRegistry,
        makeDataSource: @escaping @Sendable () -> any CanvasDataSource = { StandardDataSource() },
        theme: Theme = .unicode, fileExtension: String = "json", demo: Demo, stateFolderName: String? = nil,
        minimumSize: Size = Size(width: 32, height: 8), headlessHint: String? = nil
    ) {
        self.toolName = toolName
        self.registry = registry
        self.makeDataSource = makeDataSource
        self.theme = theme
        self.fileExtension = fileExtension
        self.demo = demo
        self.stateFolderName = stateFolderName ?? toolName
        self.minimumSize = minimumSize
        self.headlessHint = headlessHint
    }

    /// The tool's state folder: `$XDG_STATE_HOME/NAME`, or `~/.local/state/NAME`.
    /// - Parameter environment: The environment to read (the process's by default).
    /// - Returns: The folder, or `nil` when neither `XDG_STATE_HOME` nor `HOME` is set.
    package func stateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.local/state" }
        return state.map { $0 + "/" + stateFolderName }
    }

    /// The tool's keys file: `$XDG_CONFIG_HOME/TOOL/keys.json`, or `~/.config/TOOL/keys.json`.
    /// - Parameter environment: The environment to read (the process's by default).
    /// - Returns: The path, or `nil` when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    public func keysFilePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.config" }
        return config.map { $0 + "/" + toolName + "/keys.json" }
    }

    /// The keys the editor starts with before `keys.json`: ``keyTable`` with ``commands`` added,
    /// each on its default keys.
    /// - Returns: The keys.
    /// - Throws: `KeyTableError` naming both commands when two claim one key, or a name used
    ///   twice.
    public func keys() throws(KeyTableError) -> KeyTable {
        try keyTable.adding(commands.map(\.namedCommand))
    }

    /// The command of the tool's with a name.
    /// - Parameter name: The name.
    /// - Returns: The command, or `nil`.
    public func command(named name: String) -> EditorCommand? { commands.first { $0.name == name } }

    /// The keys in effect: ``keys()`` with the keys file read over it when there is one.
    /// - Parameter environment: The environment to read (the process's by default).
    /// - Returns: The keys.
    /// - Throws: `KeysFileError` naming the file and every problem in it, when it exists but
    ///   does not read; or, without a file, each key two commands claim (``keys()``).
    public func effectiveKeys(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(KeysFileError) -> KeyTable
    {
        let keys: KeyTable
        do throws(KeyTableError) {
            keys = try self.keys()
        } catch {
            throw KeysFileError(
                path: nil, problems: error.problems.map { .init(reason: "\(toolName): \($0)") })
        }
        guard let path = keysFilePath(environment: environment), FileManager.default.fileExists(atPath: path)
        else { return keys }
        return try KeysFile.load(path: path, over: keys)
    }

    /// Where the demo's edits are journaled until it is saved: `demo.autosave.jsonl` in the state
    /// folder.
    /// - Parameter environment: The environment to read.
    /// - Returns: The path, or `nil` without a state folder.
    package func demoJournalPath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        stateDirectory(environment: environment).map { $0 + "/demo.autosave.jsonl" }
    }

    /// The clipboard every session of the tool shares: `clipboard.json` in the state folder.
    /// - Parameter environment: The environment to read.
    /// - Returns: The clipboard, or `nil` without a state folder.
    package func clipboard(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ClipboardFile?
    {
        stateDirectory(environment: environment).map { ClipboardFile(path: $0 + "/clipboard.json") }
    }

    /// The theme for a terminal: ``theme`` with ASCII glyphs where the terminal has no UTF-8
    /// (unless the theme's are ASCII already), and attributes only where it has no colors.
    /// - Parameters:
    ///   - capabilities: What the terminal can show.
    ///   - theme: The theme to adapt; ``theme`` by default.
    /// - Returns: The theme to draw with.
    public func theme(for capabilities: TerminalScreen.Capabilities, from theme: Theme? = nil) -> Theme {
        var adapted = theme ?? self.theme
        if !capabilities.supportsUTF8 && !adapted.glyphs.isASCII { adapted.glyphs = .ascii }
        if capabilities.colorDepth == .monochrome { adapted.styles = .monochrome }
        return adapted
    }

    /// A path typed in "save as" as it is saved: with `fileExtension` added when its last
    /// component has no extension at all (`mine` becomes `mine.json`).
    /// - Parameter path: What was typed.
    /// - Returns: The path to save to.
    package func savePath(for path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard !fileExtension.isEmpty, !name.isEmpty, !name.dropFirst().contains(".") else { return path }
        return path + "." + fileExtension
    }
}

import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// The clipboard every session shares: `$XDG_STATE_HOME/nodeui-tui/clipboard.json`, a graph file
/// holding the copied nodes and the links among them, and beside it `clipboard.inputs.jsonl`, the
/// links that fed them from outside nodes, as journal lines (what `P` keeps).
struct ClipboardFile {
    /// The graph file of the copied nodes.
    let path: String

    /// The journal of the links from outside nodes.
    var inputsPath: String { (path as NSString).deletingPathExtension + ".inputs.jsonl" }

    /// The clipboard in the state folder, or `nil` when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func standard() -> ClipboardFile? {
        InteractiveSession.stateDirectory().map { ClipboardFile(path: $0 + "/clipboard.json") }
    }

    /// Writes the copied nodes (atomically) and their outside links.
    /// - Parameter contents: What was copied.
    /// - Returns: The graph file's text, for the terminal's clipboard.
    /// - Throws: A one-line reason.
    func write(_ contents: ClipboardContents) throws(ClipboardError) -> String {
        var graph = Graph(registry: .standard)
        for node in contents.nodes {
            do throws(GraphError) {
                try graph.apply(.addNode(node))
            } catch {
                throw ClipboardError(reason: "cannot copy \(node.id): \(error)")
            }
        }
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text: Data
        do throws(SaveError) {
            text = try GraphFile.encode(graph)
            try AtomicFile.write(text, to: path)
            var lines = ""
            for edit in contents.outsideInputs {
                lines += (try? Journal.line(for: .edit(edit))).map { $0 + "\n" } ?? ""
            }
            try AtomicFile.write(Data(lines.utf8), to: inputsPath)
        } catch {
            throw ClipboardError(reason: "cannot write the clipboard \(path): \(error.reason)")
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads the clipboard; `nil` when nothing was ever copied.
    /// - Returns: The copied nodes and their outside links.
    /// - Throws: A one-line reason when the clipboard cannot be read.
    func read() throws(ClipboardError) -> ClipboardContents? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let graph: Graph
        do throws(GraphFileError) {
            graph = try GraphFile.load(path: path)
        } catch {
            throw ClipboardError(
                reason: "cannot read the clipboard \(path): \(error.problems.first.map { "\($0)" } ?? "")")
        }
        var outside: [Edit] = []
        if let data = FileManager.default.contents(atPath: inputsPath) {
            for line in Journal.lines(in: data) {
                if case .success(.edit(let edit)) = line.entry { outside.append(edit) }
            }
        }
        return ClipboardContents(nodes: graph.nodes, outsideInputs: outside)
    }
}

/// Why the clipboard could not be written or read.
struct ClipboardError: Error {
    /// The reason, in one line.
    var reason: String
}

extension InteractiveSession {
    /// `$XDG_STATE_HOME/nodeui-tui`, or `~/.local/state/nodeui-tui`; `nil` when neither is set.
    static func stateDirectory() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.local/state" }
        return state.map { $0 + "/nodeui-tui" }
    }

    /// `y`: writes the clipboard file and, where the terminal has one, its clipboard.
    func copy(_ contents: ClipboardContents) {
        guard let clipboard else {
            report("no clipboard: set XDG_STATE_HOME or HOME")
            return
        }
        do throws(ClipboardError) {
            let text = try clipboard.write(contents)
            terminalClipboard?(text)
            log.write("copied \(contents.nodes.count) nodes to \(clipboard.path)")
        } catch {
            report(error.reason)
        }
    }

    /// `p` or `P`: reads the clipboard and hands it to the canvas.
    func paste(keepingOutsideInputs: Bool) {
        guard let clipboard else {
            report("no clipboard: set XDG_STATE_HOME or HOME")
            return
        }
        do throws(ClipboardError) {
            perform(
                canvas.send(.clipboardRead(try clipboard.read(), keepingOutsideInputs: keepingOutsideInputs)))
        } catch {
            report(error.reason)
        }
    }
}

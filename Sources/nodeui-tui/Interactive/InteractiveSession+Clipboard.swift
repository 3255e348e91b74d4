import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// The clipboard every session shares: `$XDG_STATE_HOME/nodeui-tui/clipboard.json`, a graph file
/// fragment (``GraphFile/encode(_:outsideInputs:)``) holding the copied nodes, the links among
/// them, and in their `inputs` the nodes outside the copy that fed them (what `P` keeps).
struct ClipboardFile {
    /// The fragment's file.
    let path: String

    /// The clipboard in the state folder, or `nil` when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func standard() -> ClipboardFile? {
        InteractiveSession.stateDirectory().map { ClipboardFile(path: $0 + "/clipboard.json") }
    }

    /// Writes the copied nodes and their outside links, atomically.
    /// - Parameters:
    ///   - contents: What was copied.
    ///   - registry: The kinds the nodes use.
    /// - Returns: The file's text, for the terminal's clipboard.
    /// - Throws: A one-line reason.
    func write(_ contents: ClipboardContents, registry: KindRegistry) throws(ClipboardError) -> String {
        var graph = Graph(registry: registry)
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
            text = try GraphFile.encode(graph, outsideInputs: contents.outsideInputs)
            try AtomicFile.write(text, to: path)
        } catch {
            throw ClipboardError(reason: "cannot write the clipboard \(path): \(error.reason)")
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads the clipboard; `nil` when nothing was ever copied.
    /// - Parameter registry: The kinds the nodes may use.
    /// - Returns: The copied nodes and their outside links.
    /// - Throws: A one-line reason when the clipboard cannot be read.
    func read(registry: KindRegistry) throws(ClipboardError) -> ClipboardContents? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do throws(GraphFileError) {
            let fragment = try GraphFile.loadFragment(path: path, registry: registry)
            return ClipboardContents(nodes: fragment.graph.nodes, outsideInputs: fragment.outsideInputs)
        } catch {
            throw ClipboardError(
                reason: "cannot read the clipboard \(path): \(error.problems.first.map { "\($0)" } ?? "")")
        }
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
            let text = try clipboard.write(contents, registry: document.graph.registry)
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
                canvas.send(
                    .clipboardRead(
                        try clipboard.read(registry: document.graph.registry),
                        keepingOutsideInputs: keepingOutsideInputs)))
        } catch {
            report(error.reason)
        }
    }
}

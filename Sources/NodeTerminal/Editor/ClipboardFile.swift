import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// The clipboard every session of a tool shares, whatever file each edits:
/// `$XDG_STATE_HOME/TOOL/clipboard.json` (`EditorConfiguration/clipboard(environment:)`), a
/// graph file fragment (`GraphFile.encode(_:outsideInputs:)`) holding the copied nodes, the links
/// among them, in their `inputs` the nodes outside the copy that fed them (what `P` keeps), and
/// the definitions the copied groups use (a version 2 fragment).
public struct ClipboardFile: Hashable, Sendable {
    /// The fragment's file.
    package let path: String

    /// A clipboard kept in a file.
    /// - Parameter path: The file.
    public init(path: String) { self.path = path }

    /// Writes the copied nodes and their outside links, atomically.
    /// - Parameters:
    ///   - contents: What was copied.
    ///   - registry: The kinds the nodes use.
    /// - Returns: The file's text, for the terminal's clipboard.
    /// - Throws: A one-line reason.
    package func write(_ contents: ClipboardContents, registry: KindRegistry) throws(ClipboardError) -> String
    {
        var graph = Graph(registry: registry)
        for definition in contents.definitions {
            do throws(GraphError) {
                try graph.apply(.addDefinition(definition))
            } catch {
                throw ClipboardError(reason: "cannot copy the definition \(definition.kind): \(error)")
            }
        }
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
    public func read(registry: KindRegistry) throws(ClipboardError) -> ClipboardContents? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do throws(GraphFileError) {
            let fragment = try GraphFile.loadFragment(path: path, registry: registry)
            return ClipboardContents(
                nodes: fragment.graph.nodes, outsideInputs: fragment.outsideInputs,
                definitions: fragment.graph.definitions.map(\.description))
        } catch {
            throw ClipboardError(
                reason: "cannot read the clipboard \(path): \(error.problems.first.map { "\($0)" } ?? "")")
        }
    }
}

/// Why the clipboard could not be written or read.
public struct ClipboardError: Error, Hashable, Sendable {
    /// The reason, in one line.
    package var reason: String
}

import NodeCanvas
import NodeGraph

/// `y`, `p` and `P`: the clipboard file every session of the tool shares, and the terminal's own.
extension EditorSession {
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

import NodeGraph

extension StatusBarPlugin {
    /// The value of `node` in full when its box cannot show it whole: an error (with the reason of
    /// the node that blocks it), or a value wider than the box's content, which the box shortens
    /// with `…`. `nil` when the box shows the value whole, is a dot (which shows no value), or the
    /// node has no box or value.
    ///
    /// The status line shows it before the hints while the cursor is on the node, and the message
    /// history (`@`) above the messages, so a shortened value can always be read whole.
    /// - Parameters:
    ///   - node: The node.
    ///   - graph: The shown graph (an opened group's definition inside one).
    ///   - scene: The scene that lays out its boxes.
    ///   - marker: The mark of a problem (the theme's ``Glyphs/errorMarker``).
    /// - Returns: `= value` or `! reason`, and whether it is an error.
    package static func wholeValue(
        of node: NodeID, in graph: Graph, scene: CanvasScene, marker: Character = "!"
    ) -> (text: String, isError: Bool)? {
        // A dot shows no value to shorten.
        guard let value = graph.value(of: node), let layout = scene.layout(of: node),
            layout.levelOfDetail != .dot
        else { return nil }
        if let error = value.error {
            let reason = error.reason
            if error.origin != node {
                let blocker = graph.name(of: error.origin) ?? error.origin.rawValue
                return ("\(marker) blocked by \(blocker): \(reason)", true)
            }
            guard displayWidth(of: "\(marker) \(reason)") > layout.content.width else { return nil }
            return ("\(marker) \(reason)", true)
        }
        let text = value.description
        guard displayWidth(of: "= " + text) > layout.content.width else { return nil }
        return ("= \(text)", false)
    }

    /// The node under the cursor and its value in full, when its box shortens it (see
    /// `wholeValue(of:in:scene:marker:)`): what the message history shows above the messages.
    /// - Parameters:
    ///   - state: The canvas state.
    ///   - graph: The shown graph.
    ///   - scene: The scene.
    ///   - marker: The mark of a problem.
    /// - Returns: `Name = value` or `Name ! reason`, and whether it is an error.
    package static func cursorValue(
        _ state: CanvasState, in graph: Graph, scene: CanvasScene, marker: Character = "!"
    ) -> StatusMessage? {
        guard let node = state.cursorNode,
            let whole = wholeValue(of: node, in: graph, scene: scene, marker: marker)
        else { return nil }
        return StatusMessage("\(graph.name(of: node) ?? node.rawValue) \(whole.text)", isError: whole.isError)
    }
}

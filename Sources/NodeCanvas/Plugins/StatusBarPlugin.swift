import NodeGraph

/// The status line at the bottom: the mode, the selection, the latest message or hints for the
/// mode, and the level of detail and cursor position.
public final class StatusBarPlugin: CanvasPlugin {
    /// `status`.
    public let name = "status"
    /// How many messages it has heard (for hosts that log).
    public private(set) var messagesHeard = 0

    /// Creates the plugin.
    public init() {}

    /// One row.
    public func reservedRows(on canvas: Canvas) -> Int { canvas.state.viewport.height > 1 ? 1 : 0 }

    /// Counts messages.
    public func receive(_ action: CanvasAction, on canvas: Canvas) {
        if case .message = action { messagesHeard += 1 }
    }

    /// The status line's text, without styles: what tests read.
    /// - Parameter canvas: The canvas.
    /// - Returns: The mode, the selection, and the message or hints.
    public func text(for canvas: Canvas) -> (mode: String, selection: String, message: String, isError: Bool)
    {
        let state = canvas.state
        let graph = canvas.document.graph
        let selection = state.selection.flatMap { graph.name(of: $0) } ?? ""
        if let message = state.message { return (state.mode.name, selection, message, state.messageIsError) }
        return (state.mode.name, selection, hints(for: canvas), false)
    }

    private func hints(for canvas: Canvas) -> String {
        let state = canvas.state
        let graph = canvas.document.graph
        let glyphs = canvas.theme.glyphs
        switch state.mode {
        case .normal:
            guard let node = state.selection else {
                return graph.isEmpty
                    ? "n new node · ? help · q quit" : "Tab select · n new · H J K L pan · ? help"
            }
            let edit = graph.parameter(of: node)?.number != nil ? "e edit · +/- step · " : ""
            let cycle = graph.kind(of: node)?.category == "arithmetic" ? "o operator · " : ""
            return "l link · m move · \(edit)\(cycle)x delete · ? help"
        case .link(let link):
            let source = graph.name(of: link.source) ?? link.source.rawValue
            guard let target = link.currentTarget else { return "from \(source): Tab to a slot · Esc done" }
            let slot = CanvasText.slotName(target.candidate, in: graph)
            if let refusal = target.candidate.refusal {
                return "\(glyphs.invalidTarget) \(slot): "
                    + CanvasText.describe(refusal, in: graph, arrow: glyphs.arrow)
            }
            if target.isVetoed { return "\(glyphs.invalidTarget) \(slot): not offered here" }
            let verb = target.candidate.isLinked ? "unlinks" : "links"
            return "Enter \(verb) \(source) \(glyphs.arrow) \(slot) · Tab next · Esc done"
        case .move:
            return "arrows move · Enter done · Esc cancel"
        case .editValue(let edit):
            let name = graph.name(of: edit.node) ?? edit.node.rawValue
            return "\(name) = \(edit.text)\(glyphs.textCursor) · Enter sets · Esc cancels"
        case .palette:
            return
                "type to filter · \(glyphs.arrow == "→" ? "↑↓" : "up/down") choose · Enter create · Esc cancel"
        case .find(let query):
            let count = CanvasReducer.findMatches(query, context: canvas.context).count
            return
                "/\(query)\(glyphs.textCursor)  \(count) match\(count == 1 ? "" : "es") · Enter jump · Esc cancel"
        case .help:
            return "any key closes help"
        }
    }

    /// Draws the status line on the last row.
    public func draw(on surface: inout Surface, canvas: Canvas) {
        guard reservedRows(on: canvas) > 0 else { return }
        let styles = canvas.theme.styles
        let y = surface.height - 1
        let row = Rect(x: 0, y: y, width: surface.width, height: 1)
        surface.fill(row, with: " ", style: styles.status)
        let (mode, selection, message, isError) = text(for: canvas)
        var x = surface.put(" \(mode) ", x: 0, y: y, style: styles.statusMode)
        if !selection.isEmpty {
            var style = styles.status
            style.bold = true
            x = surface.put(" " + selection, x: x, y: y, style: style)
            x = surface.put(" ", x: x, y: y, style: styles.status)
        }
        let state = canvas.state
        let modified = canvas.document.isModified ? "modified  " : ""
        let location = modified + "\(state.levelOfDetail.rawValue)  \(state.cursor.x),\(state.cursor.y) "
        // The message wins: the level of detail and position give way when it needs the room.
        let full = surface.width - x - 1
        let showsLocation = displayWidth(of: message) + displayWidth(of: location) + 2 <= full
        let rightWidth = showsLocation ? displayWidth(of: location) : 0
        let messageRoom = Rect(x: x + 1, y: y, width: full - rightWidth - (showsLocation ? 2 : 0), height: 1)
        surface.put(
            message, in: messageRoom, style: isError ? styles.statusError : styles.status,
            ellipsis: canvas.theme.glyphs.ellipsis)
        if showsLocation {
            surface.put(location, x: surface.width - rightWidth, y: y, style: styles.status)
        }
    }
}

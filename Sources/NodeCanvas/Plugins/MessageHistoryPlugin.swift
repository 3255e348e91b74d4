import NodeGraph

/// The message history (`@`): every status message of the session, newest first, each whole,
/// wrapped to the screen's width, in a panel over the canvas while the mode is
/// ``CanvasMode/messages(firstRow:)``.
public final class MessageHistoryPlugin: CanvasPlugin {
    /// `messages`.
    public let name = "messages"

    /// Creates the plugin.
    public init() {}

    /// The panel's rows: the messages newest first, each wrapped to `width` columns and marked
    /// at its start, a problem with `marker`, others with a space; continued lines indented.
    /// - Parameters:
    ///   - history: The messages, oldest first (`CanvasState/messageHistory`).
    ///   - width: The columns for text.
    ///   - marker: The mark of a problem (the theme's ``Glyphs/errorMarker``).
    /// - Returns: The rows, each with whether it belongs to a problem.
    /// - Complexity: O(*n*) in the history's characters.
    public static func rows(_ history: [StatusMessage], width: Int, marker: Character = "!")
        -> [(text: String, isError: Bool)]
    {
        history.reversed().flatMap { message in
            let lead = message.isError ? "\(marker) " : "  "
            return (lead + message.text).wrapped(toWidth: width, indent: 2).map { ($0, message.isError) }
        }
    }

    /// The panel's rows for a state: above the messages, the node under the cursor with its value
    /// in full when its box shortens it (`StatusBarPlugin.cursorValue(_:in:scene:marker:)`),
    /// then ``rows(_:width:marker:)``. What the panel draws and scrolls through.
    /// - Parameters:
    ///   - state: The canvas state.
    ///   - graph: The shown graph.
    ///   - scene: The scene.
    ///   - width: The columns for text.
    ///   - marker: The mark of a problem.
    /// - Returns: The rows, each with whether it belongs to a problem.
    static func rows(
        for state: CanvasState, in graph: Graph, scene: CanvasScene, width: Int, marker: Character = "!"
    ) -> [(text: String, isError: Bool)] {
        let history = rows(state.messageHistory, width: width, marker: marker)
        guard let value = StatusBarPlugin.cursorValue(state, in: graph, scene: scene, marker: marker) else {
            return history
        }
        let shown = "under the cursor: \(value.text)".wrapped(toWidth: width, indent: 2)
        return shown.map { ($0, value.isError) } + history
    }

    /// The columns for text in a canvas area: the panel covers it, inside a border and a space.
    /// - Parameter area: The canvas area.
    /// - Returns: The columns.
    static func textWidth(in area: Rect) -> Int { max(1, area.width - 4) }

    /// The rows shown at once in a canvas area: the panel covers it, inside its border.
    /// - Parameter area: The canvas area.
    /// - Returns: The rows.
    static func visibleRows(in area: Rect) -> Int { max(1, area.height - 2) }

    /// Draws the messages when the mode is ``CanvasMode/messages(firstRow:)``.
    public func draw(on surface: inout Surface, canvas: Canvas) {
        guard case .messages(let firstRow) = canvas.state.mode else { return }
        let theme = canvas.theme
        let area = canvas.area
        guard area.width > 10, area.height > 2 else { return }
        let history = canvas.state.messageHistory
        var entries = Self.rows(
            for: canvas.state, in: canvas.shownGraph, scene: canvas.scene, width: Self.textWidth(in: area),
            marker: theme.glyphs.errorMarker)
        if entries.isEmpty { entries = [("  no messages yet", false)] }
        let shown = Self.visibleRows(in: area)
        let first = max(0, min(firstRow, entries.count - shown))
        let dot = " \(theme.glyphs.separator) "
        let footer =
            entries.count > shown
            ? "\(first + 1)-\(min(entries.count, first + shown)) of \(entries.count)\(dot)arrows, PgUp/PgDn scroll\(dot)other keys close"
            : "any key closes"
        let count = history.count == 1 ? "1 message" : "\(history.count) messages"
        drawPanel(
            area, title: "Messages, newest first (\(count))", footer: footer, theme: theme, on: &surface)
        for (index, entry) in entries.dropFirst(first).prefix(shown).enumerated() {
            let line = Rect(
                x: area.minX + 2, y: area.minY + 1 + index, width: Self.textWidth(in: area), height: 1)
            var style = theme.styles.panel
            if entry.isError {
                if theme.styles.error.foreground != .default {
                    style.foreground = theme.styles.error.foreground
                }
                style.bold = true
            }
            surface.put(entry.text, in: line, style: style, ellipsis: theme.glyphs.ellipsis)
        }
    }
}

import NodeGraph

/// A titled block of lines a tool shows beside the canvas (a truth table, a report).
public struct Panel: Hashable, Sendable {
    /// The title, on the panel's top border.
    public var title: String
    /// The lines, top to bottom.
    public var lines: [String]

    /// Describes a panel.
    /// - Parameters:
    ///   - title: The title.
    ///   - lines: The lines.
    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }
}

/// Shows one ``Panel`` at the right of the canvas, as wide as its longest line (up to half the
/// screen), until it is hidden. A tool's commands show and hide it; the panel is view state,
/// like a plot's history: never saved, journaled or undone.
package final class PanelPlugin: CanvasPlugin {
    /// `panel`.
    package let name = "panel"
    /// The panel shown, or `nil`.
    package private(set) var panel: Panel?

    /// Creates the plugin, showing nothing.
    package init() {}

    /// Shows a panel in place of the one shown.
    /// - Parameter panel: The panel; `nil` hides it.
    package func show(_ panel: Panel?) { self.panel = panel }

    /// The panel's width while one is shown and the screen leaves 20 columns of canvas beside it.
    package func reservedColumns(for state: CanvasState) -> Int {
        guard let panel else { return 0 }
        let widest = ([panel.title] + panel.lines).map(displayWidth(of:)).max() ?? 0
        let width = min(max(widest + 4, 16), state.viewport.width / 2)
        return state.viewport.width >= width + 20 ? width : 0
    }

    /// Draws the panel at the right, above the status line.
    package func draw(on surface: inout Surface, canvas: Canvas) {
        let columns = reservedColumns(for: canvas.state)
        guard let panel, columns > 0 else { return }
        var area = canvas.area
        // Beside the inspector when both show: this plugin's columns are the rightmost it left.
        area.width = canvas.state.viewport.width - columns
        let box = Rect(x: area.maxX, y: area.minY, width: columns, height: area.height)
        drawPanel(box, title: panel.title, theme: canvas.theme, on: &surface)
        let inner = box.insetBy(dx: 2, dy: 1)
        for (index, line) in panel.lines.prefix(inner.height).enumerated() {
            surface.put(
                line, in: Rect(x: inner.minX, y: inner.minY + index, width: inner.width, height: 1),
                style: canvas.theme.styles.panel, ellipsis: canvas.theme.glyphs.ellipsis)
        }
    }
}

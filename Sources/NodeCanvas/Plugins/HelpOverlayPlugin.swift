/// The help overlay: every key, in a box over the middle of the canvas, while the mode is help.
public final class HelpOverlayPlugin: CanvasPlugin {
    /// `help`.
    public let name = "help"
    /// How many times help was opened.
    public private(set) var timesShown = 0

    /// Creates the plugin.
    public init() {}

    /// Counts openings.
    public func receive(_ notification: CanvasNotification, on canvas: Canvas) {
        if case .modeChanged(.help(0)) = notification { timesShown += 1 }
    }

    /// The rows help shows: every key of ``KeyBindings/normal``, then the mouse.
    public static var rows: [(keys: String, help: String)] {
        KeyBindings.normal.map { ($0.label, $0.help) } + KeyBindings.mouse.map { ($0.label, $0.help) }
    }

    /// Draws the key list when the mode is help.
    public func draw(on surface: inout Surface, canvas: Canvas) {
        guard case .help(let firstRow) = canvas.state.mode else { return }
        let theme = canvas.theme
        let entries = Self.rows
        let keysWidth = entries.map { displayWidth(of: $0.keys) }.max() ?? 0
        let actionWidth = entries.map { displayWidth(of: $0.help) }.max() ?? 0
        let area = canvas.area
        let width = min(area.width, keysWidth + actionWidth + 7)
        let height = min(area.height, entries.count + 2)
        guard width > 10, height > 2 else { return }
        let box = Rect(
            x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2,
            width: width, height: height)
        let shown = height - 2
        let first = max(0, min(firstRow, entries.count - shown))
        let footer =
            entries.count > shown
            ? "\(first + 1)-\(first + shown) of \(entries.count), arrows scroll, other keys close"
            : "any key closes"
        drawPanel(box, title: "Keys", footer: footer, theme: theme, on: &surface)
        for (index, entry) in entries.dropFirst(first).prefix(shown).enumerated() {
            let y = box.minY + 1 + index
            var keyStyle = theme.styles.panel
            keyStyle.bold = true
            let keys = Rect(x: box.minX + 2, y: y, width: keysWidth, height: 1)
            surface.put(entry.keys, in: keys, style: keyStyle)
            let action = Rect(x: keys.maxX + 2, y: y, width: box.maxX - keys.maxX - 4, height: 1)
            surface.put(entry.help, in: action, style: theme.styles.panel, ellipsis: theme.glyphs.ellipsis)
        }
    }
}

/// Draws a panel: a box in the panel style with a title on its top edge and an optional footer
/// on its bottom edge.
func drawPanel(_ box: Rect, title: String, footer: String? = nil, theme: Theme, on surface: inout Surface) {
    let glyphs = theme.glyphs, styles = theme.styles
    surface.fill(box, with: " ", style: styles.panel)
    guard box.width >= 2, box.height >= 2 else { return }
    let right = box.maxX - 1, bottom = box.maxY - 1
    surface.fill(
        Rect(x: box.minX + 1, y: box.minY, width: box.width - 2, height: 1), with: glyphs.horizontal,
        style: styles.panel)
    surface.fill(
        Rect(x: box.minX + 1, y: bottom, width: box.width - 2, height: 1), with: glyphs.horizontal,
        style: styles.panel)
    surface.fill(
        Rect(x: box.minX, y: box.minY + 1, width: 1, height: box.height - 2), with: glyphs.vertical,
        style: styles.panel)
    surface.fill(
        Rect(x: right, y: box.minY + 1, width: 1, height: box.height - 2), with: glyphs.vertical,
        style: styles.panel)
    surface[box.minX, box.minY] = Cell(glyphs.topLeft, style: styles.panel)
    surface[right, box.minY] = Cell(glyphs.topRight, style: styles.panel)
    surface[box.minX, bottom] = Cell(glyphs.bottomLeft, style: styles.panel)
    surface[right, bottom] = Cell(glyphs.bottomRight, style: styles.panel)
    surface.put(
        " \(title) ", in: Rect(x: box.minX + 1, y: box.minY, width: box.width - 2, height: 1),
        style: styles.panelTitle)
    if let footer {
        surface.put(
            " \(footer) ", in: Rect(x: box.minX + 1, y: bottom, width: box.width - 3, height: 1),
            style: styles.panel, alignment: .trailing)
    }
}

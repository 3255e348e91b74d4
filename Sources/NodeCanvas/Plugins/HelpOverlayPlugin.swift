/// The help overlay: every key, in a box over the middle of the canvas, while the mode is help.
public final class HelpOverlayPlugin: CanvasPlugin {
    /// `help`.
    public let name = "help"
    /// How many times help was opened.
    package private(set) var timesShown = 0

    /// Creates the plugin.
    public init() {}

    /// Counts openings.
    public func receive(_ notification: CanvasNotification, on canvas: Canvas) {
        if case .modeChanged(.help(0)) = notification { timesShown += 1 }
    }

    /// The rows help shows with the standard keys (the editor guide's table): every row of
    /// `KeyBindings/normal`, the screen's own keys, then the mouse.
    public static var rows: [(keys: String, help: String)] { rows(for: .standard) }

    /// The rows help shows with the keys in effect: every row of `KeyTable/bindings`, the
    /// screen's own keys, then the mouse.
    /// - Parameter keys: The keys in effect.
    /// - Returns: The rows.
    public static func rows(for keys: KeyTable) -> [(keys: String, help: String)] {
        keys.bindings.map { ($0.label, $0.help) } + KeyBindings.screen + KeyBindings.mouse
    }

    /// Where help is drawn in an area, and its lines wrapped to that width: each row's keys on
    /// its first line with the help beside them, the rest of the help on lines below; on a
    /// screen too narrow for two columns, the keys on a line of their own and the help below.
    struct Layout {
        var box: Rect
        /// Per line: the keys (on a row's first line) and a piece of help.
        var lines: [(keys: String, help: String)]
        var keysWidth: Int

        init?(area: Rect, keys table: KeyTable) {
            let entries = HelpOverlayPlugin.rows(for: table)
            let keys = entries.map { displayWidth(of: $0.keys) }.max() ?? 0
            let helpWidth = entries.map { displayWidth(of: $0.help) }.max() ?? 0
            let width = min(area.width, keys + helpWidth + 6)
            guard width >= 12, area.height >= 3 else { return nil }
            let inside = width - 4
            let stacked = inside - keys - 2 < 16
            keysWidth = stacked ? inside : keys
            let helpRoom = stacked ? inside - 2 : inside - keys - 2
            lines = []
            for entry in entries {
                let help = entry.help.wrapped(toWidth: helpRoom)
                if stacked {
                    lines.append((entry.keys, ""))
                    lines += help.map { ("", $0) }
                } else {
                    lines.append((entry.keys, help[0]))
                    lines += help.dropFirst().map { ("", $0) }
                }
            }
            let height = min(area.height, lines.count + 2)
            box = Rect(
                x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2,
                width: width, height: height)
        }

        /// How many lines show at once.
        var shown: Int { box.height - 2 }
    }

    /// The first line help may start at, in an area: the last screenful's.
    static func lastFirstLine(in area: Rect, keys: KeyTable) -> Int {
        guard let layout = Layout(area: area, keys: keys) else { return 0 }
        return max(0, layout.lines.count - layout.shown)
    }

    /// Draws the key list when the mode is help.
    public func draw(on surface: inout Surface, canvas: Canvas) {
        guard case .help(let firstRow) = canvas.state.mode,
            let layout = Layout(area: canvas.area, keys: canvas.keyTable)
        else {
            return
        }
        let theme = canvas.theme, box = layout.box, lines = layout.lines, shown = layout.shown
        let first = max(0, min(firstRow, lines.count - shown))
        let footer =
            lines.count > shown
            ? "\(first + 1)-\(first + shown) of \(lines.count), arrows scroll, other keys close"
            : "any key closes"
        drawPanel(box, title: "Keys", footer: footer, theme: theme, on: &surface)
        var keyStyle = theme.styles.panel
        keyStyle.bold = true
        let stacked = layout.keysWidth == box.width - 4
        for (index, line) in lines.dropFirst(first).prefix(shown).enumerated() {
            let y = box.minY + 1 + index
            let keys = Rect(x: box.minX + 2, y: y, width: layout.keysWidth, height: 1)
            if !line.keys.isEmpty {
                surface.put(line.keys, in: keys, style: keyStyle, ellipsis: theme.glyphs.ellipsis)
            }
            let helpX = stacked ? box.minX + 4 : keys.maxX + 2
            let help = Rect(x: helpX, y: y, width: box.maxX - 2 - helpX, height: 1)
            surface.put(line.help, in: help, style: theme.styles.panel, ellipsis: theme.glyphs.ellipsis)
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

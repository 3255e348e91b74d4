import NodeGraph

/// Draws the command line: a box at the bottom of the canvas with what is typed and the matching
/// commands, best first, each with its keys in effect and one line of help.
enum CommandLineOverlay {
    static func draw(_ line: CommandLineState, canvas: Canvas, on surface: inout Surface) {
        let theme = canvas.theme, styles = theme.styles, keys = canvas.keyTable
        let commands = CanvasReducer.commandMatches(line.typedName, in: keys)
        let area = canvas.area
        let width = min(area.width, 84)
        let height = min(area.height, max(1, min(commands.count, 12)) + 3)
        guard width >= 16, height >= 4 else { return }
        let box = Rect(
            x: area.minX + (area.width - width) / 2, y: area.maxY - height, width: width, height: height)
        let dot = theme.glyphs.separator
        let arrows = theme.glyphs.arrow == "→" ? "↑↓" : "up/down"
        drawPanel(
            box, title: "Commands", footer: "Enter runs \(dot) \(arrows) choose \(dot) Esc", theme: theme,
            on: &surface)
        let inner = Rect(x: box.minX + 2, y: box.minY + 1, width: box.width - 4, height: box.height - 2)
        var typed = styles.panel
        typed.underline = true
        surface.put(
            ":" + line.editor.shown(cursor: theme.glyphs.textCursor),
            in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: 1), style: typed,
            ellipsis: theme.glyphs.ellipsis)
        guard !commands.isEmpty else {
            surface.put(
                "no command matches",
                in: Rect(x: inner.minX, y: inner.minY + 1, width: inner.width, height: 1),
                style: styles.secondary)
            return
        }
        let rows = height - 3
        let listed = commands.count > rows ? max(1, rows - 1) : rows
        let choice = min(line.choice, commands.count - 1)
        let first = max(0, min(choice - listed + 1, commands.count - listed))
        let last = min(commands.count, first + listed)
        if let more = PaletteOverlay.moreLine(
            above: first, below: commands.count - last, glyphs: theme.glyphs)
        {
            surface.put(
                more, in: Rect(x: inner.minX, y: inner.minY + 1 + listed, width: inner.width, height: 1),
                style: styles.secondary)
        }
        let nameWidth = min(commands.map { displayWidth(of: $0.name) }.max() ?? 0, inner.width / 3)
        let keyWidth = min(
            commands.map { displayWidth(of: keys.label(of: $0.name)) }.max() ?? 0, inner.width / 4)
        for (offset, command) in commands[first..<last].enumerated() {
            let index = first + offset
            let row = Rect(x: box.minX + 1, y: inner.minY + 1 + offset, width: box.width - 2, height: 1)
            let style = index == choice ? styles.panelChoice : styles.panel
            surface.fill(row, with: " ", style: style)
            var x = row.minX + 1
            surface.put(
                command.name, in: Rect(x: x, y: row.minY, width: nameWidth, height: 1), style: style,
                ellipsis: theme.glyphs.ellipsis)
            x += nameWidth + 2
            var keyStyle = style
            keyStyle.bold = true
            surface.put(
                keys.label(of: command.name), in: Rect(x: x, y: row.minY, width: keyWidth, height: 1),
                style: keyStyle, ellipsis: theme.glyphs.ellipsis)
            x += keyWidth + 2
            guard x < row.maxX - 1 else { continue }
            surface.put(
                command.help, in: Rect(x: x, y: row.minY, width: row.maxX - 1 - x, height: 1),
                style: index == choice ? style : styles.secondary, ellipsis: theme.glyphs.ellipsis)
        }
    }
}

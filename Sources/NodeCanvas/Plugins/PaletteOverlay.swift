import NodeGraph

/// Draws the new-node palette: a box by the cursor with the filter and the matching kinds.
enum PaletteOverlay {
    static func draw(_ palette: PaletteState, canvas: Canvas, on surface: inout Surface) {
        let theme = canvas.theme
        let styles = theme.styles
        let graph = canvas.document.graph
        let kinds = CanvasReducer.paletteKinds(matching: palette.query, in: graph)
        let area = canvas.area
        let width = min(area.width, 30)
        let height = min(area.height, max(1, min(kinds.count, 10)) + 3)
        guard width >= 12, height >= 4 else { return }
        let rows = height - 3
        let state = canvas.state
        let cursor = state.scaledCursor
        let origin = state.scaledOrigin
        var x = cursor.x - origin.x + area.minX + 1
        var y = cursor.y - origin.y + area.minY + 1
        x = max(area.minX, min(x, area.maxX - width))
        y = max(area.minY, min(y, area.maxY - height))
        let box = Rect(x: x, y: y, width: width, height: height)
        drawPanel(
            box, title: "New node", footer: "Enter \(theme.glyphs.separator) Esc", theme: theme, on: &surface)
        let inner = Rect(x: box.minX + 2, y: box.minY + 1, width: box.width - 4, height: box.height - 2)
        var query = styles.panel
        query.underline = true
        surface.put(
            "\(theme.glyphs.validTarget) \(palette.query)\(theme.glyphs.textCursor)",
            in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: 1), style: query)
        if kinds.isEmpty {
            surface.put(
                "no kind matches", in: Rect(x: inner.minX, y: inner.minY + 1, width: inner.width, height: 1),
                style: styles.secondary)
            return
        }
        // A cut list gives its last row to what it leaves out (`↓ 7 more`).
        let listed = kinds.count > rows ? max(1, rows - 1) : rows
        let choice = min(palette.choice, kinds.count - 1)
        let first = max(0, min(choice - listed + 1, kinds.count - listed))
        let last = min(kinds.count, first + listed)
        if let more = Self.moreLine(above: first, below: kinds.count - last, glyphs: theme.glyphs) {
            surface.put(
                more, in: Rect(x: inner.minX, y: inner.minY + 1 + listed, width: inner.width, height: 1),
                style: styles.secondary)
        }
        for (offset, kind) in kinds[first..<last].enumerated() {
            let index = first + offset
            let line = Rect(x: box.minX + 1, y: inner.minY + 1 + offset, width: box.width - 2, height: 1)
            let style = index == choice ? styles.panelChoice : styles.panel
            surface.fill(line, with: " ", style: style)
            let text = Rect(x: line.minX + 1, y: line.minY, width: line.width - 2, height: 1)
            let symbolColumn = text.minX + min(13, text.width / 2)
            surface.put(
                kind.title,
                in: Rect(x: text.minX, y: text.minY, width: symbolColumn - text.minX - 1, height: 1),
                style: style, ellipsis: theme.glyphs.ellipsis)
            var detailStyle = style
            if index != choice { detailStyle = styles.secondary }
            surface.put(kind.symbol, x: symbolColumn, y: text.minY, style: style, clip: text)
            let category = graph.definition(named: kind.name) != nil ? "group" : kind.category
            surface.put(category, in: text, style: detailStyle, alignment: .trailing)
        }
    }

    /// The line that says how many entries a cut list leaves out: `↓ 7 more` below, `↑ 2 more`
    /// above, `↑ 2 ↓ 7 more` both (`^` and `v` in ASCII); `nil` when nothing is left out.
    static func moreLine(above: Int, below: Int, glyphs: Glyphs) -> String? {
        let isUnicode = glyphs.arrow == "→"
        let up = isUnicode ? "↑" : "^", down = isUnicode ? "↓" : "v"
        switch (above > 0, below > 0) {
        case (false, false): return nil
        case (true, false): return "\(up) \(above) more"
        case (false, true): return "\(down) \(below) more"
        case (true, true): return "\(up) \(above) \(down) \(below) more"
        }
    }
}

import NodeGraph

/// A panel at the right showing the selected node: its kind, value, where the value came from,
/// its inputs and what it feeds; with several nodes selected, how many. `i` shows and hides it
/// (`CanvasState/isInspectorShown`).
public final class InspectorPlugin: CanvasPlugin {
    /// `inspector`.
    public let name = "inspector"
    /// The panel's width in columns.
    public var width: Int

    /// Creates the plugin.
    /// - Parameter width: The panel's width.
    public init(width: Int = 32) {
        self.width = max(12, width)
    }

    /// The panel's width while shown and the screen is wide enough for it and some canvas.
    public func reservedColumns(for state: CanvasState) -> Int {
        state.isInspectorShown && state.viewport.width >= width + 20 ? width : 0
    }

    /// The panel's lines for the selected node.
    /// - Parameter canvas: The canvas.
    /// - Returns: The lines, or a hint when nothing is selected.
    public func lines(for canvas: Canvas) -> [String] {
        let graph = canvas.shownGraph
        let arrow = canvas.theme.glyphs.arrow
        let targets = canvas.state.targets
        if targets.count > 1 {
            return ["\(targets.count) nodes selected"]
                + targets.prefix(12).map { "  " + (graph.name(of: $0) ?? $0.rawValue) }
                + (targets.count > 12 ? ["  … and \(targets.count - 12) more"] : []) + [
                    "", "x deletes \(canvas.theme.glyphs.separator) m moves them", "Esc clears",
                ]
        }
        // The canvas builds the target's model before a frame; a node it does not show has none.
        guard let id = targets.first,
            let model = canvas.scene.models[id] ?? NodeWidgetModel(node: id, in: graph)
        else {
            return ["Nothing selected.", "", "Tab selects a node."]
        }
        func name(_ id: NodeID) -> String { graph.name(of: id) ?? id.rawValue }
        var lines = [model.name, "kind   \(model.kindTitle)", "id     \(id)", ""]
        lines.append("value  \(model.value.description)")
        lines.append("from   " + provenance(of: model, graph: graph))
        if canvas.state.openedGroups.isEmpty {
            let entry = canvas.timings.entry(for: id)
            let count = entry?.recomputations ?? 0
            // Recomputations since the file was opened; the last compute time once `t` timed it.
            lines.append("runs   \(count) since opened")
            let glyphs = canvas.theme.glyphs
            lines.append(
                "time   "
                    + (entry?.last.map { TimingBadges.text(of: $0, glyphs: glyphs) + " last" }
                        ?? "\(glyphs.unconnected) (t times it)"))
        }
        if !model.inputs.isEmpty {
            lines.append("")
            lines.append("inputs")
            for row in model.inputs {
                if let upstream = row.upstream {
                    lines.append(
                        "  \(row.label) \(arrow.first == "→" ? "←" : "<-") \(name(upstream)) = \(row.value.description)"
                    )
                } else {
                    lines.append(
                        "  \(row.label) \(canvas.theme.glyphs.unconnected) reads \(row.value.description)")
                }
            }
        }
        let dependents = graph.dependents(of: id)
        if !dependents.isEmpty {
            lines.append("")
            lines.append("feeds")
            for (node, slot) in dependents.prefix(8) {
                let label =
                    graph.kind(of: node).map { slot < $0.inputs.count ? $0.inputs[slot].label : "\(slot)" }
                    ?? ""
                lines.append("  \(arrow) \(name(node)).\(label)")
            }
            if dependents.count > 8 { lines.append("  … and \(dependents.count - 8) more") }
        }
        return lines
    }

    /// Where a node's value came from, in words.
    private func provenance(of model: NodeWidgetModel, graph: Graph) -> String {
        if let error = model.value.error {
            let origin = graph.name(of: error.origin) ?? error.origin.rawValue
            return model.blockedBy != nil ? "blocked by \(origin): \(error.reason)" : "\(error.reason) here"
        }
        if model.isSource { return "held value (e edits)" }
        let symbol = model.symbol.isEmpty ? "," : " \(model.symbol) "
        let operands = model.inputs.map { row in
            row.upstream.map { graph.name(of: $0) ?? $0.rawValue } ?? row.value.description
        }
        return operands.isEmpty ? model.kindTitle : operands.joined(separator: symbol)
    }

    /// Draws the panel at the right, above the status line.
    public func draw(on surface: inout Surface, canvas: Canvas) {
        let columns = reservedColumns(for: canvas.state)
        guard columns > 0 else { return }
        let area = canvas.area
        let box = Rect(x: area.maxX, y: area.minY, width: columns, height: area.height)
        drawPanel(box, title: "Inspector", theme: canvas.theme, on: &surface)
        let inner = box.insetBy(dx: 2, dy: 1)
        let rows = lines(for: canvas).enumerated().flatMap { index, line in
            Self.wrap(line, width: inner.width).map { (text: $0, isTitle: index == 0) }
        }
        for (index, row) in rows.prefix(inner.height).enumerated() {
            let style = row.isTitle ? canvas.theme.styles.panelTitle : canvas.theme.styles.panel
            surface.put(
                row.text, in: Rect(x: inner.minX, y: inner.minY + index, width: inner.width, height: 1),
                style: style, ellipsis: canvas.theme.glyphs.ellipsis)
        }
    }

    /// A line of the panel broken to its width, whole: a long value or error continues under
    /// where it began (`value  ` or `from   `), any other line two columns in.
    /// - Parameters:
    ///   - line: A line of ``lines(for:)``.
    ///   - width: The panel's columns for text.
    /// - Returns: The rows it takes.
    static func wrap(_ line: String, width: Int) -> [String] {
        let leading = line.prefix { $0 == " " }.count
        var indent = leading + 2
        if leading == 0, let gap = line.range(of: "  ") {
            indent = line[..<gap.lowerBound].count + (line[gap.lowerBound...].prefix { $0 == " " }.count)
        }
        return line.wrapped(toWidth: width, indent: indent)
    }
}

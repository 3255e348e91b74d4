import NodeGraph

/// Shows a live source: its symbol and latest value (or its error), and below, that it is live
/// and what it follows (`live · every 0.5 s`, `live · load.txt`), or the setting being typed
/// while it is edited.
struct LiveSourceBodyRenderer: NodeBodyRenderer {
    /// Creates the renderer.
    init() {}

    private func valueText(of node: NodeWidgetModel, context: WidgetDrawingContext) -> String {
        if let error = errorText(of: node, glyphs: context.theme.glyphs) { return error }
        return node.symbol.isEmpty ? node.value.description : "\(node.symbol) \(node.value.description)"
    }

    private func settingText(of node: NodeWidgetModel, context: WidgetDrawingContext) -> String {
        if let edit = context.editText { return edit + String(context.theme.glyphs.textCursor) }
        return "live " + String(context.theme.glyphs.separator) + " " + Self.setting(of: node)
    }

    /// What a source follows, as its body's second row says it: a clock's interval, a file's
    /// path, another kind's held value.
    /// - Parameter node: The node's model.
    /// - Returns: The text.
    static func setting(of node: NodeWidgetModel) -> String {
        guard let parameter = node.parameter else { return "pushed from outside" }
        if node.kind == "clock", let seconds = parameter.number { return "every \(Value.format(seconds)) s" }
        return FileKind.path(in: parameter) ?? parameter.description
    }

    /// Two rows: the value's and the setting's widths.
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        ValueAndSettingBody.size(
            value: valueText(of: node, context: context), setting: settingText(of: node, context: context))
    }

    /// Draws the value (bold), then the live line (dim) or the setting being typed.
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        ValueAndSettingBody.draw(
            node, value: valueText(of: node, context: context),
            setting: settingText(of: node, context: context),
            in: region, on: &surface, context: context)
    }
}

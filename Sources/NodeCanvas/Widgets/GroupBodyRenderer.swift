import NodeGraph

/// Shows a group (an instance of a definition): what it is (`▣ Average · 5 nodes`, dim) and
/// its value (bold), or its error with where it arose.
public struct GroupBodyRenderer: NodeBodyRenderer {
    /// Creates the renderer.
    public init() {}

    /// What the group is: its symbol, its definition's name and size.
    /// - Parameters:
    ///   - node: The node's model.
    ///   - separator: The glyph between the name and the size.
    /// - Returns: The text, or the kind's title when the node is not a group.
    package static func summary(of node: NodeWidgetModel, separator: Character) -> String {
        guard let group = node.group else { return node.kindTitle }
        let size = group.nodeCount == 1 ? "1 node" : "\(group.nodeCount) nodes"
        return "\(node.symbol) \(group.name) \(separator) \(size)"
    }

    private func valueText(of node: NodeWidgetModel, context: WidgetDrawingContext) -> String {
        errorText(of: node, glyphs: context.theme.glyphs) ?? "= " + node.value.description
    }

    /// Two rows: what it is, and its value.
    public func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        let summary = Self.summary(of: node, separator: context.theme.glyphs.separator)
        return Size(
            width: max(displayWidth(of: summary), displayWidth(of: valueText(of: node, context: context))),
            height: 2)
    }

    /// Draws what the group is (dim), then its value (bold) or error.
    public func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        let styles = context.theme.styles
        let ellipsis = context.theme.glyphs.ellipsis
        let first = Rect(x: region.x, y: region.y, width: region.width, height: 1)
        surface.put(
            Self.summary(of: node, separator: context.theme.glyphs.separator), in: first,
            style: styles.secondary,
            ellipsis: ellipsis)
        guard region.height > 1 else { return }
        let second = Rect(x: region.x, y: region.y + 1, width: region.width, height: 1)
        if drawErrorBody(node, in: second, on: &surface, context: context) { return }
        var style = styles.text
        style.bold = true
        surface.put(valueText(of: node, context: context), in: second, style: style, ellipsis: ellipsis)
    }
}

/// Shows a group input inside an opened group: the value its slot reads on the instance it was
/// entered from (bold), and below, the value it holds, which a slot fed by nothing reads
/// (`unfed: 0`), or that value being typed.
public struct GroupInputBodyRenderer: NodeBodyRenderer {
    /// Creates the renderer.
    public init() {}

    private func valueText(of node: NodeWidgetModel, context: WidgetDrawingContext) -> String {
        errorText(of: node, glyphs: context.theme.glyphs) ?? "\(node.symbol) \(node.value.description)"
    }

    private func heldText(of node: NodeWidgetModel, context: WidgetDrawingContext) -> String {
        if let edit = context.editText { return edit + String(context.theme.glyphs.textCursor) }
        return "unfed: " + (node.parameter ?? node.value).description
    }

    /// Two rows: the value read, and the value held.
    public func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        ValueAndSettingBody.size(
            value: valueText(of: node, context: context), setting: heldText(of: node, context: context))
    }

    /// Draws the value read (bold), then the value held (dim) or the edit text.
    public func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        ValueAndSettingBody.draw(
            node, value: valueText(of: node, context: context), setting: heldText(of: node, context: context),
            in: region, on: &surface, context: context)
    }
}

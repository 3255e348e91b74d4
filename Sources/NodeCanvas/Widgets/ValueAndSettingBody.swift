/// The body of a node that shows a value above a setting it holds (a live source's interval or
/// path, a group input's unfed value): the value bold (or the node's error), the setting dim, or
/// the setting being typed on the editing style.
enum ValueAndSettingBody {
    /// Two rows, as wide as the wider text.
    static func size(value: String, setting: String) -> Size {
        Size(width: max(displayWidth(of: value), displayWidth(of: setting)), height: 2)
    }

    /// Draws the value on the first row of `region` and the setting on the second.
    static func draw(
        _ node: NodeWidgetModel, value: String, setting: String, in region: Rect, on surface: inout Surface,
        context: WidgetDrawingContext
    ) {
        let styles = context.theme.styles
        let ellipsis = context.theme.glyphs.ellipsis
        let first = Rect(x: region.x, y: region.y, width: region.width, height: 1)
        if !drawErrorBody(node, in: first, on: &surface, context: context) {
            var style = styles.text
            style.bold = true
            surface.put(value, in: first, style: style, ellipsis: ellipsis)
        }
        guard region.height > 1 else { return }
        let second = Rect(x: region.x, y: region.y + 1, width: region.width, height: 1)
        if context.editText != nil {
            surface.fill(second, style: styles.editing)
            surface.put(setting, in: second, style: styles.editing)
            return
        }
        surface.put(setting, in: second, style: styles.secondary, ellipsis: ellipsis)
    }
}

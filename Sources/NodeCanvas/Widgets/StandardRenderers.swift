import NodeGraph

/// The text of an error body: the reason where the error arose, `blocked by <name>` downstream.
/// - Parameters:
///   - node: The node's model.
///   - glyphs: The glyphs (for the error marker).
/// - Returns: The text, or `nil` when the node's value is not an error.
func errorText(of node: NodeWidgetModel, glyphs: Glyphs) -> String? {
    guard let error = node.value.error else { return nil }
    if let blocker = node.blockedBy { return "\(glyphs.errorMarker) blocked by \(blocker)" }
    return "\(glyphs.errorMarker) \(error.reason)"
}

/// Draws an error body when the node's value is an error.
/// - Returns: Whether it drew one.
func drawErrorBody(
    _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
) -> Bool {
    guard let text = errorText(of: node, glyphs: context.theme.glyphs) else { return false }
    surface.put(text, in: region, style: context.theme.styles.error, ellipsis: context.theme.glyphs.ellipsis)
    return true
}

/// Shows a number node's value, or the text being typed while it is edited.
struct NumberBodyRenderer: NodeBodyRenderer {
    /// Creates the renderer.
    init() {}

    private func text(of node: NodeWidgetModel, context: WidgetDrawingContext) -> String {
        if let edit = context.editText { return edit + String(context.theme.glyphs.textCursor) }
        if let error = errorText(of: node, glyphs: context.theme.glyphs) { return error }
        return (node.parameter ?? node.value).description
    }

    /// The value's width, one row.
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        Size(width: displayWidth(of: text(of: node, context: context)), height: 1)
    }

    /// Draws the value (bold), or the edit text with a cursor.
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        let styles = context.theme.styles
        if context.editText != nil {
            surface.fill(
                Rect(x: region.x, y: region.y, width: region.width, height: 1), style: styles.editing)
            surface.put(text(of: node, context: context), in: region, style: styles.editing)
            return
        }
        if drawErrorBody(node, in: region, on: &surface, context: context) { return }
        var style = styles.text
        style.bold = true
        surface.put(
            text(of: node, context: context), in: region, style: style,
            ellipsis: context.theme.glyphs.ellipsis)
    }
}

/// Shows an operator as its formula and result: `x + y + z = 6`.
struct OperatorBodyRenderer: NodeBodyRenderer {
    /// Creates the renderer.
    init() {}

    private func formula(of node: NodeWidgetModel) -> String {
        let symbol = node.symbol.isEmpty ? node.kindTitle : node.symbol
        if node.inputs.isEmpty { return symbol }
        return node.inputs.map(\.label).joined(separator: " \(symbol) ")
    }

    private func result(of node: NodeWidgetModel) -> String { "= " + node.value.description }

    /// The formula and result, one row.
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        if let error = errorText(of: node, glyphs: context.theme.glyphs) {
            return Size(width: displayWidth(of: error), height: 1)
        }
        return Size(
            width: displayWidth(of: formula(of: node)) + 1 + displayWidth(of: result(of: node)), height: 1)
    }

    /// Draws the formula on the left (dim) and the result on the right (bold).
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        if drawErrorBody(node, in: region, on: &surface, context: context) { return }
        let styles = context.theme.styles
        var resultStyle = styles.text
        resultStyle.bold = true
        let ellipsis = context.theme.glyphs.ellipsis
        let result = result(of: node)
        // The result wins the row: a value too long for it is shortened, and the formula takes
        // what is left.
        let resultWidth = min(displayWidth(of: result), region.width)
        surface.put(result, in: region, style: resultStyle, alignment: .trailing, ellipsis: ellipsis)
        guard region.width - resultWidth - 1 > 0 else { return }
        let formulaRegion = Rect(x: region.x, y: region.y, width: region.width - resultWidth - 1, height: 1)
        surface.put(formula(of: node), in: formulaRegion, style: styles.secondary, ellipsis: ellipsis)
    }
}

/// Shows a color as a swatch in that color followed by its hex code.
struct ColorBodyRenderer: NodeBodyRenderer {
    /// The swatch's width in cells.
    var swatchWidth: Int

    /// Creates the renderer.
    /// - Parameter swatchWidth: The swatch's width in cells.
    init(swatchWidth: Int = 4) { self.swatchWidth = max(1, swatchWidth) }

    /// The swatch and `#rrggbb`, one row.
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        if let error = errorText(of: node, glyphs: context.theme.glyphs) {
            return Size(width: displayWidth(of: error), height: 1)
        }
        return Size(width: swatchWidth + 1 + 7, height: 1)
    }

    /// Draws the swatch (background color, or a shade glyph without colors) and the hex code.
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        if drawErrorBody(node, in: region, on: &surface, context: context) { return }
        guard let color = node.value.color else {
            surface.put(node.value.description, in: region, style: context.theme.styles.text)
            return
        }
        let swatch = Rect(x: region.x, y: region.y, width: min(swatchWidth, region.width), height: 1)
        if context.theme.styles.showsColors {
            let rgb = TerminalColor.rgb(red: color.red, green: color.green, blue: color.blue)
            surface.fill(swatch, with: " ", style: CellStyle(foreground: rgb, background: rgb))
        } else {
            surface.fill(swatch, with: context.theme.glyphs.swatch, style: context.theme.styles.text)
        }
        let rest = Rect(x: swatch.maxX + 1, y: region.y, width: region.maxX - swatch.maxX - 1, height: 1)
        var style = context.theme.styles.text
        style.bold = true
        surface.put(color.hex, in: rest, style: style)
    }
}

/// Shows any value by its description, with the kind's symbol; for kinds of other tools. While
/// the value is typed in (`ValueEditor.text`), it shows the text being typed.
struct ValueBodyRenderer: NodeBodyRenderer {
    /// Creates the renderer.
    init() {}

    private func text(of node: NodeWidgetModel, context: WidgetDrawingContext) -> String {
        if let edit = context.editText { return edit + String(context.theme.glyphs.textCursor) }
        if let error = errorText(of: node, glyphs: context.theme.glyphs) { return error }
        return node.symbol.isEmpty ? node.value.description : "\(node.symbol) \(node.value.description)"
    }

    /// The text's width, one row.
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        Size(width: displayWidth(of: text(of: node, context: context)), height: 1)
    }

    /// Draws the symbol and the value, or the text being typed with a cursor.
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        if context.editText != nil {
            let styles = context.theme.styles
            surface.fill(
                Rect(x: region.x, y: region.y, width: region.width, height: 1), style: styles.editing)
            surface.put(text(of: node, context: context), in: region, style: styles.editing)
            return
        }
        if drawErrorBody(node, in: region, on: &surface, context: context) { return }
        surface.put(
            text(of: node, context: context), in: region, style: context.theme.styles.text,
            ellipsis: context.theme.glyphs.ellipsis)
    }
}

/// Shows an input row as `label: value`, or `label: –` when unconnected.
struct StandardInputRowRenderer: InputRowRenderer {
    /// Creates the renderer.
    init() {}

    private func valueText(of row: InputRowModel, glyphs: Glyphs) -> String {
        guard row.isConnected else { return glyphs.unconnected }
        if row.value.error != nil { return "\(glyphs.errorMarker) error" }
        return row.value.description
    }

    /// `label: value`, one row.
    func size(of row: InputRowModel, in node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        Size(
            width: displayWidth(of: row.label) + 2
                + displayWidth(of: valueText(of: row, glyphs: context.theme.glyphs)), height: 1)
    }

    /// Draws the label and the value; an unconnected value dim, an error value in the error style.
    func draw(
        _ row: InputRowModel, in node: NodeWidgetModel, region: Rect, on surface: inout Surface,
        context: WidgetDrawingContext
    ) {
        let styles = context.theme.styles
        let x = surface.put(row.label + ":", x: region.x, y: region.y, style: styles.text, clip: region)
        let value = valueText(of: row, glyphs: context.theme.glyphs)
        let style = !row.isConnected ? styles.secondary : row.value.error != nil ? styles.error : styles.text
        let rest = Rect(x: x + 1, y: region.y, width: region.maxX - x - 1, height: 1)
        surface.put(value, in: rest, style: style, ellipsis: context.theme.glyphs.ellipsis)
    }
}

/// Shows the output row: the output's type, against the right edge where links leave.
public struct StandardOutputRowRenderer: OutputRowRenderer {
    /// Creates the renderer.
    public init() {}

    /// The type name's width, one row.
    public func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        Size(width: displayWidth(of: node.outputType.name), height: 1)
    }

    /// Draws the type name, right-aligned and dim.
    public func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        surface.put(
            node.outputType.name, in: region, style: context.theme.styles.secondary, alignment: .trailing)
    }
}

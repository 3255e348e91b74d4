import NodeGraph

/// Shows a formula node as its formula and value, `pi × r² + max(a, b) = 12.5`, or the formula
/// being typed while it is edited. The box's width follows the formula (a setting), never the
/// value: a long formula or value is shortened with an ellipsis when drawn.
package struct FormulaBodyRenderer: NodeBodyRenderer {
    /// Creates the renderer.
    package init() {}

    /// The formula as a box shows it: `*` as `×` and a power of 2 or 3 as `²` or `³` with
    /// Unicode glyphs; the text as typed with ASCII ones (an ASCII ellipsis).
    /// - Parameters:
    ///   - text: The formula's text.
    ///   - glyphs: The theme's glyphs.
    /// - Returns: The text to show.
    package static func displayText(of text: String, glyphs: Glyphs) -> String {
        guard !glyphs.ellipsis.isASCII else { return text }
        let characters = Array(text)
        var shown = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "*" {
                shown += "×"
            } else if character == "^", index + 1 < characters.count,
                let power = ["2": "²", "3": "³"][characters[index + 1]],
                index + 2 >= characters.count
                    || !(characters[index + 2].isNumber || characters[index + 2] == "."
                        || characters[index + 2] == "e" || characters[index + 2] == "E")
            {
                shown += power
                index += 1
            } else {
                shown.append(character)
            }
            index += 1
        }
        return shown
    }

    private func formula(of node: NodeWidgetModel, glyphs: Glyphs) -> String {
        FormulaBodyRenderer.displayText(of: FormulaKind.text(in: node.parameter) ?? "", glyphs: glyphs)
    }

    private func result(of node: NodeWidgetModel) -> String { "= " + node.value.description }

    /// The formula and the value's room, one row; the text and a cursor while it is edited.
    package func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        if let edit = context.editText {
            return Size(width: displayWidth(of: edit) + 1, height: 1)
        }
        let glyphs = context.theme.glyphs
        return Size(
            width: displayWidth(of: formula(of: node, glyphs: glyphs)) + 1
                + displayWidth(of: result(of: node)),
            height: 1)
    }

    /// Draws the formula on the left (dim) and the value on the right (bold); an error's reason;
    /// or the text being typed with a cursor.
    package func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        let styles = context.theme.styles
        let ellipsis = context.theme.glyphs.ellipsis
        if let edit = context.editText {
            surface.fill(
                Rect(x: region.x, y: region.y, width: region.width, height: 1), style: styles.editing)
            surface.put(edit + String(context.theme.glyphs.textCursor), in: region, style: styles.editing)
            return
        }
        if drawErrorBody(node, in: region, on: &surface, context: context) { return }
        var resultStyle = styles.text
        resultStyle.bold = true
        let formula = formula(of: node, glyphs: context.theme.glyphs)
        let result = result(of: node)
        // The formula keeps the room it was measured with; the value takes the rest (at least
        // the room of a measured number), shortened with an ellipsis when longer.
        let measuredResult = 2 + NodeWidgetModel.measuredNumberWidth
        let room = min(region.width, max(region.width - displayWidth(of: formula) - 1, measuredResult))
        let resultWidth = min(displayWidth(of: result), room)
        surface.put(
            result, in: Rect(x: region.maxX - room, y: region.y, width: room, height: 1), style: resultStyle,
            alignment: .trailing, ellipsis: ellipsis)
        guard region.width - resultWidth - 1 > 0 else { return }
        let formulaRegion = Rect(x: region.x, y: region.y, width: region.width - resultWidth - 1, height: 1)
        surface.put(
            formula, in: formulaRegion, style: styles.secondary,
            ellipsis: ellipsis)
    }
}

import NodeGraph

/// How an input row is marked in link mode.
public enum TargetMark: Hashable, Sendable {
    /// Not in link mode, or not a slot of interest.
    case none
    /// A link may be toggled here.
    case valid
    /// A link may not go here.
    case invalid
    /// The current target (valid or not).
    case current(isValid: Bool)
}

/// Draws node widgets from their models, layouts and renderers.
enum NodeWidgetDrawer {
    /// Draws one widget.
    /// - Parameters:
    ///   - layout: The widget's layout at the current level of detail.
    ///   - model: The node's model.
    ///   - renderers: The node's renderers.
    ///   - offset: Subtracted from layout coordinates to get surface coordinates.
    ///   - clip: The surface cells to stay inside.
    ///   - surface: The surface.
    ///   - theme: The theme.
    ///   - isSelected: Whether the node is selected.
    ///   - editText: The text being typed into the node's value, or `nil`.
    ///   - marks: Link-mode marks per slot.
    ///   - cache: Widget images kept between frames.
    ///   - plots: The plot nodes' recent values (a plot is drawn anew each time, not kept).
    /// - Returns: Whether the widget was drawn anew (not copied from a kept image).
    @discardableResult
    static func draw(
        _ layout: NodeLayout, model: NodeWidgetModel, renderers: NodeRenderers, offset: Point, clip: Rect,
        on surface: inout Surface, theme: Theme, isSelected: Bool, editText: String?,
        marks: [Int: TargetMark], cache: WidgetImageCache? = nil, plots: PlotHistory? = nil
    ) -> Bool {
        if layout.levelOfDetail == .dot {
            return drawDot(
                layout, isError: model.value.error != nil, isBypassed: model.isBypassed, offset: offset,
                clip: clip,
                on: &surface, theme: theme, isSelected: isSelected, marks: marks)
        }
        let frame = layout.frame.offsetBy(dx: -offset.x, dy: -offset.y)
        guard frame.intersects(clip) else { return false }
        // Draw the widget on its own small surface (kept until the node changes), then copy the
        // visible part: renderers draw anywhere in their regions without knowing about the clip.
        let widget: Surface
        var isNew = false
        let plotValues = model.kind == PlotKind.kindName ? plots?.values(of: model.id) : nil
        if plotValues != nil {
            isNew = true
            let context = WidgetDrawingContext(
                theme: theme, isSelected: isSelected, editText: editText, plotValues: plotValues)
            widget = image(of: layout, model: model, renderers: renderers, context: context, marks: marks)
        } else if let cached = cache?.image(
            for: layout.id, model: model, layout: layout, isSelected: isSelected, editText: editText,
            marks: marks)
        {
            widget = cached
        } else {
            isNew = true
            let context = WidgetDrawingContext(theme: theme, isSelected: isSelected, editText: editText)
            widget = image(of: layout, model: model, renderers: renderers, context: context, marks: marks)
            let key = WidgetImageCache.Key(
                model: model, width: layout.frame.width, height: layout.frame.height,
                levelOfDetail: layout.levelOfDetail, isSelected: isSelected, editText: editText, marks: marks)
            cache?.store(widget, for: layout.id, key: key)
        }
        surface.blit(widget, x: frame.minX, y: frame.minY, clip: clip)
        return isNew
    }

    /// Draws one node in dot detail: a glyph, styled by whether the node's value is an error and
    /// whether it is bypassed (all a dot shows of it, so no model is needed).
    /// - Parameters:
    ///   - layout: The node's layout in dot detail.
    ///   - isError: Whether the node's value is an error.
    ///   - isBypassed: Whether the node is bypassed.
    ///   - offset: Subtracted from layout coordinates to get surface coordinates.
    ///   - clip: The surface cells to stay inside.
    ///   - surface: The surface.
    ///   - theme: The theme.
    ///   - isSelected: Whether the node is selected.
    ///   - marks: Link-mode marks per slot.
    /// - Returns: Whether the glyph was drawn (it is inside `clip`).
    @discardableResult
    static func drawDot(
        _ layout: NodeLayout, isError: Bool, isBypassed: Bool, offset: Point, clip: Rect,
        on surface: inout Surface,
        theme: Theme, isSelected: Bool, marks: [Int: TargetMark]
    ) -> Bool {
        let frame = layout.frame.offsetBy(dx: -offset.x, dy: -offset.y)
        guard frame.intersects(clip) else { return false }
        // One glyph: cheaper to make than to look up.
        surface[frame.minX, frame.minY] = dotCell(
            isError: isError, isBypassed: isBypassed, theme: theme, isSelected: isSelected, marks: marks)
        return true
    }

    /// The widget drawn on a surface of its own size.
    static func image(
        of layout: NodeLayout, model: NodeWidgetModel, renderers: NodeRenderers,
        context: WidgetDrawingContext,
        marks: [Int: TargetMark]
    ) -> Surface {
        var widget = Surface(width: layout.frame.width, height: layout.frame.height)
        var localLayout = layout
        localLayout.frame = Rect(x: 0, y: 0, width: layout.frame.width, height: layout.frame.height)
        localLayout.inputRows = layout.inputRows.map { $0 - layout.frame.minY }
        localLayout.outputRow = layout.outputRow - layout.frame.minY
        switch layout.levelOfDetail {
        case .dot:
            widget[0, 0] = dotCell(model, theme: context.theme, isSelected: context.isSelected, marks: marks)
        case .compact: drawCompact(localLayout, model: model, on: &widget, context: context, marks: marks)
        case .full:
            drawFull(
                localLayout, model: model, renderers: renderers, on: &widget, context: context, marks: marks)
        }
        // A bypassed node is drawn dim, all of it.
        if model.isBypassed {
            widget.updateStyle(in: Rect(x: 0, y: 0, width: widget.width, height: widget.height)) {
                $0.dim = true
            }
        }
        return widget
    }

    /// The one cell of a widget in dot detail.
    private static func dotCell(
        _ model: NodeWidgetModel, theme: Theme, isSelected: Bool, marks: [Int: TargetMark]
    ) -> Cell {
        dotCell(
            isError: model.value.error != nil, isBypassed: model.isBypassed, theme: theme,
            isSelected: isSelected,
            marks: marks)
    }

    /// The one cell of a node in dot detail, from the two things it shows of the node: whether
    /// its value is an error, and whether it is bypassed.
    static func dotCell(
        isError: Bool, isBypassed: Bool, theme: Theme, isSelected: Bool, marks: [Int: TargetMark]
    ) -> Cell {
        let styles = theme.styles
        var style = isError ? styles.error : isSelected ? styles.selectedTitle : styles.title
        if !marks.isEmpty {
            style =
                marks.values.contains(where: { $0 == .valid || $0 == .current(isValid: true) })
                ? styles.validTarget : styles.invalidTarget
        }
        if isBypassed { style.dim = true }
        return Cell(isSelected ? theme.glyphs.selectedDot : theme.glyphs.dot, style: style)
    }

    /// The box edges and title bar shared by full and compact widgets.
    private static func drawBox(
        _ layout: NodeLayout, model: NodeWidgetModel, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        let glyphs = context.theme.glyphs
        let styles = context.theme.styles
        let selected = context.isSelected
        let border = selected ? styles.selectedBorder : styles.border
        let horizontal = selected ? glyphs.selectedHorizontal : glyphs.horizontal
        let vertical = selected ? glyphs.selectedVertical : glyphs.vertical
        let frame = layout.frame
        let right = frame.maxX - 1, bottom = frame.maxY - 1
        surface.fill(frame, with: " ", style: styles.text)
        surface.fill(Rect(x: 1, y: 0, width: frame.width - 2, height: 1), with: horizontal, style: border)
        surface.fill(
            Rect(x: 1, y: bottom, width: frame.width - 2, height: 1), with: horizontal, style: border)
        surface.fill(Rect(x: 0, y: 1, width: 1, height: frame.height - 2), with: vertical, style: border)
        surface.fill(Rect(x: right, y: 1, width: 1, height: frame.height - 2), with: vertical, style: border)
        surface[0, 0] = Cell(selected ? glyphs.selectedTopLeft : glyphs.topLeft, style: border)
        surface[right, 0] = Cell(selected ? glyphs.selectedTopRight : glyphs.topRight, style: border)
        surface[0, bottom] = Cell(selected ? glyphs.selectedBottomLeft : glyphs.bottomLeft, style: border)
        surface[right, bottom] = Cell(
            selected ? glyphs.selectedBottomRight : glyphs.bottomRight, style: border)
        // Title bar: ` Name ` after the corner, ` × ` before the other corner.
        let titleRoom = Rect(x: 1, y: 0, width: frame.width - 6, height: 1)
        // A bypassed node's mark follows its name; the name gives up room for it (the box's size
        // never follows the bypass).
        let mark = model.isBypassed ? " " + glyphs.bypassMark : ""
        let name =
            " "
            + model.name.truncated(
                toWidth: max(1, titleRoom.width - 2 - displayWidth(of: mark)), ellipsis: glyphs.ellipsis)
            + mark + " "
        surface.put(name, in: titleRoom, style: selected ? styles.selectedTitle : styles.title)
        surface.put(" ", x: right - 3, y: 0, style: border)
        surface.put(String(glyphs.deleteMarker), x: right - 2, y: 0, style: styles.deleteMarker)
        surface.put(" ", x: right - 1, y: 0, style: border)
    }

    private static func drawCompact(
        _ layout: NodeLayout, model: NodeWidgetModel, on surface: inout Surface,
        context: WidgetDrawingContext,
        marks: [Int: TargetMark]
    ) {
        drawBox(layout, model: model, on: &surface, context: context)
        let styles = context.theme.styles
        let content = layout.content
        var style = model.value.error != nil ? styles.error : styles.text
        if model.value.error == nil { style.bold = true }
        let text =
            context.editText.map { $0 + String(context.theme.glyphs.textCursor) }
            ?? compactValueText(model, context.theme.glyphs)
        surface.put(
            text, in: content, style: context.editText != nil ? styles.editing : style,
            ellipsis: context.theme.glyphs.ellipsis)
        if !marks.isEmpty {
            let valid = marks.values.contains { $0 == .valid || $0 == .current(isValid: true) }
            let current = marks.values.contains { if case .current = $0 { true } else { false } }
            let row = Rect(x: 1, y: 1, width: layout.frame.width - 2, height: 1)
            if current {
                surface[1, 1] = Cell(context.theme.glyphs.currentTarget, style: styles.currentTarget)
                surface.updateStyle(in: row) { $0 = styles.currentTarget }
            } else if valid {
                surface[1, 1] = Cell(context.theme.glyphs.validTarget, style: styles.validTarget)
            } else {
                surface.updateStyle(in: row) { $0 = styles.invalidTarget }
            }
        }
    }

    private static func drawFull(
        _ layout: NodeLayout, model: NodeWidgetModel, renderers: NodeRenderers, on surface: inout Surface,
        context: WidgetDrawingContext, marks: [Int: TargetMark]
    ) {
        drawBox(layout, model: model, on: &surface, context: context)
        let content = layout.content
        let body = Rect(x: content.minX, y: 1, width: content.width, height: layout.bodyHeight)
        renderers.body.draw(model, in: body, on: &surface, context: context)
        let styles = context.theme.styles
        for row in model.inputs where row.slot < layout.inputRows.count {
            let y = layout.inputRows[row.slot]
            let next =
                row.slot + 1 < layout.inputRows.count ? layout.inputRows[row.slot + 1] : layout.outputRow
            let region = Rect(x: content.minX, y: y, width: content.width, height: max(1, next - y))
            renderers.input(row.slot).draw(row, in: model, region: region, on: &surface, context: context)
            let inside = Rect(x: 1, y: y, width: layout.frame.width - 2, height: 1)
            switch marks[row.slot] ?? .none {
            case .none: break
            case .valid:
                surface.updateStyle(in: region) { $0.bold = true }
                surface[1, y] = Cell(context.theme.glyphs.validTarget, style: styles.validTarget)
            case .invalid:
                surface.updateStyle(in: region) { $0 = styles.invalidTarget }
                surface[1, y] = Cell(context.theme.glyphs.invalidTarget, style: styles.invalidTarget)
            case .current(let isValid):
                surface[1, y] = Cell(
                    isValid ? context.theme.glyphs.currentTarget : context.theme.glyphs.invalidTarget,
                    style: styles.text)
                surface.updateStyle(in: inside) { $0 = isValid ? styles.currentTarget : styles.statusError }
            }
        }
        let output = Rect(x: content.minX, y: layout.outputRow, width: content.width, height: 1)
        renderers.output.draw(model, in: output, on: &surface, context: context)
    }
}

import NodeGraph

/// Where a node's widget and its rows are, in the cells of one level of detail.
///
/// In full detail the widget is a box: the title bar (name and delete marker) on the top edge, the
/// body, one row per input slot, the output row, and the bottom edge. Compact detail is a box of
/// three rows showing the title and value; dot detail is one glyph.
public struct NodeLayout: Hashable, Sendable {
    /// The node.
    public var id: NodeID
    /// The widget's cells.
    public var frame: Rect
    /// The level of detail this layout is for.
    package var levelOfDetail: LevelOfDetail
    /// The rows of the body (full detail), inside the box.
    var bodyHeight: Int
    /// The row of each input slot, in slot order.
    package var inputRows: [Int]
    /// The row of the output.
    package var outputRow: Int

    /// The cell just left of an input row, where a link into that slot ends.
    /// - Parameter slot: The slot's index.
    /// - Returns: The cell, or `nil` for an unknown slot.
    package func inputEnd(_ slot: Int) -> (x: Int, y: Int)? {
        guard slot >= 0, slot < inputRows.count else { return nil }
        return (frame.minX - 1, inputRows[slot])
    }

    /// The cell just right of the output row, where links leave.
    var outputStart: (x: Int, y: Int) { (frame.maxX, outputRow) }

    /// The cells of the delete marker in the title bar (full and compact detail).
    package var deleteMarker: (x: Int, y: Int)? {
        levelOfDetail == .dot ? nil : (frame.maxX - 3, frame.minY)
    }

    /// The cells inside the box, between the edges and one column of padding each side.
    var content: Rect { frame.insetBy(dx: 2, dy: 1) }

    /// The input slot whose row holds a cell of the widget, if any.
    /// - Parameters:
    ///   - x: A column.
    ///   - y: A row.
    /// - Returns: The slot's index.
    public func slot(atX x: Int, y: Int) -> Int? {
        guard frame.contains(x: x, y: y), levelOfDetail == .full else { return nil }
        return inputRows.firstIndex(of: y)
    }

    /// Computes the layout of a node.
    ///
    /// A box's size follows the node's name, kind, slots and settings, never the values it
    /// shows: the renderers measure the node as `NodeWidgetModel/measured` gives it, with
    /// every number and color replaced by a placeholder, and a value too long for its row is
    /// shortened with an ellipsis when drawn. So recomputing values never moves a box, reroutes
    /// a link or makes boxes overlap.
    /// - Parameters:
    ///   - node: The node's model.
    ///   - renderers: Its renderers, which report the sizes.
    ///   - theme: The theme (widths).
    ///   - levelOfDetail: The level of detail.
    /// - Returns: The layout, placed at the node's position scaled to the level of detail.
    /// - Complexity: O(*s*), the node's slot count.
    public init(
        node: NodeWidgetModel, renderers: NodeRenderers, theme: Theme, levelOfDetail: LevelOfDetail
    ) {
        self.init(
            measured: node.measured, renderers: renderers, context: WidgetDrawingContext(theme: theme),
            levelOfDetail: levelOfDetail)
    }

    /// Computes the layout of a node from its model as `NodeWidgetModel/measured` gives it, with
    /// a drawing context of the theme (one for many layouts: making one copies the theme).
    init(
        measured node: NodeWidgetModel, renderers: NodeRenderers, context: WidgetDrawingContext,
        levelOfDetail: LevelOfDetail
    ) {
        let theme = context.theme
        let x = floorDivide(node.position.x, levelOfDetail.horizontalScale)
        let y = floorDivide(node.position.y, levelOfDetail.verticalScale)
        id = node.id
        self.levelOfDetail = levelOfDetail
        switch levelOfDetail {
        case .dot:
            frame = Rect(x: x, y: y, width: 1, height: 1)
            bodyHeight = 0
            inputRows = Array(repeating: y, count: node.inputs.count)
            outputRow = y
        case .compact:
            frame = Rect(x: x, y: y, width: Self.compactWidth(measured: node, theme: theme), height: 3)
            bodyHeight = 1
            inputRows = Array(repeating: y + 1, count: node.inputs.count)
            outputRow = y + 1
        case .full:
            let content = Self.fullDetailContent(of: node, renderers: renderers, context: context)
            let width = max(content.width + 4, displayWidth(of: node.name) + 8, theme.minimumNodeWidth)
            bodyHeight = content.bodyHeight
            var rows: [Int] = []
            var row = y + 1 + bodyHeight
            for height in content.rowHeights {
                rows.append(row)
                row += height
            }
            inputRows = rows
            outputRow = row
            frame = Rect(x: x, y: y, width: min(width, theme.maximumNodeWidth), height: row + 2 - y)
        }
    }
}

extension NodeLayout {
    /// What a full-detail box holds, as its renderers measure it: the widest of the body, the
    /// input rows and the output row (without edges or padding), the body's rows and each input
    /// row's height.
    /// - Parameters:
    ///   - node: The node's model as `NodeWidgetModel/measured` gives it.
    ///   - renderers: Its renderers.
    ///   - context: The drawing context.
    /// - Returns: The content's width, the body's height and the input rows' heights.
    /// - Complexity: O(*s*), the node's slot count.
    static func fullDetailContent(
        of node: NodeWidgetModel, renderers: NodeRenderers, context: WidgetDrawingContext
    ) -> (width: Int, bodyHeight: Int, rowHeights: [Int]) {
        let body = renderers.body.size(of: node, context: context)
        var contentWidth = max(body.width, renderers.output.size(of: node, context: context).width)
        var rowHeights: [Int] = []
        rowHeights.reserveCapacity(node.inputs.count)
        for row in node.inputs {
            let size = renderers.input(row.slot).size(of: row, in: node, context: context)
            contentWidth = max(contentWidth, size.width)
            rowHeights.append(max(1, size.height))
        }
        return (contentWidth, max(1, body.height), rowHeights)
    }

    /// The width of a node's compact box.
    /// - Parameters:
    ///   - node: The node's model as `NodeWidgetModel/measured` gives it.
    ///   - theme: The theme (widths, glyphs).
    /// - Returns: The width in cells.
    static func compactWidth(measured node: NodeWidgetModel, theme: Theme) -> Int {
        let width = max(
            displayWidth(of: node.name) + 8, displayWidth(of: compactValueText(node, theme.glyphs)) + 4, 10)
        return min(width, theme.maximumNodeWidth)
    }
}

extension NodeWidgetModel {
    /// The node as its layout measures it: every number and color it shows (its value, the
    /// value it holds, the values its rows read) replaced by a placeholder of its type (a number
    /// of `measuredNumberWidth` digits, black), and no error, so that its size follows only
    /// its name, kind, slots and settings.
    /// Values of a tool's own types are measured as they are: a renderer of such a type should
    /// show it at one width.
    var measured: NodeWidgetModel {
        var model = self
        model.value = Self.placeholder(for: value, of: outputType)
        if let parameter { model.parameter = Self.placeholder(for: parameter, of: outputType) }
        model.blockedBy = nil
        for index in model.inputs.indices {
            model.inputs[index].value = Self.placeholder(for: inputs[index].value, of: inputs[index].type)
        }
        return model
    }

    /// The room a box keeps for a number: five digits (`12345`, `-1234`, `0.125`); a longer
    /// one is shortened with an ellipsis.
    static let measuredNumberWidth = 5

    private static let numberPlaceholder = Value.number(99_999)

    private static func placeholder(for value: Value, of type: ValueType) -> Value {
        switch value {
        case .number: return numberPlaceholder
        case .color: return .color(.black)
        case .custom: return value
        case .error, .pending: return type == .color ? .color(.black) : numberPlaceholder
        }
    }
}

/// The text of a compact widget: the value, or the error marker and reason.
func compactValueText(_ node: NodeWidgetModel, _ glyphs: Glyphs) -> String {
    if let text = errorText(of: node, glyphs: glyphs) { return text }
    return node.value.description
}

/// Division rounding towards negative infinity.
func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    guard divisor > 1 else { return value }
    return value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}

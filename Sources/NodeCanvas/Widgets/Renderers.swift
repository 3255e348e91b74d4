import NodeGraph

/// What a renderer needs besides the model: the theme and the node's state on the canvas.
public struct WidgetDrawingContext: Sendable {
    /// The theme to draw with.
    public var theme: Theme
    /// Whether the node is selected.
    var isSelected: Bool
    /// The text being typed when the node's value is being edited, or `nil`.
    var editText: String?
    /// A plot node's recent values, oldest first (see ``PlotHistory``); `nil` for other nodes.
    var plotValues: [Double]?

    /// Creates a drawing context.
    /// - Parameters:
    ///   - theme: The theme.
    ///   - isSelected: Whether the node is selected.
    ///   - editText: The text being typed into the node's value, or `nil`.
    ///   - plotValues: A plot node's recent values, oldest first.
    public init(theme: Theme, isSelected: Bool = false, editText: String? = nil, plotValues: [Double]? = nil)
    {
        self.theme = theme
        self.isSelected = isSelected
        self.editText = editText
        self.plotValues = plotValues
    }
}

/// Draws the body of a node widget: what the node is and what it holds (below the title bar).
///
/// Conform to show a kind of your own; return it from ``CanvasDataSource/renderers(for:)``.
public protocol NodeBodyRenderer: Sendable {
    /// The cells the body needs: its content width (without the box and padding) and its rows.
    ///
    /// The canvas asks with the node as `NodeWidgetModel/measured` gives it (numbers and
    /// colors replaced by placeholders), so that a box's size never follows the value it shows;
    /// ``draw(_:in:on:context:)`` gets the real model and shortens what does not fit.
    /// - Parameters:
    ///   - node: The node's model.
    ///   - context: The theme and the node's state.
    /// - Returns: The size; the widget may give it more width, never less height.
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size
    /// Draws the body inside `region` (already inside the box and padding).
    /// - Parameters:
    ///   - node: The node's model.
    ///   - region: The cells to draw into; drawing outside it is clipped.
    ///   - surface: The surface.
    ///   - context: The theme and the node's state.
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext)
}

/// Draws one input row of a node widget; it knows the slot, label, upstream node and value
/// through its ``InputRowModel``.
public protocol InputRowRenderer: Sendable {
    /// The cells the row needs (content width; height is usually 1). As for a body, the canvas
    /// asks with placeholder values: the size never follows the value the row reads.
    /// - Parameters:
    ///   - row: The row's model.
    ///   - node: The model of the node owning the row.
    ///   - context: The theme and the node's state.
    /// - Returns: The size.
    func size(of row: InputRowModel, in node: NodeWidgetModel, context: WidgetDrawingContext) -> Size
    /// Draws the row inside `region`.
    /// - Parameters:
    ///   - row: The row's model.
    ///   - node: The model of the node owning the row.
    ///   - region: The cells to draw into.
    ///   - surface: The surface.
    ///   - context: The theme and the node's state.
    func draw(
        _ row: InputRowModel, in node: NodeWidgetModel, region: Rect, on surface: inout Surface,
        context: WidgetDrawingContext)
}

/// Draws the output row of a node widget, where links leave the node.
public protocol OutputRowRenderer: Sendable {
    /// The cells the row needs (content width; height is usually 1).
    /// - Parameters:
    ///   - node: The node's model.
    ///   - context: The theme and the node's state.
    /// - Returns: The size.
    func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size
    /// Draws the row inside `region`.
    /// - Parameters:
    ///   - node: The node's model.
    ///   - region: The cells to draw into.
    ///   - surface: The surface.
    ///   - context: The theme and the node's state.
    func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext)
}

/// The renderers of one node: its body, one per input slot, and its output row.
public struct NodeRenderers: Sendable {
    /// The body renderer.
    public var body: any NodeBodyRenderer
    /// One renderer per input slot (the last one is reused when there are fewer than slots).
    public var inputs: [any InputRowRenderer]
    /// The output row renderer.
    public var output: any OutputRowRenderer

    /// Creates a renderer set.
    /// - Parameters:
    ///   - body: The body renderer.
    ///   - inputs: One renderer per input slot.
    ///   - output: The output row renderer.
    public init(body: any NodeBodyRenderer, inputs: [any InputRowRenderer], output: any OutputRowRenderer) {
        self.body = body
        self.inputs = inputs
        self.output = output
    }

    /// The renderer of a slot.
    /// - Parameter slot: The slot's index.
    /// - Returns: The slot's renderer, or the standard input row renderer.
    public func input(_ slot: Int) -> any InputRowRenderer {
        if slot < inputs.count { return inputs[slot] }
        return inputs.last ?? StandardInputRowRenderer()
    }
}

import NodeGraph

/// Tells the canvas what to show and how: which nodes, with which renderers.
///
/// Every requirement has a default (see the extension), so a tool overrides only what it needs:
/// for example a body renderer for its own kinds.
public protocol CanvasDataSource: AnyObject {
    /// Whether the canvas shows a node. Called when a node's widget model is (re)built: decide
    /// from what a node is (its kind, name, links), not from its value, since after an edit
    /// that recomputes many nodes a hidden node is asked again only when an edit names it.
    /// - Parameters:
    ///   - node: The node's model.
    /// - Returns: `true` to show it.
    func shouldShow(_ node: NodeWidgetModel) -> Bool
    /// The renderers of a node: its body, each input slot and its output row.
    /// - Parameter node: The node's model.
    /// - Returns: The renderers.
    func renderers(for node: NodeWidgetModel) -> NodeRenderers
    /// The size a new node of a kind is expected to take, to find room for it before it exists.
    /// - Parameter kind: The kind's name.
    /// - Returns: The size in cells.
    func defaultSize(ofNewNodeOfKind kind: String) -> Size
}

/// Hears what happens on the canvas, and may veto link targets and edits. It only observes:
/// the canvas state changes in the reducer alone.
public protocol CanvasDelegate: AnyObject {
    /// Something changed on the canvas: the selection, the mode, the document, a message.
    /// - Parameters:
    ///   - canvas: The canvas.
    ///   - notification: What changed.
    func canvas(_ canvas: Canvas, didNotify notification: CanvasNotification)
    /// Whether link mode may offer a target the graph allows; return `false` to veto it.
    /// - Parameters:
    ///   - candidate: The slot and what the graph says about it.
    ///   - upstream: The node links would come from.
    /// - Returns: `true` to offer it.
    func shouldOfferLinkTarget(_ candidate: LinkCandidate, from upstream: NodeID) -> Bool
    /// Why an edit the canvas is about to apply must not be, or `nil` to let it through
    /// (a read-only session refuses every edit).
    /// - Parameter edit: The edit.
    /// - Returns: The reason, shown on the status line as `refused: REASON`.
    func refusal(of edit: Edit) -> String?
}

extension CanvasDataSource {
    /// Shows every node.
    public func shouldShow(_ node: NodeWidgetModel) -> Bool { true }
    /// The calculator's renderers (see ``StandardRenderers``).
    public func renderers(for node: NodeWidgetModel) -> NodeRenderers {
        StandardRenderers.renderers(for: node)
    }
    /// 18 × 6 cells.
    public func defaultSize(ofNewNodeOfKind kind: String) -> Size { Size(width: 18, height: 6) }
}

extension CanvasDelegate {
    /// Does nothing.
    public func canvas(_ canvas: Canvas, didNotify notification: CanvasNotification) {}
    /// Offers every target the graph allows.
    public func shouldOfferLinkTarget(_ candidate: LinkCandidate, from upstream: NodeID) -> Bool { true }
    /// Lets every edit through.
    public func refusal(of edit: Edit) -> String? { nil }
}

/// The calculator's renderers, chosen by kind.
public enum StandardRenderers {
    /// Live sources show their value and that they are live, groups what they are and their
    /// value, group inputs the value read and the value held, number bodies the value, color
    /// kinds a swatch, arithmetic and formula nodes the formula and result, plots a chart of their
    /// recent values, anything else its symbol and value;
    /// standard input and output rows.
    /// - Parameter node: The node's model.
    /// - Returns: The renderers.
    public static func renderers(for node: NodeWidgetModel) -> NodeRenderers {
        let body: any NodeBodyRenderer =
            if node.isLive {
                LiveSourceBodyRenderer()
            } else if node.group != nil {
                GroupBodyRenderer()
            } else if node.kind == GroupInputKind.kindName {
                GroupInputBodyRenderer()
            } else if node.kind == FormulaKind.kindName {
                FormulaBodyRenderer()
            } else if node.kind == PlotKind.kindName {
                PlotBodyRenderer()
            } else if node.isSource && node.parameter?.number != nil {
                NumberBodyRenderer()
            } else if node.outputType == .color {
                ColorBodyRenderer()
            } else if node.category == "arithmetic" {
                OperatorBodyRenderer()
            } else {
                ValueBodyRenderer()
            }
        return NodeRenderers(
            body: body, inputs: [StandardInputRowRenderer()], output: StandardOutputRowRenderer())
    }
}

/// The data source the canvas uses unless given another: every node, the calculator's renderers.
public final class StandardDataSource: CanvasDataSource {
    /// Creates the data source.
    public init() {}
}

import NodeGraph

/// Draws a graph exactly as the canvas first shows it: the frame `nodeui-tui render` prints.
///
/// The view starts at the canvas origin (or further up and left when nodes sit at negative
/// positions), nothing is selected, no cursor is drawn, and the status line shows the start-up
/// hints. With ASCII
/// glyphs (``Glyphs/isASCII``) every character of the frame is ASCII, node names and kind
/// symbols included (``Surface/asciiOnly()``).
/// - Parameters:
///   - graph: The graph.
///   - width: The screen's columns.
///   - height: The screen's rows.
///   - lod: The level of detail.
///   - theme: How it looks; box-drawing glyphs with colors by default.
///   - dataSource: Which nodes to show, with which renderers (a tool's own); the standard ones
///     by default.
/// - Returns: The frame.
/// - Complexity: O(*n* + *e*) to build the scene, then proportional to what is visible.
public func renderCanvas(
    _ graph: Graph, width: Int, height: Int, lod: LevelOfDetail = .full, theme: Theme = .unicode,
    dataSource: any CanvasDataSource = StandardDataSource()
) -> Surface {
    renderCanvas(
        document: GraphDocument(graph: graph), width: width, height: height, lod: lod, theme: theme,
        dataSource: dataSource)
}

/// Draws a document's graph exactly as the canvas first shows it.
/// - Parameters:
///   - document: The document.
///   - width: The screen's columns.
///   - height: The screen's rows.
///   - lod: The level of detail.
///   - theme: How it looks.
///   - dataSource: Which nodes to show, with which renderers.
/// - Returns: The frame.
public func renderCanvas(
    document: GraphDocument, width: Int, height: Int, lod: LevelOfDetail = .full, theme: Theme = .unicode,
    dataSource: any CanvasDataSource = StandardDataSource()
) -> Surface {
    let canvas = Canvas(
        document: document, width: width, height: height, levelOfDetail: lod, theme: theme,
        dataSource: dataSource)
    canvas.drawsCursor = false
    canvas.fitTopLeft()
    let frame = canvas.render()
    return theme.glyphs.isASCII ? frame.asciiOnly() : frame
}

extension Canvas {
    /// Moves the view so the top-left-most node is on screen (the origin when every node is at
    /// a non-negative position), and the cursor to the view's top left.
    /// - Complexity: O(*n*).
    public func fitTopLeft() {
        var minimum = Position(x: 0, y: 0)
        for layout in scene.layouts.values {
            minimum.x = min(minimum.x, layout.frame.minX)
            minimum.y = min(minimum.y, layout.frame.minY)
        }
        let lod = state.levelOfDetail
        let origin = Position(x: minimum.x * lod.horizontalScale, y: minimum.y * lod.verticalScale)
        send(.viewPlaced(origin: origin, cursor: origin))
    }
}

/// Where the minimap is and how its cells map onto the canvas: a panel in the bottom-right corner
/// of the scene's area, one cell per region of the graph's full-detail bounds.
package struct MinimapGeometry: Equatable {
    /// The panel's cells on the screen, its border included.
    package let frame: Rect
    /// The graph's extent in canvas cells (full detail).
    package let bounds: Rect

    /// The panel's frame in an area, or `nil` when the area is too small for it and some canvas.
    package static func frame(in area: Rect) -> Rect? {
        guard area.width >= 48, area.height >= 16 else { return nil }
        let width = min(42, area.width / 3), height = min(14, area.height / 3)
        return Rect(x: area.maxX - width, y: area.maxY - height, width: width, height: height)
    }

    /// The cells inside the border.
    package var inside: Rect { frame.insetBy(dx: 1, dy: 1) }

    /// The canvas cells one minimap cell stands for, across and down (at least one).
    package var scale: (x: Int, y: Int) {
        let inside = self.inside
        return (
            max(1, (bounds.width + inside.width - 1) / max(1, inside.width)),
            max(1, (bounds.height + inside.height - 1) / max(1, inside.height))
        )
    }

    /// The minimap cell showing a canvas cell.
    package func cell(ofCanvas point: Point) -> Point {
        let scale = self.scale
        return Point(
            x: inside.minX + floorDivide(point.x - bounds.minX, scale.x),
            y: inside.minY + floorDivide(point.y - bounds.minY, scale.y))
    }

    /// The canvas cell at the middle of the region a minimap cell stands for.
    package func canvasPoint(ofCell point: Point) -> Point {
        let scale = self.scale
        return Point(
            x: bounds.minX + (point.x - inside.minX) * scale.x + scale.x / 2,
            y: bounds.minY + (point.y - inside.minY) * scale.y + scale.y / 2)
    }
}

/// The minimap (`M`; `f` opens it when even dots do not fit): a panel in the bottom-right corner
/// showing the whole graph, one cell per region shaded by how many boxes start there, with the
/// view's rectangle drawn on it. A click in it moves the view there (the reducer answers it with
/// `MinimapGeometry`). It hides itself when the screen is too small.
///
/// Its extent and shading are counted once per change of where boxes are (the scene's geometry
/// revision) and of the panel's size, so a frame that only moves the view costs the panel's cells.
public final class MinimapPlugin: CanvasPlugin {
    /// `minimap`.
    public let name = "minimap"
    private var counted: (revision: Int, geometry: MinimapGeometry, counts: [Int32])?
    /// The graph's extent, kept while boxes stay where they are (the scene's geometry revision).
    private var extent: (revision: Int, bounds: Rect?)?

    /// Creates the plugin.
    public init() {}

    /// The minimap lies over the canvas: no columns taken.
    public func reservedColumns(for state: CanvasState) -> Int { 0 }
    /// No rows taken.
    public func reservedRows(for state: CanvasState) -> Int { 0 }

    /// Draws the panel while the minimap is shown, the screen has room for it and no panel of the
    /// help or the message history covers the screen.
    public func draw(on surface: inout Surface, canvas: Canvas) {
        guard canvas.state.showsMinimap, let frame = MinimapGeometry.frame(in: canvas.area),
            let bounds = extent(of: canvas)
        else { return }
        let geometry = MinimapGeometry(frame: frame, bounds: bounds)
        let counts = self.counts(for: geometry, canvas: canvas)
        let theme = canvas.theme, styles = theme.styles
        let inside = geometry.inside
        drawPanel(geometry.frame, title: "map", theme: theme, on: &surface)
        // The ASCII theme's swatch is `#`: shades of its own then.
        let shades: [Character] =
            theme.glyphs.swatch == "#" ? [" ", ".", ":", "+", "#"] : [" ", "░", "▒", "▓", "█"]
        let most = Int(max(1, counts.max() ?? 1))
        for y in 0..<inside.height {
            for x in 0..<inside.width {
                let count = Int(counts[y * inside.width + x])
                guard count > 0 else { continue }
                let shade = 1 + min(3, (count * 4 - 1) / most)
                surface[inside.minX + x, inside.minY + y] = Cell(shades[shade], style: styles.panel)
            }
        }
        // The view: its rectangle in canvas cells, on the map.
        let state = canvas.state, area = canvas.area
        let columns = state.levelOfDetail.horizontalScale, rows = state.levelOfDetail.verticalScale
        let origin = state.scaledOrigin
        let viewTopLeft = geometry.cell(
            ofCanvas: Point(x: (origin.x + area.minX) * columns, y: (origin.y + area.minY) * rows))
        let viewBottomRight = geometry.cell(
            ofCanvas: Point(x: (origin.x + area.maxX) * columns - 1, y: (origin.y + area.maxY) * rows - 1))
        let view = Rect(
            x: viewTopLeft.x, y: viewTopLeft.y, width: viewBottomRight.x - viewTopLeft.x + 1,
            height: viewBottomRight.y - viewTopLeft.y + 1
        ).intersection(inside)
        if !view.isEmpty { surface.updateStyle(in: view) { $0.reverse = true } }
    }

    /// The graph's full-detail extent, measured again only when boxes moved.
    private func extent(of canvas: Canvas) -> Rect? {
        let revision = canvas.scene.geometryRevision
        if let extent, extent.revision == revision { return extent.bounds }
        let bounds = canvas.scene.bounds(at: .full)
        extent = (revision, bounds)
        return bounds
    }

    /// How many boxes start in each cell of the map, counted again only when boxes moved.
    private func counts(for geometry: MinimapGeometry, canvas: Canvas) -> [Int32] {
        let revision = canvas.scene.geometryRevision
        if let counted, counted.revision == revision, counted.geometry == geometry { return counted.counts }
        let inside = geometry.inside
        var counts = [Int32](repeating: 0, count: inside.area)
        canvas.scene.forEachFullDetailFrame { frame in
            let cell = geometry.cell(ofCanvas: Point(x: frame.minX, y: frame.minY))
            guard inside.contains(x: cell.x, y: cell.y) else { return }
            counts[(cell.y - inside.minY) * inside.width + cell.x - inside.minX] += 1
        }
        counted = (revision, geometry, counts)
        return counts
    }
}

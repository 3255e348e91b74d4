import NodeGraph

/// A link as drawn on one frame: which slot it feeds, from which node, and where its two ends
/// are on the surface.
public struct DrawnLink: Hashable, Sendable {
    /// The slot the link feeds.
    public var key: LinkKey
    /// The node it comes from.
    public var upstream: NodeID
    /// The surface cell right of the upstream output row.
    public var start: Point
    /// The surface cell left of the downstream input row.
    public var end: Point
    /// Every corner of the route, in surface coordinates.
    public var route: [Point]
}

/// What a frame showed: the nodes' frames and the links' ends, in surface coordinates.
public struct FrameContents: Sendable {
    /// The shown nodes' layouts, moved to surface coordinates.
    public var nodes: [NodeLayout] = []
    /// The links drawn.
    public var links: [DrawnLink] = []
}

/// Draws the scene (links, then nodes, then the links' ends, then the cursor) into a region of
/// a surface.
enum SceneRenderer {
    static func draw(
        scene: CanvasScene, state: CanvasState, area: Rect, on surface: inout Surface, theme: Theme,
        cache: WidgetImageCache? = nil, routeCache: RouteCache? = nil
    ) -> FrameContents {
        var contents = FrameContents()
        guard !area.isEmpty else { return contents }
        let origin = state.scaledOrigin
        // Surface cell (x, y) shows scene cell (x + shift.x, y + shift.y).
        let shift = Point(x: origin.x - area.minX, y: origin.y - area.minY)
        let region = area.offsetBy(dx: shift.x, dy: shift.y)
        let nodes = scene.nodes(in: region)
        let glyphs = theme.glyphs, styles = theme.styles
        var marksByNode: [NodeID: [Int: TargetMark]] = [:]
        if case .link(let link) = state.mode {
            let current = link.currentTarget?.key
            for target in link.targets {
                marksByNode[target.node, default: [:]][target.slot] =
                    target.key == current
                    ? .current(isValid: target.isAllowed) : target.isAllowed ? .valid : .invalid
            }
        }

        // Links: routed once per view, scene revision and selection; a frame that only moves the
        // cursor or changes the mode reuses them.
        let routingKey = RouteCache.Key(region: region, revision: scene.revision, selection: state.selection)
        let routing: RouteCache.Routing
        if let cached = routeCache?.routing(for: routingKey) {
            routing = cached
        } else {
            routing = route(scene: scene, region: region, selection: state.selection)
            routeCache?.store(routing, for: routingKey)
        }
        let links = routing.links, routed = routing.routed, lines = routing.lines
        lines.draw(
            on: &surface, offset: shift, clip: area, glyphs: glyphs, style: styles.link,
            highlightStyle: styles.selectedLink)

        // Nodes, the selected one last (on top).
        var editText: (NodeID, String)?
        if case .editValue(let edit) = state.mode { editText = (edit.node, edit.text) }
        let ordered = nodes.filter { $0.id != state.selection } + nodes.filter { $0.id == state.selection }
        for layout in ordered {
            guard let model = scene.models[layout.id], let renderers = scene.renderers[layout.id] else {
                continue
            }
            let context = WidgetDrawingContext(
                theme: theme, isSelected: layout.id == state.selection,
                editText: editText?.0 == layout.id ? editText?.1 : nil)
            NodeWidgetDrawer.draw(
                layout, model: model, renderers: renderers, offset: shift, clip: area, on: &surface,
                context: context, marks: marksByNode[layout.id] ?? [:], cache: cache)
            var shown = layout
            shown.frame = layout.frame.offsetBy(dx: -shift.x, dy: -shift.y)
            shown.inputRows = layout.inputRows.map { $0 - shift.y }
            shown.outputRow = layout.outputRow - shift.y
            contents.nodes.append(shown)
        }

        // Ends: every link stays visibly attached to its rows, whatever covers them. The end
        // cells and the box edges beside them are drawn last, their arms merged, so where two
        // ends or an end and another box share a cell the glyph joins all of them.
        var endArms: [Point: (arms: LineArms, highlighted: Bool, selectedEdge: Bool)] = [:]
        func addEnd(_ point: Point, _ arms: LineArms, highlighted: Bool, selectedEdge: Bool = false) {
            var entry = endArms[point] ?? ([], false, false)
            entry.arms.formUnion(arms)
            entry.highlighted = entry.highlighted || highlighted
            entry.selectedEdge = entry.selectedEdge || selectedEdge
            endArms[point] = entry
        }
        for (linkIndex, route) in routed {
            let link = links[linkIndex]
            let dot = scene.levelOfDetail == .dot
            let highlighted =
                state.selection != nil
                && (link.upstream == state.selection || link.key.downstream == state.selection)
            let start = route[0], end = route[route.count - 1]
            addEnd(start, lines.arms(atX: start.x, y: start.y), highlighted: highlighted)
            addEnd(end, lines.arms(atX: end.x, y: end.y), highlighted: highlighted)
            if !dot {
                addEnd(
                    Point(x: link.downstreamFrame.minX, y: end.y), [.up, .down, .left], highlighted: false,
                    selectedEdge: link.key.downstream == state.selection)
            }
            if !dot {
                addEnd(
                    Point(x: link.upstreamFrame.maxX - 1, y: start.y), [.up, .down, .right],
                    highlighted: false,
                    selectedEdge: link.upstream == state.selection)
            }
            contents.links.append(
                DrawnLink(
                    key: link.key, upstream: link.upstream,
                    start: Point(x: start.x - shift.x, y: start.y - shift.y),
                    end: Point(x: end.x - shift.x, y: end.y - shift.y),
                    route: route.map { Point(x: $0.x - shift.x, y: $0.y - shift.y) }))
        }
        for (point, entry) in endArms {
            let x = point.x - shift.x, y = point.y - shift.y
            guard area.contains(x: x, y: y) else { continue }
            var glyph = glyphs.line(entry.arms)
            var style = entry.highlighted ? styles.selectedLink : styles.link
            if entry.arms == [.up, .down, .left] || entry.arms == [.up, .down, .right] {
                style = entry.selectedEdge ? styles.selectedBorder : styles.border
                if entry.selectedEdge {
                    glyph =
                        entry.arms.contains(.left)
                        ? glyphs.selectedVerticalLeft : glyphs.selectedVerticalRight
                }
            }
            surface[x, y] = Cell(glyph, style: style)
        }

        // The cursor: the cell under it reversed.
        let cursor = state.scaledCursor
        let cx = cursor.x - shift.x, cy = cursor.y - shift.y
        if area.contains(x: cx, y: cy) {
            surface.updateStyle(in: Rect(x: cx, y: cy, width: 1, height: 1)) { $0.reverse.toggle() }
        }
        return contents
    }

    /// Routes the links that may cross a region, in a fixed order, each avoiding bodies and
    /// earlier links. The boxes near the view are gathered once; a link reaching further asks the
    /// index for its own.
    static func route(scene: CanvasScene, region: Rect, selection: NodeID?) -> RouteCache.Routing {
        let links = scene.linkGeometry(in: region)
        let margin = 4
        let lineRegion = region.insetBy(dx: -margin, dy: -margin)
        var lines = LineCanvas(region: lineRegion)
        var occupancy = LinkOccupancy(region: lineRegion)
        var owners: [NodeID: Int32] = [:]
        var routed: [(link: Int, route: [Point])] = []
        var obstacles: [Rect] = []
        let nearby = region.insetBy(dx: -48, dy: -24)
        let nearbyBoxes = scene.nodeIndex.entries(in: nearby).map(\.rect)
        for (linkIndex, link) in links.enumerated() {
            let start = link.start, finish = link.end
            let route: [Point]
            if scene.levelOfDetail == .dot {
                route = LinkRouter.direct(from: start, to: finish)
            } else {
                let owner: Int32
                if let known = owners[link.upstream] {
                    owner = known
                } else {
                    owner = Int32(owners.count + 1)
                    owners[link.upstream] = owner
                }
                let bounds = link.upstreamFrame.union(link.downstreamFrame).insetBy(dx: -3, dy: -2)
                obstacles.removeAll(keepingCapacity: true)
                if nearby.contains(bounds) {
                    for box in nearbyBoxes where box.intersects(bounds) { obstacles.append(box) }
                } else {
                    for entry in scene.nodeIndex.entries(in: bounds) { obstacles.append(entry.rect) }
                }
                route = LinkRouter.route(
                    from: start, to: finish, upstream: link.upstreamFrame, downstream: link.downstreamFrame,
                    obstacles: obstacles,
                    occupancy: occupancy, owner: owner)
                for index in route.indices.dropFirst() {
                    occupancy.mark(from: route[index - 1], to: route[index], owner: owner)
                }
            }
            let highlight =
                selection != nil
                && (link.upstream == selection || link.key.downstream == selection)
            lines.add(route: route, highlight: highlight)
            routed.append((linkIndex, route))
        }
        return RouteCache.Routing(links: links, routed: routed, lines: lines)
    }
}

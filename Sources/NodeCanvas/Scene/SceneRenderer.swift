import NodeGraph

/// A link as drawn on one frame: which slot it feeds, from which node, and where its two ends
/// are on the surface.
package struct DrawnLink: Hashable, Sendable {
    /// The slot the link feeds.
    package var key: LinkKey
    /// The node it comes from.
    package var upstream: NodeID
    /// The surface cell right of the upstream output row.
    package var start: Point
    /// The surface cell left of the downstream input row.
    package var end: Point
    /// The route's corners, in surface coordinates, held inline.
    var corners: Corners
    /// Every corner of the route, in surface coordinates.
    package var route: [Point] { corners.points() }
}

/// What a frame showed: the nodes' frames and the links' ends, in surface coordinates.
public struct FrameContents: Sendable {
    /// The shown nodes' layouts, moved to surface coordinates.
    public var nodes: [NodeLayout] = []
    /// The links drawn.
    package var links: [DrawnLink] = []
    /// The nodes whose widgets were drawn anew for this frame; the others were copied from
    /// images kept since an earlier frame (in dot detail every glyph is drawn anew).
    package var redrawn: [NodeID] = []
}

/// Draws the scene (links, then nodes, then the links' ends, then the cursor) into a region of
/// a surface.
enum SceneRenderer {
    /// How far beyond the routing window the boxes links are routed around are gathered at once.
    static let routingMargin = (dx: 48, dy: 24)
    /// The tiles routing windows are made of, in cells of the level of detail shown.
    static let routingTile = (columns: 64, rows: 16)

    /// The region a view's links are routed in: from the tile of ``routingTile`` holding the
    /// view's top-left cell, as wide and as high as the view plus a tile. It depends on the view
    /// alone, so a fresh canvas showing the view routes exactly as a canvas that panned there,
    /// while a pan or a cursor move that leaves the view's top-left cell in its tile keeps every
    /// route (eight presses of `L` in a row, four of `J`).
    static func routingWindow(for region: Rect) -> Rect {
        func floor(_ value: Int, _ tile: Int) -> Int {
            value >= 0 ? value / tile * tile : -((-value + tile - 1) / tile * tile)
        }
        let (columns, rows) = routingTile
        return Rect(
            x: floor(region.minX, columns), y: floor(region.minY, rows), width: region.width + columns,
            height: region.height + rows)
    }

    /// Draws a frame of the scene as it is: the caller brought up to date the models of the
    /// nodes in view (see `CanvasScene/refreshNodes(in:from:dataSource:)`); nothing here
    /// changes the scene. In dot detail a node shows one glyph, styled by whether its value is
    /// an error and whether it is bypassed: those are read from `graph`, so a dot needs no
    /// model (a dot view holds eight times a full view's canvas).
    ///
    /// The work follows what the view shows: links are routed around the boxes within the view
    /// and a margin (``routingMargin``) only, so a link that leaves the view continues as routed
    /// there, however far it reaches; routes are kept while the view and the geometry stay (a
    /// cursor, selection or mode change only restyles them).
    static func draw(
        scene: CanvasScene, graph: Graph, state: CanvasState, area: Rect, on surface: inout Surface,
        theme: Theme, cache: WidgetImageCache? = nil, routeCache: RouteCache? = nil, drawsCursor: Bool = true,
        plots: PlotHistory? = nil
    ) -> FrameContents {
        var contents = FrameContents()
        guard !area.isEmpty else { return contents }
        let origin = state.scaledOrigin
        // Surface cell (x, y) shows scene cell (x + shift.x, y + shift.y).
        let shift = Point(x: origin.x - area.minX, y: origin.y - area.minY)
        let region = area.offsetBy(dx: shift.x, dy: shift.y)
        let nodes = scene.nodes(in: region)
        var marksByNode: [NodeID: [Int: TargetMark]] = [:]
        if case .link(let link) = state.mode {
            let current = link.currentTarget?.key
            for target in link.targets {
                marksByNode[target.node, default: [:]][target.slot] =
                    target.key == current
                    ? .current(isValid: target.isAllowed) : target.isAllowed ? .valid : .invalid
            }
        }

        // Links: routed once per routing window, level of detail and geometry; a frame that
        // pans within the window, moves the cursor, changes the selection or the mode, or shows
        // new values reuses them.
        let window = routingWindow(for: region)
        let routingKey = RouteCache.Key(
            window: window, levelOfDetail: scene.levelOfDetail, revision: scene.geometryRevision)
        let routing =
            routeCache?.routing(for: routingKey, scene: scene, region: window)
            ?? route(scene: scene, region: window)
        let links = routing.links, routed = routing.routed
        var lines = routing.lines
        if let cursorNode = state.cursorNode {
            for (linkIndex, route) in routed
            where links[linkIndex].upstream == cursorNode || links[linkIndex].key.downstream == cursorNode {
                lines.highlight(route: route)
            }
        }
        let cells = LinkCells(theme: theme)
        lines.draw(on: &surface, offset: shift, clip: area, cells: cells)

        // Nodes, the selected one last (on top).
        var editText: (NodeID, String)?
        if case .editValue(let edit) = state.mode { editText = (edit.node, edit.text) }
        var selectedIndex: Int?
        if let cursorNode = state.cursorNode { selectedIndex = nodes.firstIndex { $0.id == cursorNode } }
        contents.nodes.reserveCapacity(nodes.count)
        var covering = BoxCover(area: area)
        let isDot = scene.levelOfDetail == .dot
        for position in nodes.indices {
            // The selected node moves to the end; the others keep their order.
            let index: Int
            if let selectedIndex {
                index =
                    position == nodes.count - 1
                    ? selectedIndex : position < selectedIndex ? position : position + 1
            } else {
                index = position
            }
            let layout = nodes[index]
            let isSelected = index == selectedIndex || state.selection.contains(layout.id)
            let isNew: Bool
            if isDot {
                guard let value = graph.value(of: layout.id) else { continue }
                isNew = NodeWidgetDrawer.drawDot(
                    layout, isError: value.error != nil, isBypassed: graph.isBypassed(layout.id),
                    offset: shift, clip: area, on: &surface, theme: theme, isSelected: isSelected,
                    marks: marksByNode.isEmpty ? [:] : marksByNode[layout.id] ?? [:])
            } else {
                guard let model = scene.models[layout.id], let renderers = scene.renderers[layout.id] else {
                    continue
                }
                isNew = NodeWidgetDrawer.draw(
                    layout, model: model, renderers: renderers, offset: shift, clip: area, on: &surface,
                    theme: theme, isSelected: isSelected,
                    editText: editText?.0 == layout.id ? editText?.1 : nil,
                    marks: marksByNode.isEmpty ? [:] : marksByNode[layout.id] ?? [:], cache: cache,
                    plots: plots)
            }
            if isNew { contents.redrawn.append(layout.id) }
            var shown = layout
            shown.frame = layout.frame.offsetBy(dx: -shift.x, dy: -shift.y)
            shown.inputRows = layout.inputRows.map { $0 - shift.y }
            shown.outputRow = layout.outputRow - shift.y
            covering.cover(shown.frame, by: Int32(contents.nodes.count))
            contents.nodes.append(shown)
        }

        // Ends: the end cells and the box edges beside them are drawn last, their arms merged,
        // so where two ends or an end and a box edge share a cell the glyph joins all of them.
        // Nothing draws over a box: an end cell shows only where no box lies, and an edge only
        // where its own box is the one on top.
        var ends = LinkEnds(area: area)
        let cover = covering, shownNodes = contents.nodes
        func isUncovered(_ x: Int, _ y: Int) -> Bool { cover.topmost(x: x, y: y) < 0 }
        func isOnTop(_ node: NodeID, _ x: Int, _ y: Int) -> Bool {
            let top = cover.topmost(x: x, y: y)
            return top >= 0 && shownNodes[Int(top)].id == node
        }
        // A joint on a box is drawn in that box's line weight: heavy for the cursor's node and
        // every node in the selection, as their boxes are.
        func isDrawnSelected(_ node: NodeID) -> Bool {
            node == state.cursorNode || state.selection.contains(node)
        }
        // The window holds links the view does not: a frame shows those that may cross the view.
        let shownRegion = scene.fullDetailRegion(covering: region, forLinks: true)
        // Room for every link at once: a dot view's window holds thousands, and growing the list
        // copied it again and again.
        contents.links.reserveCapacity(routed.count)
        for (linkIndex, route) in routed {
            // The bounds are looked at in place: most of a window's links outside the view are
            // passed over without copying their geometry.
            guard links[linkIndex].bounds.intersects(shownRegion) else { continue }
            let link = links[linkIndex]
            let highlighted =
                state.cursorNode != nil
                && (link.upstream == state.cursorNode || link.key.downstream == state.cursorNode)
            // The link's own ends (a route from beyond the margin starts at the margin's edge).
            let start = link.start, end = link.end
            let startX = start.x - shift.x, startY = start.y - shift.y
            let endX = end.x - shift.x, endY = end.y - shift.y
            if isUncovered(startX, startY) {
                ends.add(x: startX, y: startY, lines.arms(atX: start.x, y: start.y), highlighted: highlighted)
            }
            if isUncovered(endX, endY) {
                ends.add(x: endX, y: endY, lines.arms(atX: end.x, y: end.y), highlighted: highlighted)
            }
            let inputEdge = link.downstreamFrame.minX - shift.x
            let outputEdge = link.upstreamFrame.maxX - 1 - shift.x
            if !isDot && isOnTop(link.key.downstream, inputEdge, endY) {
                ends.add(
                    x: inputEdge, y: endY, [.up, .down, .left], highlighted: false,
                    selectedEdge: isDrawnSelected(link.key.downstream))
            }
            if !isDot && isOnTop(link.upstream, outputEdge, startY) {
                ends.add(
                    x: outputEdge, y: startY, [.up, .down, .right], highlighted: false,
                    selectedEdge: isDrawnSelected(link.upstream))
            }
            contents.links.append(
                DrawnLink(
                    key: link.key, upstream: link.upstream,
                    start: Point(x: start.x - shift.x, y: start.y - shift.y),
                    end: Point(x: end.x - shift.x, y: end.y - shift.y),
                    corners: route.offsetBy(-shift.x, -shift.y)))
        }
        ends.draw(on: &surface, cells: cells)

        // The cursor: the cell under it reversed.
        let cursor = state.scaledCursor
        let cx = cursor.x - shift.x, cy = cursor.y - shift.y
        if drawsCursor && area.contains(x: cx, y: cy) {
            surface.updateStyle(in: Rect(x: cx, y: cy, width: 1, height: 1)) { $0.reverse.toggle() }
        }
        return contents
    }

    /// Routes the links that may cross a region, in a fixed order, each avoiding bodies and
    /// earlier links. The boxes within the region and ``routingMargin`` are gathered once into a
    /// grid, and every route is planned against them alone: beyond the margin a link meets
    /// nothing, so the work follows the view, not how far the links reach.
    static func route(scene: CanvasScene, region: Rect) -> RouteCache.Routing {
        var job = RoutingJob(region: region)
        _ = job.advance(scene: scene, until: nil)
        return job.routing
    }
}

/// The routing of one window (``SceneRenderer/route(scene:region:)``), a step at a time, so that it
/// can be done in slices between keys and resumed where it stopped: gathering the links that may
/// cross the window (itself in steps, ``LinkGathering``), then the boxes near it, then routing each
/// link in order. A job finished in slices routes exactly as one finished at once. The scene is
/// handed to each step rather than kept, so a job under way never holds on to the scene's storage.
struct RoutingJob {
    private enum Step {
        case gatheringLinks, gatheringBoxes, routing
    }

    /// The window routed.
    let region: Rect
    private var step = Step.gatheringLinks
    private var gathering: LinkGathering
    private var links: [LinkGeometry] = []
    private let margin = 4
    private let nearby: Rect
    private var lines: LineCanvas
    private var occupancy: LinkOccupancy
    private var owners: [Int32: Int32] = [:]
    private var routed: [(link: Int, route: Corners)] = []
    private var router = LinkRouter()
    private var linkBoxes: [Rect] = []
    private var grid: NearbyBoxes
    /// The next link to route.
    private var next = 0

    /// A job for a region; nothing is gathered or routed yet.
    init(region: Rect) {
        self.region = region
        gathering = LinkGathering(region: region)
        nearby = region.insetBy(dx: -SceneRenderer.routingMargin.dx, dy: -SceneRenderer.routingMargin.dy)
        lines = LineCanvas(region: .zero)
        occupancy = LinkOccupancy(region: .zero)
        grid = NearbyBoxes([], in: .zero)
    }

    /// Whether every link is routed.
    var isFinished: Bool { step == .routing && next == links.count }

    /// The routes, once ``isFinished``.
    var routing: RouteCache.Routing { RouteCache.Routing(links: links, routed: routed, lines: lines) }

    /// Takes steps in order until every link is routed or, after at least one step, `deadline`
    /// passed.
    /// - Parameters:
    ///   - scene: The scene the job was started on, as it is still (same geometry and level of
    ///     detail).
    ///   - deadline: When to stop; `nil` to finish.
    /// - Returns: Whether every link is routed.
    mutating func advance(scene: CanvasScene, until deadline: ContinuousClock.Instant?) -> Bool {
        while !isFinished {
            switch step {
            case .gatheringLinks:
                guard gathering.advance(scene: scene, until: deadline) else { break }
                links = gathering.links
                gathering = LinkGathering(region: region)  // lets go of its copy
                routed.reserveCapacity(links.count)
                step = .gatheringBoxes
            case .gatheringBoxes:
                let lineRegion = region.insetBy(dx: -margin, dy: -margin)
                lines = LineCanvas(region: lineRegion)
                occupancy = LinkOccupancy(region: lineRegion)
                var nearbyBoxes: [Rect] = []
                scene.appendFrames(in: nearby, to: &nearbyBoxes)
                grid = NearbyBoxes(nearbyBoxes, in: nearby)
                step = .routing
            case .routing:
                routeNext(isDot: scene.levelOfDetail == .dot)
            }
            if let deadline, ContinuousClock.now >= deadline { break }
        }
        return isFinished
    }

    private mutating func routeNext(isDot: Bool) {
        let linkIndex = next
        let link = links[linkIndex]
        next += 1
        let start = link.start, finish = link.end
        let route: Corners
        let view = region.insetBy(dx: -margin, dy: -margin)
        let nearby = self.nearby
        let startNear = nearby.contains(x: start.x, y: start.y)
        let finishNear = nearby.contains(x: finish.x, y: finish.y)
        // A link with one end in view and the other beyond the margin is routed from where it
        // comes into the margin (the far end's cell brought to the margin's edge), in three
        // segments placed where they cross the fewest boxes; one passing by with both ends
        // beyond the view and margin is drawn in three segments, the vertical halfway.
        let startRouted = startNear || view.contains(x: finish.x, y: finish.y)
        let finishRouted = finishNear || view.contains(x: start.x, y: start.y)
        if isDot || !startRouted || !finishRouted {
            route = LinkRouter.direct(from: start, to: finish)
        } else {
            let owner: Int32
            if let known = owners[link.upstreamNumber] {
                owner = known
            } else {
                owner = Int32(owners.count + 1)
                owners[link.upstreamNumber] = owner
            }
            func entry(_ point: Point) -> Point {
                Point(
                    x: min(max(point.x, nearby.minX), nearby.maxX - 1),
                    y: min(max(point.y, nearby.minY), nearby.maxY - 1))
            }
            let from = startNear ? start : entry(start), to = finishNear ? finish : entry(finish)
            let upstreamFrame =
                startNear ? link.upstreamFrame : Rect(x: from.x - 1, y: from.y, width: 1, height: 1)
            let downstreamFrame =
                finishNear ? link.downstreamFrame : Rect(x: to.x + 1, y: to.y, width: 1, height: 1)
            let bounds = upstreamFrame.union(downstreamFrame).insetBy(dx: -3, dy: -2).intersection(nearby)
            route = Self.plan(
                from: from, to: to, upstream: upstreamFrame, downstream: downstreamFrame, bounds: bounds,
                occupancy: occupancy, owner: owner, detours: startNear && finishNear, grid: &grid,
                router: &router, linkBoxes: &linkBoxes)
            occupancy.mark(route, owner: owner)
        }
        lines.add(route: route)
        routed.append((linkIndex, route))
    }

    /// One link's route around the boxes within its bounds.
    private static func plan(
        from: Point, to: Point, upstream: Rect, downstream: Rect, bounds: Rect, occupancy: LinkOccupancy,
        owner: Int32, detours: Bool, grid: inout NearbyBoxes, router: inout LinkRouter,
        linkBoxes: inout [Rect]
    ) -> Corners {
        linkBoxes.removeAll(keepingCapacity: true)
        if !bounds.isEmpty { grid.appendBoxes(intersecting: bounds, to: &linkBoxes) }
        let boxes = linkBoxes
        return router.route(
            from: from, to: to, upstream: upstream, downstream: downstream,
            obstacles: { rect, result in
                // A row is looked up in the grid; a larger rectangle among the link's boxes.
                if rect.height == 1 {
                    grid.appendBoxes(intersecting: rect, within: bounds, to: &result)
                } else {
                    for box in boxes where box.intersects(rect) { result.append(box) }
                }
            }, occupancy: occupancy, owner: owner, detours: detours)
    }
}

/// Which box is on top at each cell of the area: the index, in drawing order, of the last box
/// drawn there, or -1 where no box lies.
struct BoxCover {
    private let area: Rect
    private var topmost: [Int32]

    init(area: Rect) {
        self.area = area
        topmost = Array(repeating: -1, count: area.area)
    }

    /// Records a box drawn over a frame (surface cells), above every box recorded before.
    mutating func cover(_ frame: Rect, by box: Int32) {
        let visible = frame.intersection(area)
        guard !visible.isEmpty else { return }
        for y in visible.minY..<visible.maxY {
            let row = (y - area.minY) * area.width - area.minX
            for x in visible.minX..<visible.maxX { topmost[row + x] = box }
        }
    }

    /// The box on top at a surface cell; -1 for none, or outside the area.
    func topmost(x: Int, y: Int) -> Int32 {
        guard area.contains(x: x, y: y) else { return -1 }
        return topmost[(y - area.minY) * area.width + (x - area.minX)]
    }
}

/// The link ends of a frame, merged cell by cell: the arms meeting at each visible end cell and
/// whether a highlighted link or the selected node's edge is among them.
struct LinkEnds {
    private let area: Rect
    /// Per cell of the area: arms in bits 0–3, highlighted in bit 4, selected edge in bit 5,
    /// and bit 7 once the cell is listed in `touched`.
    private var marks: [UInt8]
    private var touched: [Int] = []

    init(area: Rect) {
        self.area = area
        marks = Array(repeating: 0, count: area.area)
    }

    /// Adds an end at a surface cell; ends outside the area are not drawn and are dropped.
    mutating func add(x: Int, y: Int, _ arms: LineArms, highlighted: Bool, selectedEdge: Bool = false) {
        guard area.contains(x: x, y: y) else { return }
        let index = (y - area.minY) * area.width + (x - area.minX)
        let mark = marks[index]
        if mark == 0 { touched.append(index) }
        marks[index] = mark | 0x80 | arms.rawValue | (highlighted ? 0x10 : 0) | (selectedEdge ? 0x20 : 0)
    }

    /// Draws every end.
    func draw(on surface: inout Surface, cells: LinkCells) {
        let rightLimit = surface.width
        surface.withCellWriter { target in
            for index in touched {
                let mark = marks[index]
                let cell = cells.end(
                    LineArms(rawValue: mark & 0x0F), highlighted: mark & 0x10 != 0,
                    selectedEdge: mark & 0x20 != 0)
                target.place(
                    cell, x: area.minX + index % area.width, y: area.minY + index / area.width,
                    rightLimit: rightLimit)
            }
        }
    }
}

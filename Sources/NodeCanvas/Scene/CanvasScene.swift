import NodeGraph

/// One link, named by the slot it feeds.
public struct LinkKey: Hashable, Sendable {
    /// The node owning the slot.
    public var downstream: NodeID
    /// The slot's index.
    public var slot: Int

    /// Creates a link key.
    /// - Parameters:
    ///   - downstream: The node owning the slot.
    ///   - slot: The slot's index.
    public init(downstream: NodeID, slot: Int) {
        self.downstream = downstream
        self.slot = slot
    }
}

/// Where one link starts and ends, and the frames of the boxes at its ends.
struct LinkGeometry {
    var key: LinkKey
    var upstream: NodeID
    /// The cell right of the upstream output row.
    var start: Point
    /// The cell left of the downstream input row.
    var end: Point
    var upstreamFrame: Rect
    var downstreamFrame: Rect
}

/// The shown nodes' models, renderers and layouts at the current level of detail, with spatial
/// indexes of node and link rectangles: everything a frame needs, kept up to date change by change.
public struct CanvasScene {
    /// The widget models.
    public private(set) var models: WidgetModelCache
    /// The renderers of each shown node.
    public private(set) var renderers: [NodeID: NodeRenderers] = [:]
    /// The layout of each shown node.
    public private(set) var layouts: [NodeID: NodeLayout] = [:]
    /// The upstream node of each shown link.
    public private(set) var links: [LinkKey: NodeID] = [:]
    /// The level of detail of the layouts.
    public private(set) var levelOfDetail: LevelOfDetail
    /// The theme the layouts were measured with.
    public private(set) var theme: Theme
    /// Counts the scene's changes: any layout, link or model may differ between revisions.
    public private(set) var revision = 0
    var nodeIndex = SpatialIndex<NodeID>()
    /// The shown links' rectangles, filed by handle (an index into `linkRecords`).
    var linkIndex = SpatialIndex<Int32>()
    /// Each shown link's geometry, kept up to date as its ends move or change, by handle.
    private var linkRecords: [LinkGeometry?] = []
    private var linkHandles: [LinkKey: Int32] = [:]
    private var freeLinkHandles: [Int32] = []
    private var outgoing: [NodeID: Set<LinkKey>] = [:]

    /// Builds the scene of a whole graph.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - dataSource: Which nodes to show, with which renderers.
    ///   - theme: The theme.
    ///   - levelOfDetail: The level of detail.
    /// - Complexity: O(*n* + *e*).
    public init(graph: Graph, dataSource: any CanvasDataSource, theme: Theme, levelOfDetail: LevelOfDetail) {
        models = WidgetModelCache(graph: graph)
        self.theme = theme
        self.levelOfDetail = levelOfDetail
        relayoutAll(dataSource: dataSource)
    }

    /// Rebuilds every model and layout, e.g. after the graph was replaced.
    /// - Complexity: O(*n* + *e*).
    public mutating func rebuild(from graph: Graph, dataSource: any CanvasDataSource) {
        models.rebuildAll(from: graph)
        relayoutAll(dataSource: dataSource)
    }

    /// Lays every node out again at another level of detail or with another theme.
    /// - Complexity: O(*n* + *e*).
    public mutating func relayout(
        levelOfDetail: LevelOfDetail, theme: Theme, dataSource: any CanvasDataSource
    ) {
        guard levelOfDetail != self.levelOfDetail || theme != self.theme else { return }
        self.levelOfDetail = levelOfDetail
        self.theme = theme
        relayoutAll(dataSource: dataSource)
    }

    private mutating func relayoutAll(dataSource: any CanvasDataSource) {
        revision += 1
        renderers.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
        links.removeAll(keepingCapacity: true)
        outgoing.removeAll(keepingCapacity: true)
        nodeIndex.removeAll()
        linkIndex.removeAll()
        linkRecords.removeAll(keepingCapacity: true)
        linkHandles.removeAll(keepingCapacity: true)
        freeLinkHandles.removeAll(keepingCapacity: true)
        for id in models.models.keys { layOut(id, dataSource: dataSource) }
        for id in models.models.keys { refreshIncomingLinks(of: id, previous: nil) }
    }

    /// Brings the scene up to date after a change.
    /// - Parameters:
    ///   - change: The change.
    ///   - graph: The graph after the change.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Returns: The nodes whose models were rebuilt or removed.
    /// - Complexity: O(*t*), the touched nodes, their slots and their links.
    @discardableResult
    public mutating func update(after change: Change, in graph: Graph, dataSource: any CanvasDataSource)
        -> Set<NodeID>
    {
        var previous: [NodeID: NodeWidgetModel] = [:]
        for id in WidgetModelCache.touchedNodes(of: change) { previous[id] = models[id] }
        let touched = models.update(after: change, in: graph)
        revision += 1
        for id in touched { layOut(id, dataSource: dataSource) }
        for id in touched {
            refreshIncomingLinks(of: id, previous: previous[id])
            for key in outgoing[id] ?? [] { refreshLink(key) }
        }
        return touched
    }

    private mutating func layOut(_ id: NodeID, dataSource: any CanvasDataSource) {
        guard let model = models[id], dataSource.shouldShow(model) else {
            renderers[id] = nil
            layouts[id] = nil
            nodeIndex.remove(id)
            return
        }
        let nodeRenderers = dataSource.renderers(for: model)
        let layout = NodeLayout(
            node: model, renderers: nodeRenderers, theme: theme, levelOfDetail: levelOfDetail)
        renderers[id] = nodeRenderers
        layouts[id] = layout
        nodeIndex.update(id, rect: layout.frame)
    }

    private mutating func refreshIncomingLinks(of id: NodeID, previous: NodeWidgetModel?) {
        for row in previous?.inputs ?? [] {
            let key = LinkKey(downstream: id, slot: row.slot)
            if let upstream = links.removeValue(forKey: key) { outgoing[upstream]?.remove(key) }
            forgetGeometry(of: key)
        }
        guard let model = models[id] else { return }
        for row in model.inputs {
            let key = LinkKey(downstream: id, slot: row.slot)
            if let old = links.removeValue(forKey: key) { outgoing[old]?.remove(key) }
            forgetGeometry(of: key)
            guard let upstream = row.upstream else { continue }
            links[key] = upstream
            outgoing[upstream, default: []].insert(key)
            refreshLink(key)
        }
    }

    private mutating func refreshLink(_ key: LinkKey) {
        guard let upstream = links[key], let from = layouts[upstream], let to = layouts[key.downstream],
            let end = to.inputEnd(key.slot)
        else {
            forgetGeometry(of: key)
            return
        }
        let handle: Int32
        if let known = linkHandles[key] {
            handle = known
        } else if let free = freeLinkHandles.popLast() {
            handle = free
            linkHandles[key] = handle
        } else {
            handle = Int32(linkRecords.count)
            linkRecords.append(nil)
            linkHandles[key] = handle
        }
        linkRecords[Int(handle)] = LinkGeometry(
            key: key, upstream: upstream, start: Point(x: from.outputStart.x, y: from.outputStart.y),
            end: Point(x: end.x, y: end.y), upstreamFrame: from.frame, downstreamFrame: to.frame)
        linkIndex.update(handle, rect: from.frame.union(to.frame).insetBy(dx: -3, dy: -2))
    }

    private mutating func forgetGeometry(of key: LinkKey) {
        guard let handle = linkHandles.removeValue(forKey: key) else { return }
        linkIndex.remove(handle)
        linkRecords[Int(handle)] = nil
        freeLinkHandles.append(handle)
    }

    /// The shown nodes overlapping a region.
    /// - Parameter region: Cells at the current level of detail.
    /// - Returns: Their layouts, in drawing order (top to bottom, left to right).
    /// - Complexity: O(*v* log *v*) in the visible nodes, plus the index buckets the region touches.
    public func nodes(in region: Rect) -> [NodeLayout] {
        // The index files each node under its frame, so the order comes from the index alone.
        let entries = nodeIndex.entries(in: region)
        var order = Array(entries.indices)
        entries.withUnsafeBufferPointer { entries in
            order.sort { i, j in
                let a = entries[i].rect, b = entries[j].rect
                if a.minY != b.minY { return a.minY < b.minY }
                if a.minX != b.minX { return a.minX < b.minX }
                return entries[i].key < entries[j].key
            }
        }
        return order.compactMap { layouts[entries[$0].key] }
    }

    /// The shown links whose routes may cross a region.
    /// - Parameter region: Cells at the current level of detail.
    /// - Returns: The links, in a fixed order (by where they start and end).
    public func links(in region: Rect) -> [(key: LinkKey, upstream: NodeID)] {
        linkGeometry(in: region).map { ($0.key, $0.upstream) }
    }

    /// The shown links that may cross a region, with where they start and end and both ends'
    /// frames, ordered by where they start and end (identifiers only break ties between boxes on
    /// top of each other).
    func linkGeometry(in region: Rect) -> [LinkGeometry] {
        var found: [LinkGeometry] = []
        for handle in linkIndex.query(region) {
            if let link = linkRecords[Int(handle)] { found.append(link) }
        }
        var order = Array(found.indices)
        found.withUnsafeBufferPointer { links in
            // Fields are read in place: copying a link would retain its identifiers.
            order.sort { i, j in
                let left = (
                    links[i].start.y, links[i].start.x, links[i].end.y, links[i].end.x, links[i].key.slot
                )
                let right = (
                    links[j].start.y, links[j].start.x, links[j].end.y, links[j].end.x, links[j].key.slot
                )
                if left != right { return left < right }
                return (links[i].upstream, links[i].key.downstream) < (
                    links[j].upstream, links[j].key.downstream
                )
            }
        }
        return order.map { found[$0] }
    }

    /// The topmost shown node at a cell.
    /// - Parameters:
    ///   - x: A column at the current level of detail.
    ///   - y: A row.
    ///   - selected: The selected node, drawn above the others.
    /// - Returns: The node's layout, or `nil`.
    public func node(atX x: Int, y: Int, selected: NodeID? = nil) -> NodeLayout? {
        let hits = nodes(in: Rect(x: x, y: y, width: 1, height: 1))
        if let selected, let hit = hits.first(where: { $0.id == selected }) { return hit }
        return hits.last
    }

    /// The shown nodes whose frames overlap a region, without sorting.
    func nodeIDs(in region: Rect) -> [NodeID] { nodeIndex.query(region) }
}

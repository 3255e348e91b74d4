import NodeGraph

/// Taking in the values of a large change where they are needed.
///
/// After a change that recomputed many nodes, the scene leaves their models as they were (see
/// ``WidgetModelCache``) and brings a node up to date when a frame or a question needs it: the
/// nodes drawn, the ends of the links drawn, and the boxes those links are routed around. A
/// node's position, height and links are always current, and its width never exceeds the
/// theme's ``Theme/maximumNodeWidth``, so a box whose model may be behind is found by the region
/// it could reach: its frame's top left and height, at the widest width.
extension CanvasScene {
    /// Whether some node's model may show values from before the latest large change.
    public var hasPossiblyStaleNodes: Bool { possiblyStaleCount > 0 }

    /// Brings up to date every node whose widget could meet a region.
    /// - Parameters:
    ///   - region: Cells at the current level of detail.
    ///   - graph: The graph the scene shows.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Complexity: O(*k*), the nodes whose boxes could reach the region; nothing when no
    ///   model may be behind.
    public mutating func refreshNodes(in region: Rect, from graph: Graph, dataSource: any CanvasDataSource) {
        guard hasPossiblyStaleNodes, !region.isEmpty else { return }
        // Asked for every thin strip a long link is routed through: the stale nodes are gathered
        // into a kept buffer, without allocating, then brought up to date.
        var found: [Int32] = []
        swap(&found, &staleScratch)
        found.removeAll(keepingCapacity: true)
        nodeIndex.appendKeys(in: reach(of: region), to: &found)
        for number in found where isPossiblyStale(number) {
            refresh(number, from: graph, dataSource: dataSource)
        }
        swap(&found, &staleScratch)
    }

    /// Brings up to date both ends of every link that could cross a region, so that where the
    /// links start and end is exact there.
    /// - Parameters:
    ///   - region: Cells at the current level of detail.
    ///   - graph: The graph the scene shows.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Complexity: O(*k*), the links whose bounds could reach the region; nothing when no
    ///   model may be behind.
    public mutating func refreshLinks(in region: Rect, from graph: Graph, dataSource: any CanvasDataSource) {
        guard hasPossiblyStaleNodes, !region.isEmpty else { return }
        for handle in linkIndex.query(reach(of: region)) {
            guard let link = linkRecords[Int(handle)] else { continue }
            if isPossiblyStale(link.upstream) { refresh(link.upstream, from: graph, dataSource: dataSource) }
            if isPossiblyStale(link.downstream) {
                refresh(link.downstream, from: graph, dataSource: dataSource)
            }
        }
    }

    /// Brings every node up to date, for a question about all of them (arranging the graph,
    /// fitting it in view).
    /// - Parameters:
    ///   - graph: The graph the scene shows.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Complexity: O(*n*) when some model may be behind; nothing otherwise.
    public mutating func refreshAllNodes(from graph: Graph, dataSource: any CanvasDataSource) {
        guard hasPossiblyStaleNodes else { return }
        for number in numberedIDs.indices { refresh(Int32(number), from: graph, dataSource: dataSource) }
    }

    /// Brings one node up to date: when its value or its inputs' differ from its model, the
    /// model is rebuilt and the node laid out again, with its links.
    /// - Parameters:
    ///   - id: The node.
    ///   - graph: The graph the scene shows.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Complexity: O(*s* + *l*), the node's slots and links.
    public mutating func refreshNode(_ id: NodeID, from graph: Graph, dataSource: any CanvasDataSource) {
        guard hasPossiblyStaleNodes, let number = numbers[id] else { return }
        refresh(number, from: graph, dataSource: dataSource)
    }

    private mutating func refresh(_ number: Int32, from graph: Graph, dataSource: any CanvasDataSource) {
        guard isPossiblyStale(number), let id = numberedIDs[Int(number)] else { return }
        markChecked(number)
        guard models.refreshValues(of: id, in: graph) else { return }
        revision += 1
        layOut(number, dataSource: dataSource)
        refreshLinkGeometry(of: number)
    }

    /// The region whose boxes, at their stored frames, could reach `region` once up to date:
    /// `region` grown left by the widest box (a model behind the graph changes only the width).
    private func reach(of region: Rect) -> Rect {
        let slack = levelOfDetail == .dot ? 0 : max(0, theme.maximumNodeWidth - 1)
        return Rect(
            x: region.minX - slack, y: region.minY, width: region.width + slack, height: region.height)
    }
}

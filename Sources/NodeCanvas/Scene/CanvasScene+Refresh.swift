import NodeGraph

/// Building models and taking in the values of a large change where they are needed.
///
/// A node's model is built when a frame shows the node or a command acts on it. After a change
/// that recomputed many nodes, the scene leaves their models as they were (see
/// `WidgetModelCache`) and brings a node up to date when a frame or a question needs it: the
/// nodes drawn, the ends of the links drawn, and the boxes those links are routed around. A
/// node's position, height and links are always current, and its width never exceeds the
/// theme's ``Theme/maximumNodeWidth``, so a box whose model may be behind is found by the region
/// it could reach: its frame's top left and height, at the widest width.
extension CanvasScene {
    /// Whether some node's model may show values from before the latest large change.
    package var hasPossiblyStaleNodes: Bool { possiblyStaleCount > 0 }

    /// Marks every model as possibly behind the graph's values: an edit under demand-driven
    /// evaluation left some node stale, and such a node is in no change's list.
    /// - Complexity: O(1).
    mutating func markValuesPossiblyBehind() {
        valueRevision += 1
        possiblyStaleCount = numbers.count
    }

    /// Builds the model of every node whose widget could meet a region and has none, and brings
    /// up to date those that have one. Once many models are kept, those of the nodes out of the
    /// region are let go first.
    /// - Parameters:
    ///   - region: Cells at the current level of detail.
    ///   - graph: The graph the scene shows.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Complexity: O(*k*), the nodes whose boxes could reach the region (O(*m*), the kept
    ///   models, when they are let go).
    mutating func refreshNodes(in region: Rect, from graph: Graph, dataSource: any CanvasDataSource) {
        guard !region.isEmpty else { return }
        // The nodes are gathered into a kept buffer, without allocating.
        var found: [Int32] = []
        swap(&found, &staleScratch)
        found.removeAll(keepingCapacity: true)
        appendNumbers(in: region, to: &found)
        if models.count > Self.keptModelLimit + found.count { trimModels(keeping: Set(found)) }
        var changed = false
        for number in found {
            if buildModel(number, from: graph, dataSource: dataSource) {
                changed = true
            } else if isPossiblyStale(number) {
                changed = refresh(number, from: graph) || changed
            }
        }
        swap(&found, &staleScratch)
        if changed { revision += 1 }
    }

    /// Brings every node up to date, for a question about all of them (arranging the graph,
    /// fitting it in view).
    /// - Parameters:
    ///   - graph: The graph the scene shows.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Complexity: O(*n*) when some model may be behind; nothing otherwise.
    mutating func refreshAllNodes(from graph: Graph, dataSource: any CanvasDataSource) {
        guard hasPossiblyStaleNodes else { return }
        var changed = false
        for number in numberedIDs.indices { changed = refresh(Int32(number), from: graph) || changed }
        if changed { revision += 1 }
    }

    /// Builds a node's model when it has none, or brings it up to date: when its value or its
    /// inputs' differ from its model, the model is rebuilt (its layout and links stay: they
    /// never follow values).
    /// - Parameters:
    ///   - id: The node.
    ///   - graph: The graph the scene shows.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Complexity: O(*s*), the node's slots.
    mutating func refreshNode(_ id: NodeID, from graph: Graph, dataSource: any CanvasDataSource) {
        guard let number = numbers[id] else { return }
        if buildModel(number, from: graph, dataSource: dataSource) || refresh(number, from: graph) {
            revision += 1
        }
    }

    /// Brings one node's model up to date; returns whether it changed.
    private mutating func refresh(_ number: Int32, from graph: Graph) -> Bool {
        guard isPossiblyStale(number), let id = numberedIDs[Int(number)] else { return false }
        markChecked(number)
        return models.refreshValues(of: id, in: graph)
    }
}

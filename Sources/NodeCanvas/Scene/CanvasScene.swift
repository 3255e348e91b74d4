import NodeGraph

/// The shown nodes' models, renderers and layouts at the current level of detail, with spatial
/// indexes of node and link rectangles: everything a frame needs, kept up to date change by change.
///
/// A change costs what it changes. The nodes it names (a new node, both ends of a link, a moved
/// or renamed node) are laid out at once; a moved node is shifted, not laid out again. The nodes
/// it recomputed are taken in at once when few (`WidgetModelCache/eagerRecomputeLimit`);
/// after a larger change the scene leaves them as they were and brings a node up to date when
/// a frame or a question first needs it (see `refreshNodes(in:from:dataSource:)`), so an edit
/// that recomputes half of a large graph lays out and draws only what the screen shows.
///
/// Inside, each node has a number (reused after it is removed) that indexes the per-node columns,
/// the node index and the links' records, so a frame finds boxes and links without hashing
/// identifiers.
///
/// The boxes, the node and link indexes and the links' records are kept at full detail, in
/// canvas cells, whatever level of detail is shown: the other levels derive from them for what a
/// frame or a question needs (a compact box or a dot starts where the full box does), so
/// changing the level of detail costs what the screen shows, not what the graph holds. A box is
/// kept as its frame and the number of a shape shared by boxes alike (`BoxShapes`); a layout is
/// made from them for what a frame or a question needs, so moving every box (arrange, its undo)
/// rewrites rectangles in one array.
public struct CanvasScene {
    /// The widget models. After a large change, the model of a node no frame has needed since
    /// may show the values from before it (see `hasPossiblyStaleNodes`).
    package internal(set) var models: WidgetModelCache
    /// The level of detail shown: the layouts given out are at this level.
    package private(set) var levelOfDetail: LevelOfDetail
    /// The theme the layouts were measured with.
    public private(set) var theme: Theme
    /// Counts the scene's changes: any layout, link or model may differ between revisions.
    package internal(set) var revision = 0
    /// How many node layouts were computed so far (for tests and diagnostics).
    package internal(set) var layoutCount = 0
    /// Counts the changes to where boxes and link ends are; routes depend on nothing else.
    package internal(set) var geometryRevision = 0

    /// The number of each node with a model.
    var numbers: [NodeID: Int32] = [:]
    /// Per number: the node, its box (when shown: the frame at full detail and the number of its
    /// shape, else -1) and renderers, the value revision its model was last brought up to date
    /// at, the links into each of its slots and out of it. A box is a rectangle and a shared
    /// shape, not a layout of its own: moving it rewrites the rectangle alone, and a node off
    /// screen costs a few dozen bytes.
    var numberedIDs: [NodeID?] = []
    var boxFrames: [Rect] = []
    var boxShapeNumbers: [Int32] = []
    var boxShapes = BoxShapes()
    var nodeRenderers: [NodeRenderers?] = []
    var checkedRevision: [Int] = []
    var incomingLinks: [[Int32]] = []
    var outgoingLinks: [[Int32]] = []
    var freeNumbers: [Int32] = []
    /// Counts the large changes whose recomputed nodes were left to be brought up to date later.
    var valueRevision = 0
    /// How many numbered nodes were last brought up to date before `valueRevision`.
    var possiblyStaleCount = 0
    /// The shown nodes' frames, by number.
    var nodeIndex = SpatialIndex()
    /// A buffer kept for gathering the nodes to bring up to date.
    var staleScratch: [Int32] = []

    /// The links' rectangles, for the shown links, filed by handle (an index into `linkRecords`).
    /// Its buckets are four times a node bucket's area (a link spans more than a box) and a link
    /// is filed under at most 8 of them; a longer one (most links of a graph whose links reach
    /// across the canvas) is kept in the list every query scans, which costs a comparison a link
    /// per frame instead of up to 64 bucket entries each time every box moves.
    var linkIndex = SpatialIndex(bucketWidth: 64, bucketHeight: 32, largeThreshold: 8)
    /// Each link, by handle: its ends and, kept up to date as they move or change, its geometry.
    var linkRecords: [LinkRecord?] = []
    var freeLinkHandles: [Int32] = []

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
        buildAll(dataSource: dataSource)
    }

    /// Rebuilds every model and layout, e.g. after the graph was replaced.
    /// - Complexity: O(*n* + *e*).
    mutating func rebuild(from graph: Graph, dataSource: any CanvasDataSource) {
        models.rebuildAll(from: graph)
        buildAll(dataSource: dataSource)
    }

    /// Shows another level of detail, or lays every node out again with another theme.
    /// - Complexity: O(1) for a level of detail (the other levels derive from the full-detail
    ///   layouts as they are needed); O(*n* + *e*) for a theme.
    mutating func relayout(
        levelOfDetail: LevelOfDetail, theme: Theme, dataSource: any CanvasDataSource
    ) {
        guard levelOfDetail != self.levelOfDetail || theme != self.theme else { return }
        let themeChanged = theme != self.theme
        self.levelOfDetail = levelOfDetail
        self.theme = theme
        revision += 1
        geometryRevision += 1
        guard themeChanged else { return }
        // Every box and link moves: the indexes are filled anew rather than each entry taken out
        // of its old buckets.
        forgetIndexes()
        for number in numberedIDs.indices where numberedIDs[number] != nil {
            layOut(Int32(number), dataSource: dataSource)
        }
        for handle in linkRecords.indices where linkRecords[handle] != nil { refreshLink(Int32(handle)) }
    }

    /// Empties the node and link indexes and forgets every layout and link geometry, for a
    /// change that moves most of them (filing everything anew costs less than moving each).
    private mutating func forgetIndexes() {
        for number in boxShapeNumbers.indices { boxShapeNumbers[number] = -1 }
        boxShapes.removeAll()
        for handle in linkRecords.indices where linkRecords[handle] != nil {
            linkRecords[handle]!.isShown = false
        }
        nodeIndex.removeAll()
        linkIndex.removeAll()
        geometryRevision += 1
    }

    /// Numbers, lays out and links every node with a model, from nothing.
    private mutating func buildAll(dataSource: any CanvasDataSource) {
        revision += 1
        geometryRevision += 1
        numbers.removeAll(keepingCapacity: true)
        numberedIDs.removeAll(keepingCapacity: true)
        boxFrames.removeAll(keepingCapacity: true)
        boxShapeNumbers.removeAll(keepingCapacity: true)
        boxShapes.removeAll()
        nodeRenderers.removeAll(keepingCapacity: true)
        checkedRevision.removeAll(keepingCapacity: true)
        incomingLinks.removeAll(keepingCapacity: true)
        outgoingLinks.removeAll(keepingCapacity: true)
        freeNumbers.removeAll(keepingCapacity: true)
        valueRevision = 0
        possiblyStaleCount = 0
        nodeIndex.removeAll()
        linkIndex.removeAll()
        linkRecords.removeAll(keepingCapacity: true)
        freeLinkHandles.removeAll(keepingCapacity: true)
        // Queries sort what they find, so the numbering order (the dictionary's) shows nowhere.
        for id in models.models.keys { layOut(number(for: id), dataSource: dataSource) }
        for number in numberedIDs.indices { fileIncomingLinks(of: Int32(number)) }
    }

    /// Brings the scene up to date after a change.
    /// - Parameters:
    ///   - change: The change.
    ///   - graph: The graph after the change.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Returns: The nodes whose models were rebuilt, moved or removed.
    /// - Complexity: O(*t*), the touched nodes, their slots and their links; O(1) for the
    ///   recomputed nodes of a large change.
    @discardableResult
    package mutating func update(after change: Change, in graph: Graph, dataSource: any CanvasDataSource)
        -> Set<NodeID>
    {
        update(after: CollectionOfOne(change), in: graph, dataSource: dataSource)
    }

    /// Brings the scene up to date after changes made one after another (a bulk application,
    /// see `GraphDocument.applyInBulk(_:)`), as one update: a node touched by several is laid
    /// out once.
    /// - Parameters:
    ///   - changes: The changes, in the order they were made.
    ///   - graph: The graph after the last one.
    ///   - dataSource: Which nodes to show, with which renderers.
    /// - Returns: The nodes whose models were rebuilt, moved or removed.
    /// - Complexity: O(*t*), the touched nodes, their slots and their links.
    @discardableResult
    package mutating func update(
        after changes: some Collection<Change>, in graph: Graph, dataSource: any CanvasDataSource
    ) -> Set<NodeID> {
        let update = models.apply(changes, in: graph)
        revision += 1
        if update.leftValuesBehind {
            // Every model may be behind now; the rebuilt ones are marked up to date below. (Kept
            // routes are checked against the value revision: see `RouteCache`.)
            valueRevision += 1
            possiblyStaleCount = numbers.count
        }
        var rebuiltNumbers: [Int32] = []
        for id in update.rebuilt {
            if models[id] == nil {
                if let number = numbers[id] { forget(number) }
                continue
            }
            let number = number(for: id)
            markChecked(number)
            rebuiltNumbers.append(number)
            layOut(number, dataSource: dataSource)
        }
        // Links are filed once every touched box is in place, so a link between two of them
        // is filed once, at its final place.
        for number in rebuiltNumbers {
            fileIncomingLinks(of: number)
            refreshOutgoingLinks(of: number)
        }
        if update.moved.count > max(256, numbers.count / 8) {
            // Most boxes moved (arrange, its undo): every box and link is filed anew, in indexes
            // emptied first (filing costs less than moving each entry from its old buckets).
            moveMostBoxes(update.movedTo)
            return update.rebuilt.isEmpty ? update.moved : update.rebuilt.union(update.moved)
        }
        var movedNumbers: [Int32] = []
        for (id, position) in update.movedTo {
            guard let number = numbers[id], isShown(number) else { continue }
            moveBox(number, to: position)
            nodeIndex.update(number, rect: boxFrames[Int(number)])
            movedNumbers.append(number)
        }
        for number in movedNumbers { refreshLinkGeometry(of: number) }
        return update.rebuilt.union(update.moved)
    }

    /// Moves most boxes at once (arrange, its undo): each box's frame is shifted where it is
    /// kept, in one pass over the frames, and the node and link indexes are emptied and filled
    /// anew (filing costs less than moving each entry from its old buckets). The links' ends
    /// are read from the frames in place, in one pass over the records.
    private mutating func moveMostBoxes(_ moved: [(id: NodeID, position: Position)]) {
        nodeIndex.removeAll()
        linkIndex.removeAll()
        geometryRevision += 1
        let numbers = self.numbers, shapeNumbers = boxShapeNumbers
        boxFrames.withUnsafeMutableBufferPointer { frames in
            for (id, position) in moved {
                guard let number = numbers[id], shapeNumbers[Int(number)] >= 0 else { continue }
                frames[Int(number)].x = position.x
                frames[Int(number)].y = position.y
            }
        }
        let frames = boxFrames, shapes = boxShapes
        // Both lists are written into their room directly (an append checks the array's
        // uniqueness each time).
        let boxes = [(key: Int32, rect: Rect)](unsafeUninitializedCapacity: frames.count) { boxes, count in
            for number in shapeNumbers.indices where shapeNumbers[number] >= 0 {
                boxes.initializeElement(at: count, to: (Int32(number), frames[number]))
                count += 1
            }
        }
        nodeIndex.fillEmptied(with: boxes)
        // The records are rewritten in place, then each link is filed: nothing is copied.
        let capacity = linkRecords.count
        let filed = [(key: Int32, rect: Rect)](unsafeUninitializedCapacity: capacity) { filed, count in
            linkRecords.withUnsafeMutableBufferPointer { records in
                for handle in records.indices {
                    guard let record = records[handle] else { continue }
                    guard
                        let ends = Self.linkEnds(
                            from: record.upstream, to: record.downstream, slot: Int(record.slot),
                            frames: frames,
                            shapeNumbers: shapeNumbers, shapes: shapes)
                    else {
                        records[handle]!.isShown = false
                        continue
                    }
                    records[handle] = LinkRecord(
                        upstream: record.upstream, downstream: record.downstream, slot: record.slot,
                        isShown: true, start: ends.start, end: ends.end, upstreamFrame: ends.from,
                        downstreamFrame: ends.to)
                    filed.initializeElement(
                        at: count, to: (Int32(handle), ends.from.union(ends.to).insetBy(dx: -3, dy: -2)))
                    count += 1
                }
            }
        }
        linkIndex.fillEmptied(with: filed)
    }

    /// Where a link starts and ends at full detail and both ends' frames, or `nil` when an end
    /// is not shown or has no such slot.
    func linkEnds(from upstream: Int32, to downstream: Int32, slot: Int)
        -> (start: Point, end: Point, from: Rect, to: Rect)?
    {
        Self.linkEnds(
            from: upstream, to: downstream, slot: slot, frames: boxFrames, shapeNumbers: boxShapeNumbers,
            shapes: boxShapes)
    }

    /// `linkEnds(from:to:slot:)` read from the boxes' columns, which the caller may hold while it
    /// rewrites the link records.
    private static func linkEnds(
        from upstream: Int32, to downstream: Int32, slot: Int, frames: [Rect], shapeNumbers: [Int32],
        shapes boxShapes: BoxShapes
    ) -> (start: Point, end: Point, from: Rect, to: Rect)? {
        let fromShape = shapeNumbers[Int(upstream)], toShape = shapeNumbers[Int(downstream)]
        guard fromShape >= 0, toShape >= 0 else { return nil }
        let rows = boxShapes[toShape].inputRows
        guard slot >= 0, slot < rows.count else { return nil }
        let from = frames[Int(upstream)], to = frames[Int(downstream)]
        return (
            Point(x: from.maxX, y: from.minY + boxShapes[fromShape].outputRow),
            Point(x: to.minX - 1, y: to.minY + rows[slot]), from, to
        )
    }

    /// Moves a shown node's box to its new position (at full detail, a box's top left is the
    /// node's position); the caller files it.
    private mutating func moveBox(_ number: Int32, to position: Position) {
        let index = Int(number)
        guard boxFrames[index].minX != position.x || boxFrames[index].minY != position.y else { return }
        boxFrames[index].x = position.x
        boxFrames[index].y = position.y
        geometryRevision += 1
    }

    /// Whether a node's box is shown.
    func isShown(_ number: Int32) -> Bool { boxShapeNumbers[Int(number)] >= 0 }

    /// A shown node's layout at full detail.
    func fullLayout(_ number: Int32) -> NodeLayout? {
        let index = Int(number)
        let shape = boxShapeNumbers[index]
        guard shape >= 0, let id = numberedIDs[index] else { return nil }
        return NodeLayout(id: id, frame: boxFrames[index], shape: boxShapes[shape])
    }

    // MARK: Numbers

    /// The number of a node with a model, given one if it has none yet.
    private mutating func number(for id: NodeID) -> Int32 {
        if let number = numbers[id] { return number }
        let number: Int32
        if let free = freeNumbers.popLast() {
            number = free
            numberedIDs[Int(number)] = id
            checkedRevision[Int(number)] = valueRevision
        } else {
            number = Int32(numberedIDs.count)
            numberedIDs.append(id)
            boxFrames.append(.zero)
            boxShapeNumbers.append(-1)
            nodeRenderers.append(nil)
            checkedRevision.append(valueRevision)
            incomingLinks.append([])
            outgoingLinks.append([])
        }
        numbers[id] = number
        return number
    }

    /// Forgets a removed node: its box, its links and its number.
    private mutating func forget(_ number: Int32) {
        let index = Int(number)
        guard let id = numberedIDs[index] else { return }
        if isPossiblyStale(number) { possiblyStaleCount -= 1 }
        hide(number)
        for handle in incomingLinks[index] where handle >= 0 { removeLink(handle) }
        for handle in outgoingLinks[index] { removeLink(handle) }
        incomingLinks[index] = []
        outgoingLinks[index] = []
        numberedIDs[index] = nil
        numbers[id] = nil
        freeNumbers.append(number)
    }

    /// Whether a node's model may show values from before the latest large change.
    func isPossiblyStale(_ number: Int32) -> Bool { checkedRevision[Int(number)] < valueRevision }

    /// Records that a node's model is up to date with the graph's values.
    mutating func markChecked(_ number: Int32) {
        guard isPossiblyStale(number) else { return }
        checkedRevision[Int(number)] = valueRevision
        possiblyStaleCount -= 1
    }

    // MARK: Layout

    /// Lays a node out from its model, or hides it when the data source does not show it.
    mutating func layOut(_ number: Int32, dataSource: any CanvasDataSource) {
        guard let id = numberedIDs[Int(number)], let model = models[id], dataSource.shouldShow(model) else {
            hide(number)
            return
        }
        let renderers = dataSource.renderers(for: model)
        nodeRenderers[Int(number)] = renderers
        layoutCount += 1
        place(
            NodeLayout(node: model, renderers: renderers, theme: theme, levelOfDetail: .full), number: number)
        // A compact box's width follows the name, which its full box may hide under the
        // minimum width: the derived geometry may have changed whatever the full frame did.
        if levelOfDetail != .full { geometryRevision += 1 }
    }

    /// Keeps a node's layout and files its frame in the node index.
    private mutating func place(_ layout: NodeLayout, number: Int32) {
        let index = Int(number)
        let oldShape = boxShapeNumbers[index]
        let old: Rect? = oldShape >= 0 ? boxFrames[index] : nil
        let shape = boxShapes.number(of: layout.shape)
        boxFrames[index] = layout.frame
        boxShapeNumbers[index] = shape
        if old != layout.frame {
            nodeIndex.update(number, rect: layout.frame)
            geometryRevision += 1
        } else if oldShape != shape {
            geometryRevision += 1
        }
    }

    /// Takes a node's box off the scene (its links stay, without geometry).
    private mutating func hide(_ number: Int32) {
        nodeRenderers[Int(number)] = nil
        guard isShown(number) else { return }
        boxShapeNumbers[Int(number)] = -1
        nodeIndex.remove(number)
        geometryRevision += 1
    }

    // MARK: Reading

    /// The layout of each shown node, at the shown level of detail.
    package var layouts: SceneLayouts { SceneLayouts(scene: self) }

    /// The renderers of each shown node.
    public var renderers: SceneNodeTable<NodeRenderers> {
        SceneNodeTable(numbers: numbers, values: nodeRenderers)
    }

    /// A node's layout at the shown level of detail.
    /// - Parameter id: The node.
    /// - Returns: The layout, or `nil` when the node is not shown.
    func layout(of id: NodeID) -> NodeLayout? { numbers[id].flatMap(shownLayout) }

    /// A node's size at full detail, the level canvas positions are measured in.
    func fullDetailSize(of id: NodeID) -> Size? {
        numbers[id].flatMap { isShown($0) ? boxFrames[Int($0)] : nil }.map {
            Size(width: $0.width, height: $0.height)
        }
    }

    /// A node's layout at the shown level of detail, or `nil` when it is not shown.
    func shownLayout(_ number: Int32) -> NodeLayout? {
        fullLayout(number).map { shown($0, number: number) }
    }

    /// A full-detail layout brought to the shown level of detail: a compact box starts where the
    /// full box does; a dot is its top-left cell, scaled.
    func shown(_ full: NodeLayout, number: Int32) -> NodeLayout {
        switch levelOfDetail {
        case .full:
            return full
        case .compact:
            guard let model = models[full.id], let renderers = nodeRenderers[Int(number)] else { return full }
            return NodeLayout(node: model, renderers: renderers, theme: theme, levelOfDetail: .compact)
        case .dot:
            var layout = full
            let x = floorDivide(full.frame.minX, levelOfDetail.horizontalScale)
            let y = floorDivide(full.frame.minY, levelOfDetail.verticalScale)
            layout.levelOfDetail = .dot
            layout.frame = Rect(x: x, y: y, width: 1, height: 1)
            layout.bodyHeight = 0
            layout.inputRows = Array(repeating: y, count: full.inputRows.count)
            layout.outputRow = y
            return layout
        }
    }

    /// The smallest rectangle holding every shown node's box at a level of detail.
    /// - Parameter level: The level of detail.
    /// - Returns: The rectangle, in that level's cells, or `nil` when no node is shown.
    /// - Complexity: O(*n*).
    public func bounds(at level: LevelOfDetail) -> Rect? {
        var bounds: Rect?
        for number in boxShapeNumbers.indices where boxShapeNumbers[number] >= 0 {
            let full = boxFrames[number]
            let frame: Rect
            switch level {
            case .full: frame = full
            case .dot:
                frame = Rect(
                    x: floorDivide(full.minX, level.horizontalScale),
                    y: floorDivide(full.minY, level.verticalScale), width: 1, height: 1)
            case .compact:
                guard let id = numberedIDs[number], let model = models[id],
                    let renderers = nodeRenderers[number]
                else { continue }
                frame =
                    NodeLayout(node: model, renderers: renderers, theme: theme, levelOfDetail: .compact).frame
            }
            bounds = bounds.map { $0.union(frame) } ?? frame
        }
        return bounds
    }

    /// The full-detail frames of the shown nodes, for an overview: each node's box in canvas
    /// cells, in no particular order.
    /// - Complexity: O(*n*).
    func forEachFullDetailFrame(_ body: (Rect) -> Void) {
        for number in boxShapeNumbers.indices where boxShapeNumbers[number] >= 0 { body(boxFrames[number]) }
    }

    /// The full-detail cells to search for what may meet a region of the shown level of detail:
    /// the region scaled to canvas cells, widened up and left by how far a shown widget or link
    /// may reach beyond where its full-detail box or link lies (a compact box may be wider than
    /// its full box, a dot's link ends lie a cell beside it).
    func fullDetailRegion(covering region: Rect, forLinks: Bool = false) -> Rect {
        let columns = levelOfDetail.horizontalScale, rows = levelOfDetail.verticalScale
        let slack: (dx: Int, dy: Int)
        switch levelOfDetail {
        case .full: return region
        case .compact: slack = (theme.maximumNodeWidth, forLinks ? 0 : 3)
        case .dot: slack = forLinks ? (2 * columns, rows) : (0, 0)
        }
        return Rect(
            x: region.minX * columns - slack.dx, y: region.minY * rows - slack.dy,
            width: region.width * columns + 2 * slack.dx, height: region.height * rows + 2 * slack.dy)
    }

    /// The shown nodes overlapping a region.
    /// - Parameter region: Cells at the current level of detail.
    /// - Returns: Their layouts, in drawing order (top to bottom, left to right).
    /// - Complexity: O(*v* log *v*) in the visible nodes, plus the index buckets the region touches.
    public func nodes(in region: Rect) -> [NodeLayout] {
        // The index files each node under its full-detail frame, so at full detail the order
        // comes from the index alone.
        let entries = nodeIndex.entries(in: fullDetailRegion(covering: region))
        var layouts: [NodeLayout] = []
        layouts.reserveCapacity(entries.count)
        var keys: [(y: Int, x: Int, id: NodeID)] = []
        keys.reserveCapacity(entries.count)
        for entry in entries {
            guard let full = fullLayout(entry.key) else { continue }
            let layout = shown(full, number: entry.key)
            guard layout.frame.intersects(region) else { continue }
            keys.append((layout.frame.minY, layout.frame.minX, layout.id))
            layouts.append(layout)
        }
        var order = Array(layouts.indices)
        order.sort { keys[$0] < keys[$1] }
        return order.map { layouts[$0] }
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

    /// The shown node after (or before) one in reading order (top to bottom, then left to
    /// right, then by identifier), wrapping around; the first (or last) when `node` is `nil` or
    /// not shown.
    /// - Parameters:
    ///   - node: Where to start.
    ///   - forward: Whether to look after it (Tab) or before it (Shift-Tab).
    /// - Returns: The node's layout, or `nil` when no node is shown.
    /// - Complexity: O(*n*) comparisons, without copying a layout but the one returned.
    func nodeInReadingOrder(after node: NodeID?, forward: Bool) -> NodeLayout? {
        typealias Key = (y: Int, x: Int, id: NodeID)
        let columns = levelOfDetail.horizontalScale, rows = levelOfDetail.verticalScale
        // Every level's box starts at its full box's top left, scaled.
        func key(_ number: Int) -> Key? {
            guard boxShapeNumbers[number] >= 0, let id = numberedIDs[number] else { return nil }
            let frame = boxFrames[number]
            return (floorDivide(frame.minY, rows), floorDivide(frame.minX, columns), id)
        }
        let from: Key? = node.flatMap { id in numbers[id].flatMap { key(Int($0)) } }
        var best: Int?, bestKey: Key?, wrap: Int?, wrapKey: Key?
        for index in boxShapeNumbers.indices {
            guard let candidate = key(index) else { continue }
            // Beyond `from` in the direction of travel, the nearest; and the farthest back, to wrap.
            if let from, forward ? candidate <= from : candidate >= from {
                if wrapKey.map({ forward ? candidate < $0 : candidate > $0 }) ?? true {
                    wrap = index
                    wrapKey = candidate
                }
                continue
            }
            if bestKey.map({ forward ? candidate < $0 : candidate > $0 }) ?? true {
                best = index
                bestKey = candidate
            }
        }
        return (best ?? wrap).flatMap { shownLayout(Int32($0)) }
    }

    /// The shown nodes whose frames overlap a region, without sorting.
    func nodeIDs(in region: Rect) -> [NodeID] { nodes(in: region).map(\.id) }

    /// Appends the frames, at the shown level of detail, of the shown nodes that overlap a region.
    func appendFrames(in region: Rect, to result: inout [Rect]) {
        guard levelOfDetail != .full else {
            nodeIndex.appendRects(in: region, to: &result)
            return
        }
        for layout in nodes(in: region) { result.append(layout.frame) }
    }

    /// Appends the numbers of the nodes whose widgets may overlap a region (some may not).
    func appendNumbers(in region: Rect, to result: inout [Int32]) {
        nodeIndex.appendKeys(in: fullDetailRegion(covering: region), to: &result)
    }
}

/// The layout of each shown node at the scene's level of detail, looked up by node (see
/// `CanvasScene/layouts`). A snapshot: it does not change when the scene does.
package struct SceneLayouts {
    private let scene: CanvasScene

    init(scene: CanvasScene) { self.scene = scene }

    /// The layout of a node, or `nil` when the node is not shown.
    /// - Parameter id: The node.
    package subscript(id: NodeID) -> NodeLayout? {
        guard let number = scene.numbers[id] else { return nil }
        return scene.shownLayout(number)
    }

    /// Every shown node's layout, in no particular order.
    /// - Complexity: O(*n*).
    package var values: [NodeLayout] {
        scene.boxShapeNumbers.indices.compactMap { scene.shownLayout(Int32($0)) }
    }

    /// The shown nodes, in no particular order.
    /// - Complexity: O(*n*).
    package var keys: [NodeID] {
        scene.numbers.compactMap { id, number in scene.isShown(number) ? id : nil }
    }

    /// The number of shown nodes.
    /// - Complexity: O(*n*).
    package var count: Int { scene.boxShapeNumbers.reduce(0) { $0 + ($1 < 0 ? 0 : 1) } }

    /// Whether no node is shown.
    /// - Complexity: O(*n*).
    package var isEmpty: Bool { scene.boxShapeNumbers.allSatisfy { $0 < 0 } }
}

/// Values the scene keeps per node, looked up by node: its `CanvasScene/layouts` and
/// ``CanvasScene/renderers``. A snapshot: it does not change when the scene does.
public struct SceneNodeTable<Value> {
    private let numbers: [NodeID: Int32]
    private let storage: [Value?]

    init(numbers: [NodeID: Int32], values: [Value?]) {
        self.numbers = numbers
        storage = values
    }

    /// The value kept for a node, or `nil` when the node is not shown.
    /// - Parameter id: The node.
    public subscript(id: NodeID) -> Value? {
        guard let number = numbers[id] else { return nil }
        return storage[Int(number)]
    }

    /// Every kept value, in no particular order.
    /// - Complexity: O(*n*).
    public var values: [Value] { storage.compactMap { $0 } }

    /// The nodes with a kept value, in no particular order.
    /// - Complexity: O(*n*).
    public var keys: [NodeID] { numbers.compactMap { id, number in storage[Int(number)] == nil ? nil : id } }

    /// The number of kept values.
    /// - Complexity: O(*n*).
    public var count: Int { storage.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Whether no value is kept.
    /// - Complexity: O(*n*).
    public var isEmpty: Bool { storage.allSatisfy { $0 == nil } }
}

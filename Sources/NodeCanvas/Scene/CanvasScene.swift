import NodeGraph

/// The shown nodes' layouts at the current level of detail, with spatial indexes of node and link
/// rectangles, and the models and renderers of the nodes frames needed: everything a frame needs,
/// kept up to date change by change.
///
/// Opening measures every node (its box's frame and shape: a few dozen bytes a node): under the
/// standard data source by its kind, slots and name (`BoxMeasures`: one model measured for each
/// kind and slots alike), else from a model made for the purpose and let go at once; the models and renderers a frame draws from
/// are built for the nodes it shows (`refreshNodes(in:from:dataSource:)`) and the nodes the
/// commands act on (`refreshNode(_:from:dataSource:)`), so a node never shown costs no model,
/// and the models of nodes long out of view are let go once there are many.
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
    /// The widget models of the nodes frames and questions needed. After a large change, the
    /// model of a node no frame has needed since may show the values from before it (see
    /// `hasPossiblyStaleNodes`).
    package internal(set) var models = WidgetModelCache()
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
    /// How many node layouts were made from the kept boxes for frames and questions (for tests
    /// and diagnostics): what the screen shows and the commands ask about, not the whole graph.
    package var derivedLayoutCount: Int { layoutTally.count }
    /// Counts the layouts `fullLayout(_:)` makes (a reference, counted from reading methods).
    private let layoutTally = Tally()
    /// How many widget models were built to measure a box from and let go (for tests and
    /// diagnostics): under the standard data source, one for each kind and slots alike.
    package var measuringModelCount: Int { boxMeasures.measuringModelCount }

    /// The number of each node, and the node of each number (see `NodeNumbers`).
    var numbers = NodeNumbers()
    /// Per number: the node, or `nil` for a number not in use.
    var numberedIDs: [NodeID?] { numbers.ids }
    /// Per number: its box (when shown: the frame at full detail and the number of its
    /// shape, else -1) and its compact box's width, the value revision its model was last
    /// brought up to date at, the links into each of its slots and out of it. A box is a
    /// rectangle and a shared shape, not a layout of its own: moving it rewrites the rectangle
    /// alone, and a node off screen costs a few dozen bytes.
    var boxFrames: [Rect] = []
    var boxShapeNumbers: [Int32] = []
    var compactWidths: [Int32] = []
    var boxShapes = BoxShapes()
    /// The measures of boxes alike under the standard data source (see `BoxMeasures`).
    var boxMeasures = BoxMeasures()
    /// The renderers of the shown nodes with a model, by number.
    var nodeRenderers: [Int32: NodeRenderers] = [:]
    var checkedRevision: [Int] = []
    /// Per number: the first link into the node and the first out of it, or -1 (the rest follow
    /// in the links' records).
    var firstIncoming: [Int32] = []
    var firstOutgoing: [Int32] = []
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
    /// Each link, by handle: its ends, its slot and whether it is filed (its geometry is read
    /// from its ends' boxes).
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
        self.theme = theme
        self.levelOfDetail = levelOfDetail
        buildAll(from: graph, dataSource: dataSource)
    }

    /// Lays out every node anew and forgets every model, e.g. after the graph was replaced.
    /// - Complexity: O(*n* + *e*).
    mutating func rebuild(from graph: Graph, dataSource: any CanvasDataSource) {
        buildAll(from: graph, dataSource: dataSource)
    }

    /// Shows another level of detail, or lays every node out again with another theme.
    /// - Complexity: O(1) for a level of detail (the other levels derive from the full-detail
    ///   layouts as they are needed); O(*n* + *e*) for a theme.
    mutating func relayout(
        levelOfDetail: LevelOfDetail, theme: Theme, graph: Graph, dataSource: any CanvasDataSource
    ) {
        guard levelOfDetail != self.levelOfDetail || theme != self.theme else { return }
        let themeChanged = theme != self.theme
        self.levelOfDetail = levelOfDetail
        self.theme = theme
        revision += 1
        // Boxes and link ends stay where they are at full detail; routes are kept per level of
        // detail (`RouteCache`), so only a new theme moves geometry.
        guard themeChanged else { return }
        geometryRevision += 1
        // Every box and link moves: the indexes are filled anew rather than each entry taken out
        // of its old buckets.
        forgetIndexes()
        boxMeasures.removeAll()
        for number in numberedIDs.indices where numberedIDs[number] != nil {
            layOut(Int32(number), graph: graph, dataSource: dataSource)
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

    /// Numbers, lays out and links every node of a graph, from nothing, keeping no model.
    private mutating func buildAll(from graph: Graph, dataSource: any CanvasDataSource) {
        revision += 1
        geometryRevision += 1
        numbers.removeAll()
        boxFrames.removeAll(keepingCapacity: true)
        boxShapeNumbers.removeAll(keepingCapacity: true)
        compactWidths.removeAll(keepingCapacity: true)
        boxShapes.removeAll()
        boxMeasures.removeAll()
        models.removeAll()
        nodeRenderers.removeAll()
        checkedRevision.removeAll(keepingCapacity: true)
        firstIncoming.removeAll(keepingCapacity: true)
        firstOutgoing.removeAll(keepingCapacity: true)
        freeNumbers.removeAll(keepingCapacity: true)
        valueRevision = 0
        possiblyStaleCount = 0
        nodeIndex.removeAll()
        linkIndex.removeAll()
        linkRecords.removeAll(keepingCapacity: true)
        freeLinkHandles.removeAll(keepingCapacity: true)
        // Under the standard data source, each node is measured by its kind and slots (a model
        // is made for the first node of each alike, see `BoxMeasures`); else from a model made
        // for the purpose and let go at once.
        let context = WidgetDrawingContext(theme: theme)
        let measuresByKind = dataSource is StandardDataSource
        let count = graph.count
        numbers.reserveCapacity(count)
        boxFrames.reserveCapacity(count)
        boxShapeNumbers.reserveCapacity(count)
        compactWidths.reserveCapacity(count)
        checkedRevision.reserveCapacity(count)
        firstIncoming.reserveCapacity(count)
        firstOutgoing.reserveCapacity(count)
        nodeIndex.reserveKeys(below: count)
        // The nodes are numbered in the graph's order and asked about by the place the graph
        // keeps each at, with no lookup of an id; a table from place to number (4 bytes a place,
        // let go after the build) gives each link's upstream number.
        var numberOfPlace = [Int32](repeating: -1, count: graph.nodePlaceEnd)
        graph.forEachNodePlace { place, id in
            let number = newNumber(for: id)
            numberOfPlace[Int(place)] = number
            if measuresByKind
                && layOutByMeasure(number, id: id, facts: graph.facts(ofNodeAt: place), graph: graph)
            {
                return
            }
            guard let model = NodeWidgetModel(node: id, in: graph) else { return }
            boxMeasures.countMeasuringModel()
            layOut(number, model: model, dataSource: dataSource, keepsRenderers: false, context: context)
        }
        // Every link is recorded first (node by node, slot by slot), in records counted first
        // and made their exact size at once, then filed in an index whose columns are too (not
        // grown by doubling as handles come, which left up to half of each unused).
        var linkCount = 0
        graph.forEachNodePlace { place, _ in
            graph.forEachUpstream(ofNodeAt: place) { _, upstream in
                if numberOfPlace[Int(upstream)] >= 0 { linkCount += 1 }
            }
        }
        linkRecords.reserveCapacity(linkCount)
        graph.forEachNodePlace { place, _ in
            let number = numberOfPlace[Int(place)]
            graph.forEachUpstream(ofNodeAt: place) { slot, upstream in
                let upstreamNumber = numberOfPlace[Int(upstream)]
                if upstreamNumber >= 0 { addLink(slot: slot, from: upstreamNumber, to: number, files: false) }
            }
        }
        numberOfPlace = []
        linkIndex.reserveKeys(below: linkRecords.count)
        for handle in linkRecords.indices { refreshLink(Int32(handle)) }
    }

    /// The node feeding each input slot of a numbered node, as its model's rows have them.
    func upstreams(of number: Int32, in graph: Graph) -> [NodeID?] {
        guard let id = numberedIDs[Int(number)], let kind = graph.kind(of: id) else { return [] }
        let upstreams = graph.inputs(of: id)
        let slots = kind.inputs.count
        if upstreams.count == slots { return upstreams }
        return (0..<slots).map { $0 < upstreams.count ? upstreams[$0] : nil }
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
            layOut(number, graph: graph, dataSource: dataSource)
        }
        // Links are filed once every touched box is in place, so a link between two of them
        // is filed once, at its final place.
        for number in rebuiltNumbers {
            fileIncomingLinks(of: number, upstreams: upstreams(of: number, in: graph))
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
        // Each record's shown flag is rewritten in place, then each link is filed: nothing is copied.
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
                    records[handle]!.isShown = true
                    filed.initializeElement(
                        at: count, to: (Int32(handle), Self.linkBounds(ends.from, ends.to)))
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
        layoutTally.count += 1
        return NodeLayout(id: id, frame: boxFrames[index], shape: boxShapes[shape])
    }

    // MARK: Numbers

    /// The number of a node with a model, given one if it has none yet.
    private mutating func number(for id: NodeID) -> Int32 {
        if let number = numbers[id] { return number }
        return newNumber(for: id)
    }

    /// Gives a node that has no number one (opening numbers each node of the graph once, with no
    /// look for a number it cannot have yet).
    private mutating func newNumber(for id: NodeID) -> Int32 {
        let number: Int32
        if let free = freeNumbers.popLast() {
            number = free
            checkedRevision[Int(number)] = valueRevision
        } else {
            number = Int32(numbers.ids.count)
            boxFrames.append(.zero)
            boxShapeNumbers.append(-1)
            compactWidths.append(0)
            checkedRevision.append(valueRevision)
            firstIncoming.append(-1)
            firstOutgoing.append(-1)
        }
        numbers.assign(number, to: id)
        return number
    }

    /// Forgets a removed node: its box, its links and its number.
    private mutating func forget(_ number: Int32) {
        let index = Int(number)
        guard let id = numberedIDs[index] else { return }
        if isPossiblyStale(number) { possiblyStaleCount -= 1 }
        hide(number)
        while firstIncoming[index] >= 0 { removeLink(firstIncoming[index]) }
        while firstOutgoing[index] >= 0 { removeLink(firstOutgoing[index]) }
        numbers.remove(id)
        models.forget(id)
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

    /// Lays a node out from its model (one made for the purpose, when it has none), or hides it
    /// when the data source does not show it.
    mutating func layOut(_ number: Int32, graph: Graph, dataSource: any CanvasDataSource) {
        guard let id = numberedIDs[Int(number)] else { return }
        if let model = models[id] {
            layOut(number, model: model, dataSource: dataSource, keepsRenderers: true)
        } else if dataSource is StandardDataSource && layOutByMeasure(number, id: id, graph: graph) {
            return
        } else if let model = NodeWidgetModel(node: id, in: graph) {
            boxMeasures.countMeasuringModel()
            layOut(number, model: model, dataSource: dataSource, keepsRenderers: false)
        } else {
            hide(number)
        }
    }

    /// Lays a node out from a model, or hides it when the data source does not show it; keeps
    /// its renderers when the model is kept.
    private mutating func layOut(
        _ number: Int32, model: NodeWidgetModel, dataSource: any CanvasDataSource, keepsRenderers: Bool,
        context: WidgetDrawingContext? = nil
    ) {
        guard dataSource.shouldShow(model) else {
            hide(number)
            return
        }
        let renderers = dataSource.renderers(for: model)
        if keepsRenderers { nodeRenderers[number] = renderers }
        layoutCount += 1
        let measured = model.measured
        compactWidths[Int(number)] = Int32(NodeLayout.compactWidth(measured: measured, theme: theme))
        place(
            NodeLayout(
                measured: measured, renderers: renderers,
                context: context ?? WidgetDrawingContext(theme: theme),
                levelOfDetail: .full),
            number: number)
        // A compact box's width follows the name, which its full box may hide under the
        // minimum width: the derived geometry may have changed whatever the full frame did.
        if levelOfDetail != .full { geometryRevision += 1 }
    }

    /// Lays a node out under the standard data source from the measure of its kind and slots
    /// (`BoxMeasures`) and its name, without a model.
    /// - Returns: Whether it was laid out (`false`: its box is measured from its model).
    private mutating func layOutByMeasure(_ number: Int32, id: NodeID, graph: Graph) -> Bool {
        // One lookup of the node's id for every question (`Graph/facts(of:)`).
        guard let facts = graph.facts(of: id) else { return false }
        return layOutByMeasure(number, id: id, facts: facts, graph: graph)
    }

    /// `layOutByMeasure(_:id:graph:)` from the node's facts, already read.
    private mutating func layOutByMeasure(_ number: Int32, id: NodeID, facts: Graph.NodeFacts, graph: Graph)
        -> Bool
    {
        guard let measure = boxMeasures.number(of: id, facts: facts, in: graph, theme: theme) else {
            return false
        }
        let name = facts.name, position = facts.position
        let measured = boxMeasures[measure]
        let nameWidth = displayWidth(of: name)
        let width = measured.width(nameWidth: nameWidth, theme: theme)
        layoutCount += 1
        compactWidths[Int(number)] = Int32(measured.compactWidth(nameWidth: nameWidth, theme: theme))
        place(
            frame: Rect(x: position.x, y: position.y, width: width, height: measured.shape.height),
            shape: boxShapes.number(ofMeasure: measure, width: width, in: boxMeasures), number: number)
        // As `layOut(_:model:dataSource:keepsRenderers:context:)`: a compact box follows the name.
        if levelOfDetail != .full { geometryRevision += 1 }
        return true
    }

    /// Builds the model and renderers of a shown node that has none.
    /// - Returns: Whether a model was built.
    @discardableResult
    mutating func buildModel(_ number: Int32, from graph: Graph, dataSource: any CanvasDataSource) -> Bool {
        guard isShown(number), let id = numberedIDs[Int(number)], models.build(id, in: graph),
            let model = models[id]
        else { return false }
        // A model built now shows the graph's values.
        markChecked(number)
        nodeRenderers[number] = dataSource.renderers(for: model)
        return true
    }

    /// Forgets the models and renderers of the nodes but some, once more are kept than
    /// `keptModelLimit` besides them.
    mutating func trimModels(keeping kept: Set<Int32>) {
        guard models.count > Self.keptModelLimit + kept.count else { return }
        models.trim { id in numbers[id].map(kept.contains) ?? false }
        nodeRenderers = nodeRenderers.filter { kept.contains($0.key) }
    }

    /// The bytes the scene's per-node and per-link columns hold (identifiers and the table of
    /// their numbers, frames, shapes' numbers, compact widths, revisions, link lists and
    /// records, with their spare capacity; not the spatial indexes, the shared shapes or the
    /// models), for tests and diagnostics.
    package var columnBytes: Int {
        numbers.byteCount + boxFrames.capacity * MemoryLayout<Rect>.stride
            + (boxShapeNumbers.capacity + compactWidths.capacity + firstIncoming.capacity
                + firstOutgoing.capacity) * MemoryLayout<Int32>.stride
            + checkedRevision.capacity * MemoryLayout<Int>.stride
            + linkRecords.capacity * MemoryLayout<LinkRecord?>.stride
    }

    /// The bytes the links' records hold (with their spare capacity), for tests and diagnostics.
    package var linkRecordBytes: Int { linkRecords.capacity * MemoryLayout<LinkRecord?>.stride }

    /// The bytes the scene's numbers of its nodes hold (the identifiers' column and the table
    /// finding a node's number, see `NodeNumbers`), for tests and diagnostics.
    package var numberBytes: Int { numbers.byteCount }

    /// The bytes the node and link indexes hold (see `SpatialIndex/byteCount`), for tests and
    /// diagnostics.
    package var indexBytes: Int { nodeIndex.byteCount + linkIndex.byteCount }

    /// The most models of nodes out of view kept before they are let go.
    package static var keptModelLimit: Int { 1024 }

    /// Keeps a node's layout and files its frame in the node index.
    private mutating func place(_ layout: NodeLayout, number: Int32) {
        place(frame: layout.frame, shape: boxShapes.number(of: layout.shape), number: number)
    }

    /// Keeps a node's box, its frame and the number of its shape, and files the frame in the
    /// node index.
    private mutating func place(frame: Rect, shape: Int32, number: Int32) {
        let index = Int(number)
        let oldShape = boxShapeNumbers[index]
        let old: Rect? = oldShape >= 0 ? boxFrames[index] : nil
        boxFrames[index] = frame
        boxShapeNumbers[index] = shape
        if old != frame {
            nodeIndex.update(number, rect: frame)
            geometryRevision += 1
        } else if oldShape != shape {
            geometryRevision += 1
        }
    }

    /// Takes a node's box off the scene (its links stay, without geometry).
    private mutating func hide(_ number: Int32) {
        nodeRenderers[number] = nil
        guard isShown(number) else { return }
        boxShapeNumbers[Int(number)] = -1
        nodeIndex.remove(number)
        geometryRevision += 1
    }

    // MARK: Reading

    /// The layout of each shown node, at the shown level of detail.
    package var layouts: SceneLayouts { SceneLayouts(scene: self) }

    /// The renderers of each shown node a frame or a question needed (with a model).
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
            // A compact box starts where the full box does, one row of title and one of value.
            var layout = full
            layout.levelOfDetail = .compact
            layout.frame = shownFrame(number)
            layout.bodyHeight = 1
            layout.inputRows = Array(repeating: layout.frame.minY + 1, count: full.inputRows.count)
            layout.outputRow = layout.frame.minY + 1
            return layout
        case .dot:
            var layout = full
            layout.levelOfDetail = .dot
            layout.frame = shownFrame(number)
            layout.bodyHeight = 0
            layout.inputRows = Array(repeating: layout.frame.minY, count: full.inputRows.count)
            layout.outputRow = layout.frame.minY
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
            let frame = shownFrame(Int32(number), at: level)
            bounds = bounds.map { $0.union(frame) } ?? frame
        }
        return bounds
    }

    /// A shown node's frame at a level of detail (the shown one by default), from its full-detail
    /// frame: what ``shown(_:number:)`` makes of it, without making a layout.
    func shownFrame(_ number: Int32, at level: LevelOfDetail? = nil) -> Rect {
        let full = boxFrames[Int(number)]
        let level = level ?? levelOfDetail
        switch level {
        case .full: return full
        case .dot:
            return Rect(
                x: floorDivide(full.minX, level.horizontalScale),
                y: floorDivide(full.minY, level.verticalScale), width: 1, height: 1)
        case .compact:
            return Rect(x: full.minX, y: full.minY, width: Int(compactWidths[Int(number)]), height: 3)
        }
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
        let ids = scene.numberedIDs
        return ids.indices.compactMap { number in scene.isShown(Int32(number)) ? ids[number] : nil }
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
    private let numbers: NodeNumbers
    private let storage: [Int32: Value]

    init(numbers: NodeNumbers, values: [Int32: Value]) {
        self.numbers = numbers
        storage = values
    }

    /// The value kept for a node, or `nil` when none is.
    /// - Parameter id: The node.
    public subscript(id: NodeID) -> Value? {
        guard let number = numbers[id] else { return nil }
        return storage[number]
    }

    /// Every kept value, in no particular order.
    /// - Complexity: O(*k*), the kept values.
    public var values: [Value] { Array(storage.values) }

    /// The nodes with a kept value, in no particular order.
    /// - Complexity: O(*k*), the kept values.
    public var keys: [NodeID] { storage.keys.compactMap { numbers.ids[Int($0)] } }

    /// The number of kept values.
    public var count: Int { storage.count }

    /// Whether no value is kept.
    public var isEmpty: Bool { storage.isEmpty }
}

/// A count kept by reference, so that reading methods of a value type can count.
private final class Tally {
    var count = 0
}

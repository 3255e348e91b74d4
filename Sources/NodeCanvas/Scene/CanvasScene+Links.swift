import NodeGraph

/// One link, named by the slot it feeds.
package struct LinkKey: Hashable, Sendable {
    /// The node owning the slot.
    package var downstream: NodeID
    /// The slot's index.
    package var slot: Int

    /// Creates a link key.
    /// - Parameters:
    ///   - downstream: The node owning the slot.
    ///   - slot: The slot's index.
    package init(downstream: NodeID, slot: Int) {
        self.downstream = downstream
        self.slot = slot
    }
}

/// Where one link starts and ends, and the frames of the boxes at its ends.
struct LinkGeometry {
    var key: LinkKey
    var upstream: NodeID
    /// The upstream node's number in the scene (links from one node may share cells).
    var upstreamNumber: Int32
    /// The cell right of the upstream output row.
    var start: Point
    /// The cell left of the downstream input row.
    var end: Point
    var upstreamFrame: Rect
    var downstreamFrame: Rect
    /// Where the link may be drawn at full detail: both ends' full-detail frames and the cells
    /// around them its route may take (the rectangle the link index files it under).
    var bounds: Rect
}

/// One link of the scene: its ends by number and its slot, and whether both ends are shown (the
/// link is then filed in the link index). Where it starts and ends is read from its ends' boxes
/// when it is needed (`CanvasScene/linkEnds(from:to:slot:)`): the scene keeps each box's frame
/// already, so a link costs 16 bytes, not a second copy of both frames.
///
/// The links of a node are lists threaded through the records (no array per node): the links
/// into a node, from `CanvasScene/firstIncoming`, and the links out of it, from
/// `CanvasScene/firstOutgoing`, each record naming the next (and the previous out of the same
/// node, so a link leaves a node with thousands of dependents at once).
struct LinkRecord {
    var upstream: Int32
    var downstream: Int32
    var slot: Int32
    /// The next link into the downstream node, or -1.
    var nextIncoming: Int32 = -1
    /// The next and previous links out of the upstream node, or -1.
    var nextOutgoing: Int32 = -1
    var previousOutgoing: Int32 = -1
    /// Whether both ends are shown (the link is then in the link index).
    var isShown = false
}

extension CanvasScene {
    /// Files the links into a node's slots: a slot whose upstream stayed keeps its link (only its
    /// geometry is refreshed), the others are dropped or added.
    /// - Parameters:
    ///   - number: The node.
    ///   - upstreams: The node feeding each of its slots (`upstreams(of:in:)`).
    ///   - files: Whether to file the links added in the link index at once (`false`: the
    ///     caller refreshes them, see `refreshLink(_:)`).
    mutating func fileIncomingLinks(of number: Int32, upstreams: [NodeID?], files: Bool = true) {
        let index = Int(number)
        guard numberedIDs[index] != nil else { return }
        // The links kept: into a slot the node still has, from the node still feeding it. The
        // others are dropped; the slots left without one get theirs.
        var kept = SlotSet(count: upstreams.count)
        var handle = firstIncoming[index]
        while handle >= 0 {
            let record = linkRecords[Int(handle)]!
            let next = record.nextIncoming
            let slot = Int(record.slot)
            if slot < upstreams.count, let upstream = upstreams[slot], numbers[upstream] == record.upstream,
                !kept.contains(slot)
            {
                kept.insert(slot)
                refreshLink(handle)
            } else {
                removeLink(handle)
            }
            handle = next
        }
        for (slot, upstream) in upstreams.enumerated() where !kept.contains(slot) {
            guard let upstreamNumber = upstream.flatMap({ numbers[$0] }) else { continue }
            addLink(slot: slot, from: upstreamNumber, to: number, files: files)
        }
    }

    mutating func addLink(slot: Int, from upstreamNumber: Int32, to number: Int32, files: Bool) {
        let firstOut = firstOutgoing[Int(upstreamNumber)]
        let record = LinkRecord(
            upstream: upstreamNumber, downstream: number, slot: Int32(slot),
            nextIncoming: firstIncoming[Int(number)], nextOutgoing: firstOut)
        let handle: Int32
        if let free = freeLinkHandles.popLast() {
            handle = free
            linkRecords[Int(handle)] = record
        } else {
            handle = Int32(linkRecords.count)
            linkRecords.append(record)
        }
        firstIncoming[Int(number)] = handle
        if firstOut >= 0 { linkRecords[Int(firstOut)]!.previousOutgoing = handle }
        firstOutgoing[Int(upstreamNumber)] = handle
        if files { refreshLink(handle) }
    }

    /// Drops a link from its ends' lists, the link index and the records.
    mutating func removeLink(_ handle: Int32) {
        guard let record = linkRecords[Int(handle)] else { return }
        // Out of the downstream node's links (a few, one a slot at most).
        let downstream = Int(record.downstream)
        if firstIncoming[downstream] == handle {
            firstIncoming[downstream] = record.nextIncoming
        } else {
            var previous = firstIncoming[downstream]
            while previous >= 0, linkRecords[Int(previous)]!.nextIncoming != handle {
                previous = linkRecords[Int(previous)]!.nextIncoming
            }
            if previous >= 0 { linkRecords[Int(previous)]!.nextIncoming = record.nextIncoming }
        }
        // Out of the upstream node's links, at once.
        if record.previousOutgoing >= 0 {
            linkRecords[Int(record.previousOutgoing)]!.nextOutgoing = record.nextOutgoing
        } else {
            firstOutgoing[Int(record.upstream)] = record.nextOutgoing
        }
        if record.nextOutgoing >= 0 {
            linkRecords[Int(record.nextOutgoing)]!.previousOutgoing = record.previousOutgoing
        }
        if record.isShown {
            linkIndex.remove(handle)
            geometryRevision += 1
        }
        linkRecords[Int(handle)] = nil
        freeLinkHandles.append(handle)
    }

    /// Recomputes where a link starts and ends from its ends' layouts; a link with a hidden end
    /// leaves the link index.
    mutating func refreshLink(_ handle: Int32) {
        let index = Int(handle)
        guard let record = linkRecords[index] else { return }
        guard let ends = linkEnds(from: record.upstream, to: record.downstream, slot: Int(record.slot)) else {
            if record.isShown {
                linkRecords[index]!.isShown = false
                linkIndex.remove(handle)
                geometryRevision += 1
            }
            return
        }
        // Where the link starts and ends follows its ends' frames and shapes, which are kept
        // (and count as geometry changes) with the boxes: only its rectangle is filed here.
        let bounds = Self.linkBounds(ends.from, ends.to)
        if record.isShown && linkIndex[handle] == bounds { return }
        linkRecords[index]!.isShown = true
        linkIndex.update(handle, rect: bounds)
        geometryRevision += 1
    }

    /// The rectangle a link between two full-detail frames may be drawn in.
    static func linkBounds(_ upstreamFrame: Rect, _ downstreamFrame: Rect) -> Rect {
        upstreamFrame.union(downstreamFrame).insetBy(dx: -3, dy: -2)
    }

    /// Refreshes the geometry of the links out of a node.
    mutating func refreshOutgoingLinks(of number: Int32) {
        var handle = firstOutgoing[Int(number)]
        while handle >= 0 {
            refreshLink(handle)
            handle = linkRecords[Int(handle)]!.nextOutgoing
        }
    }

    /// Recomputes where the links into and out of a node start and end, after its layout
    /// changed but not its rows' links.
    mutating func refreshLinkGeometry(of number: Int32) {
        var handle = firstIncoming[Int(number)]
        while handle >= 0 {
            refreshLink(handle)
            handle = linkRecords[Int(handle)]!.nextIncoming
        }
        refreshOutgoingLinks(of: number)
    }

    /// The node feeding a link's slot, when the link exists.
    /// - Parameter link: The link.
    /// - Returns: The upstream node, or `nil`.
    package func upstream(of link: LinkKey) -> NodeID? {
        guard let number = numbers[link.downstream] else { return nil }
        var handle = firstIncoming[Int(number)]
        while handle >= 0 {
            let record = linkRecords[Int(handle)]!
            if record.slot == link.slot { return numberedIDs[Int(record.upstream)] }
            handle = record.nextIncoming
        }
        return nil
    }

    /// The shown links whose routes may cross a region.
    /// - Parameter region: Cells at the current level of detail.
    /// - Returns: The links, in a fixed order (by where they start and end).
    package func links(in region: Rect) -> [(key: LinkKey, upstream: NodeID)] {
        linkGeometry(in: region).map { ($0.key, $0.upstream) }
    }

    /// The shown links that may cross a region, with where they start and end and both ends'
    /// frames, ordered by where they start and end (identifiers only break ties between boxes on
    /// top of each other): ``LinkGathering`` taken to its end at once.
    func linkGeometry(in region: Rect) -> [LinkGeometry] {
        var gathering = LinkGathering(region: region)
        _ = gathering.advance(scene: self, until: nil)
        return gathering.links
    }
}

/// The shown links that may cross a region (``CanvasScene/linkGeometry(in:)``), gathered a step
/// at a time, so that a window far out at a coarse level of detail (tens of thousands of links)
/// can be gathered in slices between keys: the link index asked once, then the links found
/// looked at a few hundred at a time, ordered, and handed out a few hundred at a time. Gathered
/// in slices or at once, the links are the same, in the same order.
///
/// The links are gathered and ordered as plain numbers; identifiers are looked up once per link
/// handed out. Below full detail each end's shown frame is computed from its full-detail frame,
/// with no layout made.
struct LinkGathering {
    private struct Found {
        var start: Point
        var end: Point
        var upstreamFrame: Rect
        var downstreamFrame: Rect
        var bounds: Rect
        var upstream: Int32
        var downstream: Int32
        var slot: Int32
    }

    private enum Step {
        case asking, looking, ordering, handingOut, finished
    }

    /// The region, in cells at the scene's level of detail.
    let region: Rect
    private var step = Step.asking
    private var handles: [Int32] = []
    private var found: [Found] = []
    /// The order's keys: each end's row and column packed in one word, the slot and the link's
    /// place in `found`.
    private var keys: [(start: UInt64, end: UInt64, slot: Int32, index: Int32)] = []
    /// The next handle looked at, or the next key handed out.
    private var next = 0
    /// The links gathered, once ``isFinished``.
    private(set) var links: [LinkGeometry] = []
    /// How many handles or keys a step takes between two looks at the clock.
    private static let batch = 256

    /// A gathering of the links that may cross `region`; nothing is asked yet.
    init(region: Rect) {
        self.region = region
    }

    /// Whether every link is gathered, in order, in ``links``.
    var isFinished: Bool { step == .finished }

    /// Takes steps in order until every link is gathered or, after at least one step, `deadline`
    /// passed.
    /// - Parameters:
    ///   - scene: The scene the gathering was started on, as it is still.
    ///   - deadline: When to stop; `nil` to finish.
    /// - Returns: Whether every link is gathered.
    mutating func advance(scene: CanvasScene, until deadline: ContinuousClock.Instant?) -> Bool {
        while step != .finished {
            switch step {
            case .asking:
                scene.linkIndex.appendKeys(
                    in: scene.fullDetailRegion(covering: region, forLinks: true), to: &handles)
                found.reserveCapacity(handles.count)
                keys.reserveCapacity(handles.count)
                step = .looking
            case .looking:
                let end = min(handles.count, next + Self.batch)
                for handle in handles[next..<end] { look(at: handle, in: scene) }
                next = end
                if next == handles.count {
                    handles = []
                    step = .ordering
                }
            case .ordering:
                order(in: scene)
                links.reserveCapacity(keys.count)
                next = 0
                step = .handingOut
            case .handingOut:
                let end = min(keys.count, next + Self.batch)
                for key in keys[next..<end] { handOut(found[Int(key.index)], in: scene) }
                next = end
                if next == keys.count {
                    found = []
                    keys = []
                    step = .finished
                }
            case .finished:
                break
            }
            if let deadline, ContinuousClock.now >= deadline { break }
        }
        return step == .finished
    }

    private mutating func look(at handle: Int32, in scene: CanvasScene) {
        guard let link = scene.linkRecords[Int(handle)], link.isShown,
            scene.numberedIDs[Int(link.upstream)] != nil, scene.numberedIDs[Int(link.downstream)] != nil,
            let ends = scene.linkEnds(from: link.upstream, to: link.downstream, slot: Int(link.slot))
        else { return }
        var geometry = Found(
            start: ends.start, end: ends.end, upstreamFrame: ends.from, downstreamFrame: ends.to,
            bounds: CanvasScene.linkBounds(ends.from, ends.to), upstream: link.upstream,
            downstream: link.downstream, slot: link.slot)
        if scene.levelOfDetail != .full {
            // A compact box's output and inputs are all on its value row, a dot's on its cell.
            let from = scene.shownFrame(link.upstream), to = scene.shownFrame(link.downstream)
            let row = scene.levelOfDetail == .compact ? 1 : 0
            geometry.start = Point(x: from.maxX, y: from.minY + row)
            geometry.end = Point(x: to.minX - 1, y: to.minY + row)
            geometry.upstreamFrame = from
            geometry.downstreamFrame = to
        }
        // (A coordinate beyond 32 bits wraps: the order is then still fixed, only not by place.)
        func packed(_ point: Point) -> UInt64 {
            UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: point.y)) ^ 0x8000_0000) << 32
                | UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: point.x)) ^ 0x8000_0000)
        }
        keys.append((packed(geometry.start), packed(geometry.end), geometry.slot, Int32(found.count)))
        found.append(geometry)
    }

    private mutating func order(in scene: CanvasScene) {
        let numberedIDs = scene.numberedIDs
        found.withUnsafeBufferPointer { links in
            keys.sort { left, right in
                if left.start != right.start { return left.start < right.start }
                if left.end != right.end { return left.end < right.end }
                if left.slot != right.slot { return left.slot < right.slot }
                let i = Int(left.index), j = Int(right.index)
                return (numberedIDs[Int(links[i].upstream)]!, numberedIDs[Int(links[i].downstream)]!) < (
                    numberedIDs[Int(links[j].upstream)]!, numberedIDs[Int(links[j].downstream)]!
                )
            }
        }
    }

    private mutating func handOut(_ link: Found, in scene: CanvasScene) {
        guard let upstream = scene.numberedIDs[Int(link.upstream)],
            let downstream = scene.numberedIDs[Int(link.downstream)]
        else { return }
        links.append(
            LinkGeometry(
                key: LinkKey(downstream: downstream, slot: Int(link.slot)), upstream: upstream,
                upstreamNumber: link.upstream, start: link.start, end: link.end,
                upstreamFrame: link.upstreamFrame, downstreamFrame: link.downstreamFrame,
                bounds: link.bounds))
    }
}

/// A set of a node's slots: bits in one word for up to 64 slots, else an array.
struct SlotSet {
    private var bits: UInt64 = 0
    private var more: [Bool] = []

    init(count: Int) {
        if count > 64 { more = Array(repeating: false, count: count) }
    }

    func contains(_ slot: Int) -> Bool {
        more.isEmpty ? bits & (1 << UInt64(slot)) != 0 : more[slot]
    }

    mutating func insert(_ slot: Int) {
        if more.isEmpty { bits |= 1 << UInt64(slot) } else { more[slot] = true }
    }
}

import NodeGraph

/// Drawn widgets kept between frames, each redrawn only when its node's model, size, selection,
/// edit text or link-mode marks change: a frame copies the visible widgets' cells.
final class WidgetImageCache {
    /// Everything a widget's image depends on besides the theme and renderers (a change of
    /// either empties the cache).
    struct Key: Equatable {
        var model: NodeWidgetModel
        var width: Int
        var height: Int
        var levelOfDetail: LevelOfDetail
        var isSelected: Bool
        var editText: String?
        var marks: [Int: TargetMark]

        /// Whether an image drawn for this key shows a widget with these inputs (the cheap
        /// comparisons first, the model last).
        func matches(
            _ model: NodeWidgetModel, layout: NodeLayout, isSelected: Bool, editText: String?,
            marks: [Int: TargetMark]
        ) -> Bool {
            width == layout.frame.width && height == layout.frame.height
                && levelOfDetail == layout.levelOfDetail && self.isSelected == isSelected
                && self.editText == editText && self.marks == marks && self.model == model
        }
    }

    /// A kept image: a class, so that looking one up and comparing its key copies nothing.
    private final class Entry {
        let key: Key
        let image: Surface

        init(key: Key, image: Surface) {
            self.key = key
            self.image = image
        }
    }

    private var images: [NodeID: Entry] = [:]
    /// The most images kept; the cache empties when it would hold more.
    let limit: Int

    init(limit: Int = 4_096) { self.limit = limit }

    /// The image kept for a node, when it was drawn with exactly these inputs.
    func image(
        for node: NodeID, model: NodeWidgetModel, layout: NodeLayout, isSelected: Bool, editText: String?,
        marks: [Int: TargetMark]
    ) -> Surface? {
        guard let entry = images[node],
            entry.key.matches(model, layout: layout, isSelected: isSelected, editText: editText, marks: marks)
        else { return nil }
        return entry.image
    }

    func store(_ image: Surface, for node: NodeID, key: Key) {
        if images.count >= limit && images[node] == nil { images.removeAll(keepingCapacity: true) }
        images[node] = Entry(key: key, image: image)
    }

    func removeAll() { images.removeAll() }
}

extension Surface {
    /// Copies another surface's cells onto this one at (`x`, `y`), clipped to `clip` and the
    /// surface; cells are assigned directly where no wide grapheme is involved.
    /// - Complexity: O(visible cells of `source`).
    mutating func blit(_ source: Surface, x: Int, y: Int, clip: Rect) {
        let area = source.bounds.offsetBy(dx: x, dy: y).intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        let width = self.width
        source.cells.withUnsafeBufferPointer { sourceCells in
            withCellWriter { target in
                for row in area.minY..<area.maxY {
                    let sourceStart = (row - y) * source.width - x
                    let targetStart = row * width
                    // Narrow cells over narrow cells: the row's cells are copied as they are.
                    if CellWriter.isNarrow(sourceCells, from: sourceStart + area.minX, count: area.width)
                        && CellWriter.isNarrow(
                            UnsafeBufferPointer(target.cells), from: targetStart + area.minX,
                            count: area.width)
                    {
                        (target.cells.baseAddress! + targetStart + area.minX).update(
                            from: sourceCells.baseAddress! + sourceStart + area.minX, count: area.width)
                        continue
                    }
                    for column in area.minX..<area.maxX {
                        let cell = sourceCells[sourceStart + column]
                        if cell.width == 1 && target[targetStart + column].width == 1 {
                            target[targetStart + column] = cell
                        } else if cell.isContinuation {
                            if column == area.minX {
                                target.place(
                                    Cell(" ", style: cell.style), x: column, y: row, rightLimit: width)
                            }
                        } else {
                            target.place(cell, x: column, y: row, rightLimit: width)
                        }
                    }
                }
            }
        }
    }
}

/// The links routed for the latest frames and routed ahead while the editor idles: reused while
/// the routing window (see `SceneRenderer.routingWindow(for:)`), the level of detail and the
/// boxes and link ends it routed around stay the same. Moving the cursor, changing the
/// selection, the mode or values, panning within the window, or coming back to a window or a
/// level of detail kept redraws without routing again (the highlight is a style applied when
/// drawing).
///
/// At most ``capacity`` routings are kept, the least recently used dropped first, and one
/// routing may be under way (``advance(_:scene:region:until:)``, a slice at a time): a frame
/// that needs the window under way finishes it rather than starting again.
final class RouteCache {
    struct Key: Equatable {
        /// The routing window, in cells of the level of detail.
        var window: Rect
        var levelOfDetail: LevelOfDetail
        /// The scene's geometry revision: routes change only when a box or a link end moves.
        var revision: Int
    }

    struct Routing {
        var links: [LinkGeometry]
        var routed: [(link: Int, route: Corners)]
        var lines: LineCanvas
    }

    /// How many routings are kept: the view's, the four windows a pan enters next, the view at
    /// the two other levels of detail, and one more (the window just left).
    static let capacity = 8

    private var kept: [(key: Key, routing: Routing, used: Int)] = []
    private var uses = 0
    /// The routing under way, when one is.
    private var job: (key: Key, job: RoutingJob)?
    /// How many routings were made and kept so far, on frames and ahead (for tests and
    /// diagnostics).
    private(set) var routingCount = 0
    /// How many of them were made ahead, between keys (for tests and diagnostics).
    private(set) var routedAheadCount = 0

    /// The routing kept for a key (now the most recently used).
    func routing(for key: Key) -> Routing? {
        guard let index = kept.firstIndex(where: { $0.key == key }) else { return nil }
        uses += 1
        kept[index].used = uses
        return kept[index].routing
    }

    /// The routing for a key: the one kept, or the one under way finished, or a new one.
    func routing(for key: Key, scene: CanvasScene, region: Rect) -> Routing {
        if let kept = routing(for: key) { return kept }
        if let job, job.key == key {
            var finishing = job.job
            self.job = nil
            _ = finishing.advance(scene: scene, until: nil)
            store(finishing.routing, for: key)
            return finishing.routing
        }
        let routing = SceneRenderer.route(scene: scene, region: region)
        store(routing, for: key)
        return routing
    }

    /// Routes a key's window ahead of the frame that needs it, until `deadline`: continues the
    /// routing under way when it is this key's, else starts one (dropping the other).
    /// - Returns: Whether the key's routing is kept now.
    func advance(_ key: Key, scene: CanvasScene, region: Rect, until deadline: ContinuousClock.Instant)
        -> Bool
    {
        if routing(for: key) != nil { return true }
        var working: RoutingJob
        if let job, job.key == key {
            working = job.job
        } else {
            working = RoutingJob(region: region)
        }
        // The job is taken out while it works, so its buffers are not shared and copied.
        job = nil
        guard working.advance(scene: scene, until: deadline) else {
            job = (key, working)
            return false
        }
        store(working.routing, for: key)
        routedAheadCount += 1
        return true
    }

    /// Whether a routing is kept for a key, without counting it as used.
    func contains(_ key: Key) -> Bool { kept.contains { $0.key == key } }

    /// Keeps a routing as the most recently used; routings of an older geometry are dropped, and
    /// the least recently used beyond ``capacity``.
    func store(_ routing: Routing, for key: Key) {
        kept.removeAll { $0.key == key || $0.key.revision != key.revision }
        if job.map({ $0.key.revision != key.revision }) ?? false { job = nil }
        uses += 1
        kept.append((key, routing, uses))
        if kept.count > Self.capacity, let oldest = kept.indices.min(by: { kept[$0].used < kept[$1].used }) {
            kept.remove(at: oldest)
        }
        routingCount += 1
    }

    /// How many routings are kept.
    var keptCount: Int { kept.count }

    func removeAll() {
        kept.removeAll()
        job = nil
    }
}

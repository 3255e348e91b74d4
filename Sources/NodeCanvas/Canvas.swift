import NodeGraph

/// The headless canvas: a document, the canvas state, the scene, and the plugins, turning input
/// events into edits and drawing frames.
///
/// Feed it events with ``send(_:)-(InputEvent)`` (or any ``CanvasAction`` with
/// ``send(_:)-(CanvasAction)``) and draw with ``render()``. ``CanvasReducer`` is the only code that
/// changes ``state``; every graph change goes through the document (so undo, observers and
/// journals see it), and the scene follows each change. The canvas never does input or output:
/// saving, quitting and recovering come back as ``CanvasEffect`` values for the host.
///
/// ```swift
/// let canvas = Canvas(document: GraphDocument(graph: graph), width: 100, height: 30)
/// canvas.send([.tab, .character("l"), .tab, .enter])   // link the first node to a slot
/// print(canvas.render().text)
/// ```
public final class Canvas {
    /// The document edited.
    package let document: GraphDocument
    /// Cursor, selection, viewport and mode.
    public private(set) var state: CanvasState
    /// The shown nodes' models and layouts.
    package private(set) var scene: CanvasScene
    /// What the latest ``render()`` showed: node frames and link ends, in screen cells.
    package private(set) var lastFrame = FrameContents()
    /// How the canvas looks.
    public var theme: Theme {
        didSet {
            widgetImages.removeAll()
            routes.removeAll()
            scene.relayout(
                levelOfDetail: state.levelOfDetail, theme: theme, graph: shownGraph, dataSource: dataSource)
            refreshShown()
        }
    }
    /// Which nodes to show, with which renderers.
    var dataSource: any CanvasDataSource {
        didSet {
            widgetImages.removeAll()
            routes.removeAll()
            scene.rebuild(from: shownGraph, dataSource: dataSource)
            refreshShown()
        }
    }
    /// The keys in effect: what each key runs in normal mode, as help and the command line show
    /// them (the standard keys, or those `keys.json` remaps).
    public var keyTable = KeyTable.standard
    /// Hears what changes on the canvas; may veto link targets and edits.
    package weak var delegate: (any CanvasDelegate)?
    /// The loaded plugins, in order.
    package private(set) var dispatcher = PluginDispatcher()
    /// The document's name, the first step of the breadcrumb inside a group (`demo › Average`).
    public var title = "graph"
    /// The graph shown: the document's, or inside an opened group the definition's, holding the
    /// values of the instance it was entered from.
    public var shownGraph: Graph { levelGraph ?? document.graph }

    /// The opened group's graph (see ``shownGraph``); `nil` at the top level.
    private var levelGraph: Graph?
    /// Whether frames show the cursor (its cell reversed): not in a picture of the graph
    /// (``renderCanvas(document:width:height:lod:theme:dataSource:)``), where nobody moves it.
    var drawsCursor = true

    private let widgetImages = WidgetImageCache()
    /// The observation of what the canvas shows (see `observeShown()`), with the nodes in view
    /// and the plot nodes it names.
    private var shownObservation: NodeObservation?
    private var shownNodes: [NodeID] = []
    private var shownPlots: Set<NodeID> = []
    /// The plot nodes' recent values (view state: not saved, not journaled, cleared on open).
    public let plots = PlotHistory()
    /// How often each top-level node was recomputed since the file was opened, and, while the
    /// timing badges are on (`t`), how long its computations took.
    public private(set) var timings = ComputeProfile()
    private let routes = RouteCache()
    private var documentToken: ObservationToken?
    private var sourceToken: ObservationToken?
    private var notificationObservers: [(CanvasNotification) -> Void] = []
    /// Actions waiting for the reducer, in order; only ``send(_:)-(CanvasAction)`` drains it.
    private var pending: [CanvasAction] = []
    private var isSending = false
    /// Plugin messages waiting for delivery, in order; only ``post(_:)`` drains it.
    private var pendingMessages: [any PluginMessage] = []
    private var isDelivering = false
    /// Why the document is changing, while the canvas carries out an effect.
    private var changeCause = ChangeCause.host

    /// Creates a canvas on a document.
    /// - Parameters:
    ///   - document: The document to show and edit.
    ///   - width: The screen's columns.
    ///   - height: The screen's rows.
    ///   - levelOfDetail: The starting level of detail.
    ///   - theme: How the canvas looks.
    ///   - dataSource: Which nodes to show, with which renderers.
    ///   - plugins: The plugins, in order; `nil` for `standardPlugins()`.
    /// - Complexity: O(*n* + *e*) to build the scene.
    public init(
        document: GraphDocument, width: Int, height: Int, levelOfDetail: LevelOfDetail = .full,
        theme: Theme = .unicode, dataSource: any CanvasDataSource = StandardDataSource(),
        plugins: [any CanvasPlugin]? = nil
    ) {
        self.document = document
        self.theme = theme
        self.dataSource = dataSource
        state = CanvasState(width: width, height: height, levelOfDetail: levelOfDetail)
        scene = CanvasScene(
            graph: document.graph, dataSource: dataSource, theme: theme, levelOfDetail: levelOfDetail)
        plots.recordAll(in: document.graph)
        observeShown()
        documentToken = document.observeBatches { [weak self] changes in self?.documentDidChange(changes) }
        sourceToken = document.observeSourceUpdates { [weak self] change in self?.sourcesDidUpdate(change) }
        for plugin in plugins ?? Canvas.standardPlugins() { load(plugin) }
        refreshShown()
    }

    deinit {
        if let documentToken { document.removeObserver(documentToken) }
        if let sourceToken { document.removeObserver(sourceToken) }
    }

    /// The inspector, the status bar, the help overlay and the message history, in that order.
    package static func standardPlugins() -> [any CanvasPlugin] {
        [InspectorPlugin(), MinimapPlugin(), StatusBarPlugin(), HelpOverlayPlugin(), MessageHistoryPlugin()]
    }

    /// The scene follows the changes first (the seam between the document and what is drawn),
    /// all of a bulk application at once, then the reducer hears of each.
    ///
    /// Inside a group, the definition is shown again with its new values, and the reducer hears
    /// of each change as an edit at that level; when the instance entered is gone (an undo),
    /// the canvas goes back up to the deepest level still there.
    private func documentDidChange(_ changes: [Change]) {
        for change in changes {
            plots.record(change, in: document.graph)
            recordTimings(change.recomputed, removing: change.edit)
        }
        let opened = state.openedGroups
        guard !opened.isEmpty else {
            scene.update(after: changes, in: document.graph, dataSource: dataSource)
            if document.graph.hasStaleNodes { scene.markValuesPossiblyBehind() }
            for change in changes { send(.documentChanged(change, cause: changeCause)) }
            return
        }
        var kept = opened.count
        while kept > 0, document.graph.graph(insideInstance: opened[..<kept].map(\.instance)) == nil {
            kept -= 1
        }
        if kept < opened.count {
            send(.openedGroupsGone(keeping: kept))
        } else {
            showLevel()
        }
        let kind = kept > 0 ? opened[kept - 1].kind : nil
        for change in changes { send(.documentChanged(change.atLevel(kind), cause: changeCause)) }
    }

    /// Shows the level the state names: the document's graph, or the innermost opened group's
    /// definition with the values of the instance entered.
    private func showLevel() {
        let path = state.openedGroups.map(\.instance)
        levelGraph = path.isEmpty ? nil : document.graph.graph(insideInstance: path)
        widgetImages.removeAll()
        routes.removeAll()
        scene.rebuild(from: shownGraph, dataSource: dataSource)
    }

    /// Live sources updated: the scene follows the values (as after an edit that only recomputed
    /// them), then the reducer hears of it.
    private func sourcesDidUpdate(_ change: SourceChange) {
        plots.record(change.asChange, in: document.graph)
        recordTimings(change.asChange.recomputed, removing: nil)
        if state.openedGroups.isEmpty {
            scene.update(after: CollectionOfOne(change.asChange), in: document.graph, dataSource: dataSource)
            if document.graph.hasStaleNodes { scene.markValuesPossiblyBehind() }
        } else {
            showLevel()
        }
        send(.sourceUpdated(change))
    }

    /// Counts the recomputations of a change, timing them while the badges are on, and forgets
    /// the nodes it removed.
    private func recordTimings(_ recomputed: NodeList, removing edit: Edit?) {
        timings.record(recomputed, in: document.graph, measuring: state.showsTiming)
        edit?.forEachEditAtThisLevel { edit in
            if case .removeNode(let id) = edit, document.graph.node(id) == nil { timings.forget(id) }
        }
    }

    /// Rebuilds the scene from the document's graph, e.g. after `GraphDocument.replaceGraph(_:)`,
    /// and tells the reducer.
    /// - Complexity: O(*n* + *e*).
    package func reload() {
        plots.removeAll()
        plots.recordAll(in: document.graph)
        if state.openedGroups.isEmpty {
            scene.rebuild(from: document.graph, dataSource: dataSource)
        } else {
            send(.openedGroupsGone(keeping: 0))
        }
        send(.documentReplaced)
    }

    // MARK: Geometry

    /// How many times the links were routed so far: a frame reuses the routes of the latest one
    /// in the same routing window, level of detail and geometry (for tests and diagnostics).
    package var routingCount: Int { routes.routingCount }

    /// The screen cells the scene is drawn in: the screen minus the plugins' panels.
    package var area: Rect { area(for: state) }

    private func area(for state: CanvasState) -> Rect {
        let columns = dispatcher.plugins.reduce(0) { $0 + $1.reservedColumns(for: state) }
        let rows = dispatcher.plugins.reduce(0) { $0 + $1.reservedRows(for: state) }
        return Rect(x: 0, y: 0, width: state.viewport.width - columns, height: state.viewport.height - rows)
    }

    /// What the reducer reads.
    package var context: CanvasContext {
        CanvasContext(
            graph: shownGraph, scene: scene, area: area,
            areaForState: { [weak self] state in self?.area(for: state) ?? .zero },
            isModified: document.isModified,
            offersLinkTarget: { [weak self] candidate, source in
                self?.delegate?.shouldOfferLinkTarget(candidate, from: source) ?? true
            },
            defaultSize: { [dataSource] kind in dataSource.defaultSize(ofNewNodeOfKind: kind) },
            arrow: theme.glyphs.arrow, separator: theme.glyphs.separator, documentGraph: document.graph,
            keyTable: keyTable)
    }

    // MARK: Actions

    /// Answers one input event (a key, a mouse event, a resize).
    /// - Parameter event: What the person did.
    /// - Returns: What the host should do (save, quit, …).
    @discardableResult
    public func send(_ event: InputEvent) -> [CanvasEffect] { send(.input(event)) }

    /// Answers several input events in order.
    /// - Parameter events: What the person did.
    /// - Returns: What the host should do, in order.
    @discardableResult
    public func send(_ events: [InputEvent]) -> [CanvasEffect] {
        events.flatMap { send($0) }
    }

    /// Answers an action: the reducer changes the state, the canvas carries out the document's
    /// effects (each answered by another action: the change, or the refusal), plugins and the
    /// delegate hear what changed, and the host's effects come back.
    /// - Parameter action: What happened.
    /// - Returns: The effects for the host, in order.
    @discardableResult
    public func send(_ action: CanvasAction) -> [CanvasEffect] {
        pending.append(action)
        guard !isSending else { return [] }
        isSending = true
        defer { isSending = false }
        var forHost: [CanvasEffect] = []
        while !pending.isEmpty {
            let next = pending.removeFirst()
            refreshTargets()
            let before = state
            let effects = CanvasReducer.reduce(&state, next, context: context)
            if state.openedGroups != before.openedGroups {
                showLevel()
                pending.insert(
                    .groupLevelShown(entered: state.openedGroups.count > before.openedGroups.count), at: 0)
            }
            if state.levelOfDetail != scene.levelOfDetail {
                scene.relayout(
                    levelOfDetail: state.levelOfDetail, theme: theme, graph: shownGraph,
                    dataSource: dataSource)
            }
            announce(from: before, after: next)
            for effect in effects {
                if effect.isCarriedOutByCanvas { carryOut(effect) } else { forHost.append(effect) }
            }
        }
        refreshShown()
        observeShown()
        return forHost
    }

    /// Observes what the canvas shows — the nodes in view and the plot nodes, whose histories
    /// it keeps — so that an edit recomputes those and what they depend on, leaving the rest
    /// stale until they come into view (demand-driven evaluation, `Graph.observe(_:)`), when the
    /// graph has kinds that cost (`Graph.hasCostlyKinds`): a graph of cheap kinds recomputes all
    /// an edit reaches sooner than it could track what is stale. Inside an opened group nothing
    /// is observed: the document evaluates whole.
    /// - Complexity: O(*k* log *k*), the nodes that could be in view; observing anew only when
    ///   they changed.
    private func observeShown() {
        guard state.openedGroups.isEmpty, document.graph.hasCostlyKinds else {
            shownObservation = nil
            shownNodes = []
            return
        }
        var numbers: [Int32] = []
        let view = area.offsetBy(dx: state.scaledOrigin.x, dy: state.scaledOrigin.y)
        scene.appendNumbers(in: view, to: &numbers)
        numbers.sort()
        let inView = numbers.compactMap { scene.numberedIDs[Int($0)] }
        guard shownObservation == nil || inView != shownNodes || plots.plotNodes != shownPlots else { return }
        // The new observation first, so that the graph is never left without one in between.
        let next = document.graph.observe(inView + plots.plotNodes)
        shownObservation?.end()
        shownObservation = next
        shownNodes = inView
        shownPlots = plots.plotNodes
    }

    /// Builds or brings up to date the models the next frame shows: those of the nodes in view,
    /// and of the node under the cursor and the one the commands act on (the inspector shows
    /// it, wherever it is). Geometry is always current (it never follows values), so this is
    /// all opening or a large change leaves to do, and it costs what the screen shows. In dot
    /// detail a frame draws no model (a dot is read from the graph, see `SceneRenderer`), so
    /// only the targets' are built.
    private func refreshShown() {
        if scene.levelOfDetail != .dot {
            let view = area.offsetBy(dx: state.scaledOrigin.x, dy: state.scaledOrigin.y)
            scene.refreshNodes(in: view, from: shownGraph, dataSource: dataSource)
        }
        refreshTargets()
    }

    /// Builds or brings up to date the model of the node under the cursor and of the one the
    /// commands act on, when one (the inspector shows it, wherever it is).
    private func refreshTargets() {
        let graph = shownGraph
        if let node = state.cursorNode { scene.refreshNode(node, from: graph, dataSource: dataSource) }
        if state.targets.count == 1, let node = state.targets.first {
            scene.refreshNode(node, from: graph, dataSource: dataSource)
        }
    }

    /// Carries out an effect on the document; its change comes back through the document's
    /// observer as ``CanvasAction/documentChanged(_:cause:)``.
    private func carryOut(_ effect: CanvasEffect) {
        // No copy of `document.graph` is held across an edit: the graph would then be shared,
        // and applying the edit would copy all of its storage first.
        let arrow = theme.glyphs.arrow
        do throws(GraphError) {
            switch effect {
            case .apply(let edit):
                if let refusal = delegate?.refusal(of: edit) {
                    pending.append(.editRefused(edit, reason: refusal))
                    return
                }
                changeCause = .edit
                defer { changeCause = .host }
                try document.apply(state.openedGroups.last.map { .inside(definition: $0.kind, edit) } ?? edit)
            case .undo:
                guard let step = document.history.undoSteps.last else { throw GraphError.nothingToUndo }
                changeCause = .undo(of: step.edit)
                defer { changeCause = .host }
                try document.undo()
            case .redo:
                guard let step = document.history.redoSteps.last else { throw GraphError.nothingToRedo }
                changeCause = .redo(of: step.edit)
                defer { changeCause = .host }
                try document.redo()
            case .routeAhead: routeAhead()
            case .beginTransaction: document.beginTransaction()
            case .commitTransaction: document.commitTransaction()
            case .cancelTransaction:
                changeCause = .host
                document.cancelTransaction()
            default: break
            }
        } catch {
            let edit: Edit = if case .apply(let edit) = effect { edit } else { .batch([]) }
            let reason: String =
                switch (error, effect) {
                case (.nothingToUndo, _), (.nothingToRedo, _): error.description
                case (.refusedByRule(let reason), .undo): "undo refused: " + reason
                case (.refusedByRule(let reason), .redo): "redo refused: " + reason
                default: CanvasText.describe(error, in: shownGraph, arrow: arrow)  // unchanged: refused
                }
            if case .apply = effect {
                pending.append(.editRefused(edit, reason: reason))
            } else {
                pending.append(.noticeArrived(StatusMessage(reason, isError: true)))
            }
        }
    }

    /// Tells plugins, observers and the delegate what an action changed.
    private func announce(from before: CanvasState, after action: CanvasAction) {
        var notifications: [CanvasNotification] = []
        if case .documentChanged(let change, let cause) = action {
            notifications.append(.documentChanged(change, cause: cause))
        }
        switch action {
        case .documentOpened, .documentReplaced: notifications.append(.documentOpened)
        case .saved(let path, _): notifications.append(.documentSaved(path: path))
        case .sourceUpdated(let change): notifications.append(.sourcesUpdated(change))
        default: break
        }
        if before.cursorNode != state.cursorNode || before.selection != state.selection {
            notifications.append(.selectionChanged(cursorNode: state.cursorNode, selection: state.selection))
        }
        if before.mode != state.mode { notifications.append(.modeChanged(state.mode)) }
        if before.levelOfDetail != state.levelOfDetail {
            notifications.append(.levelOfDetailChanged(state.levelOfDetail))
        }
        if before.isInspectorShown != state.isInspectorShown {
            notifications.append(.inspectorToggled(isShown: state.isInspectorShown))
        }
        if let message = state.message, before.message != message || isFresh(action) {
            notifications.append(.messageShown(message))
        }
        for notification in notifications {
            dispatcher.dispatch(notification, on: self)
            delegate?.canvas(self, didNotify: notification)
            for observer in notificationObservers { observer(notification) }
        }
    }

    /// Whether an action always brings a new message (a refusal repeated is shown again).
    private func isFresh(_ action: CanvasAction) -> Bool {
        switch action {
        case .editRefused, .noticeArrived, .saved: true
        default: false
        }
    }

    // MARK: Routing ahead

    /// How long one slice of routing ahead (``CanvasAction/idle``) lasts at most, beyond the link
    /// it is routing: a key arriving meanwhile waits no longer than this.
    package var routeAheadSlice: Duration = .milliseconds(1)

    /// Whether some window the next keys are likely to show is not routed yet: then
    /// ``CanvasAction/idle`` routes a slice of it.
    public var hasWorkAhead: Bool {
        routingsAhead().contains { !routes.contains($0.key) }
    }

    /// How many routings were made ahead, between keys, so far (for tests and diagnostics).
    package var routedAheadCount: Int { routes.routedAheadCount }

    /// How many routings are kept (at most ``keptRoutingLimit``).
    package var keptRoutingCount: Int { routes.keptCount }

    /// The most routings kept at once: the view's, the four windows a pan enters next, the view
    /// at the two other levels of detail, and one more.
    package static var keptRoutingLimit: Int { RouteCache.capacity }

    /// The routings the next keys are likely to need, most likely first: the view's own, the
    /// windows a pan enters next to the right, left, below and above (a tile over: the window
    /// changes only when the view's corner leaves its tile), and the view at the two other
    /// levels of detail, as `z` shows it.
    private func routingsAhead() -> [(key: RouteCache.Key, scene: CanvasScene, region: Rect)] {
        let area = self.area
        guard !area.isEmpty else { return [] }
        func region(_ state: CanvasState) -> Rect {
            let origin = state.scaledOrigin
            return area.offsetBy(dx: origin.x - area.minX, dy: origin.y - area.minY)
        }
        func entry(_ scene: CanvasScene, _ region: Rect) -> (
            key: RouteCache.Key, scene: CanvasScene, region: Rect
        ) {
            let window = SceneRenderer.routingWindow(for: region)
            return (
                RouteCache.Key(
                    window: window, levelOfDetail: scene.levelOfDetail, revision: scene.geometryRevision),
                scene, window
            )
        }
        let view = region(state)
        let (columns, rows) = SceneRenderer.routingTile
        var ahead = [entry(scene, view)]
        for (dx, dy) in [(columns, 0), (-columns, 0), (0, rows), (0, -rows)] {
            ahead.append(entry(scene, view.offsetBy(dx: dx, dy: dy)))
        }
        var level = state.levelOfDetail.next
        while level != state.levelOfDetail {
            var shown = state
            shown.levelOfDetail = level
            CanvasReducer.followCursor(&shown, area: area)
            var other = scene
            other.relayout(levelOfDetail: level, theme: theme, graph: shownGraph, dataSource: dataSource)
            ahead.append(entry(other, region(shown)))
            level = level.next
        }
        return ahead
    }

    /// Routes ahead for one slice (``routeAheadSlice``): the first window of `routingsAhead()` not
    /// routed yet, and the next ones while the slice lasts. A routing left unfinished goes on at
    /// the next slice, or on the frame that needs it.
    private func routeAhead() {
        let deadline = ContinuousClock.now + routeAheadSlice
        var isFirst = true
        for (key, scene, region) in routingsAhead() where !routes.contains(key) {
            // A slice routes at least one link, however short it is.
            if !isFirst && ContinuousClock.now >= deadline { return }
            isFirst = false
            guard routes.advance(key, scene: scene, region: region, until: deadline) else { return }
        }
    }

    // MARK: Plugins and observers

    /// Loads a plugin at the end of the order.
    /// - Parameter plugin: The plugin.
    public func load(_ plugin: any CanvasPlugin) { dispatcher.load(plugin, into: self) }

    /// Unloads a plugin.
    /// - Parameter name: The plugin's name.
    package func unloadPlugin(named name: String) { dispatcher.unload(named: name, from: self) }

    /// Posts a message to the plugins: each hears it in the declared order. A message posted
    /// while one is being delivered waits until that one reached every plugin.
    /// - Parameter message: The message.
    public func post(_ message: any PluginMessage) {
        pendingMessages.append(message)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pendingMessages.isEmpty {
            dispatcher.deliver(pendingMessages.removeFirst(), on: self)
        }
    }

    /// Calls `handler` with every notification, after the plugins heard it.
    /// - Parameter handler: Receives each notification.
    package func observeNotifications(_ handler: @escaping (CanvasNotification) -> Void) {
        notificationObservers.append(handler)
    }

    /// Calls `handler` after every change to the document (edits, undo, redo), e.g. to log them.
    /// - Parameter handler: Receives each change.
    /// - Returns: A token for `GraphDocument.removeObserver(_:)`.
    @discardableResult
    package func observeChanges(_ handler: @escaping (Change) -> Void) -> ObservationToken {
        document.observe(handler)
    }

    // MARK: Drawing

    /// Draws the frame the terminal shows: the scene, the palette when open, then the plugins.
    /// - Returns: The frame.
    /// - Complexity: Proportional to the screen's cells and the visible nodes and links.
    public func render() -> Surface {
        var surface = Surface(width: state.viewport.width, height: state.viewport.height)
        lastFrame = SceneRenderer.draw(
            scene: scene, graph: shownGraph, state: state, area: area, on: &surface, theme: theme,
            cache: widgetImages,
            routeCache: routes, drawsCursor: drawsCursor, plots: state.openedGroups.isEmpty ? plots : nil)
        switch state.mode {
        case .palette(let palette): PaletteOverlay.draw(palette, canvas: self, on: &surface)
        case .prompt(let prompt): PromptOverlay.draw(prompt, canvas: self, on: &surface)
        case .commandLine(let line): CommandLineOverlay.draw(line, canvas: self, on: &surface)
        default: break
        }
        if case .rectangle(let from, let to)? = state.drag {
            SelectionRectangle.draw(from: from, to: to, canvas: self, on: &surface)
        }
        if state.showsTiming && state.openedGroups.isEmpty {
            TimingBadges.draw(lastFrame.nodes, timings: timings, area: area, on: &surface, theme: theme)
        }
        for plugin in dispatcher.plugins { plugin.draw(on: &surface, canvas: self) }
        return surface
    }
}

extension Change {
    /// The change as the level showing definition `kind` (`nil`: the top level) sees it: an
    /// edit inside that definition as the plain edit it is there.
    func atLevel(_ kind: String?) -> Change {
        guard let kind, case .inside(kind, let edit) = self.edit else { return self }
        guard case .inside(kind, let inverse) = self.inverse else {
            return Change(edit: edit, inverse: self.inverse, recomputed: recomputed)
        }
        return Change(edit: edit, inverse: inverse, recomputed: recomputed)
    }
}

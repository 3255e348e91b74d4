import NodeGraph

/// The headless canvas: a document, the canvas state, the scene, and the plugins, turning input
/// events into edits and drawing frames.
///
/// Feed it events with ``send(_:)-(InputEvent)`` and draw with ``render()``. Every graph change
/// goes through the document (so undo, observers and journals see it); the canvas rebuilds only
/// the widgets a change touches. It never does input or output: saving and quitting come back
/// as ``CanvasEffect`` values.
///
/// ```swift
/// let canvas = Canvas(document: GraphDocument(graph: graph), width: 100, height: 30)
/// canvas.send([.tab, .character("l"), .tab, .enter])   // link the first node to a slot
/// print(canvas.render().text)
/// ```
public final class Canvas {
    /// The document edited.
    public let document: GraphDocument
    /// Cursor, selection, viewport and mode.
    public private(set) var state: CanvasState
    /// The shown nodes' models and layouts.
    public private(set) var scene: CanvasScene
    /// What the latest ``render()`` showed: node frames and link ends, in screen cells.
    public private(set) var lastFrame = FrameContents()
    /// How the canvas looks.
    public var theme: Theme {
        didSet {
            widgetImages.removeAll()
            routes.removeAll()
            scene.relayout(levelOfDetail: state.levelOfDetail, theme: theme, dataSource: dataSource)
        }
    }
    /// Which nodes to show, with which renderers.
    public var dataSource: any CanvasDataSource {
        didSet {
            widgetImages.removeAll()
            routes.removeAll()
            scene.rebuild(from: document.graph, dataSource: dataSource)
        }
    }
    /// Hears selections, moves, creations, deletions and link toggles; may veto link targets.
    public weak var delegate: (any CanvasDelegate)?
    /// The loaded plugins, in order.
    public private(set) var dispatcher = PluginDispatcher()

    private let widgetImages = WidgetImageCache()
    private let routes = RouteCache()
    private var documentToken: ObservationToken?
    private var actionObservers: [(CanvasAction) -> Void] = []
    private var movingNode: NodeID?
    private var graphChanged = false

    /// Creates a canvas on a document.
    /// - Parameters:
    ///   - document: The document to show and edit.
    ///   - width: The screen's columns.
    ///   - height: The screen's rows.
    ///   - levelOfDetail: The starting level of detail.
    ///   - theme: How the canvas looks.
    ///   - dataSource: Which nodes to show, with which renderers.
    ///   - plugins: The plugins, in order; `nil` for the inspector, status bar and help overlay.
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
        documentToken = document.observe { [weak self] change in self?.documentDidChange(change) }
        for plugin in plugins ?? Canvas.standardPlugins() { load(plugin) }
    }

    deinit {
        if let documentToken { document.removeObserver(documentToken) }
    }

    /// The inspector, the status bar and the help overlay, in that order.
    public static func standardPlugins() -> [any CanvasPlugin] {
        [InspectorPlugin(), StatusBarPlugin(), HelpOverlayPlugin()]
    }

    private func documentDidChange(_ change: Change) {
        scene.update(after: change, in: document.graph, dataSource: dataSource)
        graphChanged = true
    }

    /// Rebuilds the scene from the document's graph, e.g. after `GraphDocument.replaceGraph(_:)`.
    /// - Complexity: O(*n* + *e*).
    public func reload() {
        scene.rebuild(from: document.graph, dataSource: dataSource)
        graphChanged = true
        settle()
    }

    // MARK: Geometry

    /// The screen cells the scene is drawn in: the screen minus the plugins' panels.
    public var area: Rect {
        let columns = dispatcher.plugins.reduce(0) { $0 + $1.reservedColumns(on: self) }
        let rows = dispatcher.plugins.reduce(0) { $0 + $1.reservedRows(on: self) }
        return Rect(x: 0, y: 0, width: state.viewport.width - columns, height: state.viewport.height - rows)
    }

    /// What the reducer reads.
    public var context: CanvasContext {
        CanvasContext(
            graph: document.graph, scene: scene, area: area,
            offersLinkTarget: { [weak self] candidate, source in
                self?.delegate?.shouldOfferLinkTarget(candidate, from: source) ?? true
            },
            defaultSize: { [dataSource] kind in dataSource.defaultSize(ofNewNodeOfKind: kind) })
    }

    // MARK: Events

    /// Answers one input event: reduces it to actions and carries them out.
    /// - Parameter event: What the person did.
    /// - Returns: What the host should do (save, quit).
    @discardableResult
    public func send(_ event: InputEvent) -> [CanvasEffect] {
        let actions = CanvasReducer.reduce(&state, event, context: context)
        return perform(actions)
    }

    /// Answers several events in order.
    /// - Parameter events: What the person did.
    /// - Returns: What the host should do, in order.
    @discardableResult
    public func send(_ events: [InputEvent]) -> [CanvasEffect] {
        events.flatMap { send($0) }
    }

    /// Carries out actions (applying edits through the document) and hands each to the plugins.
    /// - Parameter actions: The actions.
    /// - Returns: The effects among them.
    @discardableResult
    public func perform(_ actions: [CanvasAction]) -> [CanvasEffect] {
        var effects: [CanvasEffect] = []
        for action in actions {
            carryOut(action, effects: &effects)
            dispatcher.dispatch(action, on: self)
            for observer in actionObservers { observer(action) }
        }
        settle()
        return effects
    }

    /// Changes the canvas state directly (a host restoring a view, a test setting up).
    /// - Parameter body: Changes the state in place.
    public func updateState(_ body: (inout CanvasState) -> Void) {
        let levelOfDetail = state.levelOfDetail
        body(&state)
        if state.levelOfDetail != levelOfDetail {
            scene.relayout(levelOfDetail: state.levelOfDetail, theme: theme, dataSource: dataSource)
        }
        settle()
    }

    private func carryOut(_ action: CanvasAction, effects: inout [CanvasEffect]) {
        switch action {
        case .edit(let edit): apply(edit)
        case .undo:
            do throws(GraphError) {
                let change = try document.undo()
                post("undid \(change.inverse.operationName)", isError: false)
            } catch {
                post(error.description, isError: true)
            }
        case .redo:
            do throws(GraphError) {
                let change = try document.redo()
                post("redid \(change.edit.operationName)", isError: false)
            } catch {
                post(error.description, isError: true)
            }
        case .transactionBegan:
            movingNode = state.selection
            document.beginTransaction()
        case .transactionCommitted:
            document.commitTransaction()
            if let node = movingNode, let position = document.graph.position(of: node) {
                delegate?.canvasDidMove(node, to: position)
            }
            movingNode = nil
        case .transactionCancelled:
            document.cancelTransaction()
            movingNode = nil
        case .selectionChanged(let node):
            delegate?.canvasDidSelect(node)
        case .levelOfDetailChanged(let levelOfDetail):
            scene.relayout(levelOfDetail: levelOfDetail, theme: theme, dataSource: dataSource)
            CanvasReducer.followCursor(&state, area: area)
        case .effect(let effect):
            effects.append(effect)
        case .modeChanged, .inspectorToggled, .message:
            break
        }
    }

    private func apply(_ edit: Edit) {
        let graph = document.graph
        do throws(GraphError) {
            try document.apply(edit)
        } catch {
            post(
                "refused: " + CanvasText.describe(error, in: graph, arrow: theme.glyphs.arrow), isError: true)
            return
        }
        let arrow = theme.glyphs.arrow
        switch edit {
        case .addNode(let description):
            delegate?.canvasDidCreate(description.id)
            post(
                "created \(document.graph.name(of: description.id) ?? description.id.rawValue)",
                isError: false)
        case .removeNode(let id):
            delegate?.canvasDidDelete(id)
            post("deleted \(graph.name(of: id) ?? id.rawValue) (u undoes)", isError: false)
        case .toggleLink(let from, let to, let slot):
            let linked =
                document.graph.inputs(of: to).indices.contains(slot)
                && document.graph.inputs(of: to)[slot] == from
            delegate?.canvasDidToggleLink(from: from, to: to, slot: slot, isLinked: linked)
            let label =
                document.graph.kind(of: to).map { slot < $0.inputs.count ? $0.inputs[slot].label : "\(slot)" }
                ?? "\(slot)"
            let names =
                "\(graph.name(of: from) ?? from.rawValue) \(arrow) \(graph.name(of: to) ?? to.rawValue).\(label)"
            post((linked ? "linked " : "unlinked ") + names, isError: false)
        case .move(let node, let position) where movingNode == nil:
            delegate?.canvasDidMove(node, to: position)
        case .setKind(let node, _):
            post(
                "\(graph.name(of: node) ?? node.rawValue) is now \(document.graph.kind(of: node)?.title ?? "")",
                isError: false)
        default:
            break
        }
    }

    /// Puts a message on the status line and tells the plugins.
    /// - Parameters:
    ///   - text: The message.
    ///   - isError: Whether it reports something refused or wrong.
    public func post(_ text: String, isError: Bool) {
        state.message = text
        state.messageIsError = isError
        dispatcher.dispatch(.message(text, isError: isError), on: self)
    }

    /// Brings the state in line with the graph after changes: forgets removed nodes, refreshes
    /// link-mode targets.
    private func settle() {
        let graph = document.graph
        if let selection = state.selection, scene.layouts[selection] == nil {
            state.selection = nil
            delegate?.canvasDidSelect(nil)
            dispatcher.dispatch(.selectionChanged(nil), on: self)
        }
        switch state.mode {
        case .link(var link):
            guard graph.contains(link.source) else {
                state.mode = .normal
                return
            }
            if graphChanged {
                let currentKey = link.currentTarget?.key
                link.targets = CanvasReducer.linkTargets(from: link.source, context: context)
                link.current = currentKey.flatMap { key in link.targets.firstIndex { $0.key == key } }
                state.mode = .link(link)
            }
        case .editValue(let edit) where !graph.contains(edit.node):
            state.mode = .normal
        case .move(let node, _) where !graph.contains(node):
            document.commitTransaction()
            state.mode = .normal
        default:
            break
        }
        graphChanged = false
    }

    // MARK: Plugins and observers

    /// Loads a plugin at the end of the order.
    /// - Parameter plugin: The plugin.
    public func load(_ plugin: any CanvasPlugin) { dispatcher.load(plugin, into: self) }

    /// Unloads a plugin.
    /// - Parameter name: The plugin's name.
    public func unloadPlugin(named name: String) { dispatcher.unload(named: name, from: self) }

    /// Calls `handler` with every action the canvas carries out, after the plugins heard it.
    /// - Parameter handler: Receives each action.
    public func observeActions(_ handler: @escaping (CanvasAction) -> Void) {
        actionObservers.append(handler)
    }

    /// Calls `handler` after every change to the document (edits, undo, redo), e.g. to log them.
    /// - Parameter handler: Receives each change.
    /// - Returns: A token for `GraphDocument.removeObserver(_:)`.
    @discardableResult
    public func observeChanges(_ handler: @escaping (Change) -> Void) -> ObservationToken {
        document.observe(handler)
    }

    // MARK: Drawing

    /// Draws the frame the terminal shows: the scene, the palette when open, then the plugins.
    /// - Returns: The frame.
    /// - Complexity: Proportional to the screen's cells and the visible nodes and links.
    public func render() -> Surface {
        var surface = Surface(width: state.viewport.width, height: state.viewport.height)
        lastFrame = SceneRenderer.draw(
            scene: scene, state: state, area: area, on: &surface, theme: theme, cache: widgetImages,
            routeCache: routes)
        if case .palette(let palette) = state.mode {
            PaletteOverlay.draw(palette, canvas: self, on: &surface)
        }
        for plugin in dispatcher.plugins { plugin.draw(on: &surface, canvas: self) }
        return surface
    }
}

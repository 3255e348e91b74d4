import NodeGraph

/// The one function that changes canvas state: from the state and an action to the new state
/// and the effects to carry out.
///
/// The reducer never mutates the graph: it returns ``CanvasEffect/apply(_:)`` values, which the
/// ``Canvas`` applies through its document and answers with
/// ``CanvasAction/documentChanged(_:cause:)`` (or ``CanvasAction/editRefused(_:reason:)``). It
/// reads the graph and the scene from the ``CanvasContext``. A test sends one action and checks
/// the whole resulting state and the effects.
public enum CanvasReducer {
    /// Rows panned per wheel notch.
    static let wheelRows = 3

    /// Answers one action.
    /// - Parameters:
    ///   - state: The canvas state, changed in place.
    ///   - action: What happened.
    ///   - context: The graph, scene and host choices.
    /// - Returns: The effects to carry out, in order.
    /// - Complexity: O(1) for most actions; O(*n* log *n*) for Tab, find, select all and link
    ///   mode entry.
    public static func reduce(_ state: inout CanvasState, _ action: CanvasAction, context: CanvasContext)
        -> [CanvasEffect]
    {
        switch action {
        case .input(let event): return reduceInput(&state, event, context: context)
        case .documentChanged(let change, let cause):
            return documentChanged(&state, change, cause: cause, context: context)
        case .sourceUpdated:
            // Only values changed: every node, link and target the state names is still there.
            return []
        case .liveSourcesReported(let status):
            let failedBefore = state.liveSources?.failing ?? [:]
            state.liveSources = status.live > 0 || !status.failing.isEmpty ? status : nil
            // A source that starts failing, or fails anew, says why (and `@` keeps it whole).
            for (source, reason) in status.failing.sorted(by: { $0.key < $1.key })
            where failedBefore[source] != reason {
                say("\(name(source, context.documentGraph)) failing: \(reason)", error: true, &state)
            }
            return []
        case .documentReplaced:
            state.selection = []
            if case .link = state.mode { state.mode = .normal }
            settle(&state, context: context)
            return []
        case .editRefused(_, let reason):
            say("refused: " + reason, error: true, &state)
            return []
        case .nodeChosen(let node):
            guard let layout = context.scene.layout(of: node) else { return [] }
            moveCursor(to: layout, &state, context: context)
            return []
        case .documentOpened(let welcome):
            fit(&state, context: context, choosingLevel: false)
            // The boxes' bounds come from their frames, without a layout made for each node.
            if let bounds = context.scene.bounds(at: context.scene.levelOfDetail) {
                let top = max(bounds.minY - 1, state.scaledOrigin.y + context.area.minY)
                placeCursor(at: state.canvasPosition(Point(x: bounds.minX, y: top)), &state, context: context)
            } else {
                placeCursor(at: Position(x: 2, y: 1), &state, context: context)  // where the first node goes
            }
            state.message = welcome
            return []
        case .viewPlaced(let origin, let cursor):
            state.viewport.origin = origin
            state.cursor = cursor
            state.cursorNode = nodeAtCursor(state, context)?.id
            return []
        case .levelOfDetailChosen(let levelOfDetail):
            state.levelOfDetail = levelOfDetail
            followCursor(&state, area: context.area)
            return []
        case .noticeArrived(let message):
            state.message = message
            return []
        case .groupLevelShown(let entered):
            groupLevelShown(entered: entered, &state, context: context)
            return []
        case .openedGroupsGone(let keeping):
            openedGroupsGone(keeping: keeping, &state)
            return []
        case .accessDecided(let readOnlyReason):
            return accessDecided(readOnlyReason: readOnlyReason, &state, context: context)
        case .idle:
            // Nothing the person sees changes; the canvas routes ahead.
            return [.routeAhead]
        default:
            return reduceHostAnswer(&state, action, context: context)
        }
    }

    static func reduceInput(_ state: inout CanvasState, _ event: InputEvent, context: CanvasContext)
        -> [CanvasEffect]
    {
        switch event {
        case .resize(let width, let height):
            state.viewport.width = max(0, width)
            state.viewport.height = max(0, height)
            followCursor(&state, area: context.area(for: state))
            return []
        case .mousePress, .mouseDrag, .mouseRelease, .wheel:
            if refusedAsReadOnly(mouse: event, &state, context: context) { return [] }
            return reduceMouse(&state, event, context: context)
        default: break
        }
        if let effect = KeyBindings.screenEffect(for: event) { return [effect] }
        state.message = nil
        switch state.mode {
        case .normal: return reduceNormal(&state, event, context: context)
        case .link(let link): return reduceLink(&state, link, event, context: context)
        case .move(let move): return reduceMove(&state, move, event, context: context)
        case .editValue(let edit): return reduceEdit(&state, edit, event, context: context)
        case .rename(let rename): return reduceRename(&state, rename, event, context: context)
        case .palette(let palette): return reducePalette(&state, palette, event, context: context)
        case .find(let find): return reduceFind(&state, find, event, context: context)
        case .prompt(let prompt): return reducePrompt(&state, prompt, event, context: context)
        case .commandLine(let line): return reduceCommandLine(&state, line, event, context: context)
        case .help(let firstRow):
            let visible = max(1, context.area.height - 2)
            let last = HelpOverlayPlugin.lastFirstLine(in: context.area, keys: context.keyTable)
            state.mode =
                scrolled(firstRow, last: last, page: visible, event).map { .help(firstRow: $0) } ?? .normal
            return []
        case .messages(let firstRow):
            let visible = MessageHistoryPlugin.visibleRows(in: context.area)
            let rows = MessageHistoryPlugin.rows(
                for: state, in: context.graph, scene: context.scene,
                width: MessageHistoryPlugin.textWidth(in: context.area)
            ).count
            let last = max(0, rows - visible)
            state.mode =
                scrolled(firstRow, last: last, page: visible, event).map { .messages(firstRow: $0) }
                ?? .normal
            return []
        }
    }

    /// An overlay's first row after a key: arrows scroll a row, PgUp/PgDn a page, between 0 and
    /// `last`; `nil` for any other key, which closes it.
    private static func scrolled(_ firstRow: Int, last: Int, page: Int, _ event: InputEvent) -> Int? {
        switch event {
        case .down: min(last, firstRow + 1)
        case .up: max(0, firstRow - 1)
        case .pageDown: min(last, firstRow + page)
        case .pageUp: max(0, firstRow - page)
        default: nil
        }
    }

    // MARK: Shared steps

    /// Puts a message on the status line.
    static func say(_ text: String, error: Bool = false, _ state: inout CanvasState) {
        state.message = StatusMessage(text, isError: error)
    }

    /// Moves the cursor to a canvas position and makes the node there the cursor's node.
    static func placeCursor(at position: Position, _ state: inout CanvasState, context: CanvasContext) {
        state.cursor = position
        state.cursorNode = nodeAtCursor(state, context)?.id
    }

    /// Pans the view so the cursor is inside the canvas area, with a margin where there is room.
    static func followCursor(_ state: inout CanvasState, area: Rect) {
        guard !area.isEmpty else { return }
        let cursor = state.scaledCursor
        var origin = state.scaledOrigin
        let margin = min(2, max(0, (area.width - 1) / 2)),
            verticalMargin = min(1, max(0, (area.height - 1) / 2))
        let left = origin.x + area.minX + margin, right = origin.x + area.maxX - 1 - margin
        let top = origin.y + area.minY + verticalMargin, bottom = origin.y + area.maxY - 1 - verticalMargin
        if cursor.x < left { origin.x -= left - cursor.x }
        if cursor.x > right { origin.x += cursor.x - right }
        if cursor.y < top { origin.y -= top - cursor.y }
        if cursor.y > bottom { origin.y += cursor.y - bottom }
        setScaledOrigin(origin, &state)
    }

    /// Sets the viewport's origin from a point at the current level of detail.
    static func setScaledOrigin(_ origin: Point, _ state: inout CanvasState) {
        guard origin != state.scaledOrigin else { return }
        state.viewport.origin = state.canvasPosition(origin)
    }

    /// Pans the view by cells of the current level of detail, keeping the cursor on screen.
    static func pan(dx: Int, dy: Int, _ state: inout CanvasState, context: CanvasContext) {
        let area = context.area
        var origin = state.scaledOrigin
        origin.x += dx
        origin.y += dy
        setScaledOrigin(origin, &state)
        guard !area.isEmpty else { return }
        var cursor = state.scaledCursor
        cursor.x = min(max(cursor.x, origin.x + area.minX), origin.x + area.maxX - 1)
        cursor.y = min(max(cursor.y, origin.y + area.minY), origin.y + area.maxY - 1)
        if cursor != state.scaledCursor {
            placeCursor(at: state.canvasPosition(cursor), &state, context: context)
        }
    }

    /// Puts the cursor on a node's first content cell (or a row of it) and the view around it.
    static func moveCursor(
        to layout: NodeLayout, _ state: inout CanvasState, context: CanvasContext, row: Int? = nil
    ) {
        let x = layout.levelOfDetail == .dot ? layout.frame.minX : layout.frame.minX + 2
        let y = row ?? (layout.levelOfDetail == .dot ? layout.frame.minY : layout.frame.minY + 1)
        state.cursor = state.canvasPosition(Point(x: x, y: y))
        state.cursorNode = layout.id
        reveal(layout.frame, &state, area: context.area)
        followCursor(&state, area: context.area)
    }

    /// Pans the least needed to show a whole rectangle (its top left, when it is too big).
    static func reveal(_ frame: Rect, _ state: inout CanvasState, area: Rect) {
        guard !area.isEmpty else { return }
        var origin = state.scaledOrigin
        let visible = area.offsetBy(dx: origin.x, dy: origin.y)
        if frame.maxX > visible.maxX { origin.x += frame.maxX - visible.maxX }
        if frame.maxY > visible.maxY { origin.y += frame.maxY - visible.maxY }
        if frame.minX < origin.x + area.minX { origin.x = frame.minX - area.minX }
        if frame.minY < origin.y + area.minY { origin.y = frame.minY - area.minY }
        setScaledOrigin(origin, &state)
    }

    /// The shown nodes in reading order: top to bottom, then left to right.
    static func readingOrder(_ context: CanvasContext) -> [NodeLayout] {
        context.scene.layouts.values.sorted { a, b in
            (a.frame.minY, a.frame.minX, a.id) < (b.frame.minY, b.frame.minX, b.id)
        }
    }

    /// The node under the cursor (the cursor's node first, where boxes overlap).
    static func nodeAtCursor(_ state: CanvasState, _ context: CanvasContext) -> NodeLayout? {
        let cursor = state.scaledCursor
        return context.scene.node(atX: cursor.x, y: cursor.y, selected: state.cursorNode)
    }

    /// A node's name for messages: its name, else its id.
    static func name(_ node: NodeID, _ graph: Graph) -> String { graph.name(of: node) ?? node.rawValue }
}

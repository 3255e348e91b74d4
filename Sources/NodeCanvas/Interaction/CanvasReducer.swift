import NodeGraph

/// The pure function from an input event to a new canvas state and the actions to carry out.
///
/// The reducer never mutates the graph: it returns ``CanvasAction/edit(_:)`` values, which the
/// ``Canvas`` applies through its document (and which a test may inspect). It reads the graph
/// and the scene from the ``CanvasContext``.
public enum CanvasReducer {
    /// Columns panned by H and L (at the current level of detail).
    public static let panColumns = 8
    /// Rows panned by J and K, and by the wheel per notch (times 3 for the wheel: see `wheelRows`).
    public static let panRows = 4
    /// Rows panned per wheel notch.
    public static let wheelRows = 3

    /// Answers one event.
    /// - Parameters:
    ///   - state: The canvas state, changed in place.
    ///   - event: What the person did.
    ///   - context: The graph, scene and host choices.
    /// - Returns: The actions to carry out, in order.
    /// - Complexity: O(1) for most events; O(*n* log *n*) for Tab, find and link mode entry.
    public static func reduce(_ state: inout CanvasState, _ event: InputEvent, context: CanvasContext)
        -> [CanvasAction]
    {
        if case .resize(let width, let height) = event {
            state.viewport.width = max(0, width)
            state.viewport.height = max(0, height)
            return []
        }
        switch event {
        case .mousePress, .mouseDrag, .mouseRelease, .wheel:
            return reduceMouse(&state, event, context: context)
        default: break
        }
        state.message = nil
        state.messageIsError = false
        switch state.mode {
        case .normal: return reduceNormal(&state, event, context: context)
        case .link(let link): return reduceLink(&state, link, event, context: context)
        case .move(let node, _): return reduceMove(&state, node, event, context: context)
        case .editValue(let edit): return reduceEdit(&state, edit, event, context: context)
        case .palette(let palette): return reducePalette(&state, palette, event, context: context)
        case .find(let query): return reduceFind(&state, query, event, context: context)
        case .help:
            state.mode = .normal
            return [.modeChanged(state.mode.name)]
        }
    }

    // MARK: Shared steps

    /// Sets the mode and reports it.
    static func enter(_ mode: CanvasMode, _ state: inout CanvasState) -> [CanvasAction] {
        state.mode = mode
        return [.modeChanged(mode.name)]
    }

    /// Selects a node (or nothing), reporting a change.
    static func select(_ node: NodeID?, _ state: inout CanvasState) -> [CanvasAction] {
        guard state.selection != node else { return [] }
        state.selection = node
        return [.selectionChanged(node)]
    }

    /// A message for the status line.
    static func say(_ text: String, error: Bool = false, _ state: inout CanvasState) -> [CanvasAction] {
        state.message = text
        state.messageIsError = error
        return [.message(text, isError: error)]
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
    static func pan(dx: Int, dy: Int, _ state: inout CanvasState, area: Rect) {
        var origin = state.scaledOrigin
        origin.x += dx
        origin.y += dy
        setScaledOrigin(origin, &state)
        guard !area.isEmpty else { return }
        var cursor = state.scaledCursor
        cursor.x = min(max(cursor.x, origin.x + area.minX), origin.x + area.maxX - 1)
        cursor.y = min(max(cursor.y, origin.y + area.minY), origin.y + area.maxY - 1)
        if cursor != state.scaledCursor { state.cursor = state.canvasPosition(cursor) }
    }

    /// Puts the cursor on a node's first content cell and the view around it.
    static func moveCursor(to layout: NodeLayout, _ state: inout CanvasState, area: Rect, row: Int? = nil) {
        let x = layout.levelOfDetail == .dot ? layout.frame.minX : layout.frame.minX + 2
        let y = row ?? (layout.levelOfDetail == .dot ? layout.frame.minY : layout.frame.minY + 1)
        state.cursor = state.canvasPosition(Point(x: x, y: y))
        reveal(layout.frame, &state, area: area)
        followCursor(&state, area: area)
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

    /// The node under the cursor.
    static func nodeAtCursor(_ state: CanvasState, _ context: CanvasContext) -> NodeLayout? {
        let cursor = state.scaledCursor
        return context.scene.node(atX: cursor.x, y: cursor.y, selected: state.selection)
    }
}

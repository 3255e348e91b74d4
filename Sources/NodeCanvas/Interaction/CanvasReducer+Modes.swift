import NodeGraph

extension CanvasReducer {
    // MARK: Link mode

    static func reduceLink(
        _ state: inout CanvasState, _ link: LinkModeState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasEffect] {
        var link = link
        switch event {
        case .escape:
            state.mode = .normal
            if let layout = context.scene.layout(of: link.source) {
                moveCursor(to: layout, &state, context: context)
            }
        case .tab, .backTab:
            guard !link.targets.isEmpty else {
                say("no node has a slot this link could go to", error: true, &state)
                return []
            }
            let count = link.targets.count
            let next: Int
            if event == .tab {
                next = link.current.map { ($0 + 1) % count } ?? 0
            } else {
                next = link.current.map { ($0 + count - 1) % count } ?? count - 1
            }
            link.current = next
            state.mode = .link(link)
            let target = link.targets[next]
            if let layout = context.scene.layout(of: target.node) {
                moveCursor(to: layout, &state, context: context, row: layout.inputRows[target.slot])
                state.cursorNode = link.source  // the source stays the node keys act on
            }
        case .enter, .character(" "):
            guard let target = link.currentTarget else {
                say("move to a slot first (Tab)", error: true, &state)
                return []
            }
            return toggle(target, from: link.source, &state, context: context)
        case .up, .down, .left, .right:
            var cursor = state.scaledCursor
            switch event {
            case .up: cursor.y -= 1
            case .down: cursor.y += 1
            case .left: cursor.x -= 1
            default: cursor.x += 1
            }
            state.cursor = state.canvasPosition(cursor)
            followCursor(&state, area: context.area)
            link.current = targetIndex(atX: cursor.x, y: cursor.y, link, context: context) ?? link.current
            state.mode = .link(link)
        default:
            // The normal-mode keys for panning, undo, redo and help work here too.
            switch context.keyTable.command(for: event) {
            case .pan(let dx, let dy)?: pan(dx: dx, dy: dy, &state, context: context)
            case .page(let direction)?:
                pan(dx: 0, dy: direction * max(1, context.area.height - 2), &state, context: context)
            case .undo?: return [.undo]
            case .redo?: return [.redo]
            case .help?: state.mode = .help(firstRow: 0)
            default: break
            }
        }
        return []
    }

    /// Toggles the link into a target, or says why it cannot.
    static func toggle(
        _ target: LinkTarget, from source: NodeID, _ state: inout CanvasState, context: CanvasContext
    )
        -> [CanvasEffect]
    {
        if target.isVetoed {
            say("this link is not offered here", error: true, &state)
            return []
        }
        if let refusal = target.candidate.refusal {
            say(
                "refused: " + CanvasText.describe(refusal, in: context.graph, arrow: context.arrow),
                error: true, &state)
            return []
        }
        return [.apply(.toggleLink(from: source, to: target.node, slot: target.slot))]
    }

    /// The index of the target whose input row holds a cell (at the current level of detail).
    static func targetIndex(atX x: Int, y: Int, _ link: LinkModeState, context: CanvasContext) -> Int? {
        guard let layout = context.scene.node(atX: x, y: y), let slot = layout.slot(atX: x, y: y) else {
            return nil
        }
        return link.targets.firstIndex { $0.node == layout.id && $0.slot == slot }
    }

    // MARK: Move mode

    static func reduceMove(
        _ state: inout CanvasState, _ move: MoveState, _ event: InputEvent, context: CanvasContext
    )
        -> [CanvasEffect]
    {
        var move = move
        switch event {
        case .up, .down, .left, .right:
            let lod = state.levelOfDetail
            var step = Position.zero
            switch event {
            case .up: step.y = -lod.verticalScale
            case .down: step.y = lod.verticalScale
            case .left: step.x = -lod.horizontalScale
            default: step.x = lod.horizontalScale
            }
            let moves = move.nodes.compactMap { node -> Edit? in
                context.graph.position(of: node).map {
                    .move(node: node, to: Position(x: $0.x + step.x, y: $0.y + step.y))
                }
            }
            guard !moves.isEmpty else { return [] }
            move.offset.x += step.x
            move.offset.y += step.y
            state.mode = .move(move)
            state.cursor.x += step.x
            state.cursor.y += step.y
            followCursor(&state, area: context.area)
            return [.apply(moves.count == 1 ? moves[0] : .batch(moves))]
        case .enter, .character("m"):
            state.mode = .normal
            return [.commitTransaction]
        case .escape:
            state.cursor.x -= move.offset.x
            state.cursor.y -= move.offset.y
            state.mode = .normal
            followCursor(&state, area: context.area)
            return [.cancelTransaction]
        default:
            return []
        }
    }

    // MARK: Palette

    /// The kinds the palette lists for a filter: those whose name or title contains it.
    /// - Parameters:
    ///   - query: The filter; empty lists every kind.
    ///   - registry: The kinds.
    /// - Returns: The matching kinds, in registration order.
    package static func paletteKinds(matching query: String, in registry: KindRegistry) -> [any NodeKind] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return registry.kinds }
        return registry.kinds.filter {
            $0.name.lowercased().contains(needle) || $0.title.lowercased().contains(needle)
        }
    }

    /// The kinds the palette lists for a filter in a graph: the registered kinds, then the
    /// graph's definitions (groups), those whose name or title contains it.
    /// - Parameters:
    ///   - query: The filter; empty lists every kind.
    ///   - graph: The document's graph, whose definitions are listed after the registered kinds.
    /// - Returns: The matching kinds.
    package static func paletteKinds(matching query: String, in graph: Graph) -> [any NodeKind] {
        let needle = query.lowercased()
        let definitions = graph.definitionKinds.filter {
            needle.isEmpty || $0.name.lowercased().contains(needle) || $0.title.lowercased().contains(needle)
        }
        return paletteKinds(matching: query, in: graph.registry) + definitions
    }

    static func reducePalette(
        _ state: inout CanvasState, _ palette: PaletteState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasEffect] {
        var palette = palette
        let kinds = paletteKinds(matching: palette.query, in: context.documentGraph)
        switch event {
        case .escape:
            state.mode = .normal
            return []
        case .up, .backTab:
            if !kinds.isEmpty { palette.choice = (palette.choice + kinds.count - 1) % kinds.count }
        case .down, .tab:
            if !kinds.isEmpty { palette.choice = (palette.choice + 1) % kinds.count }
        case .backspace, .delete:
            if !palette.query.isEmpty { palette.query.removeLast() }
            palette.choice = 0
        case .character(let character):
            palette.query.append(character)
            palette.choice = 0
        case .enter:
            guard !kinds.isEmpty else {
                say("no kind matches '\(palette.query)'", error: true, &state)
                return []
            }
            let kind = kinds[min(palette.choice, kinds.count - 1)]
            state.mode = .normal
            return [.apply(.addNode(newNode(of: kind, at: palette.position, context: context)))]
        default:
            return []
        }
        state.mode = .palette(palette)
        return []
    }

    /// A new node of a kind near a position: a fresh id (`add2`), a name that says which
    /// (`Add 2`), moved down until it neither covers another node nor comes nearer to one than
    /// the theme's ``SpacingFamily/nodeGap``.
    static func newNode(of kind: any NodeKind, at position: Position, context: CanvasContext)
        -> NodeDescription
    {
        let graph = context.graph
        let names = Set(graph.nodeIDs.map { graph.name(of: $0) ?? $0.rawValue })
        func name(_ number: Int) -> String { number == 1 ? kind.title : "\(kind.title) \(number)" }
        var number = 1
        while context.graph.contains(NodeID("\(kind.name)\(number)")) || names.contains(name(number)) {
            number += 1
        }
        let id = NodeID("\(kind.name)\(number)")
        let name = name(number)
        let size = context.defaultSize(kind.name)
        let gap = context.scene.theme.spacing.nodeGap
        var spot = position
        for _ in 0..<40 {
            let footprint = Rect(
                x: spot.x - gap, y: spot.y - gap, width: size.width + 2 * gap, height: size.height + 2 * gap)
            let scaled =
                context.scene.levelOfDetail == .full
                ? footprint
                : Rect(
                    x: floorDivide(spot.x, context.scene.levelOfDetail.horizontalScale),
                    y: floorDivide(spot.y, context.scene.levelOfDetail.verticalScale), width: 1, height: 1)
            if context.scene.nodeIDs(in: scaled).isEmpty { break }
            spot.y += size.height / 2 + 1
        }
        return NodeDescription(id: id, kind: kind.name, name: name, position: spot)
    }
}

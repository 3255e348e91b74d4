import NodeGraph

extension CanvasReducer {
    // MARK: Link mode

    static func reduceLink(
        _ state: inout CanvasState, _ link: LinkModeState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasAction] {
        var link = link
        switch event {
        case .escape:
            return enter(.normal, &state)
        case .tab, .backTab:
            let valid = link.targets.indices.filter { link.targets[$0].isAllowed }
            guard !valid.isEmpty else { return say("no slot can take this link", error: true, &state) }
            let position = link.current.flatMap { valid.firstIndex(of: $0) }
            let next: Int
            if event == .tab {
                next = position.map { valid[($0 + 1) % valid.count] } ?? valid[0]
            } else {
                next = position.map { valid[($0 + valid.count - 1) % valid.count] } ?? valid[valid.count - 1]
            }
            link.current = next
            state.mode = .link(link)
            let target = link.targets[next]
            if let layout = context.scene.layouts[target.node] {
                moveCursor(to: layout, &state, area: context.area, row: layout.inputRows[target.slot])
            }
            return []
        case .enter, .character(" "):
            guard let target = link.currentTarget else {
                return say("move to a slot first (Tab)", error: true, &state)
            }
            if target.isVetoed { return say("this link is not offered here", error: true, &state) }
            return [.edit(.toggleLink(from: link.source, to: target.node, slot: target.slot))]
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
            return []
        case .character("H"): pan(dx: -panColumns, dy: 0, &state, area: context.area)
        case .character("L"): pan(dx: panColumns, dy: 0, &state, area: context.area)
        case .character("J"): pan(dx: 0, dy: panRows, &state, area: context.area)
        case .character("K"): pan(dx: 0, dy: -panRows, &state, area: context.area)
        case .character("u"): return [.undo]
        case .character("U"): return [.redo]
        case .character("?"): return enter(.help, &state)
        default: break
        }
        return []
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
        _ state: inout CanvasState, _ node: NodeID, _ event: InputEvent, context: CanvasContext
    )
        -> [CanvasAction]
    {
        switch event {
        case .up, .down, .left, .right:
            guard let position = context.graph.position(of: node) else {
                return [.transactionCancelled] + enter(.normal, &state)
            }
            let lod = state.levelOfDetail
            var next = position
            switch event {
            case .up: next.y -= lod.verticalScale
            case .down: next.y += lod.verticalScale
            case .left: next.x -= lod.horizontalScale
            default: next.x += lod.horizontalScale
            }
            state.cursor.x += next.x - position.x
            state.cursor.y += next.y - position.y
            followCursor(&state, area: context.area)
            return [.edit(.move(node: node, to: next))]
        case .enter, .character("m"):
            return [.transactionCommitted] + enter(.normal, &state)
        case .escape:
            if case .move(_, let from) = state.mode, let now = context.graph.position(of: node) {
                state.cursor.x -= now.x - from.x
                state.cursor.y -= now.y - from.y
            }
            return [.transactionCancelled] + enter(.normal, &state)
        default:
            return []
        }
    }

    // MARK: Value editing

    static func reduceEdit(
        _ state: inout CanvasState, _ edit: ValueEditState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasAction] {
        var edit = edit
        switch event {
        case .escape:
            return enter(.normal, &state)
        case .enter:
            guard let number = Double(edit.text), number.isFinite else {
                return say("'\(edit.text)' is not a number", error: true, &state)
            }
            return enter(.normal, &state) + [.edit(.setValue(node: edit.node, value: .number(number)))]
        case .backspace, .delete:
            if edit.isPristine { edit.text = "" } else if !edit.text.isEmpty { edit.text.removeLast() }
            edit.isPristine = false
        case .character(let character) where character.isNumber || character == ".":
            if edit.isPristine { edit.text = "" }
            edit.isPristine = false
            guard edit.text.count < 24 else { break }
            if character == "." && edit.text.contains(".") { break }
            edit.text.append(character)
        case .character("-") where edit.text.isEmpty:
            edit.text = "-"
            edit.isPristine = false
        case .character(let character) where character == "+" || character == "-":
            let number = Double(edit.text) ?? 0
            edit.text = Value.format(number + (character == "+" ? 1 : -1))
            edit.isPristine = false
        default:
            return []
        }
        state.mode = .editValue(edit)
        return []
    }

    // MARK: Palette

    /// The kinds the palette lists for a filter: those whose name or title contains it.
    /// - Parameters:
    ///   - query: The filter; empty lists every kind.
    ///   - registry: The kinds.
    /// - Returns: The matching kinds, in registration order.
    public static func paletteKinds(matching query: String, in registry: KindRegistry) -> [any NodeKind] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return registry.kinds }
        return registry.kinds.filter {
            $0.name.lowercased().contains(needle) || $0.title.lowercased().contains(needle)
        }
    }

    static func reducePalette(
        _ state: inout CanvasState, _ palette: PaletteState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasAction] {
        var palette = palette
        let kinds = paletteKinds(matching: palette.query, in: context.graph.registry)
        switch event {
        case .escape:
            return enter(.normal, &state)
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
                return say("no kind matches '\(palette.query)'", error: true, &state)
            }
            let kind = kinds[min(palette.choice, kinds.count - 1)]
            let description = newNode(of: kind, at: palette.position, context: context)
            var actions = enter(.normal, &state)
            actions.append(.edit(.addNode(description)))
            actions += select(description.id, &state)
            return actions
        default:
            return []
        }
        state.mode = .palette(palette)
        return []
    }

    /// A new node of a kind near a position: a fresh id (`add2`), a name that says which
    /// (`Add 2`), moved down until it does not cover another node.
    static func newNode(of kind: any NodeKind, at position: Position, context: CanvasContext)
        -> NodeDescription
    {
        let names = Set(context.scene.models.models.values.map(\.name))
        func name(_ number: Int) -> String { number == 1 ? kind.title : "\(kind.title) \(number)" }
        var number = 1
        while context.graph.contains(NodeID("\(kind.name)\(number)")) || names.contains(name(number)) {
            number += 1
        }
        let id = NodeID("\(kind.name)\(number)")
        let name = name(number)
        let size = context.defaultSize(kind.name)
        var spot = position
        for _ in 0..<40 {
            let footprint = Rect(x: spot.x, y: spot.y, width: size.width, height: size.height)
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

    // MARK: Find

    static func reduceFind(
        _ state: inout CanvasState, _ query: String, _ event: InputEvent, context: CanvasContext
    )
        -> [CanvasAction]
    {
        var query = query
        switch event {
        case .escape:
            return enter(.normal, &state)
        case .backspace, .delete:
            if !query.isEmpty { query.removeLast() }
        case .character(let character):
            query.append(character)
        case .enter:
            let matches = findMatches(query, context: context)
            guard let first = matches.first else {
                return enter(.normal, &state) + say("no node named like '\(query)'", error: true, &state)
            }
            let index = state.selection.flatMap { id in matches.firstIndex { $0.id == id } }
            let target = index.map { matches[($0 + 1) % matches.count] } ?? first
            moveCursor(to: target, &state, area: context.area)
            var actions = enter(.normal, &state) + select(target.id, &state)
            actions += say("found \(context.scene.models[target.id]?.name ?? target.id.rawValue)", &state)
            return actions
        default:
            return []
        }
        state.mode = .find(query: query)
        return []
    }

    /// The shown nodes whose names contain the query (ignoring case), in reading order.
    static func findMatches(_ query: String, context: CanvasContext) -> [NodeLayout] {
        let needle = query.lowercased()
        return readingOrder(context).filter { layout in
            guard let name = context.scene.models[layout.id]?.name.lowercased() else { return false }
            return needle.isEmpty || name.contains(needle)
        }
    }
}

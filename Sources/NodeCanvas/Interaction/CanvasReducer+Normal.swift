import NodeGraph

extension CanvasReducer {
    static func reduceNormal(_ state: inout CanvasState, _ event: InputEvent, context: CanvasContext)
        -> [CanvasAction]
    {
        let area = context.area
        switch event {
        case .up, .down, .left, .right:
            var cursor = state.scaledCursor
            switch event {
            case .up: cursor.y -= 1
            case .down: cursor.y += 1
            case .left: cursor.x -= 1
            default: cursor.x += 1
            }
            state.cursor = state.canvasPosition(cursor)
            followCursor(&state, area: area)
            if let node = nodeAtCursor(state, context) { return select(node.id, &state) }
            return []
        case .tab, .backTab:
            let order = readingOrder(context)
            guard !order.isEmpty else { return say("no nodes yet: press n to add one", &state) }
            let index = state.selection.flatMap { id in order.firstIndex { $0.id == id } }
            let next: Int
            if event == .tab {
                next = index.map { ($0 + 1) % order.count } ?? 0
            } else {
                next = index.map { ($0 + order.count - 1) % order.count } ?? order.count - 1
            }
            moveCursor(to: order[next], &state, area: area)
            return select(order[next].id, &state)
        case .escape:
            return select(nil, &state)
        case .delete, .character("x"):
            guard let node = state.selection else {
                return say("select a node to delete (Tab)", error: true, &state)
            }
            return [.edit(.removeNode(node))] + select(nil, &state)
        case .character(let character):
            return reduceNormalCharacter(&state, character, context: context)
        default:
            return []
        }
    }

    private static func reduceNormalCharacter(
        _ state: inout CanvasState, _ character: Character, context: CanvasContext
    ) -> [CanvasAction] {
        let area = context.area
        let graph = context.graph
        switch character {
        case "H": pan(dx: -panColumns, dy: 0, &state, area: area)
        case "l" where state.selection == nil:
            return say("select a node to link from (Tab)", error: true, &state)
        case "L": pan(dx: panColumns, dy: 0, &state, area: area)
        case "J": pan(dx: 0, dy: panRows, &state, area: area)
        case "K": pan(dx: 0, dy: -panRows, &state, area: area)
        case "l":
            guard let source = state.selection else { return [] }
            return enterLinkMode(from: source, &state, context: context)
        case "n":
            return enter(.palette(PaletteState(position: state.cursor)), &state)
        case "/":
            return enter(.find(query: ""), &state)
        case "?":
            return enter(.help, &state)
        case "u": return [.undo]
        case "U": return [.redo]
        case "s": return [.effect(.save)]
        case "q": return [.effect(.quit)]
        case "i": return [.inspectorToggled]
        case "z":
            state.levelOfDetail = state.levelOfDetail.next
            return [.levelOfDetailChanged(state.levelOfDetail)]
        case "a":
            return arrange(&state, context: context)
        case "m":
            guard let node = state.selection, let position = graph.position(of: node) else {
                return say("select a node to move (Tab)", error: true, &state)
            }
            return [.transactionBegan] + enter(.move(node: node, from: position), &state)
        case "e":
            guard let node = state.selection, let held = graph.parameter(of: node) else {
                return say("select a number node to edit its value", error: true, &state)
            }
            guard held.number != nil else { return say("only numbers can be typed in", error: true, &state) }
            return enter(.editValue(ValueEditState(node: node, text: held.description)), &state)
        case "+", "-", "=":
            guard let node = state.selection, let number = graph.parameter(of: node)?.number else {
                return say("select a number node to step its value", error: true, &state)
            }
            return [.edit(.setValue(node: node, value: .number(number + (character == "-" ? -1 : 1))))]
        case "o":
            return cycleKind(&state, context: context)
        default:
            break
        }
        return []
    }

    /// `o`: the next kind of the selected node's category, in registration order.
    private static func cycleKind(_ state: inout CanvasState, context: CanvasContext) -> [CanvasAction] {
        guard let node = state.selection, let kind = context.graph.kind(of: node) else {
            return say("select an operator to change it", error: true, &state)
        }
        let family = context.graph.registry.kinds.filter { $0.category == kind.category }
        guard family.count > 1, let index = family.firstIndex(where: { $0.name == kind.name }) else {
            return say("\(kind.title) has no other kinds to cycle through", error: true, &state)
        }
        let next = family[(index + 1) % family.count]
        return [.edit(.setKind(node: node, kind: next.name))]
    }

    /// `a`: arranges every node in layers, as one undo step.
    private static func arrange(_ state: inout CanvasState, context: CanvasContext) -> [CanvasAction] {
        let positions = AutoArrange.positions(
            for: context.graph, spacing: context.scene.theme.spacing,
            size: { id in
                context.scene.layouts[id].map { Size(width: $0.frame.width, height: $0.frame.height) }
                    ?? Size(width: 18, height: 6)
            })
        let moves = positions.sorted { $0.key < $1.key }.compactMap { id, position -> Edit? in
            context.graph.position(of: id) == position ? nil : .move(node: id, to: position)
        }
        guard !moves.isEmpty else { return say("already arranged", &state) }
        return [.edit(.batch(moves))] + say("arranged \(positions.count) nodes in layers (u undoes)", &state)
    }

    /// `l`: link mode from a node, with every slot marked and the first valid target current.
    static func enterLinkMode(from source: NodeID, _ state: inout CanvasState, context: CanvasContext)
        -> [CanvasAction]
    {
        var link = LinkModeState(source: source, targets: linkTargets(from: source, context: context))
        link.current = link.targets.firstIndex { $0.isAllowed }
        let actions = enter(.link(link), &state)
        if let current = link.currentTarget, let layout = context.scene.layouts[current.node] {
            moveCursor(to: layout, &state, area: context.area, row: layout.inputRows[current.slot])
        }
        return actions
    }

    /// The slots of the shown nodes as link targets, in reading order, with the host's vetoes.
    static func linkTargets(from source: NodeID, context: CanvasContext) -> [LinkTarget] {
        context.graph.linkCandidates(from: source).compactMap { candidate -> LinkTarget? in
            guard context.scene.layouts[candidate.node] != nil else { return nil }
            let vetoed = candidate.isAllowed && !context.offersLinkTarget(candidate, source)
            return LinkTarget(candidate: candidate, isVetoed: vetoed)
        }.sorted { a, b in
            let la = context.scene.layouts[a.node]!.frame, lb = context.scene.layouts[b.node]!.frame
            return (la.minY, la.minX, a.node, a.slot) < (lb.minY, lb.minX, b.node, b.slot)
        }
    }
}

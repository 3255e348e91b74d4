import NodeGraph

extension CanvasReducer {
    static func reduceNormal(_ state: inout CanvasState, _ event: InputEvent, context: CanvasContext)
        -> [CanvasEffect]
    {
        guard let command = context.keyTable.command(for: event) else { return [] }
        return run(command, &state, context: context)
    }

    /// Runs a normal-mode command (a read-only canvas refuses one that edits).
    static func run(_ command: CanvasCommand, _ state: inout CanvasState, context: CanvasContext)
        -> [CanvasEffect]
    {
        if refusedAsReadOnly(command, &state, context: context) { return [] }
        let graph = context.graph
        switch command {
        case .moveCursor(let dx, let dy):
            var cursor = state.scaledCursor
            cursor.x += dx
            cursor.y += dy
            placeCursor(at: state.canvasPosition(cursor), &state, context: context)
            followCursor(&state, area: context.area)
        case .nextNode, .previousNode:
            jumpToNode(forward: command == .nextNode, &state, context: context)
        case .pan(let dx, let dy):
            pan(dx: dx, dy: dy, &state, context: context)
        case .page(let direction):
            pan(dx: 0, dy: direction * max(1, context.area.height - 2), &state, context: context)
        case .fit:
            fit(&state, context: context)
        case .newNode:
            state.mode = .palette(PaletteState(position: state.cursor))
        case .link:
            guard let source = state.cursorNode else {
                say("put the cursor on a node to link from (Tab)", error: true, &state)
                return []
            }
            enterLinkMode(from: source, &state, context: context)
        case .delete:
            let nodes = state.targets
            guard !nodes.isEmpty else {
                say("nothing to delete: put the cursor on a node (Tab)", error: true, &state)
                return []
            }
            state.selection = []
            return [.apply(nodes.count == 1 ? .removeNode(nodes[0]) : .batch(nodes.map { .removeNode($0) }))]
        case .move:
            let nodes = state.targets
            guard !nodes.isEmpty else {
                say("nothing to move: put the cursor on a node (Tab)", error: true, &state)
                return []
            }
            state.mode = .move(MoveState(nodes: nodes))
            return [.beginTransaction]
        case .editValue:
            return startEditingValue(&state, context: context)
        case .open:
            return open(&state, context: context)
        case .group:
            return startGrouping(&state, context: context)
        case .ungroup:
            return ungroup(&state, context: context)
        case .leaveGroup:
            leaveGroup(&state)
        case .step(let amount):
            guard let node = state.cursorNode, graph.kind(of: node)?.valueEditor == .number,
                let number = graph.parameter(of: node)?.number
            else {
                say("put the cursor on a number node to step its value", error: true, &state)
                return []
            }
            return [.apply(.setValue(node: node, value: .number(number + Double(amount))))]
        case .rename:
            guard let node = state.cursorNode else {
                say("put the cursor on a node to rename it", error: true, &state)
                return []
            }
            let name = LineEditor(graph.name(of: node) ?? "", limit: maximumNameLength)
            state.mode = .rename(RenameState(node: node, editor: name))
        case .cycleKind:
            return cycleKind(&state, context: context)
        case .toggleBypass:
            return toggleBypass(&state, context: context)
        case .toggleTiming:
            state.showsTiming.toggle()
            say(
                state.showsTiming
                    ? "timing on: each node's recomputations since the file was opened and last compute time"
                    : "timing off", &state)
        case .cycleLevelOfDetail:
            state.levelOfDetail = state.levelOfDetail.next
            followCursor(&state, area: context.area)
        case .find:
            state.mode = .find(FindState(editor: LineEditor(state.lastQuery, limit: maximumQueryLength)))
        case .arrange:
            return arrange(&state, context: context)
        case .undo: return [.undo]
        case .redo: return [.redo]
        case .save: return [.save(thenQuit: false)]
        case .quit:
            if context.isModified {
                state.mode = .prompt(.quitWithUnsavedChanges)
                return []
            }
            return [.quit]
        case .help:
            state.mode = .help(firstRow: 0)
        case .messages:
            state.mode = .messages(firstRow: 0)
        case .commandLine:
            state.mode = .commandLine(CommandLineState())
        case .tool(let name):
            return [.runToolCommand(name)]
        case .toggleInspector:
            state.isInspectorShown.toggle()
        case .toggleMinimap:
            state.showsMinimap.toggle()
            if state.showsMinimap && MinimapGeometry.frame(in: context.area) == nil {
                say("the screen is too small for the minimap", error: true, &state)
            } else {
                say(
                    state.showsMinimap
                        ? "minimap shown: a click in it moves the view (M hides it)" : "minimap hidden",
                    &state)
            }
        case .toggleSelection:
            guard let node = state.cursorNode else {
                say("put the cursor on a node to select it (Tab)", error: true, &state)
                return []
            }
            if state.selection.contains(node) {
                state.selection.remove(node)
                state.cursorNode = nil
                state.cursorNode = nodeAtCursor(state, context).map(\.id)
                say("\(name(node, graph)) is no longer selected", &state)
            } else {
                state.selection.insert(node)
            }
        case .selectAll:
            state.selection = Set(context.scene.layouts.keys)
            let count = state.selection.count
            say(
                "selected \(count == 1 ? "1 node" : "\(count) nodes") \(context.separator) Esc clears", &state
            )
        case .clearSelection:
            if state.selection.isEmpty && !state.openedGroups.isEmpty {
                leaveGroup(&state)
            } else {
                state.selection = []
            }
        case .copy:
            let nodes = state.targets
            guard !nodes.isEmpty else {
                say("nothing to copy: put the cursor on a node (Tab)", error: true, &state)
                return []
            }
            let contents = ClipboardContents.copying(nodes, from: graph, document: context.documentGraph)
            let count = contents.nodes.count == 1 ? "1 node" : "\(contents.nodes.count) nodes"
            say("copied \(count) \(context.separator) p pastes at the cursor, P with their inputs", &state)
            return [.copy(contents)]
        case .paste(let keepingOutsideInputs):
            return [.paste(keepingOutsideInputs: keepingOutsideInputs)]
        case .duplicate:
            let nodes = state.targets
            guard !nodes.isEmpty else {
                say("nothing to duplicate: put the cursor on a node (Tab)", error: true, &state)
                return []
            }
            let contents = ClipboardContents.copying(nodes, from: graph, document: context.documentGraph)
            let frames = nodes.compactMap { context.scene.layout(of: $0)?.frame }
            guard let first = frames.first, let top = contents.nodes.map(\.position).min(by: { $0.y < $1.y })
            else {
                return []
            }
            let bounds = frames.dropFirst().reduce(first) { $0.union($1) }
            let left = contents.nodes.map(\.position.x).min() ?? 0
            let origin = besideItself(
                bounds,
                at: Position(x: left + bounds.width * state.levelOfDetail.horizontalScale + 2, y: top.y),
                state, context: context)
            let paste = contents.pasteEdit(into: graph, at: origin, keepingOutsideInputs: true)
            say(
                "duplicated \(paste.ids.count == 1 ? "1 node" : "\(paste.ids.count) nodes") (u undoes)",
                &state)
            return [.apply(paste.edit)]
        }
        return []
    }

    /// Columns a copy keeps clear on its left and right: the cell a link ends in beside an
    /// input row (or starts in beside the output row), a column for the link to turn in, and
    /// one between that and a neighbour's border. With less, a link into the copy has to run
    /// under the neighbour's rows (its output row among them), as if the neighbour fed it.
    static let copyLinkRoom = 3

    /// Where a duplicate or a paste of nodes spanning `bounds` goes: at `position` (its top
    /// left, in graph units), moved right past every node it would cover or come nearer to than
    /// the theme's ``SpacingFamily/nodeGap`` rows above and below, or ``copyLinkRoom`` columns
    /// left and right (room for its links).
    static func besideItself(
        _ bounds: Rect, at position: Position, _ state: CanvasState, context: CanvasContext
    ) -> Position {
        let gap = context.scene.theme.spacing.nodeGap, room = max(gap, copyLinkRoom)
        let columns = state.levelOfDetail.horizontalScale, rows = state.levelOfDetail.verticalScale
        var spot = position
        for _ in 0..<100 {
            let footprint = Rect(
                x: floorDivide(spot.x, columns) - room, y: floorDivide(spot.y, rows) - gap,
                width: bounds.width + 2 * room, height: bounds.height + 2 * gap)
            let blocking = context.scene.nodeIDs(in: footprint).compactMap {
                context.scene.layout(of: $0)?.frame
            }
            guard let right = blocking.map(\.maxX).max() else { break }
            spot.x = (right + room) * columns
        }
        return spot
    }

    /// Tab and Shift-Tab: the cursor to the next or previous node in reading order.
    private static func jumpToNode(forward: Bool, _ state: inout CanvasState, context: CanvasContext) {
        guard let next = context.scene.nodeInReadingOrder(after: state.cursorNode, forward: forward) else {
            say("no nodes yet: press n to add one", &state)
            return
        }
        moveCursor(to: next, &state, context: context)
    }

    /// `f`: the whole graph in view, at the most detailed level of detail at which it fits;
    /// when even dots do not fit, its top left in dots and the minimap open. The cursor stays
    /// where it is when still in view, else goes to the graph's first node.
    /// - Parameter choosingLevel: Whether to choose the level of detail (`f`), or keep the one
    ///   shown (opening a file).
    static func fit(_ state: inout CanvasState, context: CanvasContext, choosingLevel: Bool = true) {
        let area = context.area
        let levels: [LevelOfDetail] = choosingLevel ? [.full, .compact, .dot] : [state.levelOfDetail]
        var chosen: (level: LevelOfDetail, bounds: Rect)?
        for level in levels {
            guard let bounds = context.scene.bounds(at: level) else { return }
            chosen = (level, bounds)
            if bounds.width <= area.width && bounds.height <= area.height { break }
        }
        guard let (level, bounds) = chosen else { return }
        let fits = bounds.width <= area.width && bounds.height <= area.height
        if level != state.levelOfDetail {
            // The cursor keeps its canvas position; the origin is placed below at the new level.
            state.levelOfDetail = level
        }
        if !fits && choosingLevel { state.showsMinimap = true }
        fitView(bounds, fits: fits, opensMinimap: choosingLevel, &state, context: context)
    }

    /// Places the view around `bounds` (cells at the state's level of detail).
    private static func fitView(
        _ bounds: Rect, fits: Bool, opensMinimap: Bool, _ state: inout CanvasState, context: CanvasContext
    ) {
        let area = context.area
        var origin = Point(x: bounds.minX - area.minX, y: bounds.minY - area.minY)
        if bounds.width <= area.width { origin.x = bounds.minX - (area.width - bounds.width) / 2 - area.minX }
        if bounds.height <= area.height {
            origin.y = bounds.minY - (area.height - bounds.height) / 2 - area.minY
        }
        setScaledOrigin(origin, &state)
        let visible = area.offsetBy(dx: origin.x, dy: origin.y)
        if !visible.contains(x: state.scaledCursor.x, y: state.scaledCursor.y),
            let top = context.scene.nodeInReadingOrder(after: nil, forward: true)
        {
            // Where the node is in canvas cells: the scene may still show the level before.
            state.cursor = context.graph.position(of: top.id) ?? state.cursor
            state.cursorNode = top.id
        }
        let level = state.levelOfDetail == .full ? "" : " (\(state.levelOfDetail.rawValue) detail)"
        say(
            fits
                ? "the whole graph is in view" + level
                : !opensMinimap
                    ? "the graph is larger than the screen: its top left is in view"
                    : MinimapGeometry.frame(in: area) == nil
                        ? "the graph is larger than the screen even in dots: its top left is in view"
                        : "the graph is larger than the screen even in dots: the minimap shows all of it (M hides it)",
            &state)
    }

    /// `e` or Enter: the editor the cursor's node's kind asks for (``NodeKind/valueEditor``): a
    /// number or a text typed in, the old text selected; a toggle switches at once.
    static func startEditingValue(_ state: inout CanvasState, context: CanvasContext)
        -> [CanvasEffect]
    {
        guard let node = state.cursorNode, let kind = context.graph.kind(of: node),
            let held = context.graph.parameter(of: node)
        else {
            say("put the cursor on a source node (one that holds a value) to edit it", error: true, &state)
            return []
        }
        switch kind.valueEditor {
        case .number:
            let value = LineEditor(held.description, limit: maximumValueLength)
            state.mode = .editValue(ValueEditState(node: node, editor: value))
        case .text:
            let limit = kind is FormulaKind ? Formula.maximumLength : maximumTextLength
            let text = LineEditor(editableText(of: held), limit: limit)
            state.mode = .editValue(ValueEditState(node: node, editor: text))
        case .toggle(let off, let on):
            return [.apply(.setValue(node: node, value: held == on ? off : on))]
        case .none:
            say("\(kind.title) has no value to type in", error: true, &state)
        }
        return []
    }

    /// The text the text editor starts from: a string payload as it is.
    static func editableText(of value: Value) -> String {
        if case .custom(let custom) = value, case .string(let text) = custom.payload { return text }
        return value.description
    }

    /// `o`: the next kind of the cursor's node's category, in registration order.
    private static func cycleKind(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        guard let node = state.cursorNode, let kind = context.graph.kind(of: node) else {
            say("put the cursor on an operator to change it", error: true, &state)
            return []
        }
        let family = context.graph.registry.kinds.filter { $0.category == kind.category }
        guard family.count > 1, let index = family.firstIndex(where: { $0.name == kind.name }) else {
            say("\(kind.title) has no other kinds to cycle through", error: true, &state)
            return []
        }
        let next = family[(index + 1) % family.count]
        return [.apply(.setKind(node: node, kind: next.name))]
    }

    /// `b`: bypasses what the command acts on, as one undo step; when all of it is bypassed
    /// already, stops bypassing it. A source among it refuses the whole command, saying why.
    private static func toggleBypass(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        let graph = context.graph
        let nodes = state.targets
        guard !nodes.isEmpty else {
            say("nothing to bypass: put the cursor on a node (Tab)", error: true, &state)
            return []
        }
        let bypass = !nodes.allSatisfy(graph.isBypassed)
        if bypass {
            for node in nodes {
                guard case .cannotBypass(_, let kind, let reason)? = graph.bypassProblem(node) else {
                    continue
                }
                say(
                    "\(graph.name(of: node) ?? node.rawValue) (\(kind)) cannot be bypassed: \(reason)",
                    error: true, &state)
                return []
            }
        }
        let edits = nodes.filter { graph.isBypassed($0) != bypass }.map {
            Edit.setBypass(node: $0, bypassed: bypass)
        }
        return [.apply(edits.count == 1 ? edits[0] : .batch(edits))]
    }

    /// `a`: arranges every node in layers, as one undo step: a move of each node that changes
    /// place, column by column from the left and top to bottom in a column (the order the
    /// arrangement gives, so nothing is sorted by identifier).
    private static func arrange(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        let placements = AutoArrange.placements(
            for: context.graph, spacing: context.scene.theme.spacing,
            size: { id in context.scene.fullDetailSize(of: id) ?? Size(width: 18, height: 6) })
        var moves: [Edit] = []
        moves.reserveCapacity(placements.count)
        for placement in placements where placement.position != placement.previous {
            moves.append(.move(node: placement.id, to: placement.position))
        }
        guard !moves.isEmpty else {
            say("already arranged", &state)
            return []
        }
        say("arranged \(placements.count) nodes in layers (u undoes)", &state)
        return [.apply(.batch(moves))]
    }

    /// `l`: link mode from a node, with every slot listed and the first valid target current.
    static func enterLinkMode(from source: NodeID, _ state: inout CanvasState, context: CanvasContext) {
        var link = LinkModeState(source: source, targets: linkTargets(from: source, context: context))
        link.current = link.targets.firstIndex { $0.isAllowed }
        state.mode = .link(link)
        if let current = link.currentTarget, let layout = context.scene.layout(of: current.node) {
            moveCursor(to: layout, &state, context: context, row: layout.inputRows[current.slot])
            state.cursorNode = source  // the source stays the node keys act on
        }
    }

    /// The slots of the shown nodes as link targets, in reading order, with the host's vetoes.
    static func linkTargets(from source: NodeID, context: CanvasContext) -> [LinkTarget] {
        context.graph.linkCandidates(from: source).compactMap { candidate -> LinkTarget? in
            guard context.scene.layout(of: candidate.node) != nil else { return nil }
            let vetoed = candidate.isAllowed && !context.offersLinkTarget(candidate, source)
            return LinkTarget(candidate: candidate, isVetoed: vetoed)
        }.sorted { a, b in
            let la = context.scene.layout(of: a.node)!.frame, lb = context.scene.layout(of: b.node)!.frame
            return (la.minY, la.minX, a.node, a.slot) < (lb.minY, lb.minX, b.node, b.slot)
        }
    }
}

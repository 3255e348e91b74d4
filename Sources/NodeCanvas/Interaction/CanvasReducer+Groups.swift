import NodeGraph

/// Groups on the canvas: Enter opens an instance's definition as a level of its own, Esc or
/// Backspace goes back up, `g` makes the selection a group (asking its name), `G` ungroups.
extension CanvasReducer {
    /// Enter: opens the group at the cursor; on any other node, edits its value.
    static func open(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        guard let node = state.cursorNode, let summary = context.graph.instanceSummary(of: node) else {
            return startEditingValue(&state, context: context)
        }
        state.openedGroups.append(OpenedGroup(instance: node, summary: summary, leaving: state))
        state.selection = []
        state.cursorNode = nil
        state.viewport.origin = .zero
        state.cursor = Position(x: 1, y: 1)
        return []
    }

    /// Esc with nothing selected, or Backspace: back up one level, the cursor, selection and
    /// view where they were before the group was opened.
    static func leaveGroup(_ state: inout CanvasState) {
        guard let left = state.openedGroups.popLast() else {
            say("not inside a group: Enter on a group opens it", &state)
            return
        }
        restore(left, &state)
    }

    /// The instances opened groups were entered from are gone: back up to the first `keeping`.
    static func openedGroupsGone(keeping: Int, _ state: inout CanvasState) {
        guard keeping < state.openedGroups.count else { return }
        let left = state.openedGroups[keeping]
        state.openedGroups.removeSubrange(keeping...)
        restore(left, &state)  // the change that took it away says what it was
    }

    private static func restore(_ left: OpenedGroup, _ state: inout CanvasState) {
        state.mode = .normal
        state.cursor = left.cursor
        state.cursorNode = left.cursorNode
        state.selection = left.selection
        state.viewport.origin = left.origin
    }

    /// The scene shows the level opened or gone back to: inside a group just opened, the view
    /// fits its nodes and the cursor is on the first; gone back up, the state meets the graph.
    static func groupLevelShown(entered: Bool, _ state: inout CanvasState, context: CanvasContext) {
        guard entered, let opened = state.openedGroups.last else {
            settle(&state, context: context)
            return
        }
        fit(&state, context: context, choosingLevel: false)
        if let first = readingOrder(context).first { moveCursor(to: first, &state, context: context) }
        let count = context.documentGraph.instances(of: opened.kind).count
        let dot = " \(context.separator) "
        say(
            "values of \(name(opened.instance, context.documentGraph, state))"
                + (count > 1 ? "\(dot)edits here change all \(count)" : "") + "\(dot)Backspace goes back",
            &state)
    }

    /// An instance's name at the level above the innermost opened group.
    private static func name(_ instance: NodeID, _ documentGraph: Graph, _ state: CanvasState) -> String {
        let above = documentGraph.graph(insideInstance: state.openedGroups.dropLast().map(\.instance))
        return above?.name(of: instance) ?? instance.rawValue
    }

    /// `g`: checks that the selection can be one group, then asks the group's name.
    static func startGrouping(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        let nodes = state.targets
        guard !nodes.isEmpty else {
            say("nothing to group: select nodes with Space, then g", error: true, &state)
            return []
        }
        let probe = Edit.group(
            nodes: nodes, kind: freeKind(for: "group", context: context), name: "Group",
            id: context.graph.freeID(like: "group"))
        var trial = context.documentGraph
        do throws(GraphError) {
            try trial.apply(state.openedGroups.last.map { .inside(definition: $0.kind, probe) } ?? probe)
        } catch {
            say("cannot group: " + CanvasText.describe(error, in: context.graph), error: true, &state)
            return []
        }
        state.mode = .prompt(.groupName(LineEditor(limit: maximumNameLength), nodes: nodes))
        return []
    }

    /// A key while the group's name is asked: Enter groups, Esc cancels. A name that a kind or
    /// another group already shows is refused, the prompt staying open.
    static func reduceGroupName(
        _ state: inout CanvasState, _ editor: LineEditor, nodes: [NodeID], _ event: InputEvent,
        context: CanvasContext
    ) -> [CanvasEffect] {
        var editor = editor
        switch edit(&editor, event, noun: "a group's name", &state) {
        case .cancelled:
            state.mode = .normal
            say("not grouped", &state)
        case .accepted:
            let name = editor.text.withoutOuterSpaces
            guard !name.isEmpty else {
                say("type the group's name, or Esc", error: true, &state)
                return []
            }
            if let clash = shownKindName(like: name, in: context.documentGraph) {
                say(
                    "a \(clash.isGroup ? "group" : "kind") named '\(clash.name)' exists already", error: true,
                    &state)
                return []
            }
            state.mode = .normal
            state.selection = []
            let kind = freeKind(for: name, context: context)
            return [
                .apply(
                    .group(nodes: nodes, kind: kind, name: name, id: context.graph.freeID(like: NodeID(kind)))
                )
            ]
        case .edited, .tooLong:
            state.mode = .prompt(.groupName(editor, nodes: nodes))
        case .ignored:
            break
        }
        return []
    }

    /// The kind or definition already shown with a name (ignoring case), as the palette shows it.
    /// - Parameters:
    ///   - name: The name asked for.
    ///   - graph: The document's graph, with the registered kinds and the definitions.
    /// - Returns: The shown name and whether it is a group's, or `nil` when the name is free.
    static func shownKindName(like name: String, in graph: Graph) -> (name: String, isGroup: Bool)? {
        let wanted = name.lowercased()
        if let definition = graph.definitionKinds.first(where: { $0.title.lowercased() == wanted }) {
            return (definition.title, true)
        }
        if let kind = graph.registry.kinds.first(where: { $0.title.lowercased() == wanted }) {
            return (kind.title, false)
        }
        return nil
    }

    /// `G`: the group at the cursor replaced by its definition's nodes.
    static func ungroup(_ state: inout CanvasState, context: CanvasContext) -> [CanvasEffect] {
        guard let node = state.cursorNode, context.graph.instanceSummary(of: node) != nil else {
            say("put the cursor on a group to ungroup it", error: true, &state)
            return []
        }
        return [.apply(.ungroup(node))]
    }

    /// A definition kind made from a name (`Running mean` → `running-mean`), free among the
    /// registered kinds and the definitions (`average2` when `average` is taken).
    static func freeKind(for name: String, context: CanvasContext) -> String {
        var base = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                base.append(character)
            } else if !base.isEmpty, base.last != "-" {
                base.append("-")
            }
        }
        while base.last == "-" { base.removeLast() }
        if base.isEmpty { base = "group" }
        let graph = context.documentGraph
        func isTaken(_ kind: String) -> Bool {
            graph.registry.kind(named: kind) != nil || graph.definition(named: kind) != nil
        }
        guard isTaken(base) else { return base }
        var number = 2
        while isTaken("\(base)\(number)") { number += 1 }
        return "\(base)\(number)"
    }
}

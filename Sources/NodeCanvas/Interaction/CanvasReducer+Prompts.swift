import NodeGraph

extension CanvasReducer {
    /// The host's answers: a file name is needed, a file exists, a save succeeded, edits were
    /// found for recovery.
    static func reduceHostAnswer(_ state: inout CanvasState, _ action: CanvasAction, context: CanvasContext)
        -> [CanvasEffect]
    {
        switch action {
        case .fileNameNeeded(let proposal, let thenQuit):
            state.message = nil
            state.mode = .prompt(.saveAs(fileNameEditor(proposal), thenQuit: thenQuit))
        case .saveTargetExists(let path, let thenQuit):
            state.message = nil
            state.mode = .prompt(.replace(path: path, thenQuit: thenQuit))
        case .fileChangedOnDisk(let path, let thenQuit):
            state.message = nil
            state.mode = .prompt(.changedOnDisk(path: path, thenQuit: thenQuit))
        case .saved(let path, let nodeCount):
            if case .prompt = state.mode { state.mode = .normal }
            say("saved \(path) (\(nodeCount == 1 ? "1 node" : "\(nodeCount) nodes"))", &state)
        case .recoveryFound(let offer):
            state.message = nil
            state.mode = .prompt(.recover(offer))
        case .clipboardRead(let contents, let keepingOutsideInputs):
            guard let contents, !contents.nodes.isEmpty else {
                say("the clipboard is empty: y copies the selection", error: true, &state)
                return []
            }
            let origin = besideItself(
                pasteFootprint(of: contents, state, context: context), at: state.cursor, state,
                context: context)
            let paste = contents.pasteEdit(
                into: context.graph, at: origin, keepingOutsideInputs: keepingOutsideInputs,
                addingDefinitions: state.openedGroups.isEmpty)
            let count = paste.ids.count == 1 ? "1 node" : "\(paste.ids.count) nodes"
            say("pasted \(count)\(keepingOutsideInputs ? " with their inputs" : "") (u undoes)", &state)
            return [.apply(paste.edit)]
        default:
            break
        }
        return []
    }

    /// The size, in cells of the current level of detail, of the boxes a paste will add, kept
    /// in their copied arrangement: a copied node still shown here takes its box's size, any
    /// other the size a new node of its kind takes (one cell below full detail).
    static func pasteFootprint(of contents: ClipboardContents, _ state: CanvasState, context: CanvasContext)
        -> Rect
    {
        let columns = state.levelOfDetail.horizontalScale, rows = state.levelOfDetail.verticalScale
        let left = contents.nodes.map(\.position.x).min() ?? 0
        let top = contents.nodes.map(\.position.y).min() ?? 0
        var footprint: Rect?
        for node in contents.nodes {
            let size: Size
            if let layout = context.scene.layout(of: node.id),
                context.graph.kind(of: node.id)?.name == node.kind
            {
                size = Size(width: layout.frame.width, height: layout.frame.height)
            } else if state.levelOfDetail == .full {
                size = context.defaultSize(node.kind)
            } else {
                size = Size(width: 1, height: 1)
            }
            let box = Rect(
                x: floorDivide(node.position.x - left, columns), y: floorDivide(node.position.y - top, rows),
                width: size.width, height: size.height)
            footprint = footprint.map { $0.union(box) } ?? box
        }
        return footprint ?? Rect(x: 0, y: 0, width: 1, height: 1)
    }

    /// A key while a question is open: only its answers do anything.
    static func reducePrompt(
        _ state: inout CanvasState, _ prompt: Prompt, _ event: InputEvent, context: CanvasContext
    )
        -> [CanvasEffect]
    {
        let yes = event == .character("y") || event == .character("Y")
        let no = event == .character("n") || event == .character("N")
        switch prompt {
        case .recover:
            if yes {
                state.mode = .normal
                return [.recover]
            }
            if no {
                state.mode = .normal
                say("discarded the unsaved edits", &state)
                return [.discardRecovery]
            }
            if event == .escape {
                state.mode = .normal
                say("kept the unsaved edits for later: the next open offers them again", &state)
            }
        case .quitWithUnsavedChanges:
            if yes {
                state.mode = .normal
                return [.quit]
            }
            if no || event == .escape {
                state.mode = .normal
                say("still here: s saves, q quits", &state)
            }
            if event == .character("s") || event == .character("S") {
                state.mode = .normal
                return [.save(thenQuit: true)]
            }
        case .saveAs(var editor, let thenQuit):
            switch edit(&editor, event, noun: "a file name", &state) {
            case .cancelled:
                state.mode = .normal
                say("not saved", &state)
            case .accepted:
                let path = editor.text.withoutOuterSpaces
                guard !path.isEmpty else {
                    say("type a file name, or Esc", error: true, &state)
                    return []
                }
                return [.saveAs(path: path, replacing: false, thenQuit: thenQuit)]
            case .edited, .tooLong:
                state.mode = .prompt(.saveAs(editor, thenQuit: thenQuit))
            case .ignored:
                break
            }
        case .groupName(let editor, let nodes):
            return reduceGroupName(&state, editor, nodes: nodes, event, context: context)
        case .changedOnDisk(let path, let thenQuit):
            switch event {
            case .character("o"), .character("O"):
                state.mode = .normal
                return [.overwrite(thenQuit: thenQuit)]
            case .character("r"), .character("R"):
                state.mode = .normal
                return [.reload]
            case .character("a"), .character("A"):
                state.mode = .prompt(.saveAs(fileNameEditor(path), thenQuit: thenQuit))
            case .escape:
                state.mode = .normal
                say("not saved", &state)
            default:
                break
            }
        case .replace(let path, let thenQuit):
            if yes { return [.saveAs(path: path, replacing: true, thenQuit: thenQuit)] }
            if no || event == .escape {
                state.mode = .prompt(.saveAs(fileNameEditor(path), thenQuit: thenQuit))
            }
        }
        return []
    }

    /// The save-as prompt's editor, holding a proposed file name.
    static func fileNameEditor(_ proposal: String) -> LineEditor {
        LineEditor(proposal, limit: maximumFileNameLength)
    }
}

extension String {
    /// The text without spaces at either end.
    var withoutOuterSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

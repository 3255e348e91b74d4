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
            state.mode = .prompt(.saveAs(text: proposal, thenQuit: thenQuit))
            state.isSaveAsTextPristine = true
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
            let paste = contents.pasteEdit(
                into: context.graph, at: state.cursor, keepingOutsideInputs: keepingOutsideInputs,
                addingDefinitions: state.openedGroups.isEmpty)
            let count = paste.ids.count == 1 ? "1 node" : "\(paste.ids.count) nodes"
            say("pasted \(count)\(keepingOutsideInputs ? " with their inputs" : "") (u undoes)", &state)
            return [.apply(paste.edit)]
        default:
            break
        }
        return []
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
        case .saveAs(var text, let thenQuit):
            switch event {
            case .escape:
                state.mode = .normal
                say("not saved", &state)
                return []
            case .enter:
                let path = text.withoutOuterSpaces
                guard !path.isEmpty else {
                    say("type a file name, or Esc", error: true, &state)
                    return []
                }
                return [.saveAs(path: path, replacing: false, thenQuit: thenQuit)]
            case .left, .right, .up, .down:
                state.isSaveAsTextPristine = false  // keeps the text, to edit it
                return []
            default:
                var isPristine = state.isSaveAsTextPristine
                guard
                    type(
                        event, into: &text, isPristine: &isPristine, limit: 4_096, noun: "a file name", &state
                    )
                else { return [] }
                state.isSaveAsTextPristine = isPristine
            }
            state.mode = .prompt(.saveAs(text: text, thenQuit: thenQuit))
        case .groupName(let text, let nodes):
            return reduceGroupName(&state, text: text, nodes: nodes, event, context: context)
        case .changedOnDisk(let path, let thenQuit):
            switch event {
            case .character("o"), .character("O"):
                state.mode = .normal
                return [.overwrite(thenQuit: thenQuit)]
            case .character("r"), .character("R"):
                state.mode = .normal
                return [.reload]
            case .character("a"), .character("A"):
                state.mode = .prompt(.saveAs(text: path, thenQuit: thenQuit))
                state.isSaveAsTextPristine = true
            case .escape:
                state.mode = .normal
                say("not saved", &state)
            default:
                break
            }
        case .replace(let path, let thenQuit):
            if yes { return [.saveAs(path: path, replacing: true, thenQuit: thenQuit)] }
            if no || event == .escape {
                state.mode = .prompt(.saveAs(text: path, thenQuit: thenQuit))
                state.isSaveAsTextPristine = true
            }
        }
        return []
    }
}

extension String {
    /// The text without spaces at either end.
    var withoutOuterSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

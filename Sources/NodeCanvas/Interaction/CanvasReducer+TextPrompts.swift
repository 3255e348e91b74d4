import NodeGraph

/// The prompts typed into: a value (`e`), a name (`r`) and a find query (`/`). Each holds a
/// ``LineEditor``, as do the save-as and group-name questions; the keys edit the same way in all.
extension CanvasReducer {
    /// The longest number a person may type.
    static let maximumValueLength = 24
    /// The longest text a person may type into a text value (`ValueEditor.text`).
    static let maximumTextLength = 256
    /// The longest name a person may type.
    package static let maximumNameLength = 64
    /// The longest find query a person may type.
    static let maximumQueryLength = 256
    /// The longest file name a person may type.
    static let maximumFileNameLength = 4_096

    /// Hands a key to a prompt's line editor, saying so when a character would make the text
    /// longer than the editor allows.
    /// - Parameters:
    ///   - editor: The prompt's editor.
    ///   - event: The key.
    ///   - noun: What is typed, for the refusal (`a name`).
    ///   - state: The canvas state, for the refusal.
    /// - Returns: What the key did.
    static func edit(
        _ editor: inout LineEditor, _ event: InputEvent, noun: String, _ state: inout CanvasState
    ) -> LineEditor.Outcome {
        let outcome = editor.handle(event)
        if outcome == .tooLong { say("\(noun) has at most \(editor.limit) characters", error: true, &state) }
        return outcome
    }

    // MARK: Value editing

    static func reduceEdit(
        _ state: inout CanvasState, _ edit: ValueEditState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasEffect] {
        var edit = edit
        let kind = context.graph.kind(of: edit.node)
        let isText = kind?.valueEditor == .text
        switch Self.edit(&edit.editor, event, noun: isText ? "a text" : "a value", &state) {
        case .cancelled:
            state.mode = .normal
        case .accepted:
            guard let kind else {
                state.mode = .normal
                return []
            }
            // A formula that does not parse keeps the editor open, naming the column.
            if kind is FormulaKind {
                do throws(FormulaError) {
                    _ = try Formula(edit.text)
                } catch {
                    say("the formula does not parse: \(error)", error: true, &state)
                    state.mode = .editValue(edit)
                    return []
                }
                state.mode = .normal
                guard edit.text != context.graph.formula(of: edit.node)?.text else { return [] }
                return [.apply(.setFormula(node: edit.node, formula: edit.text))]
            }
            if isText, let type = kind.parameterType {
                state.mode = .normal
                let value = Value.custom(CustomValue(type: type, payload: .string(edit.text)))
                guard value != context.graph.parameter(of: edit.node) else { return [] }
                return [.apply(.setValue(node: edit.node, value: value))]
            }
            switch ValueEntry.parse(edit.text) {
            case .success(let number):
                state.mode = .normal
                return [.apply(.setValue(node: edit.node, value: .number(number)))]
            case .failure(let problem):
                say(problem.description, error: true, &state)
            }
        case .edited, .tooLong:
            state.mode = .editValue(edit)
        case .ignored:
            break
        }
        return []
    }

    // MARK: Renaming

    static func reduceRename(
        _ state: inout CanvasState, _ rename: RenameState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasEffect] {
        var rename = rename
        switch edit(&rename.editor, event, noun: "a name", &state) {
        case .cancelled:
            state.mode = .normal
        case .accepted:
            let name = rename.text.withoutOuterSpaces
            guard !name.isEmpty else {
                say("a name cannot be empty: type one, or Esc", error: true, &state)
                return []
            }
            state.mode = .normal
            guard name != context.graph.name(of: rename.node) else { return [] }
            return [.apply(.rename(node: rename.node, name: name))]
        case .edited, .tooLong:
            state.mode = .rename(rename)
        case .ignored:
            break
        }
        return []
    }

    // MARK: Find

    /// A key while finding: typing edits the query; Enter finds the first match after the
    /// cursor's node (the first of all when the cursor is on none) and keeps the find open, so
    /// that Enter again finds the next; Esc leaves.
    static func reduceFind(
        _ state: inout CanvasState, _ find: FindState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasEffect] {
        var find = find
        switch edit(&find.editor, event, noun: "a query", &state) {
        case .cancelled:
            state.mode = .normal
        case .accepted:
            let query = find.query
            state.lastQuery = query
            state.mode = .find(find)
            let matches = findMatches(query, context: context)
            guard let first = matches.first else {
                say("no node named like '\(query)'", error: true, &state)
                return []
            }
            let index = state.cursorNode.flatMap { id in matches.firstIndex { $0.id == id } }
            let position = index.map { ($0 + 1) % matches.count } ?? 0
            let target = index == nil ? first : matches[position]
            moveCursor(to: target, &state, context: context)
            let name = context.graph.name(of: target.id) ?? target.id.rawValue
            let which =
                matches.count == 1 ? "" : " (\(position + 1) of \(matches.count): Enter finds the next)"
            say("found \(name)\(which)", &state)
        case .edited, .tooLong:
            state.mode = .find(find)
        case .ignored:
            break
        }
        return []
    }

    /// The shown nodes whose names contain the query (ignoring case), in reading order.
    static func findMatches(_ query: String, context: CanvasContext) -> [NodeLayout] {
        let needle = query.lowercased()
        return readingOrder(context).filter { layout in
            guard let name = context.graph.name(of: layout.id)?.lowercased() else { return false }
            return needle.isEmpty || name.contains(needle)
        }
    }
}

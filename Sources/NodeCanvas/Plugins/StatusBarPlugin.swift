import NodeGraph

/// The status line at the bottom: the mode, the selection, the latest message or hints for the
/// mode, and the level of detail and cursor position.
public final class StatusBarPlugin: CanvasPlugin {
    /// `status`.
    public let name = "status"
    /// How many messages it has heard (for hosts that log).
    private(set) var messagesHeard = 0

    /// Creates the plugin.
    public init() {}

    /// One row.
    public func reservedRows(for state: CanvasState) -> Int { state.viewport.height > 1 ? 1 : 0 }

    /// Counts messages.
    public func receive(_ notification: CanvasNotification, on canvas: Canvas) {
        if case .messageShown = notification { messagesHeard += 1 }
    }

    /// The status line's text, without styles: what tests read. The one place status text is
    /// put together: the mode, what keys act on, and the latest message, else the mode's hints
    /// (an open question shows only itself, and a problem found while it is open; a text being
    /// typed stays after the message). In normal mode, the value of the node under the cursor
    /// comes before the hints when its box shortens it (`wholeValue(of:in:scene:marker:)`).
    /// - Parameter canvas: The canvas.
    /// - Returns: The mode, the selection, and the message or hints.
    public func text(for canvas: Canvas) -> (mode: String, selection: String, message: String, isError: Bool)
    {
        let state = canvas.state
        let graph = canvas.shownGraph
        if case .prompt(let prompt) = state.mode {
            let glyphs = canvas.theme.glyphs
            let question = Self.question(prompt, glyphs: glyphs)
            if let message = state.message, message.isError {
                return (state.mode.name, "", message.text + " \(glyphs.separator) " + question, true)
            }
            return (state.mode.name, "", question, false)
        }
        let targets = state.targets
        let selection =
            targets.count > 1
            ? "\(targets.count) selected" : state.cursorNode.flatMap { graph.name(of: $0) } ?? ""
        if let message = state.message {
            // What is being typed stays in view after a message about it.
            let typed = Self.typedText(for: canvas).map { " \(canvas.theme.glyphs.separator) " + $0 } ?? ""
            return (state.mode.name, selection, message.text + typed, message.isError)
        }
        if case .normal = state.mode, targets.count <= 1, let node = state.cursorNode,
            let whole = Self.wholeValue(
                of: node, in: graph, scene: canvas.scene, marker: canvas.theme.glyphs.errorMarker)
        {
            return (
                state.mode.name, selection,
                whole.text + " \(canvas.theme.glyphs.separator) " + hints(for: canvas), whole.isError
            )
        }
        return (state.mode.name, selection, hints(for: canvas), false)
    }

    /// The line editor of a mode that types text (a value, a name, a find query, a file name, a
    /// group's name); `nil` for the other modes.
    /// - Parameter mode: The mode.
    /// - Returns: Its editor.
    static func lineEditor(of mode: CanvasMode) -> LineEditor? {
        switch mode {
        case .editValue(let edit): edit.editor
        case .rename(let rename): rename.editor
        case .find(let find): find.editor
        case .prompt(.saveAs(let editor, _)), .prompt(.groupName(let editor, _)): editor
        case .commandLine(let line): line.editor
        default: nil
        }
    }

    /// The text being typed into the value editor, a new name or a find query, with the cursor
    /// marked (`One = 1,5▏`); `nil` in the other modes.
    /// - Parameter canvas: The canvas.
    /// - Returns: The text as the status line shows it after a message.
    static func typedText(for canvas: Canvas) -> String? {
        let graph = canvas.shownGraph
        let cursor = canvas.theme.glyphs.textCursor
        switch canvas.state.mode {
        case .editValue(let edit):
            return "\(graph.name(of: edit.node) ?? edit.node.rawValue) = \(edit.editor.shown(cursor: cursor))"
        case .rename(let rename): return "name: \(rename.editor.shown(cursor: cursor))"
        case .find(let find): return "/\(find.editor.shown(cursor: cursor))"
        case .commandLine(let line): return ":\(line.editor.shown(cursor: cursor))"
        default: return nil
        }
    }

    /// The live sources' part of the status line: `2 live`, or `2 live · Load failing` (the
    /// failing sources by name); `nil` without live sources.
    /// - Parameters:
    ///   - status: The live sources' status.
    ///   - canvas: The canvas (for the nodes' names and the separator).
    /// - Returns: The text, and whether a source fails.
    static func liveText(_ status: LiveSourceStatus?, in canvas: Canvas) -> (
        text: String, isFailing: Bool
    )? {
        guard let status else { return nil }
        let graph = canvas.document.graph
        let count = "\(status.live) live"
        guard !status.failing.isEmpty else { return (count, false) }
        let names = status.failing.keys.map { graph.name(of: $0) ?? $0.rawValue }.sorted()
        let shown = names.count > 2 ? "\(names.count) sources" : names.joined(separator: ", ")
        return (count + " \(canvas.theme.glyphs.separator) \(shown) failing", true)
    }

    /// A question and the keys that answer it.
    /// - Parameters:
    ///   - prompt: The question.
    ///   - glyphs: The glyphs: the text cursor marks where typing goes, the separator parts the
    ///     answers.
    /// - Returns: The text after the badge.
    package static func question(_ prompt: Prompt, glyphs: Glyphs) -> String {
        let dot = " \(glyphs.separator) "
        let textCursor = glyphs.textCursor
        switch prompt {
        case .recover(let offer):
            let edits = offer.editCount == 1 ? "1 unsaved edit" : "\(offer.editCount) unsaved edits"
            let later =
                switch offer.laterJournals {
                case 0: ""
                case 1: " (1 more journal after these)"
                default: " (\(offer.laterJournals) more journals after these)"
                }
            return "\(edits)\(later)\(dot)y recovers\(dot)n discards\(dot)Esc decides later"
        case .quitWithUnsavedChanges:
            return "quit without saving? y quits\(dot)n stays\(dot)s saves, then quits"
        case .saveAs(let editor, _):
            return "file: \(editor.shown(cursor: textCursor))  Enter saves\(dot)Esc cancels"
        case .replace(let path, _):
            return "\(path) exists. Replace it? y replaces\(dot)n goes back"
        case .changedOnDisk(let path, _):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return "\(name) changed on disk\(dot)o overwrites\(dot)r reloads\(dot)a saves as\(dot)Esc cancels"
        case .groupName(let editor, let nodes):
            let count = nodes.count == 1 ? "1 node" : "\(nodes.count) nodes"
            return "name: \(editor.shown(cursor: textCursor))  Enter groups \(count)\(dot)Esc cancels"
        }
    }

    /// The breadcrumb inside an opened group: the document's title, then each group opened
    /// (`demo › Average`); `nil` at the top level.
    /// - Parameter canvas: The canvas.
    /// - Returns: The path.
    package static func breadcrumb(for canvas: Canvas) -> String? {
        let opened = canvas.state.openedGroups
        guard !opened.isEmpty else { return nil }
        let step = canvas.theme.glyphs.arrow == "→" ? " › " : " > "
        return ([canvas.title] + opened.map(\.name)).joined(separator: step)
    }

    private func hints(for canvas: Canvas) -> String {
        let state = canvas.state
        let graph = canvas.shownGraph
        let glyphs = canvas.theme.glyphs
        let dot = " \(glyphs.separator) "
        switch state.mode {
        case .normal:
            // The keys in effect: a command's first key, or `:name` when it has none.
            let key = { (name: String) in
                canvas.keyTable.keys(of: name).first.flatMap(KeyName.name(of:)) ?? ":" + name
            }
            let help = "\(key("help")) help"
            if state.readOnlyReason != nil {
                // Read-only: only the keys that look, find, copy and quit.
                let select = state.cursorNode == nil ? "\(key("next-node")) select\(dot)" : ""
                return "read-only\(dot)\(select)\(key("find")) find\(dot)\(key("copy")) copy\(dot)\(help)"
                    + "\(dot)\(key("quit")) quit"
            }
            guard let node = state.cursorNode else {
                let pan = ["pan-left", "pan-down", "pan-up", "pan-right"].map(key).joined(separator: " ")
                return graph.isEmpty
                    ? "\(key("new-node")) new node\(dot)\(help)\(dot)\(key("quit")) quit"
                    : "\(key("next-node")) select\(dot)\(key("new-node")) new\(dot)\(pan) pan\(dot)\(help)"
            }
            let edit =
                switch graph.kind(of: node)?.valueEditor ?? .none {
                case .number: "\(key("edit")) edit\(dot)\(key("step-up"))/\(key("step-down")) step\(dot)"
                case .text: "\(key("edit")) edit\(dot)"
                case .toggle: "\(key("open")) flips\(dot)"
                case .none: ""
                }
            let delete = "\(key("delete")) delete", move = "\(key("move")) move", link = "\(key("link")) link"
            if state.targets.count > 1 {
                return "\(delete)\(dot)\(move)\(dot)\(key("toggle-selection")) unselect\(dot)"
                    + "\(key("clear-selection")) clear\(dot)\(help)"
            }
            if graph.instanceSummary(of: node) != nil {
                return "\(key("open")) opens\(dot)\(key("ungroup")) ungroups\(dot)\(link)\(dot)\(move)\(dot)"
                    + "\(delete)\(dot)\(help)"
            }
            let cycle = Self.cyclesKind(of: node, in: graph) ? "\(key("cycle-kind")) operator\(dot)" : ""
            return "\(link)\(dot)\(move)\(dot)\(edit)\(cycle)\(delete)\(dot)\(help)"
        case .link(let link):
            let source = graph.name(of: link.source) ?? link.source.rawValue
            guard let target = link.currentTarget else {
                return "from \(source): Tab to a slot\(dot)Esc done"
            }
            let slot = CanvasText.slotName(target.candidate, in: graph)
            if let refusal = target.candidate.refusal {
                return "\(glyphs.invalidTarget) \(slot): "
                    + CanvasText.describe(refusal, in: graph, arrow: glyphs.arrow)
            }
            if target.isVetoed { return "\(glyphs.invalidTarget) \(slot): not offered here" }
            if target.candidate.isLinked {
                return "Enter unlinks \(source) \(glyphs.arrow) \(slot)\(dot)Tab next\(dot)Esc done"
            }
            let inputs = graph.inputs(of: target.node)
            let occupant = inputs.indices.contains(target.slot) ? inputs[target.slot] : nil
            let replacing = occupant.map { ", replacing \(graph.name(of: $0) ?? $0.rawValue)" } ?? ""
            return "Enter links \(source) \(glyphs.arrow) \(slot)\(replacing)\(dot)Tab next\(dot)Esc done"
        case .move:
            return "arrows move\(dot)Enter done\(dot)Esc cancel"
        case .editValue(let edit):
            let name = graph.name(of: edit.node) ?? edit.node.rawValue
            return
                "\(name) = \(edit.editor.shown(cursor: glyphs.textCursor))\(dot)Enter sets\(dot)Esc cancels"
        case .palette:
            return
                "type to filter\(dot)\(glyphs.arrow == "→" ? "↑↓" : "up/down") choose\(dot)Enter create\(dot)Esc cancel"
        case .find(let find):
            let count = CanvasReducer.findMatches(find.query, context: canvas.context).count
            let query = find.editor.shown(cursor: glyphs.textCursor)
            return "/\(query)  \(count) match\(count == 1 ? "" : "es")\(dot)Enter finds\(dot)Esc leaves"
        case .rename(let rename):
            return "name: \(rename.editor.shown(cursor: glyphs.textCursor))\(dot)Enter keeps\(dot)Esc cancels"
        case .help:
            return "arrows and PgUp/PgDn scroll\(dot)any other key closes help"
        case .messages:
            return "arrows and PgUp/PgDn scroll\(dot)any other key closes the messages"
        case .prompt(let prompt):
            return Self.question(prompt, glyphs: glyphs)
        case .commandLine(let line):
            let arrows = glyphs.arrow == "→" ? "↑↓" : "up/down"
            return
                ":\(line.editor.shown(cursor: glyphs.textCursor))\(dot)Enter runs\(dot)\(arrows) choose\(dot)Tab completes\(dot)Esc leaves"
        }
    }

    /// Whether `o` has another kind to give a node: a kind of the same category, other than a
    /// source's (a source's value is what changes, not its kind).
    static func cyclesKind(of node: NodeID, in graph: Graph) -> Bool {
        guard let kind = graph.kind(of: node), kind.parameterType == nil else { return false }
        return graph.registry.kinds.contains { $0.category == kind.category && $0.name != kind.name }
    }

    /// Draws the status line on the last row.
    public func draw(on surface: inout Surface, canvas: Canvas) {
        guard reservedRows(for: canvas.state) > 0 else { return }
        let styles = canvas.theme.styles
        let y = surface.height - 1
        let row = Rect(x: 0, y: y, width: surface.width, height: 1)
        surface.fill(row, with: " ", style: styles.status)
        var (mode, selection, message, isError) = text(for: canvas)
        var x = surface.put(" \(mode) ", x: 0, y: y, style: styles.statusMode)
        if let breadcrumb = Self.breadcrumb(for: canvas) {
            var style = styles.status
            style.bold = true
            style.underline = true
            x = surface.put(" \(breadcrumb) ", x: x, y: y, style: style)
        }
        if !selection.isEmpty {
            var style = styles.status
            style.bold = true
            x = surface.put(" " + selection, x: x, y: y, style: style)
            x = surface.put(" ", x: x, y: y, style: styles.status)
        }
        let state = canvas.state
        let modified = canvas.document.isModified ? "modified  " : ""
        let location = (
            modified + "\(state.levelOfDetail.rawValue)  \(state.cursor.x),\(state.cursor.y) ", styles.status
        )
        let full = surface.width - x - 1
        var isPrompt = false
        if case .prompt(let prompt) = state.mode {
            isPrompt = true
            // A question is never cut: too narrow for its words, it shows its keys alone, after
            // the problem found while it is open (which wins when even that is too wide).
            if displayWidth(of: message) > full {
                message = prompt.shortText
                if isError, let problem = state.message?.text {
                    let both = problem + " \(canvas.theme.glyphs.separator) " + prompt.shortText
                    message = displayWidth(of: both) <= full ? both : problem
                }
            }
        }
        // Right of the message, as room allows (the message wins): the live sources and the
        // level of detail and position; a failing source before the position, the count after.
        var right: [(text: String, style: CellStyle)] = []
        if !isPrompt {
            var choices = [[location]]
            if let live = Self.liveText(state.liveSources, in: canvas) {
                let segment = (live.text, live.isFailing ? styles.statusError : styles.status)
                choices =
                    live.isFailing
                    ? [[segment, location], [segment], [location]] : [[segment, location], [location]]
            }
            func width(_ segments: [(text: String, style: CellStyle)]) -> Int {
                segments.reduce(0) { $0 + displayWidth(of: $1.text) } + 2 * (segments.count - 1)
            }
            right = choices.first { width($0) + displayWidth(of: message) + 2 <= full } ?? []
        }
        let rightWidth = right.reduce(0) { $0 + displayWidth(of: $1.text) } + 2 * max(0, right.count - 1)
        let messageRoom = Rect(x: x + 1, y: y, width: full - rightWidth - (right.isEmpty ? 0 : 2), height: 1)
        let messageStyle = isError ? styles.statusError : styles.status
        surface.put(message, in: messageRoom, style: messageStyle, ellipsis: canvas.theme.glyphs.ellipsis)
        // A text all selected (typing replaces it) shows in reverse, up to the cursor.
        let cursor = String(canvas.theme.glyphs.textCursor)
        if let selected = Self.lineEditor(of: state.mode).flatMap({ $0.isAllSelected ? $0.text : nil }),
            displayWidth(of: message) <= messageRoom.width,
            let range = message.range(of: selected + cursor)
        {
            var style = messageStyle
            style.reverse.toggle()
            let x = messageRoom.minX + displayWidth(of: message[..<range.lowerBound])
            surface.put(selected, x: x, y: y, style: style, clip: messageRoom)
        }
        var rightX = surface.width - rightWidth
        for (text, style) in right {
            rightX = surface.put(text, x: rightX, y: y, style: style) + 2
        }
    }
}

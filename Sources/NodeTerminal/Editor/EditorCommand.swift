import NodeCanvas
import NodeGraph

/// A tool's own command in the editor: a kebab-case name, the keys it has unless `keys.json`
/// remaps them, one line of help, and what it does.
///
/// It joins the one key table (``EditorConfiguration/keys()``): `?` lists it, `:` runs it by
/// name and `keys.json` may rebind it. A key it claims that another command already has is
/// refused when the editor starts, naming both.
///
/// ```swift
/// let truthTable = EditorCommand(
///     "truth-table", keys: [.character("T")], "the truth table of the selected switches"
/// ) { context in
///     context.showPanel(Panel(title: "Truth table", lines: rows(for: context.targets)))
/// }
/// ```
public struct EditorCommand: Sendable {
    /// The name (`truth-table`), as `keys.json` and the command line write it.
    public var name: String
    /// The keys it has unless remapped.
    public var keys: [InputEvent]
    /// What it does, in one line.
    package var help: String
    /// What it does, run on the editor's thread with the session's context.
    var action: @Sendable (EditorCommandContext) -> Void

    /// Describes a command.
    /// - Parameters:
    ///   - name: Its kebab-case name.
    ///   - keys: Its default keys.
    ///   - help: One line of help.
    ///   - action: What it does.
    public init(
        _ name: String, keys: [InputEvent], _ help: String,
        action: @escaping @Sendable (EditorCommandContext) -> Void
    ) {
        self.name = name
        self.keys = keys
        self.help = help
        self.action = action
    }

    /// The command as the key table knows it.
    var namedCommand: NamedCommand { NamedCommand(name, .tool(name), keys: keys, help) }
}

/// What a tool's command sees and may do: the document (edits go through it, so undo, the
/// journal and the tool's rules see them), the selection and cursor, the status line, the panel
/// and the plugins.
public struct EditorCommandContext {
    /// The session the command runs in.
    package let session: EditorSession

    /// Creates the context of a session.
    /// - Parameter session: The session.
    public init(session: EditorSession) { self.session = session }

    /// The document edited, to read; edit it with ``apply(_:)``, which keeps the session's
    /// rules.
    package var document: GraphDocument { session.document }

    /// Applies an edit as one undo step (journaled, and asked of the tool's rule), at the level
    /// shown: inside an open group, inside its definition. A read-only session refuses it, and
    /// so does the graph or the tool's rule; the status line then says `refused: REASON` and
    /// nothing changes.
    /// - Parameter edit: The edit.
    /// - Returns: Whether it was applied.
    @discardableResult
    public func apply(_ edit: Edit) -> Bool {
        let canvas = session.canvas
        if let reason = session.refusal(of: edit) {
            canvas.send(.editRefused(edit, reason: reason))
            return false
        }
        let leveled = canvas.state.openedGroups.last.map { Edit.inside(definition: $0.kind, edit) } ?? edit
        do throws(GraphError) {
            try session.document.apply(leveled)
            return true
        } catch {
            canvas.send(
                .editRefused(
                    edit,
                    reason: CanvasText.describe(
                        error, in: canvas.shownGraph, arrow: canvas.theme.glyphs.arrow)))
            return false
        }
    }
    /// The graph shown: the document's, or inside an open group the definition's.
    public var graph: Graph { session.canvas.shownGraph }
    /// The node under the cursor.
    package var cursorNode: NodeID? { session.canvas.state.cursorNode }
    /// The selected nodes.
    package var selection: Set<NodeID> { session.canvas.state.selection }
    /// What commands act on: the selection with the cursor's node, sorted by id.
    public var targets: [NodeID] { session.canvas.state.targets }

    /// Puts a message on the status line (kept in the message history).
    /// - Parameters:
    ///   - text: The message, in one line.
    ///   - isError: Whether it reports a problem.
    public func say(_ text: String, isError: Bool = false) {
        session.canvas.send(.noticeArrived(StatusMessage(text, isError: isError)))
    }

    /// The panel shown at the right, or `nil`.
    public var panel: Panel? { session.panels.panel }

    /// Shows a panel at the right of the canvas in place of the one shown.
    /// - Parameter panel: The panel; `nil` hides it.
    public func showPanel(_ panel: Panel?) { session.panels.show(panel) }

    /// Posts a message to the plugins, delivered to each in their declared order.
    /// - Parameter message: The message.
    public func post(_ message: any PluginMessage) { session.canvas.post(message) }
}

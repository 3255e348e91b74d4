import NodeGraph

/// What the keys currently do.
public enum CanvasMode: Hashable, Sendable {
    /// Moving around, selecting, and starting the other modes.
    case normal
    /// Choosing the slots the source node's output feeds.
    case link(LinkModeState)
    /// Moving the selection with the arrows; one undo step.
    case move(MoveState)
    /// Typing a new value for a number node.
    case editValue(ValueEditState)
    /// Typing a new name for a node.
    case rename(RenameState)
    /// Choosing the kind of a new node.
    case palette(PaletteState)
    /// Typing part of a node's name to jump to it: Enter finds the first match, Enter again the
    /// next one; Esc leaves.
    case find(FindState)
    /// The list of keys, scrolled to show from a row on.
    case help(firstRow: Int)
    /// The session's messages, newest first, scrolled to show from a row on.
    case messages(firstRow: Int)
    /// A question for the person (save as, replace, quit, recover) that takes every key.
    case prompt(Prompt)
    /// The command line (`:`): every command by name, filtered as it is typed.
    case commandLine(CommandLineState)

    /// The mode's name, as the status line shows it.
    public var name: String {
        switch self {
        case .normal: "NORMAL"
        case .link: "LINK"
        case .move: "MOVE"
        case .editValue: "EDIT"
        case .rename: "RENAME"
        case .palette: "NEW"
        case .find: "FIND"
        case .help: "HELP"
        case .messages: "MESSAGES"
        case .prompt(let prompt): prompt.title
        case .commandLine: "COMMAND"
        }
    }
}

/// Move mode: the nodes moving together and how far they went since it began.
public struct MoveState: Hashable, Sendable {
    /// The nodes that move, in id order.
    public var nodes: [NodeID]
    /// The columns and rows moved so far (canvas cells), undone by Esc.
    package var offset: Position

    /// Creates move state.
    /// - Parameters:
    ///   - nodes: The nodes that move.
    ///   - offset: How far they moved so far.
    public init(nodes: [NodeID], offset: Position = .zero) {
        self.nodes = nodes
        self.offset = offset
    }
}

/// Renaming: the node and the name typed so far.
public struct RenameState: Hashable, Sendable {
    /// The node being renamed.
    public var node: NodeID
    /// The name being typed.
    public var editor: LineEditor

    /// Creates rename state.
    /// - Parameters:
    ///   - node: The node.
    ///   - editor: The name being typed.
    public init(node: NodeID, editor: LineEditor) {
        self.node = node
        self.editor = editor
    }

    /// The name so far.
    public var text: String { editor.text }
}

/// Finding a node by name: the query being typed.
public struct FindState: Hashable, Sendable {
    /// The query.
    public var editor: LineEditor

    /// Creates find state.
    /// - Parameter editor: The query.
    public init(editor: LineEditor) {
        self.editor = editor
    }

    /// The query so far.
    package var query: String { editor.text }
}

/// The command line: what is typed (a command's name, or part of it, then maybe an argument)
/// and the highlighted command among those that match.
public struct CommandLineState: Hashable, Sendable {
    /// What is typed.
    public var editor: LineEditor
    /// The index of the highlighted command among the matching ones.
    package var choice: Int

    /// Creates command-line state.
    /// - Parameters:
    ///   - editor: What is typed.
    ///   - choice: The highlighted command.
    public init(
        editor: LineEditor = LineEditor("", limit: CanvasReducer.maximumCommandLength), choice: Int = 0
    ) {
        self.editor = editor
        self.choice = choice
    }

    /// The command's name as typed: the text up to its first space.
    var typedName: String {
        String(editor.text.drop { $0 == " " }.prefix { $0 != " " })
    }

    /// What follows the name after a space, without surrounding spaces; empty without one.
    var argument: String {
        let rest = editor.text.drop { $0 == " " }.drop { $0 != " " }
        return String(rest).withoutOuterSpaces
    }
}

/// A question the canvas asks for its host: the host opens it with an action and carries out
/// the answer's effect.
public enum Prompt: Hashable, Sendable {
    /// Unsaved edits from an earlier session were found: replay them, discard them, or decide later?
    case recover(RecoveryOffer)
    /// `q` with unsaved changes: quit anyway, stay, or save first?
    case quitWithUnsavedChanges
    /// The file to save to, typed on the status line (the demo, or a graph never saved).
    case saveAs(LineEditor, thenQuit: Bool)
    /// The file typed for "save as" exists: replace it?
    case replace(path: String, thenQuit: Bool)
    /// `g`: the name of the group the nodes are about to become, typed on the status line.
    case groupName(LineEditor, nodes: [NodeID])
    /// `s` on a file whose content changed on disk since it was opened or saved (another program
    /// wrote it): overwrite it, reload it, save as another file, or cancel?
    case changedOnDisk(path: String, thenQuit: Bool)

    /// The badge at the left of the status line.
    public var title: String {
        switch self {
        case .recover: "RECOVER"
        case .quitWithUnsavedChanges: "QUIT"
        case .saveAs: "SAVE AS"
        case .replace: "REPLACE"
        case .groupName: "GROUP"
        case .changedOnDisk: "CHANGED"
        }
    }

    /// The question in a few words, for a screen too small for the canvas.
    package var shortText: String {
        switch self {
        case .recover: "recover edits? y/n/Esc"
        case .quitWithUnsavedChanges: "quit unsaved? y/n/s"
        case .saveAs(let editor, _): "save as \(editor.text)"
        case .replace: "replace? y/n"
        case .groupName(let editor, _): "group as \(editor.text)"
        case .changedOnDisk: "changed on disk: o/r/a/Esc"
        }
    }
}

/// What a recovery would apply: the journal, how many edits it holds and the first few, in words.
public struct RecoveryOffer: Hashable, Sendable {
    /// The journal's path.
    package var journal: String
    /// The number of edits in it.
    package var editCount: Int
    /// The first edits, one line each (`setValue One = 2`).
    var preview: [String]
    /// How many more journals left behind wait to be offered after this one.
    package var laterJournals: Int

    /// Creates an offer.
    /// - Parameters:
    ///   - journal: The journal's path.
    ///   - editCount: How many edits it holds.
    ///   - preview: The first edits in words.
    ///   - laterJournals: How many more journals wait after this one.
    public init(journal: String, editCount: Int, preview: [String], laterJournals: Int = 0) {
        self.journal = journal
        self.editCount = editCount
        self.preview = preview
        self.laterJournals = laterJournals
    }
}

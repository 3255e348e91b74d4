/// What a key does in normal mode.
public enum CanvasCommand: Hashable, Sendable {
    /// Move the cursor one cell (the view follows).
    case moveCursor(dx: Int, dy: Int)
    /// Jump to the next node in reading order.
    case nextNode
    /// Jump to the previous node in reading order.
    case previousNode
    /// Pan the view by cells of the current level of detail.
    case pan(dx: Int, dy: Int)
    /// Pan the view a screen up (`-1`) or down (`1`).
    case page(Int)
    /// Show the whole graph: at the most detailed level of detail at which it fits, else in dots
    /// with the minimap open.
    case fit
    /// Open the new-node palette at the cursor.
    case newNode
    /// Enter link mode from the cursor's node.
    case link
    /// Delete what the command acts on.
    case delete
    /// Enter move mode for what the command acts on.
    case move
    /// Edit the cursor's node's value.
    case editValue
    /// Step the cursor's node's value by one (`1` or `-1`).
    case step(Int)
    /// Rename the cursor's node.
    case rename
    /// Give the cursor's node the next kind of its category.
    case cycleKind
    /// Show the next level of detail.
    case cycleLevelOfDetail
    /// Find a node by name.
    case find
    /// Arrange the graph in layers.
    case arrange
    /// Undo.
    case undo
    /// Redo.
    case redo
    /// Save.
    case save
    /// Quit.
    case quit
    /// Show the keys.
    case help
    /// Show the session's messages, newest first.
    case messages
    /// Show or hide the inspector.
    case toggleInspector
    /// Add the cursor's node to the selection, or take it out.
    case toggleSelection
    /// Select every node.
    case selectAll
    /// Clear the selection.
    case clearSelection
    /// Copy what the command acts on to the clipboard.
    case copy
    /// Paste the clipboard at the cursor; `keepingOutsideInputs` also keeps links from nodes
    /// outside the copy that exist here.
    case paste(keepingOutsideInputs: Bool)
    /// Duplicate what the command acts on beside itself.
    case duplicate
    /// Enter: open the group at the cursor; on a source, edit its value (or flip a switch).
    case open
    /// Make what the command acts on one group (asks the definition's name first).
    case group
    /// Replace the group at the cursor by its definition's nodes.
    case ungroup
    /// Leave the open group, back to where the cursor and the view were.
    case leaveGroup
    /// Open the command line: every command by name, filtered as it is typed.
    case commandLine
    /// A tool's own command, by its name: the canvas hands it to its host
    /// (``CanvasEffect/runToolCommand(_:)``), which runs the tool's action.
    case tool(String)
    /// Bypass what the command acts on (each node passes its first input through), or, when
    /// all of it is bypassed, stop bypassing it.
    case toggleBypass
    /// Show or hide each node's badge: recomputations since the file was opened and its last
    /// compute time.
    case toggleTiming
    /// Show or hide the minimap: the whole graph, one cell per region, with the view on it.
    case toggleMinimap
}

/// A command as the key table, `keys.json` and the command line know it: a kebab-case name,
/// what it runs, the keys it has unless remapped, and one line of help.
public struct NamedCommand: Hashable, Sendable {
    /// The name (`delete`, `new-node`), as `keys.json` and the command line write it.
    public var name: String
    /// What it runs.
    public var command: CanvasCommand
    /// The keys it has in the standard table.
    package var defaultKeys: [InputEvent]
    /// What it does, in one line.
    package var help: String

    /// Describes a command.
    /// - Parameters:
    ///   - name: Its kebab-case name.
    ///   - command: What it runs.
    ///   - keys: Its default keys.
    ///   - help: One line of help.
    public init(_ name: String, _ command: CanvasCommand, keys: [InputEvent], _ help: String) {
        self.name = name
        self.command = command
        self.defaultKeys = keys
        self.help = help
    }
}

/// A key and the command it runs.
public struct KeyCommand: Hashable, Sendable {
    /// The key.
    package var key: InputEvent
    /// The command.
    public var command: CanvasCommand

    /// Pairs a key with a command.
    /// - Parameters:
    ///   - key: The key.
    ///   - command: The command.
    public init(_ key: InputEvent, _ command: CanvasCommand) {
        self.key = key
        self.command = command
    }
}

/// One row of the key table as help and the editor guide show it: the keys and their commands, how the
/// keys are written, and what they do in words.
public struct KeyBinding: Hashable, Sendable {
    /// The keys and the command each runs.
    public var keys: [KeyCommand]
    /// The keys as help and the editor guide write them (`x / Delete`).
    public var label: String
    /// What the keys do, as help and the editor guide say it.
    package var help: String

    /// Creates a binding.
    /// - Parameters:
    ///   - label: The keys in words.
    ///   - help: What they do.
    ///   - keys: The keys and their commands.
    public init(_ label: String, _ help: String, _ keys: [KeyCommand]) {
        self.keys = keys
        self.label = label
        self.help = help
    }
}

/// The standard commands and the rows help and the editor guide group them in.
public enum KeyBindings {
    /// Columns panned by H and L (at the current level of detail).
    static let panColumns = 8
    /// Rows panned by J and K.
    static let panRows = 4

    /// Every standard command with its name, default keys and help, in the order help lists them.
    public static let commands: [NamedCommand] = [
        NamedCommand("cursor-up", .moveCursor(dx: 0, dy: -1), keys: [.up], "move the cursor up"),
        NamedCommand("cursor-down", .moveCursor(dx: 0, dy: 1), keys: [.down], "move the cursor down"),
        NamedCommand("cursor-left", .moveCursor(dx: -1, dy: 0), keys: [.left], "move the cursor left"),
        NamedCommand("cursor-right", .moveCursor(dx: 1, dy: 0), keys: [.right], "move the cursor right"),
        NamedCommand("next-node", .nextNode, keys: [.tab], "jump to the next node"),
        NamedCommand("previous-node", .previousNode, keys: [.backTab], "jump to the previous node"),
        NamedCommand("pan-left", .pan(dx: -panColumns, dy: 0), keys: [.character("H")], "pan the view left"),
        NamedCommand("pan-down", .pan(dx: 0, dy: panRows), keys: [.character("J")], "pan the view down"),
        NamedCommand("pan-up", .pan(dx: 0, dy: -panRows), keys: [.character("K")], "pan the view up"),
        NamedCommand("pan-right", .pan(dx: panColumns, dy: 0), keys: [.character("L")], "pan the view right"),
        NamedCommand("page-up", .page(-1), keys: [.pageUp], "pan the view a screen up"),
        NamedCommand("page-down", .page(1), keys: [.pageDown], "pan the view a screen down"),
        NamedCommand(
            "fit", .fit, keys: [.character("f")],
            "the whole graph in view, at the most detailed level that fits (else the minimap)"),
        NamedCommand("new-node", .newNode, keys: [.character("n")], "new node at the cursor (a palette)"),
        NamedCommand("link", .link, keys: [.character("l")], "link from the node to other nodes' slots"),
        NamedCommand("delete", .delete, keys: [.character("x"), .delete], "delete the selection"),
        NamedCommand("move", .move, keys: [.character("m")], "move the selection with the arrows"),
        NamedCommand("edit", .editValue, keys: [.character("e")], "edit a value or flip a switch"),
        NamedCommand("open", .open, keys: [.enter], "open a group; on a source, edit its value"),
        NamedCommand("step-up", .step(1), keys: [.character("+"), .character("=")], "add 1 to a number"),
        NamedCommand("step-down", .step(-1), keys: [.character("-")], "take 1 from a number"),
        NamedCommand("rename", .rename, keys: [.character("r")], "rename the node"),
        NamedCommand("cycle-kind", .cycleKind, keys: [.character("o")], "give an operator the next kind"),
        NamedCommand(
            "bypass", .toggleBypass, keys: [.character("b")],
            "bypass the selection (each passes its input through)"),
        NamedCommand(
            "level-of-detail", .cycleLevelOfDetail, keys: [.character("z")],
            "next level of detail (:lod full|compact|dot picks one)"),
        NamedCommand("find", .find, keys: [.character("/")], "find a node by name (:find TEXT)"),
        NamedCommand("arrange", .arrange, keys: [.character("a")], "arrange the graph in layers"),
        NamedCommand(
            "toggle-selection", .toggleSelection, keys: [.character(" ")],
            "add the node to the selection, or take it out"),
        NamedCommand("select-all", .selectAll, keys: [.control("a")], "select every node"),
        NamedCommand("clear-selection", .clearSelection, keys: [.escape], "clear the selection"),
        NamedCommand("copy", .copy, keys: [.character("y")], "copy the selection"),
        NamedCommand(
            "paste", .paste(keepingOutsideInputs: false), keys: [.character("p")], "paste at the cursor"),
        NamedCommand(
            "paste-keeping-inputs", .paste(keepingOutsideInputs: true), keys: [.character("P")],
            "paste, also keeping inputs from outside"),
        NamedCommand(
            "duplicate", .duplicate, keys: [.character("D")], "duplicate the selection beside itself"),
        NamedCommand("group", .group, keys: [.character("g")], "group the selection into one node"),
        NamedCommand("ungroup", .ungroup, keys: [.character("G")], "put a group's nodes back in its place"),
        NamedCommand("leave-group", .leaveGroup, keys: [.backspace], "leave the open group"),
        NamedCommand("undo", .undo, keys: [.character("u")], "undo the last edit"),
        NamedCommand("redo", .redo, keys: [.character("U")], "redo the edit undone last"),
        NamedCommand("inspector", .toggleInspector, keys: [.character("i")], "show or hide the inspector"),
        NamedCommand(
            "minimap", .toggleMinimap, keys: [.character("M")],
            "show or hide the minimap (the whole graph; a click moves the view)"),
        NamedCommand(
            "timing", .toggleTiming, keys: [.character("t")],
            "show or hide each node's recomputations and time"),
        NamedCommand("save", .save, keys: [.character("s")], "save (:save PATH saves as PATH)"),
        NamedCommand("help", .help, keys: [.character("?"), .function(1)], "show every key"),
        NamedCommand("messages", .messages, keys: [.character("@")], "every message of the session"),
        NamedCommand("command-line", .commandLine, keys: [.character(":")], "run a command by its name"),
        NamedCommand("quit", .quit, keys: [.character("q")], "quit (with unsaved changes it asks first)"),
    ]

    /// The rows help and the editor guide show: the commands of each row, how the standard keys are
    /// written, and what they do.
    static let rows: [(label: String, help: String, names: [String])] = [
        (
            "arrows", "move the cursor; keys act on the node under it",
            ["cursor-up", "cursor-down", "cursor-left", "cursor-right"]
        ),
        ("Tab / Shift-Tab", "next / previous node", ["next-node", "previous-node"]),
        ("H J K L", "pan the view left, down, up, right", ["pan-left", "pan-down", "pan-up", "pan-right"]),
        ("PgUp / PgDn", "pan the view a screen up / down", ["page-up", "page-down"]),
        ("f", "the whole graph in view, at the most detailed level that fits (else the minimap)", ["fit"]),
        ("n", "new node at the cursor: type to filter, Enter picks", ["new-node"]),
        ("l", "link from the node: Tab visits slots, Enter toggles", ["link"]),
        ("x / Delete", "delete the selection", ["delete"]),
        ("m", "move the selection: arrows, Enter keeps, Esc puts back", ["move"]),
        ("e", "edit a value (type it, Enter sets) or flip a switch", ["edit"]),
        ("Enter", "open a group; on a source, edit its value or flip a switch", ["open"]),
        ("+ / -", "step a number by 1", ["step-up", "step-down"]),
        ("r", "rename the node: Enter keeps, Esc cancels", ["rename"]),
        ("o", "cycle an operator's kind, keeping links whose slot remains", ["cycle-kind"]),
        ("b", "bypass the selection (passes its first input through)", ["bypass"]),
        ("z", "level of detail: full, compact, dot", ["level-of-detail"]),
        ("/", "find a node by name; Enter jumps (again: the next one)", ["find"]),
        ("a", "arrange the graph in layers", ["arrange"]),
        ("Space", "add the node to the selection, or take it out", ["toggle-selection"]),
        ("Ctrl-A", "select every node", ["select-all"]),
        ("Esc", "clear the selection; with none, leave the open group", ["clear-selection"]),
        ("y", "copy the selection (and the links among it)", ["copy"]),
        (
            "p / P", "paste at the cursor / also keeping inputs from outside",
            ["paste", "paste-keeping-inputs"]
        ),
        ("D", "duplicate the selection beside itself", ["duplicate"]),
        ("g", "group the selection into one node (asks its name)", ["group"]),
        ("G", "ungroup: the group's nodes back in its place", ["ungroup"]),
        ("Backspace", "leave the open group, back where you were", ["leave-group"]),
        ("u / U", "undo / redo (the status line says what)", ["undo", "redo"]),
        ("i", "show or hide the inspector", ["inspector"]),
        ("M", "show or hide the minimap (the whole graph; a click moves the view)", ["minimap"]),
        ("t", "timing badges: recomputations and last compute time", ["timing"]),
        ("s", "save (a graph without a file asks for a name)", ["save"]),
        ("? / F1", "this help (arrows scroll it, other keys close it)", ["help"]),
        ("@", "every message of the session, newest first (arrows scroll)", ["messages"]),
        (":", "the command line: every command by name, filtered as you type", ["command-line"]),
        ("q", "quit (with unsaved changes it asks first)", ["quit"]),
    ]

    /// Every normal-mode row of the standard table, in the order help and the editor guide list them.
    package static var normal: [KeyBinding] { KeyTable.standard.bindings }

    /// The keys answered in every mode, before the mode sees them, and what each asks of the
    /// host: they cannot be bound (`keys.json` refuses them).
    static let screenKeys: [(key: InputEvent, label: String, help: String, effect: CanvasEffect)] = [
        (.control("l"), "Ctrl-L", "repaint the screen", .repaint)
    ]

    /// The keys answered in every mode, as help and the editor guide describe them.
    public static var screen: [(label: String, help: String)] { screenKeys.map { ($0.label, $0.help) } }

    /// What a key answered in every mode asks of the host.
    /// - Parameter event: A key.
    /// - Returns: The effect, or `nil` for a key the mode answers.
    package static func screenEffect(for event: InputEvent) -> CanvasEffect? {
        screenKeys.first { $0.key == event }?.effect
    }

    /// The mouse, as help and the editor guide describe it.
    static let mouse: [(label: String, help: String)] = [
        ("click", "select a node (its delete mark removes it); in link mode, toggle a row"),
        ("Ctrl-click", "add a node to the selection, or take it out"),
        ("drag", "move a node (and the selection with it), or pan"),
        ("Ctrl-drag", "select the nodes in a rectangle"),
        ("wheel", "pan up and down"),
    ]

    /// The command a key runs in normal mode with the standard keys.
    /// - Parameter event: The key.
    /// - Returns: The command, or `nil` when the key does nothing there.
    public static func command(for event: InputEvent) -> CanvasCommand? {
        KeyTable.standard.command(for: event)
    }
}

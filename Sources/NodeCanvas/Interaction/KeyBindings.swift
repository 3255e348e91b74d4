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
    /// Fit the whole graph in view.
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
}

/// A key and the command it runs.
public struct KeyCommand: Hashable, Sendable {
    /// The key.
    public var key: InputEvent
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

/// One row of the key table: the keys and their commands, how help and README write the keys,
/// and what they do in words.
public struct KeyBinding: Hashable, Sendable {
    /// The keys and the command each runs.
    public var keys: [KeyCommand]
    /// The keys as help and README write them (`x / Delete`).
    public var label: String
    /// What the keys do, as help and README say it.
    public var help: String

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

    /// Binds several keys to one command.
    /// - Parameters:
    ///   - label: The keys in words.
    ///   - help: What they do.
    ///   - keys: The keys.
    ///   - command: The command.
    public init(_ label: String, _ help: String, keys: [InputEvent], _ command: CanvasCommand) {
        self.init(label, help, keys.map { KeyCommand($0, command) })
    }
}

/// The canvas's one key table: the reducer runs it, the help overlay shows it, and a test checks
/// that README's key table says the same. A new key is added here and nowhere else.
public enum KeyBindings {
    /// Columns panned by H and L (at the current level of detail).
    public static let panColumns = 8
    /// Rows panned by J and K.
    public static let panRows = 4

    /// Every normal-mode key, in the order help and README list them.
    public static let normal: [KeyBinding] = [
        KeyBinding(
            "arrows", "move the cursor; keys act on the node under it",
            [
                KeyCommand(.up, .moveCursor(dx: 0, dy: -1)), KeyCommand(.down, .moveCursor(dx: 0, dy: 1)),
                KeyCommand(.left, .moveCursor(dx: -1, dy: 0)), KeyCommand(.right, .moveCursor(dx: 1, dy: 0)),
            ]),
        KeyBinding(
            "Tab / Shift-Tab", "next / previous node",
            [KeyCommand(.tab, .nextNode), KeyCommand(.backTab, .previousNode)]),
        KeyBinding(
            "H J K L", "pan the view left, down, up, right",
            [
                KeyCommand(.character("H"), .pan(dx: -panColumns, dy: 0)),
                KeyCommand(.character("J"), .pan(dx: 0, dy: panRows)),
                KeyCommand(.character("K"), .pan(dx: 0, dy: -panRows)),
                KeyCommand(.character("L"), .pan(dx: panColumns, dy: 0)),
            ]),
        KeyBinding(
            "PgUp / PgDn", "pan the view a screen up / down",
            [KeyCommand(.pageUp, .page(-1)), KeyCommand(.pageDown, .page(1))]),
        KeyBinding("f", "fit the whole graph in view", keys: [.character("f")], .fit),
        KeyBinding(
            "n", "new node at the cursor: type to filter, Enter picks",
            keys: [.character("n")], .newNode),
        KeyBinding(
            "l",
            "link from the node: Tab visits slots, Enter toggles",
            keys: [.character("l")], .link),
        KeyBinding("x / Delete", "delete the selection", keys: [.character("x"), .delete], .delete),
        KeyBinding(
            "m", "move the selection: arrows, Enter keeps, Esc puts back", keys: [.character("m")],
            .move),
        KeyBinding(
            "e", "edit a value (type it, Enter sets) or flip a switch", keys: [.character("e")], .editValue),
        KeyBinding(
            "Enter", "open a group; on a source, edit its value or flip a switch", keys: [.enter], .open),
        KeyBinding(
            "+ / -", "step a number by 1",
            [KeyCommand(.character("+"), .step(1)), KeyCommand(.character("-"), .step(-1))]),
        KeyBinding("r", "rename the node: Enter keeps, Esc cancels", keys: [.character("r")], .rename),
        KeyBinding(
            "o", "cycle an operator's kind, keeping links whose slot remains",
            keys: [.character("o")], .cycleKind),
        KeyBinding("z", "level of detail: full, compact, dot", keys: [.character("z")], .cycleLevelOfDetail),
        KeyBinding(
            "/", "find a node by name; Enter jumps (again: the next one)", keys: [.character("/")], .find),
        KeyBinding("a", "arrange the graph in layers", keys: [.character("a")], .arrange),
        KeyBinding(
            "Space", "add the node to the selection, or take it out", keys: [.character(" ")],
            .toggleSelection),
        KeyBinding("Ctrl-A", "select every node", keys: [.control("a")], .selectAll),
        KeyBinding(
            "Esc", "clear the selection; with none, leave the open group", keys: [.escape], .clearSelection),
        KeyBinding("y", "copy the selection (and the links among it)", keys: [.character("y")], .copy),
        KeyBinding(
            "p / P", "paste at the cursor / also keeping inputs from outside",
            [
                KeyCommand(.character("p"), .paste(keepingOutsideInputs: false)),
                KeyCommand(.character("P"), .paste(keepingOutsideInputs: true)),
            ]),
        KeyBinding("D", "duplicate the selection beside itself", keys: [.character("D")], .duplicate),
        KeyBinding("g", "group the selection into one node (asks its name)", keys: [.character("g")], .group),
        KeyBinding("G", "ungroup: the group's nodes back in its place", keys: [.character("G")], .ungroup),
        KeyBinding("Backspace", "leave the open group, back where you were", keys: [.backspace], .leaveGroup),
        KeyBinding(
            "u / U", "undo / redo (the status line says what)",
            [KeyCommand(.character("u"), .undo), KeyCommand(.character("U"), .redo)]),
        KeyBinding("i", "show or hide the inspector", keys: [.character("i")], .toggleInspector),
        KeyBinding(
            "s", "save (a graph without a file asks for a name)", keys: [.character("s")], .save),
        KeyBinding(
            "? / F1", "this help (arrows scroll it, other keys close it)",
            keys: [.character("?"), .function(1)], .help),
        KeyBinding(
            "@", "every message of the session, newest first (arrows scroll)", keys: [.character("@")],
            .messages),
        KeyBinding("q", "quit (with unsaved changes it asks first)", keys: [.character("q")], .quit),
    ]

    /// The keys the terminal answers itself, whatever the mode, as help and README describe them.
    public static let screen: [(label: String, help: String)] = [
        ("Ctrl-L", "repaint the screen")
    ]

    /// The mouse, as help and README describe it.
    public static let mouse: [(label: String, help: String)] = [
        ("click", "select a node (its delete mark removes it); in link mode, toggle a row"),
        ("Ctrl-click", "add a node to the selection, or take it out"),
        ("drag", "move a node (and the selection with it), or pan"),
        ("Ctrl-drag", "select the nodes in a rectangle"),
        ("wheel", "pan up and down"),
    ]

    /// The command a key runs in normal mode.
    /// - Parameter event: The key.
    /// - Returns: The command, or `nil` when the key does nothing there.
    public static func command(for event: InputEvent) -> CanvasCommand? { byKey[event] }

    private static let byKey: [InputEvent: CanvasCommand] = {
        var table: [InputEvent: CanvasCommand] = [:]
        for binding in normal {
            for key in binding.keys { table[key.key] = key.command }
        }
        table[.character("=")] = .step(1)  // + without Shift
        return table
    }()
}

/// The canvas's keys, as the help overlay and the README list them.
public enum KeyMap {
    /// One line of help: the keys and what they do.
    public struct Entry: Hashable, Sendable {
        /// The keys, e.g. `x, Delete`.
        public var keys: String
        /// What they do.
        public var action: String
    }

    /// Every key of the canvas, grouped as the help overlay shows them.
    public static let entries: [Entry] = [
        Entry(keys: "arrows", action: "move the cursor (selects the node under it)"),
        Entry(keys: "Tab / Shift-Tab", action: "next / previous node"),
        Entry(keys: "H J K L", action: "pan the view left, down, up, right"),
        Entry(keys: "n", action: "new node at the cursor (type to filter)"),
        Entry(keys: "l", action: "link mode: Tab targets, Enter toggles, Esc"),
        Entry(keys: "m", action: "move the node: arrows, Enter keeps, Esc undoes"),
        Entry(keys: "e", action: "edit a number: digits, Enter sets, Esc"),
        Entry(keys: "+ / -", action: "step a number by 1"),
        Entry(keys: "o", action: "cycle an operator's kind (+ − × ÷)"),
        Entry(keys: "x, Delete", action: "delete the selected node"),
        Entry(keys: "u / U", action: "undo / redo"),
        Entry(keys: "/", action: "find a node by name, Enter jumps"),
        Entry(keys: "z", action: "level of detail: full, compact, dot"),
        Entry(keys: "a", action: "arrange the graph in layers"),
        Entry(keys: "i", action: "show or hide the inspector"),
        Entry(keys: "s / q", action: "save / quit"),
        Entry(keys: "?", action: "this help (any key closes it)"),
        Entry(keys: "mouse", action: "click selects (× deletes), drag moves or pans"),
        Entry(keys: "", action: "wheel pans; in link mode a click toggles a row"),
    ]
}

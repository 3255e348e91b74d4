import NodeGraph

/// A line of an edit journal: an edit, or an undo or redo of earlier lines.
///
/// ``Journal`` reads lines into entries and writes entries as lines; ``JournalRecorder`` appends
/// them to a file as a document changes.
public enum JournalEntry: Hashable, Sendable {
    /// Apply an edit.
    case edit(Edit)
    /// Undo the latest step.
    case undo
    /// Redo the most recently undone step.
    case redo

    /// The operation's name in the journal, e.g. `link` or `undo`.
    public var operationName: String {
        switch self {
        case .edit(let edit): edit.journalOperationName
        case .undo: "undo"
        case .redo: "redo"
        }
    }
}

extension Edit {
    /// The edit's op in a journal: ``Edit/operationName``, but `setFormula` for a formula set
    /// (a `setValue` of ``FormulaKind/formula(_:)``).
    var journalOperationName: String {
        formulaSet != nil ? "setFormula" : operationName
    }

    /// The node and text of a formula set (inside a definition too), or `nil`.
    var formulaSet: (node: NodeID, text: String)? {
        switch self {
        case .inside(_, let edit): return edit.formulaSet
        case .setValue(let node, .custom(let custom)) where custom.type == FormulaKind.formulaType:
            guard case .string(let text) = custom.payload else { return nil }
            return (node, text)
        default: return nil
        }
    }
}

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
        case .edit(let edit): edit.operationName
        case .undo: "undo"
        case .redo: "redo"
        }
    }
}

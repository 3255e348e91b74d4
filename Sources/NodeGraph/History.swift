/// Undo and redo stacks built on inverse edits, with a bounded number of steps.
public struct History: Sendable, Equatable {
    /// One undoable step: the edit as applied and the edit that reverses it.
    public struct Step: Sendable, Hashable {
        /// The edit that was applied (redo applies it again).
        public var edit: Edit
        /// The edit that reverses it (undo applies it).
        public var inverse: Edit
        /// Identifies the step across undo and redo.
        public var serial: Int
    }

    private var nextSerial = 0

    /// The most steps kept; the oldest are forgotten beyond it.
    public var limit: Int {
        didSet { trim() }
    }
    /// Undoable steps from `undoStart` on; forgetting the oldest only moves `undoStart`, and the
    /// array is compacted once half of it is forgotten, so recording stays amortized O(1).
    private var undoStorage: [Step] = []
    private var undoStart = 0
    /// Steps that can be undone, oldest first.
    public var undoSteps: ArraySlice<Step> { undoStorage[undoStart...] }
    /// Steps that can be redone, most recently undone last; here `inverse` is the edit that
    /// redoes the step.
    public private(set) var redoSteps: [Step] = []

    /// Creates an empty history.
    /// - Parameter limit: The most steps kept (at least 1); 1,000 by default.
    public init(limit: Int = 1_000) { self.limit = max(1, limit) }

    /// Whether there is a step to undo.
    public var canUndo: Bool { undoStorage.count > undoStart }
    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Records an applied change as a new step; the redo stack is cleared.
    /// - Parameter change: The change an edit produced.
    /// - Complexity: Amortized O(1).
    public mutating func record(_ change: Change) {
        if case .batch(let edits) = change.edit, edits.isEmpty { return }
        nextSerial += 1
        undoStorage.append(Step(edit: change.edit, inverse: change.inverse, serial: nextSerial))
        redoSteps.removeAll()
        trim()
    }

    /// Undoes the latest step on `graph`.
    /// - Parameter graph: The graph the steps were applied to.
    /// - Returns: The change the inverse edit made.
    /// - Throws: ``GraphError/nothingToUndo``, or the refusal of the inverse edit (which leaves
    ///   both the graph and the history unchanged).
    public mutating func undo(on graph: inout Graph) throws(GraphError) -> Change {
        guard canUndo, let step = undoStorage.last else { throw .nothingToUndo }
        let change = try graph.apply(step.inverse)
        undoStorage.removeLast()
        redoSteps.append(Step(edit: step.edit, inverse: change.inverse, serial: step.serial))
        return change
    }

    /// Redoes the most recently undone step on `graph`.
    /// - Parameter graph: The graph the steps were applied to.
    /// - Returns: The change the edit made.
    /// - Throws: ``GraphError/nothingToRedo``, or the refusal of the edit.
    public mutating func redo(on graph: inout Graph) throws(GraphError) -> Change {
        guard let step = redoSteps.last else { throw .nothingToRedo }
        let change = try graph.apply(step.inverse)
        redoSteps.removeLast()
        undoStorage.append(Step(edit: step.edit, inverse: change.inverse, serial: step.serial))
        return change
    }

    /// The serial of the latest undoable step, or 0 when there is none: equal serials mean the
    /// graph is in the same state.
    public var currentSerial: Int { canUndo ? undoStorage[undoStorage.count - 1].serial : 0 }

    /// Forgets every step.
    public mutating func removeAll() {
        undoStorage.removeAll()
        undoStart = 0
        redoSteps.removeAll()
    }

    private mutating func trim() {
        if undoStorage.count - undoStart > limit { undoStart = undoStorage.count - limit }
        if undoStart > 0 && undoStart * 2 >= undoStorage.count {
            undoStorage.removeFirst(undoStart)
            undoStart = 0
        }
    }
}

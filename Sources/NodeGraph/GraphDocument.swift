/// A handle returned by ``GraphDocument/observe(_:)``; pass it to
/// ``GraphDocument/removeObserver(_:)`` to stop observing.
public struct ObservationToken: Hashable, Sendable {
    let value: Int
}

/// An editable graph with undo/redo, transactions and change observers: what an application or
/// a journal replay edits.
///
/// Every edit goes through ``apply(_:)``, which records it for undo and then tells every
/// observer, in the order they subscribed.
///
/// ```swift
/// let document = GraphDocument()
/// let token = document.observe { change in print(change.recomputed) }
/// try document.apply(.addNode(NodeDescription(id: "a", kind: "number")))
/// try document.undo()
/// document.removeObserver(token)
/// ```
public final class GraphDocument {
    /// The current graph.
    public private(set) var graph: Graph
    /// The undo and redo steps.
    public private(set) var history: History
    /// Whether the graph changed since ``markSaved()``.
    public var isModified: Bool { savedSerial != history.currentSerial || transactionDepth > 0 }

    private var savedSerial = 0
    private var observers: [(token: ObservationToken, handler: (Change) -> Void)] = []
    private var nextToken = 0
    private var transactionChanges: [Change] = []
    private var transactionDepth = 0

    /// Creates a document around a graph.
    /// - Parameters:
    ///   - graph: The starting graph; empty with the standard kinds by default.
    ///   - historyLimit: The most undo steps kept.
    public init(graph: Graph = Graph(), historyLimit: Int = 1_000) {
        self.graph = graph
        self.history = History(limit: historyLimit)
    }

    /// Applies an edit, records it for undo (or in the open transaction), and notifies observers.
    /// - Parameter edit: The edit.
    /// - Returns: The change.
    /// - Throws: ``GraphError`` when the edit is refused; nothing changes then.
    @discardableResult
    public func apply(_ edit: Edit) throws(GraphError) -> Change {
        let change = try graph.apply(edit)
        if transactionDepth > 0 {
            transactionChanges.append(change)
        } else {
            history.record(change)
        }
        notify(change)
        return change
    }

    /// Undoes the latest step.
    /// - Returns: The change the undo made.
    /// - Throws: ``GraphError/nothingToUndo`` when there is nothing to undo.
    @discardableResult
    public func undo() throws(GraphError) -> Change {
        try commitIfNeeded()
        let change = try history.undo(on: &graph)
        notify(change)
        return change
    }

    /// Redoes the most recently undone step.
    /// - Returns: The change the redo made.
    /// - Throws: ``GraphError/nothingToRedo`` when there is nothing to redo.
    @discardableResult
    public func redo() throws(GraphError) -> Change {
        try commitIfNeeded()
        let change = try history.redo(on: &graph)
        notify(change)
        return change
    }

    private func commitIfNeeded() throws(GraphError) {
        if transactionDepth > 0 {
            transactionDepth = 1
            commitTransaction()
        }
    }

    // MARK: Transactions

    /// Starts grouping edits into one undo step. Transactions nest; only the outermost commits.
    public func beginTransaction() { transactionDepth += 1 }

    /// Ends the innermost transaction; the outermost one becomes a single undo step.
    public func commitTransaction() {
        guard transactionDepth > 0 else { return }
        transactionDepth -= 1
        guard transactionDepth == 0, !transactionChanges.isEmpty else { return }
        let changes = transactionChanges
        transactionChanges.removeAll()
        history.record(
            Change(
                edit: .batch(changes.map(\.edit)), inverse: .batch(changes.reversed().map(\.inverse)),
                recomputed: []))
    }

    /// Abandons the open transactions, reverting every edit made in them: the graph is exactly
    /// as it was when the outermost transaction began.
    public func cancelTransaction() {
        guard transactionDepth > 0 else { return }
        transactionDepth = 0
        let changes = transactionChanges
        transactionChanges.removeAll()
        guard !changes.isEmpty else { return }
        do {
            let change = try graph.apply(.batch(changes.reversed().map(\.inverse)))
            notify(change)
        } catch {
            preconditionFailure("reverting a transaction was refused: \(error)")
        }
    }

    /// Runs `body` in a transaction: committed as one undo step when it returns, cancelled
    /// (everything reverted) when it throws.
    /// - Parameter body: The edits to group.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, after reverting.
    public func transaction<Result>(_ body: (GraphDocument) throws -> Result) rethrows -> Result {
        beginTransaction()
        do {
            let result = try body(self)
            commitTransaction()
            return result
        } catch {
            cancelTransaction()
            throw error
        }
    }

    // MARK: Observers

    /// Calls `handler` after every applied edit, undo and redo.
    /// - Parameter handler: Receives each change.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func observe(_ handler: @escaping (Change) -> Void) -> ObservationToken {
        nextToken += 1
        let token = ObservationToken(value: nextToken)
        observers.append((token, handler))
        return token
    }

    /// Stops calling the observer registered with `token`.
    /// - Parameter token: The token ``observe(_:)`` returned.
    public func removeObserver(_ token: ObservationToken) {
        observers.removeAll { $0.token == token }
    }

    private func notify(_ change: Change) {
        for observer in observers { observer.handler(change) }
    }

    // MARK: Saving

    /// Records that the current graph is saved; ``isModified`` turns false.
    public func markSaved() {
        savedSerial = history.currentSerial
    }

    /// Replaces the graph (e.g. after loading a file) and forgets the history.
    /// - Parameter graph: The new graph.
    public func replaceGraph(_ graph: Graph) {
        self.graph = graph
        history.removeAll()
        transactionChanges.removeAll()
        transactionDepth = 0
        markSaved()
    }
}

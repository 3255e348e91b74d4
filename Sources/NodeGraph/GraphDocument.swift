/// A handle returned by ``GraphDocument/observe(_:)``; pass it to
/// ``GraphDocument/removeObserver(_:)`` to stop observing.
public struct ObservationToken: Hashable, Sendable {
    let value: Int
}

/// An editable graph with undo/redo, transactions and change observers: what an application or
/// a journal replay edits.
///
/// Every edit goes through ``apply(_:)``, which records it for undo and then tells every
/// observer, in the order they subscribed. Many edits at once (a journal recovered after a
/// crash) go through ``applyInBulk(_:)``: each is still its own step, but observers hear of them
/// together, once, at the end.
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
    /// A tool's rule, asked after every edit, undo and redo whether it may stand; a refusal
    /// puts the graph back as it was and throws ``GraphError/refusedByRule(_:)``. `nil`: none.
    public var rule: (any EditRule)?
    /// Whether the graph changed since ``markSaved()``.
    public var isModified: Bool { savedSerial != history.currentSerial || transactionDepth > 0 }

    private var savedSerial = 0
    private var observers: [(token: ObservationToken, handler: Observer)] = []
    /// The changes made inside ``applyInBulk(_:)``, told to the observers when it ends.
    private var bulkChanges: [Change] = []
    private var bulkDepth = 0
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
        if let reason = refusal(of: change, as: .edit) {
            revert(change)
            throw .refusedByRule(reason)
        }
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
        if let reason = refusal(of: change, as: .undo) {
            do { _ = try history.redo(on: &graph) } catch {
                preconditionFailure("restoring after a refused undo: \(error)")
            }
            throw .refusedByRule(reason)
        }
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
        if let reason = refusal(of: change, as: .redo) {
            do { _ = try history.undo(on: &graph) } catch {
                preconditionFailure("restoring after a refused redo: \(error)")
            }
            throw .refusedByRule(reason)
        }
        notify(change)
        return change
    }

    /// What the rule says of a change just made to ``graph``, before anyone hears of it.
    private func refusal(of change: Change, as origin: ProposedEdit.Origin) -> String? {
        guard let rule else { return nil }
        // The proposal shares the graph's storage only while the rule reads it.
        return rule.refusal(of: ProposedEdit(change: change, origin: origin, graph: graph))
    }

    /// Takes back a change the rule refused.
    private func revert(_ change: Change) {
        do { _ = try graph.apply(change.inverse) } catch {
            preconditionFailure("reverting a refused edit failed: \(error)")
        }
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

    /// What an observer hears: each change on its own, the changes of one step together, or
    /// the source updates.
    private enum Observer {
        case each((Change) -> Void)
        case batches(([Change]) -> Void)
        case sourceUpdates((SourceChange) -> Void)
    }

    /// Calls `handler` after every applied edit, undo and redo.
    ///
    /// Inside ``applyInBulk(_:)`` the calls wait until the bulk application ends, then come one
    /// per change, in order.
    /// - Parameter handler: Receives each change.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func observe(_ handler: @escaping (Change) -> Void) -> ObservationToken {
        addObserver(.each(handler))
    }

    /// Calls `handler` with the changes of each step: one change after an edit, undo or redo,
    /// and every change of a bulk application (``applyInBulk(_:)``) together, once it ends. A
    /// view that redraws from the changes redraws once however many edits were applied.
    /// - Parameter handler: Receives the changes, in the order they were made; never empty.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func observeBatches(_ handler: @escaping ([Change]) -> Void) -> ObservationToken {
        addObserver(.batches(handler))
    }

    private func addObserver(_ observer: Observer) -> ObservationToken {
        nextToken += 1
        let token = ObservationToken(value: nextToken)
        observers.append((token, observer))
        return token
    }

    /// Stops calling the observer registered with `token`.
    /// - Parameter token: The token ``observe(_:)`` or ``observeBatches(_:)`` returned.
    public func removeObserver(_ token: ObservationToken) {
        observers.removeAll { $0.token == token }
    }

    private func notify(_ change: Change) {
        if bulkDepth > 0 {
            bulkChanges.append(change)
        } else {
            notify(CollectionOfOne(change))
        }
    }

    private func notify(_ changes: some Collection<Change>) {
        for (_, observer) in observers {
            switch observer {
            case .each(let handler): for change in changes { handler(change) }
            case .batches(let handler): handler(Array(changes))
            case .sourceUpdates: break
            }
        }
    }

    /// Calls `handler` after every application of source updates
    /// (``applySourceUpdates(_:)``). Observers of edits (``observe(_:)``,
    /// ``observeBatches(_:)``) do not hear of them: an update is not an edit, so a journal that
    /// records edits never records one.
    /// - Parameter handler: Receives what each application did.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func observeSourceUpdates(_ handler: @escaping (SourceChange) -> Void) -> ObservationToken {
        addObserver(.sourceUpdates(handler))
    }

    // MARK: Live sources

    /// Applies values pushed into live sources, in one pass (see
    /// ``Graph/applySourceUpdates(_:)``), and tells the source-update observers.
    ///
    /// Not an edit: it is not recorded for undo, does not mark the document modified, and is
    /// not heard by the observers of edits (so it is never journaled). An undo later leaves the
    /// sources' values as they are.
    /// - Parameter updates: The values, in the order they arrived.
    /// - Returns: The sources updated and the nodes recomputed, in order.
    /// - Complexity: O(*u* + *a*): the updates and the region downstream of their sources.
    @discardableResult
    public func applySourceUpdates(_ updates: some Sequence<SourceUpdate>) -> SourceChange {
        let change = graph.applySourceUpdates(updates)
        guard !change.sources.isEmpty else { return change }
        for (_, observer) in observers {
            if case .sourceUpdates(let handler) = observer { handler(change) }
        }
        return change
    }

    // MARK: Background results

    /// Applies results of background computations, in one pass (see
    /// ``Graph/applyBackgroundResults(_:)``), and tells the source-update observers, as a live
    /// source's update does: the results' nodes are the change's ``SourceChange/sources``.
    ///
    /// Not an edit: it is not recorded for undo, does not mark the document modified, and is
    /// never journaled. A superseded result (the node's inputs changed since) is skipped.
    /// - Parameter results: The results, in the order they arrived.
    /// - Returns: The nodes whose results were applied and the nodes recomputed, in order.
    /// - Complexity: O(*r* + *a*): the results and the region downstream of their nodes.
    @discardableResult
    public func applyBackgroundResults(_ results: some Sequence<BackgroundResult>) -> SourceChange {
        let change = graph.applyBackgroundResults(results)
        guard !change.sources.isEmpty else { return change }
        for (_, observer) in observers {
            if case .sourceUpdates(let handler) = observer { handler(change) }
        }
        return change
    }

    // MARK: Bulk application

    /// Applies many edits as ``apply(_:)`` would, but tells the observers once, at the end: a
    /// canvas lays out and draws once for a whole recovered journal instead of once per edit.
    ///
    /// Each edit is recorded for undo on its own, as if it had been applied alone, so after a
    /// recovery `undo` takes back the last recovered edit, then the one before, as it would
    /// have in the session that made them. (Group edits into one step with a transaction.)
    /// Refused edits change nothing, as always; observers hear of the applied ones only. Bulk
    /// applications nest: the observers hear when the outermost ends, even when `body` throws.
    ///
    /// ```swift
    /// let steps = document.applyInBulk { document in lines.map { document.replay($0) } }
    /// ```
    /// - Parameter body: Applies the edits through the document.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the edits applied before it threw stay applied.
    public func applyInBulk<Result>(_ body: (GraphDocument) throws -> Result) rethrows -> Result {
        bulkDepth += 1
        defer {
            bulkDepth -= 1
            if bulkDepth == 0 && !bulkChanges.isEmpty {
                let changes = bulkChanges
                bulkChanges.removeAll()
                notify(changes)
            }
        }
        return try body(self)
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

/// A kind whose value takes a while to compute — a slow calculation, a request to a server — and
/// is computed away from the graph's thread, so that editing and drawing never wait for it.
///
/// A node of a background kind is *pending* (``Value/pending``, shown `…`) until the result for
/// its current inputs arrives, and pending flows downstream as an error does: a node with a
/// pending input is pending, without evaluating its kind. Whoever drives the graph — an editor,
/// a command, a test — owns a ``BackgroundRunner``, which runs ``compute(_:)`` for each pending
/// node whose inputs are known, cancels a computation when a newer input supersedes it (its late
/// result is never applied), and hands the results back to be applied as one update, like a
/// live source's (``Graph/applyBackgroundResults(_:)``): not an edit, so nothing pending or
/// computed is ever undone, journaled or saved.
///
/// ```swift
/// struct SlowSquare: BackgroundKind {
///     let name = "slowSquare"
///     let title = "Slow square"
///     let inputs = [SlotSpec("x", .number)]
///     let outputType = ValueType.number
///     func compute(_ inputs: KindInputs) async throws -> Value {
///         try await Task.sleep(for: .seconds(1))      // throws when cancelled
///         return .number(inputs.number(0) * inputs.number(0))
///     }
/// }
/// ```
///
/// Background kinds belong at the top level of a graph: one inside a definition (a group) would
/// compute once for every instance, so adding one there is refused
/// (``GraphError/backgroundKindInDefinition(node:kind:)``).
public protocol BackgroundKind: NodeKind {
    /// Computes the node's value from its inputs, on another thread.
    ///
    /// Honour cancellation: when a newer input supersedes this computation its task is
    /// cancelled, and whatever it returns or throws afterwards is dropped. Check
    /// `Task.isCancelled` or call cancellable functions (`Task.sleep`) in long work.
    /// - Parameter inputs: One value per slot (never an error or pending), and the held value.
    /// - Returns: A value of ``NodeKind/outputType`` (or an error value).
    /// - Throws: ``EvaluationFailure`` with the reason when no value can be produced (any other
    ///   error becomes an error value with its description; `CancellationError` is dropped).
    func compute(_ inputs: KindInputs) async throws -> Value
}

extension BackgroundKind {
    /// The result delivered for the current inputs (``KindInputs/pushed``), or ``Value/pending``
    /// until one is. The graph keeps the result with the inputs it was computed from and shows it
    /// only while the inputs are still those.
    /// - Parameter inputs: The inputs, with the delivered result as ``KindInputs/pushed``.
    /// - Returns: The result, or pending.
    /// - Throws: Never.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        inputs.pushed ?? .pending
    }
}

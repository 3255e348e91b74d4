/// A computation a pending background node waits for: the node, its kind, and the inputs to
/// compute from (see ``BackgroundKind``).
public struct BackgroundRequest: Sendable {
    /// The background node.
    public var node: NodeID
    /// Its kind.
    public var kind: any BackgroundKind
    /// One value per slot (none an error or pending), and the held value.
    public var inputs: KindInputs

    /// Creates a request.
    /// - Parameters:
    ///   - node: The background node.
    ///   - kind: Its kind.
    ///   - inputs: The inputs to compute from.
    public init(node: NodeID, kind: any BackgroundKind, inputs: KindInputs) {
        self.node = node
        self.kind = kind
        self.inputs = inputs
    }

    /// Whether another request asks for the same computation: the same node, slot values and
    /// held value.
    /// - Parameter other: Another request.
    /// - Returns: Whether the two would compute the same result.
    public func asksForSameResult(as other: BackgroundRequest) -> Bool {
        node == other.node && inputs.values == other.inputs.values
            && inputs.parameter == other.inputs.parameter
    }

    /// Runs the kind's ``BackgroundKind/compute(_:)``: its value, a thrown failure as an error
    /// value, or `nil` when the computation was cancelled (its outcome means nothing then).
    /// - Returns: The result to apply, or `nil`.
    public func compute() async -> BackgroundResult? {
        let value: Value
        do {
            value = try await kind.compute(inputs)
        } catch let failure as EvaluationFailure {
            value = .error(ValueError(reason: failure.reason, origin: node))
        } catch is CancellationError {
            return nil
        } catch {
            value = .error(ValueError(reason: "\(error)", origin: node))
        }
        if Task.isCancelled { return nil }
        return BackgroundResult(node: node, inputs: inputs.values, parameter: inputs.parameter, value: value)
    }
}

/// The result of a background computation: the value computed for a node from these inputs.
///
/// Apply it with ``Graph/applyBackgroundResults(_:)``; a result whose inputs are no longer the
/// node's (a newer input superseded it) is never applied.
public struct BackgroundResult: Hashable, Sendable {
    /// The background node.
    public var node: NodeID
    /// The slot values it was computed from.
    public var inputs: [Value]
    /// The held value it was computed from; `nil` for a kind without one.
    public var parameter: Value?
    /// The value computed (or an error value).
    public var value: Value

    /// Creates a result.
    /// - Parameters:
    ///   - node: The background node.
    ///   - inputs: The slot values it was computed from.
    ///   - parameter: The held value it was computed from.
    ///   - value: The value computed.
    public init(node: NodeID, inputs: [Value], parameter: Value? = nil, value: Value) {
        self.node = node
        self.inputs = inputs
        self.parameter = parameter
        self.value = value
    }
}

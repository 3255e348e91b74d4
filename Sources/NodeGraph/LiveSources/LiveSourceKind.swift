/// A kind whose value is pushed from outside the graph — a clock, a file, a sensor — rather
/// than computed from inputs.
///
/// A node of a live-source kind has no inputs. What it holds (``NodeKind/parameterType``) is its
/// setting: a clock's interval, a file's path. It is an edit like any other (undone, journaled,
/// saved). Its value is the latest one pushed with ``Graph/applySourceUpdates(_:)``: that is not
/// an edit (not undone, journaled or saved), but it recomputes downstream exactly as one does.
///
/// Write your own by conforming; the default ``NodeKind/evaluate(_:)`` returns the pushed value, or an
/// error until the first one arrives:
///
/// ```swift
/// struct ThermometerKind: LiveSourceKind {
///     let name = "thermometer"
///     let title = "Thermometer"
///     let outputType = ValueType.number
///     let parameterType: ValueType? = .number      // which sensor
///     let defaultParameter: Value? = .number(0)
///     var heldValueName: String { "sensor" }       // saved as "sensor": 0
/// }
///
/// var registry = KindRegistry.standard
/// registry.register(ThermometerKind())
/// let document = GraphDocument(graph: Graph(registry: registry))
/// try document.apply(.addNode(NodeDescription(id: "t", kind: "thermometer")))
/// // Whenever a reading arrives (on the thread that owns the document):
/// document.applySourceUpdates([SourceUpdate(node: "t", value: .number(21.5))])
/// ```
///
/// Live sources belong at the top level of a graph: one inside a definition (a group) would
/// follow the world once for every instance, so adding one there is refused
/// (``GraphError/liveSourceInDefinition(node:kind:)``).
public protocol LiveSourceKind: NodeKind {}

extension LiveSourceKind {
    /// No inputs: the value comes from outside.
    public var inputs: [SlotSpec] { [] }
    /// `live`.
    public var category: String { "live" }

    /// The latest pushed value.
    /// - Parameter inputs: The pushed value (``KindInputs/pushed``).
    /// - Returns: The pushed value.
    /// - Throws: `waiting for its first update` before one arrives.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        guard let pushed = inputs.pushed else { throw EvaluationFailure("waiting for its first update") }
        return pushed
    }
}

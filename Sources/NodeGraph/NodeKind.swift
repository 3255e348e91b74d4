/// One numbered input of a node kind: its label and the type it accepts.
public struct SlotSpec: Hashable, Sendable {
    /// The label shown on the input row, e.g. `x`.
    public var label: String
    /// The only type this slot accepts.
    public var type: ValueType
    /// What the slot reads while nothing feeds it.
    public var defaultValue: Value

    /// Creates a slot.
    /// - Parameters:
    ///   - label: The label shown on the input row.
    ///   - type: The type the slot accepts.
    ///   - defaultValue: What the slot reads while unconnected. Defaults to 0 for numbers and
    ///     black for colors; required for tool-defined types.
    public init(_ label: String, _ type: ValueType, default defaultValue: Value? = nil) {
        self.label = label
        self.type = type
        switch (defaultValue, type) {
        case (let value?, _): self.defaultValue = value
        case (nil, .color): self.defaultValue = .color(.black)
        case (nil, .number): self.defaultValue = .number(0)
        case (nil, _):
            preconditionFailure("slot '\(label)' of type \(type) needs a default value")
        }
    }
}

/// Why a node kind could not produce a value; the graph turns it into an error value.
public struct EvaluationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, e.g. `division by zero`.
    public var reason: String

    /// Creates a failure.
    /// - Parameter reason: Why evaluation failed.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

/// The values a node kind evaluates: one per input slot, and the held value of a source.
///
/// Unconnected slots read their slot's default. Inputs are never errors: the graph does not
/// evaluate a node with an error input, it passes the error on.
public struct KindInputs: Sendable {
    /// One value per input slot, in slot order.
    public let values: [Value]
    /// The value a source node holds; `nil` for kinds without one.
    public let parameter: Value?
    /// The latest value pushed into a live source from outside the graph (see
    /// ``LiveSourceKind``); `nil` before the first update and for other kinds.
    public let pushed: Value?

    /// Creates the inputs of one evaluation.
    /// - Parameters:
    ///   - values: One value per input slot.
    ///   - parameter: The held value of a source node.
    ///   - pushed: The latest value pushed into a live source.
    public init(values: [Value], parameter: Value? = nil, pushed: Value? = nil) {
        self.values = values
        self.parameter = parameter
        self.pushed = pushed
    }

    /// The value in a slot.
    /// - Parameter slot: The slot's index.
    public subscript(slot: Int) -> Value { values[slot] }

    /// The number in a number slot (0 if the slot holds something else).
    /// - Parameter slot: The slot's index.
    /// - Returns: The number.
    public func number(_ slot: Int) -> Double { values[slot].number ?? 0 }

    /// The color in a color slot (black if the slot holds something else).
    /// - Parameter slot: The slot's index.
    /// - Returns: The color.
    public func color(_ slot: Int) -> Color { values[slot].color ?? .black }
}

/// Arithmetic the graph can run on plain numbers without calling ``NodeKind/evaluate(_:)``.
///
/// A kind that declares a kernel must compute exactly what its `evaluate` computes whenever all
/// inputs are numbers and the result is finite; in every other case the graph calls `evaluate`.
public enum NumericKernel: Sendable, Hashable {
    /// `((x + y) + z) + …`, left to right.
    case sum
    /// `x − y`.
    case difference
    /// `x × y`.
    case product
    /// `x ÷ y` (a zero divisor goes through `evaluate`, which reports the error).
    case quotient
}

/// How a person edits the value a source node holds, on a canvas or any other editor.
///
/// A kind says it with ``NodeKind/valueEditor``; the canvas opens the matching editor on `e`
/// (or Enter).
///
/// ```swift
/// let bool = ValueType("bool")
/// let on = Value.custom(CustomValue(type: bool, payload: .bool(true)))
/// let off = Value.custom(CustomValue(type: bool, payload: .bool(false)))
///
/// struct Switch: NodeKind {
///     // …
///     var valueEditor: ValueEditor { .toggle(off: off, on: on) }   // Enter flips it
/// }
/// ```
public enum ValueEditor: Hashable, Sendable {
    /// The value is not edited by hand.
    case none
    /// A decimal number is typed in (`-7`, `2.5e3`); `+` and `-` step it by one.
    case number
    /// The value is one of two; editing it switches to the other (`on` when it is neither).
    case toggle(off: Value, on: Value)
    /// A line of text is typed in; the value is of the kind's ``NodeKind/parameterType``, its
    /// payload the text (``Payload/string(_:)``).
    case text
}

/// A type of node: its name, its input slots, its output type and how it evaluates.
///
/// Conform to add node kinds of your own and register them in a ``KindRegistry``:
///
/// ```swift
/// let text = ValueType("text")
///
/// struct Uppercase: NodeKind {
///     let name = "uppercase"
///     let title = "Uppercase"
///     let inputs = [SlotSpec("text", text, default: .custom(.init(type: text, payload: .string(""))))]
///     let outputType = text
///     func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
///         guard case .custom(let value) = inputs[0], case .string(let string) = value.payload
///         else { throw EvaluationFailure("expected text") }
///         return .custom(.init(type: text, payload: .string(string.uppercased())))
///     }
/// }
/// ```
public protocol NodeKind: Sendable {
    /// The kind's name in files and journals, e.g. `add`.
    var name: String { get }
    /// The display name a new node of this kind gets, e.g. `Add`.
    var title: String { get }
    /// A short symbol for compact displays, e.g. `+`.
    var symbol: String { get }
    /// A group of interchangeable kinds (`arithmetic`): the canvas cycles a node's kind
    /// within its category.
    var category: String { get }
    /// The input slots, in order.
    var inputs: [SlotSpec] { get }
    /// The type of the node's output.
    var outputType: ValueType { get }
    /// The type of the value a source node holds, or `nil` for kinds computed from inputs.
    var parameterType: ValueType? { get }
    /// The value a new source node holds.
    var defaultParameter: Value? { get }
    /// Arithmetic the graph may run directly on numbers; `nil` for most kinds.
    var numericKernel: NumericKernel? { get }
    /// How a person edits the held value of a source node of this kind.
    var valueEditor: ValueEditor { get }
    /// The name of the held value in graph files and messages: `value` for most source kinds,
    /// a setting's name for a live source (`interval`, `path`).
    var heldValueName: String { get }
    /// Why a value cannot be held by a node of this kind (it has the right type, but e.g. a
    /// clock's interval is too short); `nil` when it can. Adding a node, setting its value and
    /// loading a file refuse such a value with this reason.
    /// - Parameter value: A value of ``parameterType``.
    /// - Returns: The reason, or `nil`.
    func heldValueProblem(_ value: Value) -> String?
    /// Whether ``evaluate(_:)`` may run on any thread, at the same time as other evaluations
    /// (it touches no shared state). Independent nodes of such kinds may then be evaluated in
    /// parallel (see ``Graph/parallelism``); `false` by default.
    var evaluatesOnAnyThread: Bool { get }
    /// About how long one ``evaluate(_:)`` takes. A kind is evaluated in parallel only when it
    /// costs a microsecond or more, and independent nodes only when together they cost enough
    /// to repay handing them to other threads (``Graph/parallelThreshold``); 50 nanoseconds by
    /// default.
    var evaluationCost: Duration { get }
    /// Computes the node's value from its inputs.
    /// - Parameter inputs: One value per slot (never an error), and the held value.
    /// - Returns: A value of ``outputType``.
    /// - Throws: ``EvaluationFailure`` with the reason when no value can be produced.
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value
}

extension NodeKind {
    /// No symbol by default.
    public var symbol: String { "" }
    /// Kinds are in the `general` category unless they say otherwise.
    public var category: String { "general" }
    /// Kinds compute their value from inputs unless they say otherwise.
    public var parameterType: ValueType? { nil }
    /// No held value unless the kind is a source.
    public var defaultParameter: Value? { nil }
    /// No kernel unless the kind declares one.
    public var numericKernel: NumericKernel? { nil }
    /// Typed in as a number when the kind holds a number; otherwise not edited by hand.
    public var valueEditor: ValueEditor { parameterType == .number ? .number : .none }
    /// `value`.
    public var heldValueName: String { "value" }
    /// Evaluated on the graph's own thread unless the kind says otherwise.
    public var evaluatesOnAnyThread: Bool { false }
    /// 50 nanoseconds: cheap, unless the kind says otherwise.
    public var evaluationCost: Duration { .nanoseconds(50) }
    /// Every value of the right type can be held unless the kind says otherwise.
    /// - Parameter value: A value of ``parameterType``.
    /// - Returns: `nil`.
    public func heldValueProblem(_ value: Value) -> String? { nil }
}

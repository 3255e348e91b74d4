/// A node computed by a formula it holds as text, e.g. `pi * r^2 + max(a, b)`.
///
/// Its slots are the formula's variables in order of first appearance, all numbers; a formula
/// without variables has none. The formula is held like a source's value (saved in graph files
/// as `"formula"`) and parsed once per edit: a graph keeps one kind per formula it holds, each
/// with its compiled ``Formula``.
///
/// ```swift
/// var graph = Graph()
/// try graph.addNode("r", kind: "number", value: .number(2))
/// try graph.addNode("area", kind: "formula", value: FormulaKind.formula("pi * r^2"))
/// try graph.link(from: "r", to: "area", slot: 0)
/// graph.value(of: "area")          // 12.566…
/// try graph.setFormula(of: "area", to: "r * r")
/// ```
public struct FormulaKind: NodeKind {
    /// The kind's name, `formula`.
    public static let kindName = "formula"
    /// The type of the text a formula node holds (``Payload/string(_:)``).
    public static let formulaType = ValueType("formula")
    /// The formula a new formula node holds.
    public static let defaultFormula = try! Formula("a + b")

    /// The formula this kind computes.
    public let formula: Formula

    /// `formula`.
    public let name = FormulaKind.kindName
    /// `Formula`.
    public let title = "Formula"
    /// `ƒ`.
    public let symbol = "ƒ"
    /// `formula`.
    public let category = "formula"
    /// A number.
    public let outputType = ValueType.number
    /// Holds the formula's text.
    public let parameterType: ValueType? = FormulaKind.formulaType

    /// Creates the kind of a formula.
    /// - Parameter formula: The formula; ``defaultFormula`` when omitted.
    public init(_ formula: Formula = FormulaKind.defaultFormula) { self.formula = formula }

    /// One number slot per variable, in order of first appearance.
    public var inputs: [SlotSpec] { formula.variables.map { SlotSpec($0, .number) } }

    /// The formula's text.
    public var defaultParameter: Value? { FormulaKind.formula(formula.text) }

    /// `formula`.
    public var heldValueName: String { "formula" }

    /// The formula is typed in as text.
    public var valueEditor: ValueEditor { .text }

    /// A formula's text as the value a formula node holds.
    /// - Parameter text: The formula.
    /// - Returns: The value.
    public static func formula(_ text: String) -> Value {
        .custom(CustomValue(type: formulaType, payload: .string(text)))
    }

    /// The text a held value gives, when it is text.
    /// - Parameter value: A held value.
    /// - Returns: The text, or `nil`.
    public static func text(in value: Value?) -> String? {
        guard case .custom(let custom)? = value, case .string(let text) = custom.payload else { return nil }
        return text
    }

    /// Why the text does not parse (`unexpected ')' at column 7`), or `nil` when it does.
    /// - Parameter value: The formula's text.
    /// - Returns: The reason, or `nil`.
    public func heldValueProblem(_ value: Value) -> String? {
        guard let text = FormulaKind.text(in: value) else { return "must be text" }
        if text == formula.text { return nil }  // this kind's own formula, parsed already
        do throws(FormulaError) {
            _ = try Formula(text)
        } catch {
            return error.description
        }
        return nil
    }

    /// Computes the formula from the slots.
    /// - Parameter inputs: One number per variable.
    /// - Returns: The formula's value.
    /// - Throws: `division by zero`, `outside the domain of …` or `overflow`.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        switch formula.evaluate({ inputs.number($0) }) {
        case .success(let number): return .number(number)
        case .failure(let failure): throw EvaluationFailure(failure.description)
        }
    }

    /// The name a graph's kind table knows this formula's kind by: a node's kind is `formula`
    /// whatever its formula, so the table tells formulas apart by this key.
    var storeKey: String { FormulaKind.storeKey(for: formula.text) }

    /// ``storeKey`` of the kind of a formula's text.
    static func storeKey(for text: String) -> String { kindName + "\u{0}" + text }
}

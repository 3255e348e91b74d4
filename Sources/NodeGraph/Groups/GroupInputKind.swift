/// The kind of a definition's input node: it holds the value an instance's slot reads while
/// nothing feeds it, and inside the definition it outputs what the slot reads.
///
/// A `groupInput` node exists only inside a definition. Its held value types the slot: a number,
/// or a color. Files and journals name both `groupInput`; the type comes from the value.
public struct GroupInputKind: NodeKind {
    /// `groupInput`, the kind's name in files and journals.
    public static let kindName = "groupInput"

    /// `groupInput`.
    public let name = GroupInputKind.kindName
    /// `Input`.
    public let title = "Input"
    /// `▷`.
    public let symbol = "▷"
    /// `group`.
    public let category = "group"
    /// No slots: the value comes from the instance.
    public let inputs: [SlotSpec] = []
    /// The type of the slot, and of what the node outputs.
    public let outputType: ValueType

    /// A group input of a type.
    /// - Parameter type: ``ValueType/number`` or ``ValueType/color``.
    public init(type: ValueType) { outputType = type }

    /// Holds a value of its slot's type.
    public var parameterType: ValueType? { outputType }

    /// 0 for a number, black for a color.
    public var defaultParameter: Value? { outputType == .color ? .color(.black) : .number(0) }

    /// The held value (an instance gives the slot's value instead).
    /// - Parameter inputs: The held value.
    /// - Returns: The held value.
    /// - Throws: Never for a well-formed node.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        guard let value = inputs.parameter else { throw EvaluationFailure("a group input must hold a value") }
        return value
    }

    /// The types a group input may have.
    static let types: [ValueType] = [.number, .color]

    /// The name the kind of this type is known by in a definition's store: a node's kind is
    /// `groupInput` whatever its type, so the store tells the types apart by this key.
    var storeKey: String { GroupInputKind.storeKey(for: outputType) }

    /// ``storeKey`` of the group input of `type`.
    static func storeKey(for type: ValueType) -> String {
        type == .number ? kindName : kindName + ":" + type.name
    }

    /// The store keys of every type, which a definition's store knows.
    static let localKinds: [String: any NodeKind] = Dictionary(
        uniqueKeysWithValues: types.map { (storeKey(for: $0), GroupInputKind(type: $0) as any NodeKind) })
}

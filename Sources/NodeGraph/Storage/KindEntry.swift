/// What the graph knows about one registered kind, resolved once. A class, so that reading
/// an entry retains one reference instead of copying (and retaining) each of its fields.
final class KindEntry: @unchecked Sendable {
    let kind: any NodeKind
    let slots: [SlotSpec]
    let slotCount: Int
    /// The kernel, when every slot and the output are numbers.
    let kernel: NumericKernel?
    /// The kind's answers, asked once (each is a call through the existential otherwise).
    let name: String
    let title: String
    let outputType: ValueType
    let parameterType: ValueType?
    let defaultParameter: Value?

    init(_ kind: any NodeKind) {
        self.kind = kind
        slots = kind.inputs
        slotCount = slots.count
        name = kind.name
        title = kind.title
        outputType = kind.outputType
        parameterType = kind.parameterType
        defaultParameter = kind.defaultParameter
        let allNumbers = slots.allSatisfy { $0.type == .number } && outputType == .number
        kernel = allNumbers && parameterType == nil ? kind.numericKernel : nil
    }
}

/// How the `Evaluator` computes a node of a kind without calling the kind: one byte per kind
/// index in `NodeStore.fastKind`, read by the hot loops instead of copying a `KindEntry` (which
/// retains its existential and slot array on every copy).
enum FastKind: UInt8 {
    /// Call the kind's `evaluate` (the general path).
    case general = 0
    /// The kernels of ``NumericKernel``.
    case sum, difference, product, quotient
    /// The built-in ``NumberKind``: the held number, as is.
    case heldNumber
    /// ``NumericKernel/sum`` over exactly three slots (the calculator's add), inlined in the loops.
    case sum3

    init(_ entry: KindEntry) {
        switch entry.kernel {
        case .sum where entry.slotCount == 3: self = .sum3
        case .sum: self = .sum
        case .difference: self = .difference
        case .product: self = .product
        case .quotient: self = .quotient
        case nil: self = entry.kind is NumberKind && entry.outputType == .number ? .heldNumber : .general
        }
    }
}

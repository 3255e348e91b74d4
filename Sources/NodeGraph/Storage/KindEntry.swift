/// What the graph knows about one registered kind, resolved once. A class, so that reading
/// an entry retains one reference instead of copying (and retaining) each of its fields.
final class KindEntry: @unchecked Sendable {
    let kind: any NodeKind
    let slots: [SlotSpec]
    let slotCount: Int
    /// The kind's numeric kernel, when every slot takes a number that reads 0 while unconnected
    /// and the output is a number: what the kernels compute is then exactly what the kind would.
    let kernel: NumericKernel?
    /// The kind's answers, asked once (each is a call through the existential otherwise).
    let name: String
    let title: String
    let outputType: ValueType
    let parameterType: ValueType?
    let defaultParameter: Value?
    /// For an instance of a definition (a group), the definition compiled: the general path
    /// evaluates the instance by it.
    let plan: DefinitionPlan?
    /// Whether the kind is a live source (its value is pushed from outside).
    let isLive: Bool
    /// For a formula node's kind, its compiled formula.
    let formula: Formula?
    /// The formula's program in memory this entry owns: the passes run it on the stored numbers.
    let formulaProgram: FormulaProgram?

    init(_ kind: any NodeKind) {
        self.kind = kind
        slots = kind.inputs
        slotCount = slots.count
        name = kind.name
        title = kind.title
        outputType = kind.outputType
        parameterType = kind.parameterType
        defaultParameter = kind.defaultParameter
        plan = (kind as? DefinitionKind)?.plan
        isLive = kind is any LiveSourceKind
        formula = (kind as? FormulaKind)?.formula
        formulaProgram = formula.map { formula in
            let operations = UnsafeMutableBufferPointer<FormulaOperation>.allocate(
                capacity: formula.program.count)
            _ = operations.initialize(from: formula.program)
            return FormulaProgram(operations: UnsafeBufferPointer(operations), stackSize: formula.stackSize)
        }
        // An unconnected slot reads the payload column's guard, 0.
        let numbersReadingZero = slots.allSatisfy { $0.type == .number && $0.defaultValue == .number(0) }
        kernel =
            numbersReadingZero && outputType == .number && parameterType == nil ? kind.numericKernel : nil
    }

    deinit { formulaProgram.map { UnsafeMutableBufferPointer(mutating: $0.operations).deallocate() } }
}

/// How the ``Evaluator`` computes a node of a kind: one byte per kind index in
/// `KindColumns.kernel`, read by the passes instead of the `KindEntry` (which would retain its
/// existential and slot array on every read).
enum Kernel: UInt8 {
    /// The kind's `evaluate`, through `Value`s: what every kind can do.
    case callKind = 0
    /// A ``NumericKernel`` over the stored numbers (the binary ones over exactly two slots).
    case sum, difference, product, quotient
    /// A number source (the built-in ``NumberKind``): its value is the number it holds.
    case heldNumber
    /// ``NumericKernel/sum`` over exactly three slots (the calculator's add): the kernel the
    /// passes run inline.
    case sumOfThree
    /// A ``FormulaKind``'s compiled formula over the stored numbers.
    case formula

    init(_ entry: KindEntry) {
        switch (entry.kernel, entry.slotCount) {
        case (.sum, 3): self = .sumOfThree
        case (.sum, _): self = .sum
        case (.difference, 2): self = .difference
        case (.product, 2): self = .product
        case (.quotient, 2): self = .quotient
        case (nil, _) where entry.kind is NumberKind && entry.outputType == .number: self = .heldNumber
        case (nil, _) where entry.formula != nil: self = .formula
        default: self = .callKind
        }
    }
}

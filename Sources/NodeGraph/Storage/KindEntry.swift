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
    /// Whether nodes of this kind may be evaluated on other threads, in parallel: the kind says
    /// so, costs at least ``NodeStore/leastParallelCost`` nanoseconds (cheaper kinds are never
    /// slowed down by the bookkeeping), and is evaluated through its `evaluate` (not a
    /// definition, a formula, a kernel, a source or a live source).
    let evaluatesInParallel: Bool
    /// The kind's ``NodeKind/evaluationCost``, in nanoseconds.
    let costNanoseconds: Int

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
        let (seconds, attoseconds) = kind.evaluationCost.components
        costNanoseconds = Swift.max(
            0, Int(Swift.min(seconds, 1_000_000)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        evaluatesInParallel =
            kind.evaluatesOnAnyThread && costNanoseconds >= NodeStore.leastParallelCost && kernel == nil
            && plan == nil && formula == nil && !isLive && parameterType == nil
    }

    deinit { formulaProgram.map { UnsafeMutableBufferPointer(mutating: $0.operations).deallocate() } }
}

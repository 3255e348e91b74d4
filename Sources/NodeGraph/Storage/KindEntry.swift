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
    /// Whether the kind computes in the background (``BackgroundKind``): its value is the
    /// result delivered for its current inputs, pending until one is.
    let isBackground: Bool
    /// For a formula node's kind, its compiled formula.
    let formula: Formula?
    /// The formula's program in memory this entry owns: the passes run it on the stored numbers.
    let formulaProgram: FormulaProgram?
    /// Whether this entry is the bypassed variant of its kind: the kind a bypassed node has in
    /// the table (see ``NodeStore/bypassVariant(of:)``), passing an input through instead of
    /// computing. Every other answer is the kind's own.
    let bypassed: Bool
    /// What a bypassed node of this kind passes on while none of its slots of its output type is
    /// connected: what such a slot reads (the first one's default; 0 or black without one);
    /// `nil` for a tool's type that no slot takes.
    let bypassDefault: Value?
    /// Whether nodes of this kind may be evaluated on other threads, in parallel: the kind says
    /// so, costs at least ``NodeStore/leastParallelCost`` nanoseconds (cheaper kinds are never
    /// slowed down by the bookkeeping), and is evaluated through its `evaluate` (not a
    /// definition, a formula, a kernel, a source or a live source).
    let evaluatesInParallel: Bool
    /// The kind's ``NodeKind/evaluationCost``, in nanoseconds.
    let costNanoseconds: Int

    init(_ kind: any NodeKind, bypassed: Bool = false) {
        self.kind = kind
        self.bypassed = bypassed
        slots = kind.inputs
        slotCount = slots.count
        name = kind.name
        title = kind.title
        outputType = kind.outputType
        parameterType = kind.parameterType
        defaultParameter = kind.defaultParameter
        plan = (kind as? DefinitionKind)?.plan
        isLive = kind is any LiveSourceKind
        isBackground = kind is any BackgroundKind
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
        bypassDefault = NodeKindBypass.passedWithoutInput(slots: slots, outputType: outputType)
        let (seconds, attoseconds) = kind.evaluationCost.components
        costNanoseconds = Swift.max(
            0, Int(Swift.min(seconds, 1_000_000)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        evaluatesInParallel =
            !bypassed && kind.evaluatesOnAnyThread && costNanoseconds >= NodeStore.leastParallelCost
            && kernel == nil
            && plan == nil && formula == nil && !isLive && !isBackground && parameterType == nil
    }

    /// Why a node of this kind cannot be bypassed (see ``NodeKind/bypassProblem``).
    var bypassProblem: String? {
        if slotCount == 0 { return NodeKindBypass.sourceProblem }
        if bypassDefault == nil { return NodeKindBypass.typeProblem(outputType) }
        return nil
    }

    deinit { formulaProgram.map { UnsafeMutableBufferPointer(mutating: $0.operations).deallocate() } }
}

/// What bypassing means for a kind: shared by the graph and a file's reader.
enum NodeKindBypass {
    static let sourceProblem = "it is a source, with no input to pass through"

    static func typeProblem(_ type: ValueType) -> String {
        "it has no input of its output type (\(type)) to pass through"
    }

    /// What a bypassed node passes on while none of its slots of its output type is connected:
    /// what such a slot reads (the first one's default; 0 or black without one); `nil` for a
    /// tool's type that no slot takes.
    static func passedWithoutInput(slots: [SlotSpec], outputType: ValueType) -> Value? {
        slots.first { $0.type == outputType }?.defaultValue
            ?? (outputType == .number ? .number(0) : outputType == .color ? .color(.black) : nil)
    }
}

extension NodeKind {
    /// Why a node of this kind cannot be bypassed, or `nil` when it can: a source (a kind with
    /// no input slots) has nothing to pass through, nor has a kind whose output is a tool's type
    /// that none of its slots takes.
    public var bypassProblem: String? {
        let slots = inputs
        if slots.isEmpty { return NodeKindBypass.sourceProblem }
        if NodeKindBypass.passedWithoutInput(slots: slots, outputType: outputType) == nil {
            return NodeKindBypass.typeProblem(outputType)
        }
        return nil
    }
}

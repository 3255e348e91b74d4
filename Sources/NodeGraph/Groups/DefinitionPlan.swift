/// A definition compiled for evaluation: the nodes its output depends on, in dependency order,
/// as steps over a register per node, so an instance evaluates in O(*d*) (the definition's size)
/// without copying a graph.
///
/// While every slot value is a number and every step is arithmetic, a number source, a group
/// input or an instance of such a definition, the steps run over plain numbers (`numbers`);
/// anything else (a color, a kind of a tool's own, a zero divisor, a result that is not finite)
/// runs the steps over ``Value``s, exactly as the graph evaluates nodes, so an instance's value
/// is the value its definition's output would have in the graph flattened.
final class DefinitionPlan: @unchecked Sendable {
    /// What a step computes.
    enum Operation: UInt8 {
        /// The value of slot `slot` (a group input).
        case slot
        /// A held number (a number source).
        case constant
        /// ``NumericKernel/sum`` over three operands (the calculator's add).
        case sumOfThree
        /// The kernels of ``NumericKernel``.
        case sum, difference, product, quotient
        /// An instance of another definition.
        case instance
        /// Any other kind, through its `evaluate`.
        case kind
    }

    /// One node of the definition.
    struct Step {
        var operation: Operation
        /// The node inside the definition, which an error names.
        var node: NodeID
        /// The step feeding each slot, or -1 for an unconnected slot.
        var operands: [Int32] = []
        /// The value each slot reads while unconnected.
        var defaults: [Value] = []
        /// For ``Operation/slot``: the slot.
        var slot = 0
        /// For ``Operation/constant``: the number.
        var constant = 0.0
        /// For ``Operation/kind`` (and the kernels, when the numbers do not do): the kind.
        var entry: KindEntry?
        /// The held value, for a source of a kind of its own.
        var parameter: Value?
        /// For ``Operation/instance``: the inner definition's plan.
        var nested: DefinitionPlan?
    }

    /// One step as the number loop reads it: register 0 holds 0 (an unconnected slot), step `i`
    /// writes register `i + 1`.
    struct NumericStep {
        var operation: Operation
        /// Registers; for ``Operation/sum`` and ``Operation/instance``, `a` is where the operands
        /// start in `extraOperands` and `b` how many there are.
        var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0
        /// The constant, or the slot's index.
        var constant = 0.0
    }

    let steps: [Step]
    /// The step whose value is the output.
    let output: Int
    /// The number of slots an instance has.
    let slotCount: Int
    /// Whether the steps can run over plain numbers.
    let isNumeric: Bool
    private let numeric: UnsafeMutablePointer<NumericStep>
    /// Operands of sums over other than three slots and of nested instances.
    private let extraOperands: [Int32]
    /// For each extra operand of a nested instance, the number its slot reads while unconnected.
    private let extraDefaults: [Double]
    private let nested: [DefinitionPlan]

    /// Compiles a definition's graph.
    /// - Parameters:
    ///   - graph: The definition's nodes.
    ///   - inputs: Its group inputs, in slot order.
    ///   - output: Its output node.
    /// - Complexity: O(*d* + *e*), the definition's nodes and links.
    init(graph: Graph, inputs: [NodeID], output: NodeID) {
        let store = graph.store
        slotCount = inputs.count
        var slotOfInput: [NodeID: Int] = [:]
        for (slot, input) in inputs.enumerated() { slotOfInput[input] = slot }
        let order = store.index(of: output).map { DefinitionPlan.ancestors(of: $0, in: store) } ?? []
        var stepOfNode: [Int32: Int32] = [:]
        var steps: [Step] = []
        steps.reserveCapacity(order.count)
        for node in order {
            stepOfNode[node] = Int32(steps.count)
            steps.append(
                DefinitionPlan.step(for: node, in: store, slotOfInput: slotOfInput, stepOfNode: stepOfNode))
        }
        self.steps = steps
        self.output = steps.count - 1
        var extra = ExtraOperands()
        var nested: [DefinitionPlan] = []
        var isNumeric = !steps.isEmpty
        numeric = .allocate(capacity: Swift.max(steps.count, 1))
        for (index, step) in steps.enumerated() {
            let compiled = DefinitionPlan.numericStep(
                step, extra: &extra, nested: &nested, isNumeric: &isNumeric)
            (numeric + index).initialize(to: compiled)
        }
        self.extraOperands = extra.registers
        self.extraDefaults = extra.defaults
        self.nested = nested
        self.isNumeric = isNumeric
    }

    deinit { numeric.deallocate() }

    /// The nodes `output` depends on and itself, each after its inputs (a depth-first walk up
    /// the inputs, in post-order).
    private static func ancestors(of output: Int32, in store: NodeStore) -> [Int32] {
        var order: [Int32] = []
        var visited: Set<Int32> = [output]
        var stack: [(node: Int32, slot: Int)] = [(output, 0)]
        while let (node, slot) = stack.popLast() {
            if slot < store.slotCount(of: node) {
                stack.append((node, slot + 1))
                let upstream = store.slots.source[store.nodes.slotStart[node] + Int32(slot)]
                if upstream >= 0 && visited.insert(upstream).inserted { stack.append((upstream, 0)) }
            } else {
                order.append(node)
            }
        }
        return order
    }

    private static func step(
        for node: Int32, in store: NodeStore, slotOfInput: [NodeID: Int], stepOfNode: [Int32: Int32]
    ) -> Step {
        let entry = store.entry(of: node)
        let id = store.ids[Int(node)]
        let parameter = store.parameter(of: node)
        if entry.kind is GroupInputKind, let slot = slotOfInput[id] {
            return Step(operation: .slot, node: id, slot: slot)
        }
        if entry.kind is NumberKind, entry.outputType == .number, case .number(let number)? = parameter {
            return Step(operation: .constant, node: id, constant: number)
        }
        let start = store.nodes.slotStart[node]
        let operands = (0..<entry.slotCount).map { slot in
            let upstream = store.slots.source[start + Int32(slot)]
            return upstream >= 0 ? stepOfNode[upstream]! : -1
        }
        var step = Step(
            operation: .kind, node: id, operands: operands, defaults: entry.slots.map(\.defaultValue),
            entry: entry, parameter: parameter)
        if let definition = entry.kind as? DefinitionKind {
            step.operation = .instance
            step.nested = definition.plan
        } else if let kernel = entry.kernel, parameter == nil,
            entry.slots.allSatisfy({ $0.defaultValue == .number(0) })
        {
            switch (kernel, entry.slotCount) {
            case (.sum, 3): step.operation = .sumOfThree
            case (.sum, _): step.operation = .sum
            case (.difference, 2): step.operation = .difference
            case (.product, 2): step.operation = .product
            case (.quotient, 2): step.operation = .quotient
            default: break
            }
        }
        return step
    }

    /// Operands that do not fit a ``NumericStep``, and what each reads while unconnected.
    private struct ExtraOperands {
        var registers: [Int32] = []
        var defaults: [Double] = []

        /// Appends operands; returns where they start.
        mutating func append(_ operands: [Int32], defaults: [Value]) -> Int32 {
            let start = Int32(registers.count)
            registers += operands
            self.defaults += defaults.map { $0.number ?? 0 }
            return start
        }
    }

    private static func numericStep(
        _ step: Step, extra: inout ExtraOperands, nested: inout [DefinitionPlan], isNumeric: inout Bool
    ) -> NumericStep {
        // Registers are step indices plus one; register 0 holds 0, for an unconnected slot.
        let registers = step.operands.map { $0 + 1 }
        var compiled = NumericStep(operation: step.operation)
        switch step.operation {
        case .slot: compiled.constant = Double(step.slot)
        case .constant: compiled.constant = step.constant
        case .sumOfThree, .difference, .product, .quotient:
            compiled.a = registers[0]
            compiled.b = registers[1]
            if registers.count > 2 { compiled.c = registers[2] }
        case .sum:
            compiled.a = extra.append(registers, defaults: step.defaults)
            compiled.b = Int32(registers.count)
        case .instance:
            let plan = step.nested!
            // Unconnected slots of a nested instance read their defaults, which must be numbers.
            if !plan.isNumeric || step.defaults.contains(where: { $0.number == nil }) { isNumeric = false }
            compiled.a = extra.append(registers, defaults: step.defaults)
            compiled.b = Int32(registers.count)
            compiled.c = Int32(nested.count)
            nested.append(plan)
        case .kind: isNumeric = false
        }
        return compiled
    }

    // MARK: Evaluating

    /// The output's value for an instance whose slots read `slotValues`. An error that arose
    /// inside has an empty origin, for the instance's node to fill, and names the way to where it
    /// arose; an error that came in through a slot comes out as it went in.
    /// - Complexity: O(*d*), the nodes the output depends on.
    func evaluate(_ slotValues: [Value]) -> Value {
        if isNumeric, let number = numbers(slotValues) { return .number(number) }
        return values(slotValues).output.value
    }

    /// Where an error in a register came from.
    enum ErrorSource: Equatable {
        /// It arose inside this definition: its origin is empty, its inner path leads to it.
        case inside
        /// It came in through this slot, as it was.
        case slot(Int)
    }

    /// The value of every step, with where each error came from, and the output's.
    struct Registers {
        var values: [Value]
        var sources: [ErrorSource]
        var output: (value: Value, source: ErrorSource)
    }

    /// The output over plain numbers, or `nil` when a slot value is not a number or a step needs
    /// more than a number (which ``values(_:)`` then does).
    private func numbers(_ slotValues: [Value]) -> Double? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: slotCount) { slots in
            for (slot, value) in slotValues.enumerated() {
                guard case .number(let number) = value else { return nil }
                slots[slot] = number
            }
            return numbers(slots: UnsafePointer(slots.baseAddress))
        }
    }

    /// The steps over numbers, with slot values in `slots`.
    private func numbers(slots: UnsafePointer<Double>?) -> Double? {
        let count = steps.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count + 1) { buffer -> Double? in
            let registers = buffer.baseAddress!
            registers[0] = 0
            let numeric = self.numeric
            for index in 0..<count {
                let step = numeric[index]
                let value: Double
                switch step.operation {
                case .slot: value = slots![Int(step.constant)]
                case .constant: value = step.constant
                case .sumOfThree:
                    value = (registers[Int(step.a)] + registers[Int(step.b)]) + registers[Int(step.c)]
                case .difference: value = registers[Int(step.a)] - registers[Int(step.b)]
                case .product: value = registers[Int(step.a)] * registers[Int(step.b)]
                case .quotient:
                    let divisor = registers[Int(step.b)]
                    if divisor == 0 { return nil }
                    value = registers[Int(step.a)] / divisor
                case .sum:
                    var total = 0.0
                    for offset in 0..<Int(step.b) {
                        let register = Int(extraOperands[Int(step.a) + offset])
                        total = offset == 0 ? registers[register] : total + registers[register]
                    }
                    value = total
                case .instance:
                    guard let result = instanceNumbers(step, registers: registers) else { return nil }
                    value = result
                case .kind: return nil
                }
                if !value.isFinite { return nil }
                registers[index + 1] = value
            }
            return registers[output + 1]
        }
    }

    /// A nested instance over numbers: its slots from the registers, unconnected ones their
    /// (number) defaults.
    private func instanceNumbers(_ step: NumericStep, registers: UnsafeMutablePointer<Double>) -> Double? {
        let plan = nested[Int(step.c)]
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: Int(step.b)) { slots in
            for offset in 0..<Int(step.b) {
                let operand = Int(step.a) + offset
                let register = Int(extraOperands[operand])
                slots[offset] = register == 0 ? extraDefaults[operand] : registers[register]
            }
            return plan.numbers(slots: UnsafePointer(slots.baseAddress))
        }
    }

    /// Every step's value over ``Value``s, as the graph evaluates nodes: an input that is an error
    /// passes on (an instance's goes in), an unconnected slot reads its default.
    /// - Complexity: O(*d*).
    func values(_ slotValues: [Value]) -> Registers {
        var registers = Registers(values: [], sources: [], output: (.number(0), .inside))
        registers.values.reserveCapacity(steps.count)
        registers.sources.reserveCapacity(steps.count)
        for step in steps {
            let (value, source) = value(of: step, registers: registers, slotValues: slotValues)
            registers.values.append(value)
            registers.sources.append(source)
        }
        if output >= 0 { registers.output = (registers.values[output], registers.sources[output]) }
        return registers
    }

    private func value(of step: Step, registers: Registers, slotValues: [Value]) -> (Value, ErrorSource) {
        switch step.operation {
        case .slot: return (slotValues[step.slot], .slot(step.slot))
        case .constant: return (.number(step.constant), .inside)
        default: break
        }
        var inputs: [Value] = []
        inputs.reserveCapacity(step.operands.count)
        for (slot, operand) in step.operands.enumerated() {
            let value = operand >= 0 ? registers.values[Int(operand)] : step.defaults[slot]
            // An error passes on, unless it goes into an instance (whose output may not need it).
            if case .error = value, step.nested == nil { return (value, registers.sources[Int(operand)]) }
            inputs.append(value)
        }
        if let plan = step.nested {
            let (result, source) = plan.values(inputs).output
            switch (result, source) {
            case (.error(let error), .inside):
                return (
                    .error(
                        ValueError(
                            reason: error.reason, origin: NodeID(""), innerPath: [step.node] + error.innerPath
                        )), .inside
                )
            case (.error, .slot(let slot)):
                let operand = step.operands[slot]
                return (result, operand >= 0 ? registers.sources[Int(operand)] : .inside)
            default:
                return (result, .inside)
            }
        }
        let result = step.entry!.value(of: inputs, parameter: step.parameter, origin: step.node)
        guard case .error(let error) = result else { return (result, .inside) }
        return (
            .error(
                ValueError(
                    reason: error.reason, origin: NodeID(""), innerPath: [error.origin] + error.innerPath)),
            .inside
        )
    }
}

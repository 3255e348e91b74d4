/// A definition compiled for evaluation: the nodes its output depends on, in dependency order,
/// as steps over a register per node, so an instance evaluates in O(*d*) (the definition's size)
/// without copying a graph.
///
/// While every slot value is a number and every step is arithmetic, a number source, a group
/// input or an instance of such a definition, the steps run over plain numbers
/// (``NumberProgram``); anything else (a color, a kind of a tool's own, a zero divisor, a result
/// that is not finite) runs the steps over ``Value``s, exactly as the graph evaluates nodes, so an
/// instance's value is the value its definition's output would have in the graph flattened.
final class DefinitionPlan: @unchecked Sendable {
    /// One node of the definition.
    struct Step {
        /// What the step computes: ``Kernel/groupInput`` (the value of slot `slot`),
        /// ``Kernel/heldNumber`` (the number `constant`), an arithmetic kernel,
        /// ``Kernel/instance`` (an instance of another definition) or ``Kernel/callKind`` (any
        /// other kind, through its `evaluate`).
        var operation: Kernel
        /// The node inside the definition, which an error names.
        var node: NodeID
        /// The step feeding each slot, or -1 for an unconnected slot.
        var operands: [Int32] = []
        /// The value each slot reads while unconnected.
        var defaults: [Value] = []
        /// For ``Kernel/groupInput``: the slot.
        var slot = 0
        /// For ``Kernel/heldNumber``: the number.
        var constant = 0.0
        /// For ``Kernel/callKind`` (and the kernels, when the numbers do not do): the kind.
        var entry: KindEntry?
        /// The held value, for a source of a kind of its own.
        var parameter: Value?
        /// For ``Kernel/instance``: the inner definition's plan.
        var nested: DefinitionPlan?
    }

    let steps: [Step]
    /// The step whose value is the output.
    let output: Int
    /// The number of slots an instance has.
    let slotCount: Int
    /// What each slot reads while unconnected (its group input's value).
    let slotDefaults: [Value]
    /// The steps over plain numbers, when they can run so.
    let program: NumberProgram?

    /// Compiles a definition's graph.
    /// - Parameters:
    ///   - graph: The definition's nodes.
    ///   - inputs: Its group inputs, in slot order.
    ///   - output: Its output node.
    /// - Complexity: O(*d* + *e*), the definition's nodes and links.
    init(graph: Graph, inputs: [NodeID], output: NodeID) {
        let store = graph.store
        slotCount = inputs.count
        // By node index: the slot a group input is (-1 for other nodes), the step a node is.
        var slotOfNode = [Int32](repeating: -1, count: Int(store.nodeEnd))
        for (slot, input) in inputs.enumerated() {
            if let node = store.index(of: input) { slotOfNode[Int(node)] = Int32(slot) }
        }
        let order = store.index(of: output).map { DefinitionPlan.ancestors(of: $0, in: store) } ?? []
        var stepOfNode = [Int32](repeating: -1, count: Int(store.nodeEnd))
        var steps: [Step] = []
        steps.reserveCapacity(order.count)
        for node in order {
            stepOfNode[Int(node)] = Int32(steps.count)
            steps.append(
                DefinitionPlan.step(for: node, in: store, slotOfNode: slotOfNode, stepOfNode: stepOfNode))
        }
        self.steps = steps
        self.output = steps.count - 1
        slotDefaults = inputs.map { store.index(of: $0).flatMap { store.parameter(of: $0) } ?? .number(0) }
        program = NumberProgram(steps: steps, output: steps.count - 1, slotDefaults: slotDefaults)
    }

    /// The nodes `output` depends on and itself, each after its inputs (a depth-first walk up
    /// the inputs, in post-order).
    private static func ancestors(of output: Int32, in store: NodeStore) -> [Int32] {
        var order: [Int32] = []
        var visited = [Bool](repeating: false, count: Int(store.nodeEnd))
        visited[Int(output)] = true
        var stack: [(node: Int32, slot: Int)] = [(output, 0)]
        while let (node, slot) = stack.popLast() {
            if slot < store.slotCount(of: node) {
                stack.append((node, slot + 1))
                let upstream = store.slots.source[store.nodes.slotStart[node] + Int32(slot)]
                if upstream >= 0 && !visited[Int(upstream)] {
                    visited[Int(upstream)] = true
                    stack.append((upstream, 0))
                }
            } else {
                order.append(node)
            }
        }
        return order
    }

    private static func step(for node: Int32, in store: NodeStore, slotOfNode: [Int32], stepOfNode: [Int32])
        -> Step
    {
        let kindIndex = Int(store.nodes.kind[node])
        let entry = store.kinds[kindIndex]
        let id = store.ids[Int(node)]
        let parameter = store.parameter(of: node)
        if slotOfNode[Int(node)] >= 0 {
            return Step(operation: .groupInput, node: id, slot: Int(slotOfNode[Int(node)]))
        }
        let kernel = Kernel(rawValue: store.kindColumns.kernel[kindIndex]) ?? .callKind
        if kernel == .heldNumber, case .number(let number)? = parameter {
            return Step(operation: .heldNumber, node: id, constant: number)
        }
        let start = store.nodes.slotStart[node]
        let operands = (0..<entry.slotCount).map { slot in
            let upstream = store.slots.source[start + Int32(slot)]
            return upstream >= 0 ? stepOfNode[Int(upstream)] : -1
        }
        var step = Step(
            operation: .callKind, node: id, operands: operands, defaults: entry.slots.map(\.defaultValue),
            entry: entry, parameter: parameter)
        if entry.bypassed {
            step.operation = .bypass
        } else if let plan = entry.plan {
            step.operation = .instance
            step.nested = plan
        } else if kernel.isArithmetic {
            // The kernels the graph runs on numbers, for the kinds it runs them for.
            step.operation = kernel
        }
        return step
    }

    // MARK: Evaluating

    /// The output's value for an instance whose slots read `slotValues`. An error that arose
    /// inside has an empty origin, for the instance's node to fill, and names the way to where it
    /// arose; an error that came in through a slot comes out as it went in.
    /// - Complexity: O(*d*), the nodes the output depends on.
    func evaluate(_ slotValues: [Value]) -> Value {
        if let program, let number = numbers(slotValues, program) { return .number(number) }
        return values(slotValues).output.value
    }

    /// The value of instance `node` of `store`, its slots read straight from the store: over
    /// plain numbers when they are, without gathering values.
    /// - Complexity: O(*d*), the nodes the output depends on.
    func evaluate(instance node: Int32, in store: NodeStore) -> Value {
        if let number = program?.run(instance: node, in: store) { return .number(number) }
        let start = store.nodes.slotStart[node]
        func upstream(_ slot: Int) -> Int32 { store.slots.source[start + Int32(slot)] }
        let slotValues = (0..<slotCount).map { slot in
            let source = upstream(slot)
            return source >= 0 ? store.value(of: source) : slotDefaults[slot]
        }
        let result = values(slotValues).output.value
        // An error that arose inside arose, at this level, at the instance.
        guard case .error(var error) = result, error.origin.rawValue.isEmpty else { return result }
        error.origin = store.ids[Int(node)]
        return .error(error)
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
    private func numbers(_ slotValues: [Value], _ program: NumberProgram) -> Double? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(slotCount, 1)) { slots in
            for (slot, value) in slotValues.enumerated() {
                guard case .number(let number) = value else { return nil }
                slots[slot] = number
            }
            return program.run(slots: UnsafePointer(slots.baseAddress!))
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

    /// A bypassed step's value, as ``NodeStore/bypassedValue(of:_:)`` says.
    private func bypassedValue(of step: Step, registers: Registers) -> (Value, ErrorSource) {
        let entry = step.entry!
        for (slot, operand) in step.operands.enumerated()
        where operand >= 0 && entry.slots[slot].type == entry.outputType {
            return (registers.values[Int(operand)], registers.sources[Int(operand)])
        }
        let reason = "bypassed, with no input of type \(entry.outputType) to pass through"
        let error = ValueError(reason: reason, origin: NodeID(""), innerPath: [step.node])
        return (entry.bypassDefault ?? .error(error), .inside)
    }

    private func value(of step: Step, registers: Registers, slotValues: [Value]) -> (Value, ErrorSource) {
        switch step.operation {
        case .groupInput: return (slotValues[step.slot], .slot(step.slot))
        case .heldNumber: return (.number(step.constant), .inside)
        case .bypass: return bypassedValue(of: step, registers: registers)
        default: break
        }
        var inputs: [Value] = []
        inputs.reserveCapacity(step.operands.count)
        for (slot, operand) in step.operands.enumerated() {
            let value = operand >= 0 ? registers.values[Int(operand)] : step.defaults[slot]
            // An error passes on, unless it goes into an instance (whose output may not need it).
            if value.passesOn, step.nested == nil { return (value, registers.sources[Int(operand)]) }
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

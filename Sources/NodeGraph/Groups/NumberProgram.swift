/// A definition's steps over plain numbers: what an instance runs while every slot reads a number
/// and every step is arithmetic, a number, a group input or an instance of such a definition.
///
/// Registers hold one number per step (register 0 holds 0, for an unconnected slot; step `i`
/// writes register `i + 1`). An evaluation lays in the constants and the slot values, then runs
/// the operators in order. The add, subtract and multiply of each operator are all computed and
/// one kept by masks, so the loop has no branch that depends on the kind (on a mix of kinds such
/// a branch is mispredicted often). A result that is not finite, or a zero divisor, gives `nil`:
/// the steps then run over values, where such a result is an error, as in the graph.
final class NumberProgram: @unchecked Sendable {
    /// One operator.
    struct Operator {
        /// What it computes: an arithmetic kernel or ``Kernel/instance`` (another definition).
        /// The first three (``Kernel/addThree``, ``Kernel/subtract``, ``Kernel/multiply``) are
        /// computed together and one kept by masks.
        var kernel: Kernel
        /// The registers read (0 for none).
        var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0
        /// The register written.
        var result: Int32
        /// For the first three kernels, which of the sum, the difference and the product to keep: all ones or
        /// zero, so the loop keeps one by masking, without a branch on the kernel.
        var keepSum: UInt64 = 0, keepDifference: UInt64 = 0, keepProduct: UInt64 = 0
        /// For ``Kernel/add`` and ``Kernel/instance``: where the operands start in `extra`, and how many.
        var extraStart: Int32 = 0, extraCount: Int32 = 0
        /// For ``Kernel/instance``: the inner program.
        var nested: Int32 = 0
    }

    private let registerCount: Int
    /// The constants' registers and values (memory the program owns, read without retaining).
    private let constantRegisters: UnsafeMutablePointer<Int32>
    private let constantValues: UnsafeMutablePointer<Double>
    private let constantCount: Int
    /// Each slot's register (-1 when no step reads the slot).
    private let slotRegisters: UnsafeMutablePointer<Int32>
    private let slotCount: Int
    /// What each slot reads while unconnected; NaN when that is not a number.
    private let slotDefaults: UnsafeMutablePointer<Double>
    private let operators: UnsafeMutablePointer<Operator>
    private let operatorCount: Int
    private let output: Int
    /// Operands of ``Kernel/add`` and ``Kernel/instance``, and what each reads while unconnected.
    private let extra: [Int32]
    private let extraDefaults: [Double]
    private let nested: [NumberProgram]

    /// The program of a definition's steps, or `nil` when a step needs more than numbers.
    init?(steps: [DefinitionPlan.Step], output: Int, slotDefaults: [Value]) {
        let slotCount = slotDefaults.count
        guard !steps.isEmpty else { return nil }
        registerCount = steps.count + 1
        var constants: [(register: Int32, value: Double)] = []
        var slotRegisters = [Int32](repeating: -1, count: slotCount)
        var operators: [Operator] = []
        var extra: [Int32] = [], extraDefaults: [Double] = [], nested: [NumberProgram] = []
        for (index, step) in steps.enumerated() {
            let register = Int32(index + 1)
            let operands = step.operands.map { $0 + 1 }  // -1 (unconnected) reads register 0
            var compiled = Operator(kernel: step.operation, result: register)
            switch step.operation {
            case .groupInput:
                slotRegisters[step.slot] = register
                continue
            case .heldNumber:
                constants.append((register, step.constant))
                continue
            case .addThree, .subtract, .multiply, .divide:
                compiled.keepSum = step.operation == .addThree ? ~0 : 0
                compiled.keepDifference = step.operation == .subtract ? ~0 : 0
                compiled.keepProduct = step.operation == .multiply ? ~0 : 0
                compiled.a = operands[0]
                compiled.b = operands[1]
                if operands.count > 2 { compiled.c = operands[2] }
            case .add, .instance:
                if step.operation == .instance {
                    // An unconnected slot of a nested instance reads its default, which must be a number.
                    guard let plan = step.nested?.program, step.defaults.allSatisfy({ $0.number != nil })
                    else {
                        return nil
                    }
                    compiled.nested = Int32(nested.count)
                    nested.append(plan)
                }
                compiled.extraStart = Int32(extra.count)
                compiled.extraCount = Int32(operands.count)
                extra += operands
                extraDefaults += step.defaults.map { $0.number ?? 0 }
            case .formula, .callKind, .bypass:
                return nil
            }
            operators.append(compiled)
        }
        constantCount = constants.count
        constantRegisters = .allocate(capacity: Swift.max(constantCount, 1))
        constantRegisters.initialize(from: constants.map(\.register), count: constantCount)
        constantValues = .allocate(capacity: Swift.max(constantCount, 1))
        constantValues.initialize(from: constants.map(\.value), count: constantCount)
        self.slotCount = slotCount
        self.slotRegisters = .allocate(capacity: Swift.max(slotCount, 1))
        self.slotRegisters.initialize(from: slotRegisters, count: slotCount)
        self.slotDefaults = .allocate(capacity: Swift.max(slotCount, 1))
        self.slotDefaults.initialize(from: slotDefaults.map { $0.number ?? .nan }, count: slotCount)
        operatorCount = operators.count
        self.operators = .allocate(capacity: Swift.max(operatorCount, 1))
        self.operators.initialize(from: operators, count: operatorCount)
        self.output = output + 1
        self.extra = extra
        self.extraDefaults = extraDefaults
        self.nested = nested
    }

    deinit {
        operators.deallocate()
        constantRegisters.deallocate()
        constantValues.deallocate()
        slotRegisters.deallocate()
        slotDefaults.deallocate()
    }

    /// The output of instance `node` of `store`, its slots read where they are: `nil` when a slot
    /// does not read a number, or as ``run(slots:)``.
    /// - Complexity: O(*d*), the definition's steps.
    func run(instance node: Int32, in store: NodeStore) -> Double? {
        let start = store.nodes.slotStart[node]
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(slotCount, 1)) { slots in
            for slot in 0..<slotCount {
                let upstream = store.slots.source[start + Int32(slot)]
                if upstream < 0 {
                    slots[slot] = slotDefaults[slot]
                    if slots[slot].isNaN { return nil }
                } else if case .number(let number) = store.value(of: upstream) {
                    slots[slot] = number
                } else {
                    return nil
                }
            }
            return run(slots: UnsafePointer(slots.baseAddress!))
        }
    }

    /// The output for slot values `slots`, or `nil` when a step's result is not a finite number
    /// or a divisor is zero.
    /// - Complexity: O(*d*), the definition's steps.
    func run(slots: UnsafePointer<Double>) -> Double? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: registerCount) { buffer -> Double? in
            // Every register is written before it is read: 0, the constants, the slots, then each
            // operator's in order.
            let registers = buffer.baseAddress!
            registers[0] = 0
            for constant in 0..<constantCount {
                registers[Int(constantRegisters[constant])] = constantValues[constant]
            }
            for slot in 0..<slotCount where slotRegisters[slot] >= 0 {
                registers[Int(slotRegisters[slot])] = slots[slot]
            }
            // The operators are read where they are (a copy of each would go through the stack).
            var step = operators
            let end = operators + operatorCount
            while step < end {
                defer { step += 1 }
                let x = registers[Int(step.pointee.a)], y = registers[Int(step.pointee.b)]
                var value: Double
                if step.pointee.kernel.rawValue <= Kernel.multiply.rawValue {
                    let z = registers[Int(step.pointee.c)]
                    let sum = Kernel.addThree(x, y, z), difference = Kernel.subtract(x, y)
                    let product = Kernel.multiply(x, y)
                    value = Double(
                        bitPattern: (sum.bitPattern & step.pointee.keepSum)
                            | (difference.bitPattern & step.pointee.keepDifference)
                            | (product.bitPattern & step.pointee.keepProduct))
                } else {
                    guard let result = computeOutOfLine(step, x: x, y: y, registers: registers) else {
                        return nil
                    }
                    value = result
                }
                if !value.isFinite { return nil }
                registers[Int(step.pointee.result)] = value
            }
            return registers[output]
        }
    }

    /// ``Kernel/divide``, ``Kernel/add`` (of other than three slots), ``Kernel/instance``.
    @inline(never)
    private func computeOutOfLine(
        _ operator: UnsafeMutablePointer<Operator>, x: Double, y: Double,
        registers: UnsafeMutablePointer<Double>
    )
        -> Double?
    {
        let step = `operator`.pointee
        switch step.kernel {
        case .divide: return Kernel.divide(x, y)
        case .add:
            return Kernel.add(count: Int(step.extraCount)) { offset in
                registers[Int(extra[Int(step.extraStart) + offset])]
            }
        default:
            let program = nested[Int(step.nested)]
            return withUnsafeTemporaryAllocation(
                of: Double.self, capacity: Swift.max(Int(step.extraCount), 1)
            ) {
                slots in
                for offset in 0..<Int(step.extraCount) {
                    let operand = Int(step.extraStart) + offset
                    let register = Int(extra[operand])
                    slots[offset] = register == 0 ? extraDefaults[operand] : registers[register]
                }
                return program.run(slots: UnsafePointer(slots.baseAddress!))
            }
        }
    }
}

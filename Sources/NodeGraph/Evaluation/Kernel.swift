/// How a node, or a step of a definition, computes its value: the engine's one vocabulary of
/// operations. The evaluator dispatches on it (one byte per kind index in `KindColumns.kernel`,
/// read instead of the `KindEntry`, which would retain its existential and slot array on every
/// read); a definition's steps (``DefinitionPlan``) and their program over plain numbers
/// (``NumberProgram``) are written in it too.
///
/// Each arithmetic operation has one kernel, below (``addThree(_:_:_:)``, ``subtract(_:_:)``,
/// ``multiply(_:_:)``, ``divide(_:_:)``, ``add(count:_:)``), which every route calls: the passes,
/// the evaluator, a definition's program and the calculator's ``ArithmeticKind/evaluate(_:)``.
///
/// The first three cases are the operations a definition's program computes together and keeps
/// one of by masks (``NumberProgram``): their raw values must stay 0, 1 and 2.
enum Kernel: UInt8 {
    /// ``NumericKernel/sum`` over exactly three slots (the calculator's add): the kernel the
    /// passes run inline.
    case addThree = 0
    /// ``NumericKernel/difference`` over two slots.
    case subtract
    /// ``NumericKernel/product`` over two slots.
    case multiply
    /// ``NumericKernel/quotient`` over two slots (a zero divisor goes through the kind, which
    /// reports the error).
    case divide
    /// ``NumericKernel/sum`` over any other number of slots.
    case add
    /// An instance of a definition (a group): the definition's steps.
    case instance
    /// A number source (the built-in ``NumberKind``): its value is the number it holds.
    case heldNumber
    /// A definition's group input: the value of the instance's slot it stands for.
    case groupInput
    /// A ``FormulaKind``'s compiled formula over the stored numbers.
    case formula
    /// The kind's `evaluate`, through `Value`s: what every kind can do.
    case callKind
    /// A bypassed node: the value of its first connected slot of its output type
    /// (``NodeStore/bypassedValue(of:_:)``).
    case bypass

    /// The route for a registered kind.
    init(_ entry: KindEntry) {
        if entry.bypassed {
            self = .bypass
            return
        }
        switch (entry.kernel, entry.slotCount) {
        case (.sum, 3): self = .addThree
        case (.sum, _): self = .add
        case (.difference, 2): self = .subtract
        case (.product, 2): self = .multiply
        case (.quotient, 2): self = .divide
        case (nil, _) where entry.kind is NumberKind && entry.outputType == .number: self = .heldNumber
        case (nil, _) where entry.formula != nil: self = .formula
        case (nil, _) where entry.plan != nil: self = .instance
        default: self = .callKind
        }
    }

    /// Whether this is one of the arithmetic kernels.
    var isArithmetic: Bool { rawValue <= Kernel.add.rawValue }

    // MARK: The kernels

    /// `(x + y) + z`: the calculator's add.
    @inline(__always) static func addThree(_ x: Double, _ y: Double, _ z: Double) -> Double { (x + y) + z }

    /// `x − y`.
    @inline(__always) static func subtract(_ x: Double, _ y: Double) -> Double { x - y }

    /// `x × y`.
    @inline(__always) static func multiply(_ x: Double, _ y: Double) -> Double { x * y }

    /// `x ÷ y`, or `nil` for a zero divisor.
    @inline(__always) static func divide(_ x: Double, _ y: Double) -> Double? { y == 0 ? nil : x / y }

    /// `((x₀ + x₁) + x₂) + …`, left to right; 0 for no operands. Over three operands it is
    /// exactly ``addThree(_:_:_:)``.
    /// - Parameters:
    ///   - count: The number of operands.
    ///   - operand: The operand at an offset.
    @inline(__always) static func add(count: Int, _ operand: (Int) -> Double) -> Double {
        guard count > 0 else { return 0 }
        var total = operand(0)
        var offset = 1
        while offset < count {
            total += operand(offset)
            offset += 1
        }
        return total
    }
}

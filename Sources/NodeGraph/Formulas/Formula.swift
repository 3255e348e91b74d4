/// One step of a compiled formula: the program is in postfix order, run over a stack of numbers.
enum FormulaOperation: Hashable, Sendable {
    /// Pushes a number written in the formula (or a constant).
    case constant(Double)
    /// Pushes the value of the variable with this index (in order of first appearance).
    case variable(Int)
    /// Replaces the top number by its negation.
    case negate
    /// Binary operators: pop the right operand, then the left, push the result.
    case add, subtract, multiply, divide, remainder, power
    /// A call of a function of fixed arity; its arguments are on the stack, the last on top.
    case call(FormulaFunction)
    /// `min` or `max` of the top `count` numbers.
    case minimum(count: Int), maximum(count: Int)
}

/// A formula parsed and compiled: its text, its variables in order of first appearance, and a
/// postfix program that computes its value without allocating.
///
/// ```swift
/// let area = try Formula("pi * r^2")
/// area.variables                               // ["r"]
/// try area.evaluate { _ in 2 }.get()           // 12.566…
/// ```
///
/// Grammar: numbers as in JSON (plus a leading `.5`); variables `[A-Za-z_][A-Za-z0-9_]*` that are
/// not a function or constant name; `+ - * / % ^`; unary `-` and `+`; parentheses; calls of
/// ``FormulaFunction``s; the constants `pi` and `e`. From high to low precedence: `^`
/// (right-associative), unary signs, `* / %`, `+ -`.
public struct Formula: Hashable, Sendable, CustomStringConvertible {
    /// The longest formula accepted, in characters.
    public static let maximumLength = 1000
    /// The deepest nesting of parentheses and calls accepted.
    public static let maximumNesting = 64

    /// The text the formula was parsed from.
    public let text: String
    /// The variables, in order of first appearance: a node's slots.
    public let variables: [String]
    /// The program, in postfix order.
    let program: [FormulaOperation]
    /// The most numbers the program's stack holds at once.
    let stackSize: Int

    /// Parses and compiles a formula.
    /// - Parameter text: The formula, e.g. `pi * r^2 + max(a, b)`.
    /// - Throws: ``FormulaError`` naming the column of the first problem.
    /// - Complexity: O(*n*), the text's length.
    public init(_ text: String) throws(FormulaError) {
        if text.count > Formula.maximumLength {
            throw FormulaError(
                "a formula must be at most \(Formula.maximumLength) characters",
                column: Formula.maximumLength + 1)
        }
        var parser = FormulaParser(text)
        try parser.parseFormula()
        self.text = text
        variables = parser.variables
        program = parser.program
        stackSize = parser.deepestStack
    }

    /// The text.
    public var description: String { text }

    /// Two formulas are equal when their texts are: the program follows from the text.
    /// - Parameters:
    ///   - lhs: A formula.
    ///   - rhs: Another formula.
    /// - Returns: Whether the texts are equal.
    public static func == (lhs: Formula, rhs: Formula) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Computes the formula's value.
    ///
    /// Arguments are evaluated left to right; the first failure met is the result.
    /// - Parameter input: The value of the variable at an index of ``variables``.
    /// - Returns: The value, or the first failure met.
    /// - Complexity: O(*p*), the program's length; allocates nothing.
    public func evaluate(_ input: (Int) -> Double) -> Result<Double, FormulaFailure> {
        program.withUnsafeBufferPointer { program in
            FormulaProgram(operations: program, stackSize: stackSize).evaluate(input)
        }
    }
}

/// A compiled formula's program where it stays put (owned by the graph's kind entry): what a
/// recompute runs, reading it without retaining anything.
struct FormulaProgram {
    let operations: UnsafeBufferPointer<FormulaOperation>
    /// The most numbers the program's stack holds at once.
    let stackSize: Int

    /// ``Formula/evaluate(_:)``.
    @inline(__always)
    func evaluate(_ input: (Int) -> Double) -> Result<Double, FormulaFailure> {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(stackSize, 1)) { stack in
            run(stack.baseAddress!, input)
        }
    }

    @inline(__always)
    private func run(_ stack: UnsafeMutablePointer<Double>, _ input: (Int) -> Double) -> Result<
        Double, FormulaFailure
    > {
        var top = -1  // the index of the top number
        for operation in operations {
            var result: Double
            switch operation {
            case .constant(let number): result = number
            case .variable(let index): result = input(index)
            case .negate:
                stack[top] = -stack[top]
                continue
            case .add, .subtract, .multiply, .divide, .remainder, .power:
                let right = stack[top]
                top -= 1
                let left = stack[top]
                switch operation {
                case .add: result = left + right
                case .subtract: result = left - right
                case .multiply: result = left * right
                case .divide:
                    if right == 0 { return .failure(.divisionByZero) }
                    result = left / right
                case .remainder:
                    if right == 0 { return .failure(.divisionByZero) }
                    result = left.truncatingRemainder(dividingBy: right)
                default:
                    switch formulaPower(left, right) {
                    case .success(let power): result = power
                    case .failure(let failure): return .failure(failure)
                    }
                }
                top -= 1
            case .call(let function):
                switch function {
                case .atan2:
                    top -= 1
                    result = math_atan2(stack[top], stack[top + 1])
                    top -= 1
                case .pow:
                    top -= 1
                    switch formulaPower(stack[top], stack[top + 1]) {
                    case .success(let power): result = power
                    case .failure(let failure): return .failure(failure)
                    }
                    top -= 1
                case .clamp:
                    top -= 2
                    result = Swift.min(Swift.max(stack[top], stack[top + 1]), stack[top + 2])
                    top -= 1
                default:
                    switch function.apply(stack[top]) {
                    case .success(let value): result = value
                    case .failure(let failure): return .failure(failure)
                    }
                    top -= 1
                }
            case .minimum(let count), .maximum(let count):
                let isMinimum = if case .minimum = operation { true } else { false }
                top -= count - 1
                result = stack[top]
                for offset in 1..<count {
                    let next = stack[top + offset]
                    result = isMinimum ? Swift.min(result, next) : Swift.max(result, next)
                }
                top -= 1
            }
            if !result.isFinite { return .failure(.overflow) }
            top += 1
            stack[top] = result
        }
        return .success(stack[0])
    }
}

import NodeGraph
import PropertyBased
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A formula as a tree, printed to text with as few parentheses as the grammar allows, and
/// evaluated by a reference written from the design's rules (not from the compiled program).
private indirect enum Expression {
    case number(Double, text: String)
    case variable(String)
    case constant(String)
    case negate(Expression)
    case plus(Expression)
    case binary(Character, Expression, Expression)
    case call(String, [Expression])

    /// How tightly the printed text binds: sums 1, products 2, signs 3, powers 4, the rest 5.
    var level: Int {
        switch self {
        case .number, .variable, .constant, .call: 5
        case .negate, .plus: 3
        case .binary(let op, _, _): op == "^" ? 4 : op == "+" || op == "-" ? 1 : 2
        }
    }

    var text: String {
        func wrapped(_ child: Expression, _ needed: Bool) -> String {
            needed ? "(\(child.text))" : child.text
        }
        switch self {
        case .number(_, let text): return text
        case .variable(let name), .constant(let name): return name
        case .negate(let operand): return "-" + wrapped(operand, operand.level < 3)
        case .plus(let operand): return "+" + wrapped(operand, operand.level < 3)
        case .binary("^", let left, let right):
            return wrapped(left, left.level <= 4) + "^" + wrapped(right, right.level < 3)
        case .binary(let op, let left, let right):
            return wrapped(left, left.level < level) + " \(op) " + wrapped(right, right.level <= level)
        case .call(let name, let arguments):
            return name + "(" + arguments.map(\.text).joined(separator: ", ") + ")"
        }
    }

    /// The reference value: operands left to right, the first failure wins, any result that is
    /// not finite is an overflow.
    func value(_ variables: [String: Double]) -> Result<Double, FormulaFailure> {
        func finite(_ number: Double) -> Result<Double, FormulaFailure> {
            number.isFinite ? .success(number) : .failure(.overflow)
        }
        func power(_ base: Double, _ exponent: Double) -> Result<Double, FormulaFailure> {
            if base < 0 && exponent != exponent.rounded(.towardZero) { return .failure(.outsideDomain(.pow)) }
            return finite(Glibc.pow(base, exponent))
        }
        switch self {
        case .number(let number, _): return finite(number)
        case .variable(let name): return .success(variables[name]!)
        case .constant(let name): return .success(name == "pi" ? Double.pi : Glibc.exp(1.0))
        case .negate(let operand): return operand.value(variables).map { -$0 }
        case .plus(let operand): return operand.value(variables)
        case .binary(let op, let left, let right):
            let x: Double
            let y: Double
            switch left.value(variables) {
            case .failure(let failure): return .failure(failure)
            case .success(let number): x = number
            }
            switch right.value(variables) {
            case .failure(let failure): return .failure(failure)
            case .success(let number): y = number
            }
            switch op {
            case "+": return finite(x + y)
            case "-": return finite(x - y)
            case "*": return finite(x * y)
            case "/": return y == 0 ? .failure(.divisionByZero) : finite(x / y)
            case "%": return y == 0 ? .failure(.divisionByZero) : finite(Glibc.fmod(x, y))
            default: return power(x, y)
            }
        case .call(let name, let arguments):
            var values: [Double] = []
            for argument in arguments {
                switch argument.value(variables) {
                case .failure(let failure): return .failure(failure)
                case .success(let number): values.append(number)
                }
            }
            let x = values[0]
            func domain(_ ok: Bool, _ function: FormulaFunction, _ result: @autoclosure () -> Double)
                -> Result<Double, FormulaFailure>
            {
                ok ? finite(result()) : .failure(.outsideDomain(function))
            }
            switch name {
            case "abs": return finite(Swift.abs(x))
            case "sqrt": return domain(x >= 0, .sqrt, Glibc.sqrt(x))
            case "exp": return finite(Glibc.exp(x))
            case "ln": return domain(x > 0, .ln, Glibc.log(x))
            case "log10": return domain(x > 0, .log10, Glibc.log10(x))
            case "sin": return finite(Glibc.sin(x))
            case "cos": return finite(Glibc.cos(x))
            case "tan": return finite(Glibc.tan(x))
            case "asin": return domain(x >= -1 && x <= 1, .asin, Glibc.asin(x))
            case "acos": return domain(x >= -1 && x <= 1, .acos, Glibc.acos(x))
            case "atan": return finite(Glibc.atan(x))
            case "floor": return finite(Glibc.floor(x))
            case "ceil": return finite(Glibc.ceil(x))
            case "round": return finite(Glibc.round(x))  // C's round: half away from zero
            case "atan2": return finite(Glibc.atan2(values[0], values[1]))
            case "pow": return power(values[0], values[1])
            case "min": return finite(values.dropFirst().reduce(x) { Swift.min($0, $1) })
            case "max": return finite(values.dropFirst().reduce(x) { Swift.max($0, $1) })
            default: return finite(Swift.min(Swift.max(values[0], values[1]), values[2]))
            }
        }
    }
}

/// Builds a random tree from a list of codes, each code choosing one step.
private struct TreeBuilder {
    var codes: [UInt64]
    var next = 0

    static let numbers: [(Double, String)] = [
        (0, "0"), (1, "1"), (2, "2"), (0.5, ".5"), (0.5, "0.5"), (3, "3"), (1000, "1e3"), (1e300, "1E300"),
        (0.25, "2.5e-1"), (10, "10"),
    ]
    static let names = ["a", "b", "c"]
    static let unary = [
        "abs", "sqrt", "exp", "ln", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "floor", "ceil",
        "round",
    ]

    mutating func take(_ count: Int) -> Int {
        guard next < codes.count else { return 0 }
        defer { next += 1 }
        return Int(codes[next] % UInt64(count))
    }

    mutating func tree(depth: Int) -> Expression {
        let choice = depth >= 6 || next >= codes.count ? take(3) : take(10)
        switch choice {
        case 0:
            let (number, text) = Self.numbers[take(Self.numbers.count)]
            return .number(number, text: text)
        case 1: return .variable(Self.names[take(Self.names.count)])
        case 2: return .constant(take(2) == 0 ? "pi" : "e")
        case 3: return take(4) == 0 ? .plus(tree(depth: depth + 1)) : .negate(tree(depth: depth + 1))
        case 4, 5, 6:
            let op = Array("+-*/%^")[take(6)]
            let left = tree(depth: depth + 1)
            return .binary(op, left, tree(depth: depth + 1))
        case 7: return .call(Self.unary[take(Self.unary.count)], [tree(depth: depth + 1)])
        case 8:
            let name = ["atan2", "pow", "clamp"][take(3)]
            let count = name == "clamp" ? 3 : 2
            return .call(name, (0..<count).map { _ in tree(depth: depth + 1) })
        default:
            let count = 1 + take(3)
            return .call(take(2) == 0 ? "min" : "max", (0..<count).map { _ in tree(depth: depth + 1) })
        }
    }
}

@Suite struct FormulaPropertyTests {
    /// Random formula trees, printed to text and parsed back, compute what the reference
    /// evaluator computes for random inputs: the same number, or the same error.
    @Test func randomFormulasComputeWhatTheReferenceComputes() async {
        let input = zip(Gen.uint64().array(of: 1...60), Gen.int(in: -40...40).array(of: 3))
        await propertyCheck(count: 500, input: input) { codes, numbers in
            var builder = TreeBuilder(codes: codes)
            let tree = builder.tree(depth: 0)
            let values = Dictionary(
                uniqueKeysWithValues: zip(TreeBuilder.names, numbers.map { Double($0) / 4 }))
            let text = tree.text
            let formula: Formula
            do {
                formula = try Formula(text)
            } catch {
                Issue.record("\(text) does not parse: \(error)")
                return
            }
            let expected = tree.value(values)
            let actual = formula.evaluate { values[formula.variables[$0]]! }
            #expect(actual == expected, "\(text) with \(values)")
            // A formula node gives the same number or error.
            var graph = Graph()
            do {
                for name in formula.variables {
                    try graph.addNode(NodeID(name), kind: "number", value: .number(values[name]!))
                }
                try graph.addNode(
                    "f", kind: "formula", value: FormulaKind.formula(text),
                    inputs: formula.variables.map { NodeID($0) })
            } catch {
                Issue.record("\(text): \(error)")
                return
            }
            switch expected {
            case .success(let number): #expect(graph.value(of: "f") == .number(number), "\(text)")
            case .failure(let failure):
                #expect(graph.value(of: "f")?.error?.reason == failure.description, "\(text)")
            }
        }
    }

    /// Random sequences of formula tokens, most of them not formulas: parsing never crashes, and
    /// every refusal names a column within the text (or one past its end).
    @Test func anyTextParsesOrIsRefusedNamingAColumnInIt() async {
        let tokens = [
            "a", "b1", "_x", "pi", "e", "sqrt", "max", "atan2", "foo", "(", ")", ",", "+", "-", "*", "/", "%",
            "^",
            "1", "0", ".5", "2e3", "1.", "01", " ", "#", "\u{7}", "é", "1e", "((", "))",
        ]
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(tokens.count - 1)).array(of: 0...30)) {
            picks in
            let text = picks.map { tokens[$0] }.joined()
            do throws(FormulaError) {
                _ = try Formula(text)
            } catch {
                #expect(
                    (1...text.unicodeScalars.count + 1).contains(error.column),
                    "\(text.debugDescription): \(error)")
                #expect(error.description.hasSuffix(" at column \(error.column)"))
            }
        }
    }
}

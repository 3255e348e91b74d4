/// A recursive-descent parser that compiles a formula's text into a postfix program as it reads.
struct FormulaParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nesting = 0
    private var stackDepth = 0
    private(set) var deepestStack = 0
    private(set) var variables: [String] = []
    private(set) var program: [FormulaOperation] = []

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The constants a formula may name.
    static let constants: [String: Double] = ["pi": Double.pi, "e": 2.718_281_828_459_045]

    mutating func parseFormula() throws(FormulaError) {
        try parseSum()
        skipSpaces()
        if position < scalars.count { throw unexpected() }
    }

    // MARK: Grammar

    private mutating func parseSum() throws(FormulaError) {
        try parseProduct()
        while true {
            skipSpaces()
            guard let next = peek(), next == "+" || next == "-" else { return }
            position += 1
            try parseProduct()
            emit(next == "+" ? .add : .subtract, popping: 2)
        }
    }

    private mutating func parseProduct() throws(FormulaError) {
        try parseSigned()
        while true {
            skipSpaces()
            guard let next = peek(), next == "*" || next == "/" || next == "%" else { return }
            position += 1
            try parseSigned()
            emit(next == "*" ? .multiply : next == "/" ? .divide : .remainder, popping: 2)
        }
    }

    /// Signs in a row are read in a loop, not by recursion: `-(-x)` is `x` exactly.
    private mutating func parseSigned() throws(FormulaError) {
        var negative = false
        skipSpaces()
        while let next = peek(), next == "-" || next == "+" {
            if next == "-" { negative.toggle() }
            position += 1
            skipSpaces()
        }
        try parsePower()
        if negative { emit(.negate, popping: 1) }
    }

    private mutating func parsePower() throws(FormulaError) {
        try parsePrimary()
        skipSpaces()
        guard peek() == "^" else { return }
        position += 1
        try parseSigned()  // right-associative, and `2^-1` takes a signed exponent
        emit(.power, popping: 2)
    }

    private mutating func parsePrimary() throws(FormulaError) {
        skipSpaces()
        guard let next = peek() else { throw unexpected() }
        if next == "(" {
            let open = position
            position += 1
            try enterNesting(at: open)
            try parseSum()
            try expect(")")
            nesting -= 1
        } else if next.isASCIIDigit || next == "." {
            emit(.constant(try parseNumber()), popping: 0)
        } else if next.isNameStart {
            try parseName()
        } else {
            throw unexpected()
        }
    }

    private mutating func parseName() throws(FormulaError) {
        let start = position
        while let next = peek(), next.isNameStart || next.isASCIIDigit { position += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        let column = start + 1
        skipSpaces()
        let isCall = peek() == "("
        if let constant = FormulaParser.constants[name] {
            if isCall { throw FormulaError("'\(name)' is a constant, not a function", column: column) }
            emit(.constant(constant), popping: 0)
            return
        }
        if let function = FormulaFunction(rawValue: name) {
            guard isCall else {
                throw FormulaError("expected '(' after the function '\(name)'", column: column)
            }
            try parseCall(function, at: column)
            return
        }
        if isCall { throw FormulaError("unknown function '\(name)'", column: column) }
        let index =
            variables.firstIndex(of: name)
            ?? {
                variables.append(name)
                return variables.count - 1
            }()
        emit(.variable(index), popping: 0)
    }

    private mutating func parseCall(_ function: FormulaFunction, at column: Int) throws(FormulaError) {
        let open = position
        position += 1  // "("
        try enterNesting(at: open)
        var count = 0
        skipSpaces()
        if peek() != ")" {
            while true {
                try parseSum()
                count += 1
                skipSpaces()
                guard peek() == "," else { break }
                position += 1
            }
        }
        try expect(")")
        nesting -= 1
        let arity = function.arity ?? Swift.max(count, 1)
        guard count == arity, count > 0 else {
            let wanted =
                function.arity.map { "\($0) argument\($0 == 1 ? "" : "s")" } ?? "at least 1 argument"
            throw FormulaError("'\(function.rawValue)' takes \(wanted), not \(count)", column: column)
        }
        switch function {
        case .min: emit(.minimum(count: count), popping: count)
        case .max: emit(.maximum(count: count), popping: count)
        default: emit(.call(function), popping: count)
        }
    }

    /// A number as in JSON, or one with a leading `.` (`.5`).
    private mutating func parseNumber() throws(FormulaError) -> Double {
        let start = position
        func digits(_ parser: inout FormulaParser) -> Int {
            let first = parser.position
            while let next = parser.peek(), next.isASCIIDigit { parser.position += 1 }
            return parser.position - first
        }
        let whole = digits(&self)
        if whole > 1 && scalars[start] == "0" {
            throw FormulaError("a number must not start with 0", column: start + 1)
        }
        if peek() == "." {
            position += 1
            if digits(&self) == 0 { throw FormulaError("expected a digit after '.'", column: position + 1) }
        }
        if let next = peek(), next == "e" || next == "E" {
            // `2e` followed by no digits is the number 2 and the constant e: refuse it, it reads as an exponent.
            position += 1
            if let sign = peek(), sign == "+" || sign == "-" { position += 1 }
            if digits(&self) == 0 {
                throw FormulaError("expected a digit in the exponent", column: position + 1)
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        return Double(text) ?? .infinity
    }

    // MARK: Helpers

    private mutating func emit(_ operation: FormulaOperation, popping count: Int) {
        program.append(operation)
        stackDepth += 1 - count
        deepestStack = Swift.max(deepestStack, stackDepth)
    }

    private mutating func enterNesting(at open: Int) throws(FormulaError) {
        nesting += 1
        if nesting > Formula.maximumNesting {
            throw FormulaError("nested deeper than \(Formula.maximumNesting) levels", column: open + 1)
        }
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(FormulaError) {
        skipSpaces()
        guard peek() == scalar else {
            if peek() == nil { throw FormulaError("expected '\(scalar)'", column: position + 1) }
            throw unexpected()
        }
        position += 1
    }

    private func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func skipSpaces() {
        while let next = peek(), next == " " || next == "\t" { position += 1 }
    }

    /// `unexpected 'c'` at the current column, or `unexpected end of formula`.
    private func unexpected() -> FormulaError {
        guard let next = peek() else {
            return FormulaError("unexpected end of formula", column: position + 1)
        }
        let hex = String(next.value, radix: 16, uppercase: true)
        let shown =
            next.isASCII && next.value >= 0x20 && next.value < 0x7F
            ? "'\(Character(next))'"
            : "character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
        return FormulaError("unexpected \(shown)", column: position + 1)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    fileprivate var isNameStart: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
    }
}

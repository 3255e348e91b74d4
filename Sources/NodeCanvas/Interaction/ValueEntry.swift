/// Reads a number a person typed into the value editor: a plain decimal, nothing rewritten.
public enum ValueEntry {
    /// Why a typed value is refused.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Nothing was typed.
        case empty
        /// A comma where a decimal point belongs (`1,5`).
        case comma(String)
        /// Not a decimal number (`1.2.3`, `nan`, `abc`).
        case notANumber(String)
        /// A number too large to hold (`1e999`).
        case tooLarge(String)

        /// The message for the status line.
        public var description: String {
            switch self {
            case .empty: "type a number, or Esc"
            case .comma(let text): "'\(text)' is not a number: use a point for decimals (1.5)"
            case .notANumber(let text): "'\(text)' is not a number"
            case .tooLarge(let text): "'\(text)' is too large for a number"
            }
        }
    }

    /// The number a text stands for: an optional sign, digits with at most one decimal point,
    /// and an optional exponent (`-7`, `.5`, `2.5e3`), with any spaces around it ignored
    /// (` 3 `). Anything else is refused, never guessed.
    /// - Parameter typed: What was typed.
    /// - Returns: The number, or why the text is not one (naming it without the spaces around).
    package static func parse(_ typed: String) -> Result<Double, Problem> {
        let text = typed.withoutOuterSpaces
        guard !text.isEmpty else { return .failure(.empty) }
        guard isDecimal(text) else {
            return .failure(text.contains(",") ? .comma(text) : .notANumber(text))
        }
        guard let number = Double(text) else { return .failure(.notANumber(text)) }
        guard number.isFinite else { return .failure(.tooLarge(text)) }
        return .success(number == 0 ? 0 : number)  // -0 is typed as 0
    }

    private static func isDecimal(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        var digits = 0, points = 0
        while let scalar = scalars.first, scalar == "." || ("0"..."9").contains(scalar) {
            if scalar == "." { points += 1 } else { digits += 1 }
            scalars = scalars.dropFirst()
        }
        guard digits > 0, points <= 1 else { return false }
        guard let e = scalars.first else { return true }
        guard e == "e" || e == "E" else { return false }
        scalars = scalars.dropFirst()
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        return !scalars.isEmpty && scalars.allSatisfy { ("0"..."9").contains($0) }
    }
}

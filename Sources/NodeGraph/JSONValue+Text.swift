extension JSONValue {
    /// The value as compact JSON text, the same on every run: `3`, `2.5`, `"#ff8000"`,
    /// `{"error":"division by zero","from":"d"}`.
    ///
    /// Whole numbers are written without a fraction (`3`, not `3.0`); other numbers in the
    /// shortest form that reads back as the same `Double`. A number that is not finite (which a
    /// graph never holds) is written as `null`.
    /// - Complexity: O(*m*), the size of the value.
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .number(let number): text += JSONText.number(number)
        case .string(let string): JSONText.appendQuoted(string, to: &text)
        case .bool(let bool): text += bool ? "true" : "false"
        case .list(let items):
            text += "["
            for (position, item) in items.enumerated() {
                if position > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .error(let reason, let from):
            text += "{\"error\":"
            JSONText.appendQuoted(reason, to: &text)
            text += ",\"from\":"
            JSONText.appendQuoted(from, to: &text)
            text += "}"
        }
    }
}

/// The JSON text of strings and numbers, written by hand so files are byte-stable.
enum JSONText {
    /// A number: whole numbers without a fraction, others in Swift's shortest round-trip form.
    static func number(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9.007_199_254_740_992e15 {
            return String(Int64(number))
        }
        return String(number)  // e.g. 2.5, 1e-05, 1e+16: all valid JSON
    }

    /// A string in double quotes, escaping quotes, backslashes and control characters.
    static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }

    static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        var needsEscaping = false
        for byte in string.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        {
            needsEscaping = true
            break
        }
        guard needsEscaping else {
            text += string
            text += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

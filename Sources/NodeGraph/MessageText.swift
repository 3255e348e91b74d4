extension String {
    /// The string as a message shows text that came from outside (an id, a name, a field, a file
    /// name): on one line and unambiguous. Every character that is not printable — control
    /// characters, line and paragraph separators, invisible format characters — is written as an
    /// escape (`\n`, `\t`, `\u0000`, `\u007F`, `\u{E0001}`), and a backslash is doubled.
    ///
    /// The joiners inside emoji sequences (U+200C, U+200D) are printable here.
    /// - Complexity: O(*n*) in the string's length.
    package var escapedForMessage: String {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return self }
        var text = ""
        text.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case _ where scalar.isPrintableInMessages: text.unicodeScalars.append(scalar)
            case _ where scalar.value <= 0xFFFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return text
    }
}

extension Unicode.Scalar {
    /// Whether a message may show the scalar as it is.
    fileprivate var isPrintableInMessages: Bool {
        if value >= 0x20 && value < 0x7F { return true }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate: return false
        case .format: return value == 0x200C || value == 0x200D
        default: return true
        }
    }
}

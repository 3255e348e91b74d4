import NodeGraph

/// The one JSON writer of NodeGraphFiles: UTF-8 bytes in one growing buffer, the same on every
/// run, for graph files, journal lines and `--json` output alike.
///
/// Whole numbers are written without a fraction (`3`, not `3.0`); other numbers in the shortest
/// form that reads back as the same `Double` (`2.5`, `1e-05`, `1e+16`). Strings escape quotes,
/// backslashes and control characters.
package struct JSONWriter {
    /// The text written so far.
    package var bytes: [UInt8] = []

    /// An empty text.
    package init() {}

    /// The text written so far, as a string.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text as it is (JSON punctuation, field names known to need no escapes).
    package mutating func append(_ literal: StaticString) {
        bytes.append(
            contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string in double quotes, escaping quotes, backslashes and control characters.
    package mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for (position, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
                runStart = position + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                default:
                    append("\\u00")
                    bytes.append(UInt8(ascii: byte < 0x10 ? "0" : "1"))
                    let digit = byte & 0x0F
                    bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an integer in decimal.
    package mutating func append(_ integer: Int) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, written backwards
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: digits[(24 - count)...])
        }
    }

    /// Appends a number: a whole number below 2^53 without a fraction, others in Swift's
    /// shortest round-trip form; `null` for a number that is not finite (which no graph holds;
    /// savers refuse it first).
    package mutating func append(_ number: Double) {
        if number.isFinite, number == number.rounded(), abs(number) < 9.007_199_254_740_992e15 {
            append(Int(number))
        } else if number.isFinite {
            bytes.append(contentsOf: String(number).utf8)  // e.g. 2.5, 1e-05, 1e+16: all JSON
        } else {
            append("null")
        }
    }

    /// Appends a value: a number, a string, a boolean, a list, an error object, or
    /// `{"pending":true}`.
    package mutating func append(_ value: JSONValue) {
        switch value {
        case .number(let number): append(number)
        case .string(let string): appendQuoted(string)
        case .bool(let bool): append(bool ? "true" : "false")
        case .list(let items):
            append("[")
            for (position, item) in items.enumerated() {
                if position > 0 { append(",") }
                append(item)
            }
            append("]")
        case .error(let reason, let from, let path):
            append("{\"error\":")
            appendQuoted(reason)
            append(",\"from\":")
            appendQuoted(from)
            if !path.isEmpty {
                append(",\"path\":[")
                for (position, step) in path.enumerated() {
                    if position > 0 { append(",") }
                    appendQuoted(step)
                }
                append("]")
            }
            append("}")
        case .pending: append("{\"pending\":true}")
        }
    }
}

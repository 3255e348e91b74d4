import Foundation

/// Edit journals: JSON Lines, one ``JournalEntry`` per line.
///
/// ```
/// {"op":"addNode","id":"n7","kind":"multiply","name":"Times","x":40,"y":5}
/// {"op":"link","from":"one","to":"n7","slot":0}
/// {"op":"undo"}
/// ```
///
/// Reading never stops at a bad line: each line is read on its own (``lines(in:)``), and a
/// malformed line carries its reason in plain words. ``GraphDocument/replay(_:)->[ReplayStep]`` applies the
/// lines through the document, so `undo` and `redo` lines use its history.
public enum Journal {
    /// One non-blank line of a journal: its number and what it says, or why it cannot be read.
    public struct Line: Hashable, Sendable {
        /// The line's number in the file, from 1.
        public var number: Int
        /// The operation the line names (`link`, `undo`…), when it can be read.
        public var operationName: String?
        /// The entry, or why the line cannot be read.
        public var entry: Result<JournalEntry, JournalLineError>

        /// Creates a journal line.
        /// - Parameters:
        ///   - number: The line's number, from 1.
        ///   - operationName: The operation the line names.
        ///   - entry: The entry, or why the line cannot be read.
        public init(number: Int, operationName: String?, entry: Result<JournalEntry, JournalLineError>) {
            self.number = number
            self.operationName = operationName
            self.entry = entry
        }
    }

    /// The deepest nesting of JSON lists and objects accepted on a line.
    public static let maximumDepth = 64

    /// The largest journal file ``read(path:)`` accepts: 256 MiB.
    public static let maximumBytes = 256 << 20

    /// Reads a journal file.
    /// - Parameter path: The file's path.
    /// - Returns: Its non-blank lines, in order.
    /// - Throws: ``LoadProblem`` of kind ``LoadProblem/Kind/unreadable`` or
    ///   ``LoadProblem/Kind/fileTooLarge`` when the file cannot be read.
    /// - Complexity: O(*n*) in the size of the file.
    public static func read(path: String) throws(LoadProblem) -> [Line] {
        lines(in: Data(try GraphFile.readFile(path, limit: maximumBytes)))
    }

    /// Splits a journal into lines and reads each one; blank lines are skipped.
    /// - Parameter data: The journal's bytes (UTF-8; `\n` or `\r\n` line ends).
    /// - Returns: The non-blank lines, in order.
    /// - Complexity: O(*n*) in the size of the journal.
    public static func lines(in data: Data) -> [Line] {
        var result: [Line] = []
        var number = 0
        for var line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            result.append(readLine(Data(line), number: number))
        }
        return result
    }

    /// Reads one journal line.
    /// - Parameters:
    ///   - data: The line's bytes, without the line end.
    ///   - number: The line's number, for the result.
    /// - Returns: The line, read or refused with a reason.
    /// - Complexity: O(*m*) in the length of the line.
    public static func readLine(_ data: Data, number: Int) -> Line {
        let checked: Result<JSONSyntax, JournalLineError> = data.withUnsafeBytes { raw in
            do throws(JSONSyntaxError) {
                return .success(
                    try JSONParser.parse(raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth))
            } catch {
                let location = TextLocation(offset: error.offset, in: raw.bindMemory(to: UInt8.self))
                return .failure(
                    JournalLineError("malformed JSON at column \(location.column): \(error.message)"))
            }
        }
        let syntax: JSONSyntax
        switch checked {
        case .success(let value): syntax = value
        case .failure(let error): return Line(number: number, operationName: nil, entry: .failure(error))
        }
        guard case .object(let members) = syntax.content else {
            return Line(
                number: number, operationName: nil,
                entry: .failure(
                    JournalLineError("a journal line must be a JSON object, not \(syntax.typeDescription)")))
        }
        var operation: String?
        if case .string(let op)? = members.first(where: { $0.key == "op" })?.value.content { operation = op }
        if let problem = structuralProblem(in: syntax, path: []) {
            return Line(number: number, operationName: operation, entry: .failure(JournalLineError(problem)))
        }
        do {
            let entry = try JSONDecoder().decode(JournalEntry.self, from: data)
            return Line(number: number, operationName: entry.operationName, entry: .success(entry))
        } catch let error as DecodingError {
            return Line(
                number: number, operationName: operation,
                entry: .failure(JournalLineError(describe(error, in: syntax))))
        } catch {
            return Line(
                number: number, operationName: operation, entry: .failure(JournalLineError("\(error)")))
        }
    }

    /// The journal line for an entry, without the line end: `{"op":"link","from":"a","to":"b","slot":0}`.
    /// - Parameter entry: The entry.
    /// - Returns: One line of JSON.
    /// - Throws: `EncodingError` when a value holds a number that is not finite.
    public static func line(for entry: JournalEntry) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entry), as: UTF8.self)
    }

    // MARK: Plain-word reasons

    /// Duplicate fields and numbers too large to be finite, which Foundation's decoder would
    /// silently accept or report without the field's name.
    private static func structuralProblem(in syntax: JSONSyntax, path: [String]) -> String? {
        switch syntax.content {
        case .object(let members):
            var seen = Set<String>()
            for member in members {
                let memberPath = path + [member.key]
                if !seen.insert(member.key).inserted {
                    return "field '\(fieldName(memberPath))' appears more than once"
                }
                if let problem = structuralProblem(in: member.value, path: memberPath) { return problem }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let problem = structuralProblem(in: item, path: path + ["[\(index)]"]) { return problem }
            }
        case .number(let number) where !number.isFinite:
            return "the number in field '\(fieldName(path))' is too large to be finite"
        default: break
        }
        return nil
    }

    private static func fieldName(_ path: [String]) -> String {
        var text = ""
        for part in path {
            if part.hasPrefix("[") || text.isEmpty { text += part } else { text += "." + part }
        }
        return text
    }

    private static func fieldName(_ codingPath: [any CodingKey]) -> String {
        fieldName(codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue })
    }

    /// The JSON value at a coding path, to say what was found instead of what was expected.
    private static func value(at codingPath: [any CodingKey], in syntax: JSONSyntax) -> JSONSyntax? {
        var current = syntax
        for key in codingPath {
            switch current.content {
            case .object(let members):
                guard let member = members.first(where: { $0.key == key.stringValue }) else { return nil }
                current = member.value
            case .array(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is String.Type, is NodeID.Type: "a string"
        case is Bool.Type: "a boolean"
        case is JSONValue.Type: "a number, a string, a boolean or a list"
        default: "a list or an object"
        }
    }

    /// Foundation reports a fraction in an integer field without naming the field; find it.
    private static func fractionalWholeNumberField(in syntax: JSONSyntax) -> String? {
        guard case .object(let members) = syntax.content else { return nil }
        for member in members where ["slot", "x", "y"].contains(member.key) {
            if case .number(let number) = member.value.content,
                number != number.rounded() || abs(number) > 9.2e18
            {
                return "field '\(member.key)' must be a whole number, not \(JSONText.number(number))"
            }
        }
        for member in members {
            if case .array(let items) = member.value.content {
                for item in items {
                    if let found = fractionalWholeNumberField(in: item) { return found }
                }
            }
        }
        return nil
    }

    static func describe(_ error: DecodingError, in syntax: JSONSyntax) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(fieldName(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            let found = value(at: context.codingPath, in: syntax).map { ", not \($0.typeDescription)" } ?? ""
            return "field '\(fieldName(context.codingPath))' must be \(typeName(type))\(found)"
        case .valueNotFound(let type, let context):
            return "field '\(fieldName(context.codingPath))' must be \(typeName(type)), not null"
        case .dataCorrupted(let context):
            let field = fieldName(context.codingPath)
            if context.debugDescription.hasPrefix("Parsed JSON number")
                || (!context.codingPath.isEmpty && context.debugDescription.hasPrefix("The given data"))
            {
                let found = value(at: context.codingPath, in: syntax)
                if case .number(let number)? = found?.content {
                    return "field '\(field)' must be a whole number, not \(JSONText.number(number))"
                }
                return "field '\(field)' has a value that cannot be read"
            }
            if context.debugDescription.hasPrefix("The given data"),
                let field = fractionalWholeNumberField(in: syntax)
            {
                return field
            }
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}

/// Why a journal line cannot be read, in plain words.
public struct JournalLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, e.g. `missing field 'slot'`.
    public var reason: String

    /// Creates a line error.
    /// - Parameter reason: The reason.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

import Foundation
import NodeGraph

/// Edit journals: JSON Lines, one ``JournalEntry`` per line.
///
/// ```
/// {"op":"addNode","id":"n7","kind":"multiply","name":"Times","x":40,"y":5}
/// {"op":"link","from":"one","to":"n7","slot":0}
/// {"op":"undo"}
/// ```
///
/// Reading never stops at a bad line: each line is read on its own (``lines(in:)``), and a
/// malformed line carries its reason in plain words. `GraphDocument.replay(_:)` applies the
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
        let bytes = try TextFile.read(path, limit: maximumBytes, what: "a journal")
        return bytes.withUnsafeBufferPointer { lines(in: $0) }
    }

    /// Splits a journal into lines and reads each one; blank lines are skipped.
    /// - Parameter data: The journal's bytes (UTF-8; `\n` or `\r\n` line ends).
    /// - Returns: The non-blank lines, in order.
    /// - Complexity: O(*n*) in the size of the journal.
    public static func lines(in data: Data) -> [Line] {
        data.withUnsafeBytes { lines(in: $0.bindMemory(to: UInt8.self)) }
    }

    static func lines(in bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
        var result: [Line] = []
        var number = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            number += 1
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                result.append(readLine(line, number: number))
            }
            start = end + 1
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
        data.withUnsafeBytes { readLine($0.bindMemory(to: UInt8.self), number: number) }
    }

    static func readLine(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) -> Line {
        let document: JSONDocument
        do throws(JSONReadError) {
            document = try JSONReader.read(bytes, maximumDepth: maximumDepth)
        } catch {
            var lines = LineIndex(bytes)
            let column = lines.location(of: error.offset).column
            let reason =
                error.kind == .malformed
                ? "malformed JSON at column \(column): \(error.message)"
                : "\(error.message) (at column \(column))"
            return Line(number: number, operationName: nil, entry: .failure(JournalLineError(reason)))
        }
        let decoder = JournalEntryDecoder(document: document)
        do throws(JournalLineError) {
            let entry = try decoder.entry()
            return Line(number: number, operationName: entry.operationName, entry: .success(entry))
        } catch {
            let operation = try? decoder.operation(of: document.root, path: "")
            return Line(number: number, operationName: operation, entry: .failure(error))
        }
    }

    /// The journal line for an entry, without the line end: `{"op":"link","from":"a","to":"b","slot":0}`.
    /// - Parameter entry: The entry.
    /// - Returns: One line of JSON.
    /// - Throws: ``JournalLineError`` when a value holds a number that is not finite.
    public static func line(for entry: JournalEntry) throws(JournalLineError) -> String {
        var writer = JSONWriter()
        try writer.append(entry)
        return writer.text
    }
}

/// Why a journal line cannot be read (or an entry cannot be written as one), in plain words;
/// anything unprintable from the line is shown escaped.
public struct JournalLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, e.g. `missing field 'slot'`.
    public var reason: String

    /// Creates a line error.
    /// - Parameter reason: The reason.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

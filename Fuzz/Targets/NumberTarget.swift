import Foundation
import NodeGraph
import NodeGraphFiles

extension FuzzTarget {
    /// Any bytes as one JSON value written where a number goes, in each format: a graph file's
    /// `value` and `x`, an `addNode` line, a `setValue` line and a `move` line. Whenever the bytes
    /// are one JSON value, the formats agree: each accepts it as the same number (and a zero is
    /// never negative) or each refuses it.
    public static let numbers = FuzzTarget(name: "numbers") { input in
        guard isOneJSONValue(input) else { return [] }
        var problems: [String] = []
        let shown = String(decoding: input, as: UTF8.self).debugDescription
        let values = [
            ("a graph file", valueInFile(input)),
            ("an addNode line", valueAfterLine(#"{"op":"addNode","id":"n","kind":"number","value":"#, input)),
            ("a setValue line", valueAfterLine(#"{"op":"setValue","node":"n","value":"#, input)),
        ]
        for (format, value) in values where value?.number.map({ $0 == 0 && $0.sign == .minus }) == true {
            problems.append("\(shown) means a negative zero in \(format)")
        }
        for (format, value) in values.dropFirst() where !sameNumber(value, values[0].1) {
            problems.append(
                "\(shown) means \(describe(value)) in \(format) but \(describe(values[0].1)) in a file")
        }
        let positions = [
            ("a graph file", positionInFile(input)),
            (
                "an addNode line",
                positionAfterLine(#"{"op":"addNode","id":"n","kind":"number","y":0,"x":"#, input)
            ),
            ("a move line", positionAfterLine(#"{"op":"move","node":"n","y":0,"x":"#, input)),
        ]
        for (format, position) in positions.dropFirst() where position != positions[0].1 {
            problems.append(
                "\(shown) as x means \(position.map { "\($0)" } ?? "a refusal") in \(format) "
                    + "but \(positions[0].1.map { "\($0)" } ?? "a refusal") in a file")
        }
        return problems
    }

    /// Whether `bytes` are exactly one JSON value, a few levels deep at most, on one line.
    static func isOneJSONValue(_ bytes: [UInt8]) -> Bool {
        guard !bytes.contains(0x0A), !bytes.contains(0x0D) else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            (try? JSONReader.read(buffer, maximumDepth: 8)) != nil
        }
    }

    /// The value node `n` holds after loading a file with `literal` as its value, or `nil`.
    static func valueInFile(_ literal: [UInt8]) -> Value? {
        let text =
            Array(#"{"format":"nodegraph","version":1,"nodes":[{"id":"n","kind":"number","value":"#.utf8)
            + literal + Array("}]}".utf8)
        return (try? GraphFile.decode(Data(text)))?.value(of: "n")
    }

    /// The position of node `n` after loading a file with `literal` as its `x`, or `nil`.
    static func positionInFile(_ literal: [UInt8]) -> Position? {
        let text =
            Array(#"{"format":"nodegraph","version":1,"nodes":[{"id":"n","kind":"number","y":0,"x":"#.utf8)
            + literal + Array("}]}".utf8)
        return (try? GraphFile.decode(Data(text)))?.position(of: "n")
    }

    /// The document after one line, `prefix`, `literal` and `}`, replayed on a graph holding
    /// number `n` (for an `addNode` line, on an empty graph); `nil` if the line is refused.
    static func documentAfterLine(_ prefix: String, _ literal: [UInt8]) -> GraphDocument? {
        var graph = Graph()
        if !prefix.contains("addNode") {
            do {
                try graph.addNode("n", kind: "number", value: .number(1))
            } catch {
                preconditionFailure("a number node can be added: \(error)")
            }
        }
        let document = GraphDocument(graph: graph)
        let line = Journal.readLine(Data(Array(prefix.utf8) + literal + Array("}".utf8)), number: 1)
        return document.replay(line).isRefused ? nil : document
    }

    static func valueAfterLine(_ prefix: String, _ literal: [UInt8]) -> Value? {
        documentAfterLine(prefix, literal)?.graph.value(of: "n")
    }

    static func positionAfterLine(_ prefix: String, _ literal: [UInt8]) -> Position? {
        documentAfterLine(prefix, literal)?.graph.position(of: "n")
    }

    /// Whether two outcomes are the same: both refused, or the same value, a zero of the same sign.
    static func sameNumber(_ one: Value?, _ other: Value?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        if let a = one.number, let b = other.number { return a.bitPattern == b.bitPattern }
        return one == other
    }

    static func describe(_ value: Value?) -> String {
        guard let value else { return "a refusal" }
        if let number = value.number { return "\(number) (bits \(String(number.bitPattern, radix: 16)))" }
        return "\(value)"
    }
}

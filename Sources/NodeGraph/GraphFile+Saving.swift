import Foundation

extension GraphFile {
    /// The canonical text of a graph file: the same graph always gives the same bytes.
    ///
    /// Pretty-printed with one node per line, so a change to one node changes one line in a diff.
    /// Keys are sorted; nodes come in ``Graph/dependencyOrder()``. Every node has `id`, `kind`,
    /// `name`, `x` and `y`; a source node (such as `number`) has its `value`; a node whose kind
    /// has input slots has `inputs`, one entry per slot, `null` where nothing is linked. Whole
    /// numbers are written without a fraction.
    /// - Parameter graph: The graph.
    /// - Returns: UTF-8 JSON text ending with a newline.
    /// - Throws: ``SaveError`` (with an empty path) when a tool-defined value holds a number
    ///   that is not finite, which JSON cannot represent.
    /// - Complexity: O(*n* log *n* + *e*).
    public static func encode(_ graph: Graph) throws(SaveError) -> Data {
        var text = CanonicalText()
        text.append("{\n  \"format\": ")
        text.appendQuoted(formatName)
        text.append(",\n  \"nodes\": [")
        let nodes = graph.nodes
        text.bytes.reserveCapacity(64 + nodes.count * 120)
        var kind: (any NodeKind)?
        for (position, node) in nodes.enumerated() {
            text.append(position == 0 ? "\n    " : ",\n    ")
            if kind?.name != node.kind { kind = graph.registry.kind(named: node.kind) }
            try appendNode(node, kind: kind, to: &text)
        }
        text.append(nodes.isEmpty ? "],\n" : "\n  ],\n")
        text.append("  \"version\": ")
        text.append(version)
        text.append("\n}\n")
        return Data(text.bytes)
    }

    /// Saves a graph to a file atomically: the file holds either the old or the new graph, even
    /// if the program is killed while saving.
    /// - Parameters:
    ///   - graph: The graph.
    ///   - path: The file to replace or create.
    /// - Throws: ``SaveError`` saying why; the previous file is then intact.
    /// - Complexity: As ``encode(_:)``, plus writing and flushing the file.
    public static func save(_ graph: Graph, to path: String) throws(SaveError) {
        let data: Data
        do throws(SaveError) {
            data = try encode(graph)
        } catch {
            throw SaveError(path: path, reason: error.reason)
        }
        try AtomicFile.write(data, to: path)
    }

    private static func appendNode(
        _ node: NodeDescription, kind: (any NodeKind)?, to text: inout CanonicalText
    )
        throws(SaveError)
    {
        text.append("{\"id\": ")
        text.appendQuoted(node.id.rawValue)
        if let kind, !kind.inputs.isEmpty {
            text.append(", \"inputs\": [")
            for (slot, input) in node.inputs.enumerated() {
                if slot > 0 { text.append(", ") }
                if let input { text.appendQuoted(input.rawValue) } else { text.append("null") }
            }
            text.append("]")
        }
        text.append(", \"kind\": ")
        text.appendQuoted(node.kind)
        text.append(", \"name\": ")
        text.appendQuoted(node.name ?? kind?.title ?? node.kind)
        if let value = node.value {
            let json = JSONValue(value)
            guard json.isFinite else {
                throw SaveError(
                    path: "", reason: "the value of '\(node.id)' holds a number that is not finite")
            }
            text.append(", \"value\": ")
            if case .number(let number) = json {
                text.append(number)
            } else {
                var written = ""
                json.write(to: &written)
                text.bytes.append(contentsOf: written.utf8)
            }
        }
        text.append(", \"x\": ")
        text.append(node.position.x)
        text.append(", \"y\": ")
        text.append(node.position.y)
        text.append("}")
    }
}

/// The canonical text of a graph file as it is written: UTF-8 bytes in one growing buffer, with
/// the same strings and numbers as ``JSONText`` writes.
struct CanonicalText {
    var bytes: [UInt8] = []

    mutating func append(_ literal: StaticString) {
        bytes.append(
            contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A string in double quotes, as ``JSONText/appendQuoted(_:to:)`` writes it.
    mutating func appendQuoted(_ string: String) {
        var plain = true
        for byte in string.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        {
            plain = false
            break
        }
        guard plain else {
            bytes.append(contentsOf: JSONText.quoted(string).utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: string.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// An integer in decimal.
    mutating func append(_ integer: Int) {
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

    /// A number as ``JSONText/number(_:)`` writes it.
    mutating func append(_ number: Double) {
        if number.isFinite, number == number.rounded(), abs(number) < 9.007_199_254_740_992e15 {
            append(Int(number))
        } else {
            bytes.append(contentsOf: JSONText.number(number).utf8)
        }
    }
}

extension JSONValue {
    /// Whether every number inside is finite.
    var isFinite: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .list(let items): items.allSatisfy(\.isFinite)
        case .string, .bool, .error: true
        }
    }
}

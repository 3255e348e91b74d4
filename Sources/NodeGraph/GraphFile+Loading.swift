/// Checks a parsed graph file, collecting every problem, and builds the graph when there are none.
struct GraphFileDecoder {
    /// A node as read from the file, before it joins the graph.
    struct FileNode {
        var index: Int
        var offset: Int
        var id: NodeID?
        /// Where the id's value is, or the node's start when it has none.
        var idOffset: Int
        var kind: (any NodeKind)?
        var name: String?
        var position = Position.zero
        var value: Value?
        var inputs: [NodeID?] = []
        var inputOffsets: [Int] = []
        /// Whether the node may join the graph (its own fields are sound).
        var isSound = true
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let registry: KindRegistry
    let limits: GraphFile.Limits
    var problems: [LoadProblem] = []
    private var lineStarts: [Int]?
    /// An empty graph, for its validation helpers.
    let scratch: Graph

    init(bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: GraphFile.Limits) {
        self.bytes = bytes
        self.registry = registry
        self.limits = limits
        self.scratch = Graph(registry: registry)
    }

    mutating func decode() -> Result<Graph, GraphFileError> {
        guard bytes.count <= limits.maximumBytes else {
            return .failure(GraphFileError(problems: [GraphFile.tooLarge(limits.maximumBytes)]))
        }
        let root: JSONSyntax
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(
                bytes, maximumDepth: limits.maximumDepth, maximumValues: limits.maximumValues)
        } catch  where error.isOverValueLimit {
            report(
                .fileTooLarge, at: error.offset,
                reason: "the file holds more than \(limits.maximumValues) JSON values, the limit")
            return .failure(GraphFileError(problems: problems))
        } catch {
            report(.malformedJSON, at: error.offset, reason: "malformed JSON: \(error.message)")
            return .failure(GraphFileError(problems: problems))
        }
        guard let items = readHeader(root) else { return .failure(GraphFileError(problems: problems)) }
        var nodes = items.enumerated().map { readNode($0.element, index: $0.offset) }
        let firstIndexOfID = checkIDs(&nodes)
        checkInputs(nodes, firstIndexOfID: firstIndexOfID)
        let order = checkCycles(nodes, firstIndexOfID: firstIndexOfID)
        guard problems.isEmpty else {
            problems.sort {
                ($0.location?.line ?? 0, $0.location?.column ?? 0) < (
                    $1.location?.line ?? 0, $1.location?.column ?? 0
                )
            }
            return .failure(GraphFileError(problems: problems))
        }
        return build(nodes, firstIndexOfID: firstIndexOfID, order: order)
    }

    // MARK: Reporting

    mutating func report(
        _ kind: LoadProblem.Kind, node: FileNode? = nil, field: String? = nil, at offset: Int, reason: String
    ) {
        problems.append(
            LoadProblem(
                kind, node: node?.id, nodeIndex: node?.index, field: field, location: location(of: offset),
                reason: reason))
    }

    /// The line and column of a byte offset.
    /// - Complexity: O(log *l* + *c*): lines are indexed once, on the first problem.
    private mutating func location(of offset: Int) -> TextLocation {
        if lineStarts == nil {
            var starts = [0]
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
            lineStarts = starts
        }
        let starts = lineStarts!
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in starts[low]..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return TextLocation(line: low + 1, column: column)
    }

    // MARK: Fields

    /// The members of an object by key, reporting duplicate and unknown keys.
    mutating func fields(
        of members: [JSONSyntax.Member], allowed: [String], node: FileNode?, prefix: String = ""
    ) -> [String: JSONSyntax] {
        var result: [String: JSONSyntax] = [:]
        for member in members {
            if result[member.key] != nil {
                report(
                    .duplicateField, node: node, field: prefix + member.key, at: member.keyOffset,
                    reason: "the field appears more than once")
                continue
            }
            guard allowed.contains(member.key) else {
                report(
                    .unexpectedField, node: node, field: prefix + member.key, at: member.keyOffset,
                    reason: "unexpected field (expected \(allowed.map { "'\($0)'" }.joined(separator: ", ")))"
                )
                continue
            }
            result[member.key] = member.value
        }
        return result
    }

    mutating func string(
        _ key: String, in fields: [String: JSONSyntax], node: FileNode?, at offset: Int, required: Bool
    ) -> String? {
        guard let value = fields[key] else {
            if required {
                report(.missingField, node: node, field: key, at: offset, reason: "required field is missing")
            }
            return nil
        }
        guard case .string(let string) = value.content else {
            report(
                .wrongType, node: node, field: key, at: value.offset,
                reason: "must be a string, not \(value.typeDescription)")
            return nil
        }
        return string
    }

    // MARK: Header

    /// Checks `format`, `version` and `nodes`; returns the node objects unless the file cannot
    /// be read further.
    private mutating func readHeader(_ root: JSONSyntax) -> [JSONSyntax]? {
        guard case .object(let members) = root.content else {
            report(
                .wrongType, at: root.offset,
                reason: "a graph file must hold a JSON object, not \(root.typeDescription)")
            return nil
        }
        let header = fields(of: members, allowed: ["format", "version", "nodes"], node: nil)
        if let format = string("format", in: header, node: nil, at: root.offset, required: true),
            format != GraphFile.formatName
        {
            report(
                .wrongFormat, field: "format", at: header["format"]!.offset,
                reason: "expected \"\(GraphFile.formatName)\", found \(JSONText.quoted(format))")
        }
        if let version = header["version"] {
            guard case .number(let number) = version.content else {
                report(
                    .wrongType, field: "version", at: version.offset,
                    reason: "must be a number, not \(version.typeDescription)")
                return nil
            }
            guard number == Double(GraphFile.version) else {
                report(
                    .unsupportedVersion, field: "version", at: version.offset,
                    reason:
                        "version \(JSONText.number(number)) is not supported; this program reads version \(GraphFile.version)"
                )
                return nil
            }
        } else {
            report(.missingField, field: "version", at: root.offset, reason: "required field is missing")
        }
        guard let nodes = header["nodes"] else {
            report(.missingField, field: "nodes", at: root.offset, reason: "required field is missing")
            return nil
        }
        guard case .array(let items) = nodes.content else {
            report(
                .wrongType, field: "nodes", at: nodes.offset,
                reason: "must be a list of nodes, not \(nodes.typeDescription)")
            return nil
        }
        guard items.count <= limits.maximumNodes else {
            report(
                .tooManyNodes, field: "nodes", at: nodes.offset,
                reason: "the file has \(items.count) nodes, more than the limit of \(limits.maximumNodes)")
            return nil
        }
        return items
    }
}

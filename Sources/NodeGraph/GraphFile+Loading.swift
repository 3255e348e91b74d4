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
    private let scratch: Graph

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
            root = try JSONParser.parse(bytes, maximumDepth: limits.maximumDepth)
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
        return build(nodes, order: order)
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
    private mutating func fields(
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

    private mutating func string(
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

    // MARK: Nodes

    private static let nodeFields = ["id", "kind", "name", "x", "y", "value", "inputs"]

    private mutating func readNode(_ item: JSONSyntax, index: Int) -> FileNode {
        var node = FileNode(index: index, offset: item.offset, idOffset: item.offset)
        guard case .object(let members) = item.content else {
            report(
                .wrongType, node: node, at: item.offset,
                reason: "a node must be an object, not \(item.typeDescription)")
            node.isSound = false
            return node
        }
        // Read the id first, so that every other problem can name the node.
        if let idValue = members.first(where: { $0.key == "id" })?.value,
            case .string(let text) = idValue.content
        {
            let id = NodeID(text)
            if let problem = id.validationProblem {
                report(.invalidID, node: node, field: "id", at: idValue.offset, reason: problem)
                node.isSound = false
            } else {
                node.id = id
                node.idOffset = idValue.offset
            }
        }
        let problemsBefore = problems.count
        let fields = fields(of: members, allowed: Self.nodeFields, node: node)
        if fields["id"] == nil || node.id == nil {
            _ = string("id", in: fields, node: node, at: item.offset, required: true)
        }
        if let kindName = string("kind", in: fields, node: node, at: item.offset, required: true) {
            node.kind = registry.kind(named: kindName)
            if node.kind == nil {
                report(
                    .unknownKind, node: node, field: "kind", at: fields["kind"]!.offset,
                    reason:
                        "unknown kind '\(kindName)' (known kinds: \(registry.names.joined(separator: ", ")))")
            }
        }
        if let name = string("name", in: fields, node: node, at: item.offset, required: false) {
            if let problem = scratch.nameProblem(name) {
                report(.invalidName, node: node, field: "name", at: fields["name"]!.offset, reason: problem)
            } else {
                node.name = name
            }
        }
        node.position = Position(
            x: coordinate("x", in: fields, node: node), y: coordinate("y", in: fields, node: node))
        readValue(fields["value"], into: &node)
        readInputs(fields["inputs"], into: &node)
        if problems.count > problemsBefore || node.id == nil || node.kind == nil { node.isSound = false }
        return node
    }

    private mutating func coordinate(_ key: String, in fields: [String: JSONSyntax], node: FileNode) -> Int {
        guard let value = fields[key] else { return 0 }
        guard case .number(let number) = value.content else {
            report(
                .wrongType, node: node, field: key, at: value.offset,
                reason: "must be a number, not \(value.typeDescription)")
            return 0
        }
        let range = Position.validRange
        guard number.isFinite else {
            report(
                .nonFiniteNumber, node: node, field: key, at: value.offset,
                reason: "the number is too large to be finite")
            return 0
        }
        guard number == number.rounded(), number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else {
            report(
                .invalidPosition, node: node, field: key, at: value.offset,
                reason:
                    "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(JSONText.number(number))"
            )
            return 0
        }
        return Int(number)
    }

    private mutating func readValue(_ value: JSONSyntax?, into node: inout FileNode) {
        guard let kind = node.kind else { return }
        guard let type = kind.parameterType else {
            if let value {
                report(
                    .invalidValue, node: node, field: "value", at: value.offset,
                    reason:
                        "\(article(kind.name)) \(kind.name) node computes its value from its inputs and holds none"
                )
            }
            return
        }
        guard let value else { return }
        if value.containsNonFiniteNumber {
            report(
                .nonFiniteNumber, node: node, field: "value", at: value.offset,
                reason: "the number is too large to be finite")
            return
        }
        guard let json = value.jsonValue else {
            report(
                .invalidValue, node: node, field: "value", at: value.offset,
                reason: "must be a \(type), not \(value.typeDescription)")
            return
        }
        if type == .number, case .number = json {
        } else if type == .number {
            report(
                .invalidValue, node: node, field: "value", at: value.offset,
                reason: "must be a number, not \(value.typeDescription)")
            return
        }
        // A tool-defined type takes the JSON as it is: "#ff0000" stays text rather than a color.
        let decoded: Value =
            if type != .number && type != .color, let payload = json.payload {
                .custom(CustomValue(type: type, payload: payload))
            } else {
                json.value()
            }
        do throws(GraphError) {
            node.value = try scratch.coerce(decoded, to: type, for: node.id ?? NodeID(""))
        } catch {
            report(
                .invalidValue, node: node, field: "value", at: value.offset,
                reason: "must be a \(type), not \(value.typeDescription)")
        }
    }

    private mutating func readInputs(_ value: JSONSyntax?, into node: inout FileNode) {
        guard let value else { return }
        guard case .array(let items) = value.content else {
            report(
                .wrongType, node: node, field: "inputs", at: value.offset,
                reason: "must be a list, not \(value.typeDescription)")
            return
        }
        if let kind = node.kind, items.count > kind.inputs.count {
            let slots = kind.inputs.count
            report(
                .tooManyInputs, node: node, field: "inputs", at: value.offset,
                reason:
                    "\(items.count) inputs given, but \(article(kind.name)) \(kind.name) node has \(slots == 0 ? "no" : "only \(slots)") input slot\(slots == 1 ? "" : "s")"
            )
        }
        for (slot, item) in items.enumerated() {
            switch item.content {
            case .null:
                node.inputs.append(nil)
            case .string(let text):
                node.inputs.append(NodeID(text))
            default:
                report(
                    .wrongType, node: node, field: "inputs[\(slot)]", at: item.offset,
                    reason: "must be a node id or null, not \(item.typeDescription)")
                node.inputs.append(nil)
            }
            node.inputOffsets.append(item.offset)
        }
    }

    /// `a` or `an`, for a kind's name.
    private func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    // MARK: Between nodes

    /// Reports duplicate ids; the first node with an id keeps it.
    private mutating func checkIDs(_ nodes: inout [FileNode]) -> [NodeID: Int] {
        var firstIndexOfID: [NodeID: Int] = [:]
        firstIndexOfID.reserveCapacity(nodes.count)
        for index in nodes.indices {
            guard let id = nodes[index].id else { continue }
            if let first = firstIndexOfID[id] {
                report(
                    .duplicateID, node: nodes[index], field: "id", at: nodes[index].idOffset,
                    reason: "another node (nodes[\(first)]) already has this id")
                nodes[index].isSound = false
                nodes[index].id = nil  // keeps its inputs out of the cycle check
            } else {
                firstIndexOfID[id] = index
            }
        }
        return firstIndexOfID
    }

    /// Reports dangling inputs and slot type mismatches.
    private mutating func checkInputs(_ nodes: [FileNode], firstIndexOfID: [NodeID: Int]) {
        for node in nodes where node.id != nil {
            for (slot, input) in node.inputs.enumerated() {
                guard let input else { continue }
                guard let upstream = firstIndexOfID[input] else {
                    report(
                        .danglingInput, node: node, field: "inputs[\(slot)]", at: node.inputOffsets[slot],
                        reason: "no node has id '\(input)'")
                    continue
                }
                guard let kind = node.kind, slot < kind.inputs.count, let upstreamKind = nodes[upstream].kind
                else {
                    continue
                }
                let spec = kind.inputs[slot]
                if upstreamKind.outputType != spec.type {
                    report(
                        .slotTypeMismatch, node: node, field: "inputs[\(slot)]", at: node.inputOffsets[slot],
                        reason:
                            "slot \(slot) (\(spec.label)) takes a \(spec.type), but '\(input)' produces a \(upstreamKind.outputType)"
                    )
                }
            }
        }
    }

    /// Reports each loop of inputs once, as a path; returns the nodes in an order where every
    /// node follows its inputs (Kahn's algorithm, file order among ready nodes).
    private mutating func checkCycles(_ nodes: [FileNode], firstIndexOfID: [NodeID: Int]) -> [Int] {
        var pending = [Int](repeating: 0, count: nodes.count)
        var dependents = [[Int]](repeating: [], count: nodes.count)
        for node in nodes where node.id != nil {
            for input in node.inputs {
                guard let input, let upstream = firstIndexOfID[input] else { continue }
                pending[node.index] += 1
                dependents[upstream].append(node.index)
            }
        }
        var order: [Int] = []
        order.reserveCapacity(nodes.count)
        for index in nodes.indices where pending[index] == 0 { order.append(index) }
        var next = 0
        while next < order.count {
            for dependent in dependents[order[next]] {
                pending[dependent] -= 1
                if pending[dependent] == 0 { order.append(dependent) }
            }
            next += 1
        }
        guard order.count < nodes.count else { return order }

        // Each remaining node has an input among the remaining nodes: walking upstream from any
        // of them must come back to a node of the same walk.
        var walk = [Int](repeating: -1, count: nodes.count)  // the walk that visited a node
        for start in nodes.indices where pending[start] > 0 && walk[start] < 0 {
            var path: [Int] = []
            var current = start
            while walk[current] < 0 {
                walk[current] = start
                path.append(current)
                current = nodes[current].inputs.lazy.compactMap { $0 }.compactMap { firstIndexOfID[$0] }
                    .first { pending[$0] > 0 }!
            }
            guard walk[current] == start else { continue }  // joined an earlier walk's loop
            var loop = Array(path[path.firstIndex(of: current)!...])  // each node fed by the next
            loop.reverse()  // each node feeds the next
            let first = loop.indices.min { loop[$0] < loop[$1] }!
            loop = Array(loop[first...] + loop[..<first])
            let names = (loop + [loop[0]]).map { nodes[$0].id!.rawValue }
            report(
                .cycle, node: nodes[loop[0]], field: "inputs", at: nodes[loop[0]].offset,
                reason: "inputs form a cycle: " + names.joined(separator: " → "))
        }
        return order
    }

    // MARK: Building

    private mutating func build(_ nodes: [FileNode], order: [Int]) -> Result<Graph, GraphFileError> {
        var graph = Graph(registry: registry)
        graph.reserveCapacity(
            nodes: nodes.count, slots: nodes.reduce(0) { $0 + ($1.kind?.inputs.count ?? 0) })
        for index in order {
            let node = nodes[index]
            do throws(GraphError) {
                try graph.addNode(
                    node.id!, kind: node.kind!.name, name: node.name, at: node.position, value: node.value,
                    inputs: node.inputs)
            } catch {
                // Everything was checked above; this is a safety net, not a path a file takes.
                report(.invalidValue, node: node, at: node.offset, reason: error.description)
            }
        }
        return problems.isEmpty ? .success(graph) : .failure(GraphFileError(problems: problems))
    }
}

import NodeGraph

/// Reads a graph file: its text into a ``JSONDocument``, then every check, collecting every
/// problem with its line and column; when there are none, the graph, built through NodeGraph's
/// bulk-load entry (``CheckedNodes``).
///
/// A file is read in three steps, each in its own file: the header (`format`, `version`, and the
/// sections: `nodes` today), each node's own fields (``readNodes(_:)``), and what lies between
/// nodes — ids, inputs, cycles (``resolve(_:)``). A section of nodes is read the same way wherever
/// it stands, so a later version's sections (definitions with their own nodes) read theirs
/// with the same steps.
struct GraphFileDecoder {
    let document: JSONDocument
    let registry: KindRegistry
    let limits: GraphFile.Limits
    /// The problems found, each with its byte offset, in the order found.
    var problems: [(offset: Int, problem: LoadProblem)] = []
    /// The kinds met so far, in the order first met; nodes refer to them by index.
    var kinds: [KnownKind] = []
    /// An empty graph, for its checks of names and values.
    let scratch: Graph

    /// The graph a file's text holds, or every problem in it.
    /// - Complexity: O(*b* + *n* + *e*): the bytes, nodes and links.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: GraphFile.Limits)
        -> Result<Graph, GraphFileError>
    {
        var lines = LineIndex(bytes)
        guard bytes.count <= limits.maximumBytes else {
            return .failure(GraphFileError(problems: [TextFile.tooLarge(limits.maximumBytes)]))
        }
        let document: JSONDocument
        do throws(JSONReadError) {
            document = try JSONReader.read(
                bytes, maximumDepth: limits.maximumDepth, maximumValues: limits.maximumValues)
        } catch {
            let problem =
                switch error.kind {
                case .malformed: LoadProblem(.malformedJSON, reason: "malformed JSON: \(error.message)")
                case .nestedTooDeep: LoadProblem(.nestedTooDeep, reason: error.message)
                case .tooManyValues:
                    LoadProblem(
                        .fileTooLarge,
                        reason: "the file holds more than \(limits.maximumValues) JSON values, the limit")
                }
            var located = problem
            located.location = lines.location(of: error.offset)
            return .failure(GraphFileError(problems: [located]))
        }
        var decoder = GraphFileDecoder(document: document, registry: registry, limits: limits)
        let graph = decoder.decodeGraph()
        guard let graph, decoder.problems.isEmpty else {
            // In file order; problems at one place keep the order they were found in.
            let sorted = decoder.problems.enumerated().sorted {
                ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
            }
            return .failure(
                GraphFileError(
                    problems: sorted.map {
                        var problem = $0.element.problem
                        problem.location = lines.location(of: $0.element.offset)
                        return problem
                    }))
        }
        return .success(graph)
    }

    private init(document: JSONDocument, registry: KindRegistry, limits: GraphFile.Limits) {
        self.document = document
        self.registry = registry
        self.limits = limits
        self.scratch = Graph(registry: registry)
    }

    /// Reads the whole file; `nil` when it has a problem.
    private mutating func decodeGraph() -> Graph? {
        guard let header = readHeader() else { return nil }
        var nodes = readNodes(header.nodes)
        let order = resolve(&nodes)
        guard problems.isEmpty else { return nil }
        return build(nodes, order: order)
    }

    // MARK: Reporting

    /// Records a problem at `element` (or at `offset`), naming node `node` of `nodes` when given.
    mutating func report(
        _ kind: LoadProblem.Kind, node: Int? = nil, of nodes: FileNodes? = nil, field: String? = nil,
        at element: JSONElement, reason: String
    ) {
        report(
            kind, node: node, of: nodes, field: field, offset: document.offset(of: element), reason: reason)
    }

    mutating func report(
        _ kind: LoadProblem.Kind, node: Int? = nil, of nodes: FileNodes? = nil, field: String? = nil,
        offset: Int, reason: String
    ) {
        let id = node.flatMap { nodes?.ids[$0] }
        problems.append((offset, LoadProblem(kind, node: id, nodeIndex: node, field: field, reason: reason)))
    }

    // MARK: The header

    /// The file's sections.
    struct Header {
        /// The top-level `nodes` list.
        var nodes: JSONElement
    }

    /// The header's fields, every problem in them reported; `nil` when the file cannot be read on.
    private mutating func readHeader() -> Header? {
        let root = document.root
        guard document.kind(of: root) == .object else {
            report(
                .wrongType, at: root,
                reason: "a graph file must hold a JSON object, not \(document.typeDescription(of: root))")
            return nil
        }
        // format, version, nodes
        var fields: [JSONElement?] = [nil, nil, nil]
        for (key, value) in document.members(of: root) {
            guard
                let field = GraphFileDecoder.headerFields.firstIndex(where: {
                    document.isString(key, equalTo: $0)
                })
            else {
                reportUnexpectedField(key, allowed: GraphFileDecoder.headerFields.map(\.description))
                continue
            }
            guard fields[field] == nil else {
                report(
                    .duplicateField, field: document.string(key), at: key,
                    reason: "the field appears more than once")
                continue
            }
            fields[field] = value
        }
        let (format, version, nodes) = (fields[0], fields[1], fields[2])
        checkFormat(format)
        guard checkVersion(version) else { return nil }
        guard let nodes else {
            report(.missingField, field: "nodes", at: root, reason: "required field is missing")
            return nil
        }
        guard document.kind(of: nodes) == .array else {
            report(
                .wrongType, field: "nodes", at: nodes,
                reason: "must be a list of nodes, not \(document.typeDescription(of: nodes))")
            return nil
        }
        let count = document.count(of: nodes)
        guard count <= limits.maximumNodes else {
            report(
                .tooManyNodes, field: "nodes", at: nodes,
                reason: "the file has \(count) nodes, more than the limit of \(limits.maximumNodes)")
            return nil
        }
        return Header(nodes: nodes)
    }

    static let headerFields: [StaticString] = ["format", "version", "nodes"]

    mutating func reportUnexpectedField(
        _ key: JSONElement, allowed: [String], node: Int? = nil, of nodes: FileNodes? = nil
    ) {
        report(
            .unexpectedField, node: node, of: nodes, field: document.string(key), at: key,
            reason: "unexpected field (expected \(allowed.map { "'\($0)'" }.joined(separator: ", ")))")
    }

    private mutating func checkFormat(_ format: JSONElement?) {
        guard let format else {
            report(.missingField, field: "format", at: document.root, reason: "required field is missing")
            return
        }
        guard let name = document.string(format) else {
            report(
                .wrongType, field: "format", at: format,
                reason: "must be a string, not \(document.typeDescription(of: format))")
            return
        }
        if name != GraphFile.formatName {
            report(
                .wrongFormat, field: "format", at: format,
                reason: "expected \"\(GraphFile.formatName)\", found \"\(name.escapedForMessage)\"")
        }
    }

    /// Whether the version is one this library reads (problems reported).
    private mutating func checkVersion(_ version: JSONElement?) -> Bool {
        guard let version else {
            report(.missingField, field: "version", at: document.root, reason: "required field is missing")
            return true  // read on: the nodes may have problems of their own
        }
        guard let number = document.number(version) else {
            report(
                .wrongType, field: "version", at: version,
                reason: "must be a number, not \(document.typeDescription(of: version))")
            return false
        }
        guard number.isFinite else {
            report(
                .nonFiniteNumber, field: "version", at: version,
                reason: "the number is too large to be finite")
            return false
        }
        guard number == Double(GraphFile.version) else {
            var written = JSONWriter()
            written.append(number)
            report(
                .unsupportedVersion, field: "version", at: version,
                reason:
                    "version \(written.text) is not supported; this program reads version \(GraphFile.version)"
            )
            return false
        }
        return true
    }

    // MARK: Building

    /// The graph the checked nodes make, added in `order`.
    private mutating func build(_ nodes: FileNodes, order: [Int32]) -> Graph? {
        var checked = CheckedNodes()
        checked.kinds = kinds.map(\.kind)
        checked.ids = nodes.ids.map { $0! }
        checked.kindOfNode = nodes.kinds
        checked.names = nodes.names
        checked.x = nodes.x
        checked.y = nodes.y
        checked.parameters = nodes.parameters
        checked.inputStart = nodes.inputStart
        checked.inputs = nodes.inputs
        guard let graph = checked.makeGraph(registry: registry, order: order) else {
            report(.unknownKind, offset: 0, reason: "the file uses more kinds than a graph can hold")
            return nil
        }
        return graph
    }
}

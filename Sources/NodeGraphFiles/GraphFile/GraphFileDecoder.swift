import NodeGraph

/// Reads a graph file in one pass over its text, collecting every problem with its line and
/// column; when there are none, the graph, built through NodeGraph's bulk-load entry
/// (``CheckedNodes``).
///
/// The top-level `nodes` list is streamed (``JSONReader/nextStreamedItem()``): each node is read
/// into a small document of its own values and its fields go straight into the columns of
/// ``FileNodes``; no document of the whole file is made. The rest of the file (the header and
/// the definitions) is read into a ``JSONDocument`` without the top-level nodes.
///
/// A file is read in steps, each in its own file: the header (`format`, `version`, and the
/// sections: `definitions` and `nodes`), each definition's own fields and what lies between
/// definitions — kinds, inputs, output, loops (``readDefinitions(_:)``, ``checkDefinitions(_:)``),
/// each node's own fields (``readNode(_:into:)``), and what lies between nodes — ids,
/// inputs, cycles (``resolve(_:)``). A definition's nodes are read with the same steps as the
/// top-level nodes.
struct GraphFileDecoder {
    /// The document being read: a node's while the top-level nodes stream, else the file's
    /// without them.
    var document: JSONDocument
    let registry: KindRegistry
    let limits: GraphFile.Limits
    /// The problems found, each with its byte offset, in the order found.
    var problems: [(offset: Int, problem: LoadProblem)] = []
    /// The kinds met so far, in the order first met; nodes refer to them by index.
    var kinds: [KnownKind] = []
    /// The index in ``kinds`` of each formula's kind, by the formula's text.
    var formulaKinds: [String: Int] = [:]
    /// The file's definitions' kinds as instances have them, by kind (from ``readDefinitions(_:)``).
    var definitionKinds: [String: any NodeKind] = [:]
    /// An empty graph, for its checks of names and values.
    let scratch: Graph
    /// The most bytes the columns of a list of nodes took at once while the file was read and
    /// checked (``FileNodes/byteCount``, and any column made beside them).
    var peakColumnBytes = 0
    /// When reading a fragment, the top-level inputs that name nodes outside the file, as links
    /// (``GraphFile/decodeFragment(_:registry:limits:)``); `nil` when reading a whole graph,
    /// where such an input is a problem.
    var outsideInputs: [Edit]?

    /// The graph a file's text holds, or every problem in it.
    /// - Complexity: O(*b* + *n* + *e*): the bytes, nodes and links.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: GraphFile.Limits)
        -> Result<Graph, GraphFileError>
    {
        decode(bytes, registry: registry, limits: limits, asFragment: false).map(\.graph)
    }

    /// The graph a file's text holds and, reading a fragment (`asFragment`), the inputs that
    /// name nodes outside it; or every problem in it.
    /// - Complexity: O(*b* + *n* + *e*): the bytes, nodes and links.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: GraphFile.Limits,
        asFragment: Bool
    ) -> Result<GraphFragment, GraphFileError> {
        check(bytes, registry: registry, limits: limits, asFragment: asFragment).flatMap { $0.build() }
    }

    /// A file's contents with every check passed, ready to be built without its text (which the
    /// caller may free first: ``GraphFile/load(path:registry:limits:)`` does); or every problem
    /// in it.
    /// - Complexity: O(*b* + *n* + *e*): the bytes, nodes and links.
    static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: GraphFile.Limits,
        asFragment: Bool
    ) -> Result<CheckedFile, GraphFileError> {
        var lines = LineIndex(bytes)
        guard bytes.count <= limits.maximumBytes else {
            return .failure(
                GraphFileError(problems: [
                    TextFile.tooLarge(limits.maximumBytes, raisedBy: GraphFile.sizeOption)
                ]))
        }
        var decoder = GraphFileDecoder(text: bytes, registry: registry, limits: limits)
        if asFragment { decoder.outsideInputs = [] }
        let checked: CheckedFile?
        do throws(JSONReadError) {
            checked = try decoder.decodeGraph(bytes)
        } catch {
            let problem =
                switch error.kind {
                case .malformed: LoadProblem(.malformedJSON, reason: "malformed JSON: \(error.message)")
                case .nestedTooDeep: LoadProblem(.nestedTooDeep, reason: error.message)
                case .tooManyValues:
                    LoadProblem(
                        .fileTooLarge,
                        reason: "the file holds more than \(limits.maximumValues) JSON values, the limit "
                            + "for \(TextFile.byteCount(limits.maximumBytes)) (\(GraphFile.sizeOption) raises it)"
                    )
                }
            var located = problem
            located.location = lines.location(of: error.offset)
            return .failure(GraphFileError(problems: [located]))
        }
        guard let checked, decoder.problems.isEmpty else {
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
        return .success(checked)
    }

    private init(text: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: GraphFile.Limits) {
        self.document = JSONDocument(text: text, tokens: [])
        self.registry = registry
        self.limits = limits
        self.scratch = Graph(registry: registry)
    }

    /// Reads the whole file; `nil` when it has a problem.
    ///
    /// The top-level nodes are read as they stream by, with the kinds known then. Their
    /// definitions must be known first: when the file has definitions, the nodes are read once
    /// the definitions are (a second pass over the text, streaming the nodes again).
    private mutating func decodeGraph(_ text: UnsafeBufferPointer<UInt8>) throws(JSONReadError)
        -> CheckedFile?
    {
        var nodes = FileNodes(capacity: 0)
        let headerDocument = try streamNodes(text, into: &nodes, deferredWhenAfter: "definitions")
        document = headerDocument
        // The header decides whether the nodes are looked at: set their problems aside.
        let nodeProblems = problems
        problems = []
        guard let header = readHeader() else { return nil }
        var definitions: [FileDefinition] = []
        if let list = header.definitions {
            // The nodes were read (or skipped) before the definitions' kinds were known.
            nodes = FileNodes(capacity: 0)
            kinds = []
            formulaKinds = [:]
            guard let read = readDefinitions(list, topLevelNodes: document.count(of: header.nodes)) else {
                return nil
            }
            definitions = read
            _ = try streamNodes(text, into: &nodes, deferredWhenAfter: nil)
            document = headerDocument
        } else {
            problems = nodeProblems + problems
        }
        noteColumnBytes(nodes.byteCount)
        let order = resolve(&nodes)
        let definitionOrder = checkDefinitions(&definitions)
        guard problems.isEmpty else { return nil }
        let checkedDefinitions = definitionOrder.map { index in
            let definition = definitions[index]
            return CheckedDefinition(
                kind: definition.kind!, name: definition.name ?? definition.kind!,
                inputs: definition.inputs.map { $0! }, output: definition.output!,
                nodes: checked(&definitions[index].nodes), order: definition.order)
        }
        return CheckedFile(
            nodes: checked(&nodes), order: order, definitions: checkedDefinitions, registry: registry,
            outsideInputs: outsideInputs ?? [], peakColumnBytes: peakColumnBytes)
    }

    /// Keeps `bytes` as ``peakColumnBytes`` when it is more.
    mutating func noteColumnBytes(_ bytes: Int) {
        peakColumnBytes = max(peakColumnBytes, bytes)
    }

    /// Reads the text, each top-level node into `nodes` as it streams by.
    ///
    /// Nodes are skipped, not read, beyond the node limit (the header reports it), and when the
    /// file has a member `deferredWhenAfter` before its nodes (they are read again later).
    /// - Returns: The document of everything but the top-level nodes.
    private mutating func streamNodes(
        _ text: UnsafeBufferPointer<UInt8>, into nodes: inout FileNodes, deferredWhenAfter: StaticString?
    ) throws(JSONReadError) -> JSONDocument {
        var reader = JSONReader(
            text, maximumDepth: limits.maximumDepth, maximumValues: limits.maximumValues, streaming: "nodes")
        var reading: Bool?
        let rest = document
        while let item = try reader.nextStreamedItem() {
            if reading == nil {
                reading = deferredWhenAfter.map { !reader.hasMemberBeforeStreamedList($0) } ?? true
                if reading == true { nodes = FileNodes(capacity: min(text.count / 64, limits.maximumNodes)) }
            }
            guard reading == true else { continue }
            guard nodes.count < limits.maximumNodes else {
                reading = false
                nodes = FileNodes(capacity: 0)
                continue
            }
            document = reader.document
            readNode(item, into: &nodes)
            document = rest  // the reader's tokens are its own again
        }
        return reader.document
    }

    // MARK: Reporting

    /// Records a problem at `element` (or at `offset`), naming node `node` of `nodes` when given,
    /// and the definition the nodes (or the problem) are in.
    mutating func report(
        _ kind: LoadProblem.Kind, definition: String? = nil, node: Int? = nil, of nodes: FileNodes? = nil,
        field: String? = nil, at element: JSONElement, reason: String
    ) {
        report(
            kind, definition: definition, node: node, of: nodes, field: field,
            offset: document.offset(of: element), reason: reason)
    }

    mutating func report(
        _ kind: LoadProblem.Kind, definition: String? = nil, node: Int? = nil, of nodes: FileNodes? = nil,
        field: String? = nil, offset: Int, reason: String
    ) {
        let id = node.flatMap { nodes?.ids[$0] }
        problems.append(
            (
                offset,
                LoadProblem(
                    kind, definition: definition ?? nodes?.definition, node: id, nodeIndex: node,
                    field: field,
                    reason: reason)
            ))
    }

    // MARK: The header

    /// The file's sections.
    struct Header {
        /// The top-level `nodes` list.
        var nodes: JSONElement
        /// The `definitions` list (version 2).
        var definitions: JSONElement?
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
        // format, version, nodes, definitions
        var fields: [JSONElement?] = [nil, nil, nil, nil]
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
        let (format, version, nodes, definitions) = (fields[0], fields[1], fields[2], fields[3])
        checkFormat(format)
        guard let versionNumber = checkVersion(version) else { return nil }
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
        guard checkNodeCount(document.count(of: nodes), at: nodes) else { return nil }
        if let definitions {
            guard versionNumber >= 2 else {
                report(
                    .unexpectedField, field: "definitions", at: definitions,
                    reason: "definitions need version 2 (this file says version \(versionNumber))")
                return nil
            }
            guard document.kind(of: definitions) == .array else {
                report(
                    .wrongType, field: "definitions", at: definitions,
                    reason: "must be a list of definitions, not \(document.typeDescription(of: definitions))")
                return nil
            }
        }
        return Header(nodes: nodes, definitions: definitions)
    }

    static let headerFields: [StaticString] = ["format", "version", "nodes", "definitions"]

    /// Whether the file's nodes, definitions' included, are within the limit (reported if not).
    @discardableResult
    mutating func checkNodeCount(_ count: Int, at nodes: JSONElement) -> Bool {
        guard count > limits.maximumNodes else { return true }
        report(
            .tooManyNodes, field: "nodes", at: nodes,
            reason: "the file has \(count) nodes, more than the limit of \(limits.maximumNodes) for "
                + "\(TextFile.byteCount(limits.maximumBytes)) (\(GraphFile.sizeOption) raises it)")
        return false
    }

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

    /// The version when it is one this library reads (problems reported); `nil` when the file
    /// cannot be read on.
    private mutating func checkVersion(_ version: JSONElement?) -> Int? {
        guard let version else {
            report(.missingField, field: "version", at: document.root, reason: "required field is missing")
            return GraphFile.version  // read on: the nodes may have problems of their own
        }
        guard let number = document.number(version) else {
            report(
                .wrongType, field: "version", at: version,
                reason: "must be a number, not \(document.typeDescription(of: version))")
            return nil
        }
        guard number.isFinite else {
            report(
                .nonFiniteNumber, field: "version", at: version,
                reason: "the number is too large to be finite")
            return nil
        }
        guard let supported = GraphFile.versions.first(where: { Double($0) == number }) else {
            var written = JSONWriter()
            written.append(number)
            report(
                .unsupportedVersion, field: "version", at: version,
                reason:
                    "version \(written.text) is not supported; this program reads versions "
                    + GraphFile.versions.map(String.init).joined(separator: " and "))
            return nil
        }
        return supported
    }

    // MARK: Building

    /// The nodes of a list as the engine's bulk load takes them; the columns they came from are
    /// emptied, so that one copy of them is alive at a time.
    private func checked(_ nodes: inout FileNodes) -> CheckedNodes {
        var checked = CheckedNodes()
        checked.kinds = kinds.map(\.kind)
        checked.ids = nodes.ids  // each one present once checked: handed over, not copied
        nodes.ids = []
        checked.kindOfNode = nodes.kinds
        checked.names = nodes.names
        checked.x = nodes.x
        checked.y = nodes.y
        checked.parameters = nodes.parameters
        if nodes.bypassed.contains(true) { checked.bypassed = nodes.bypassed }
        checked.inputStart = nodes.inputStart
        checked.inputs = nodes.inputs
        nodes = FileNodes(capacity: 0)
        return checked
    }
}

/// A graph file's contents with every check passed: the engine's bulk-load columns, holding
/// nothing of the file's text.
struct CheckedFile {
    var nodes: CheckedNodes
    /// The top-level nodes in the order they are added.
    var order: [Int32]
    /// The definitions, each after those it uses.
    var definitions: [CheckedDefinition]
    let registry: KindRegistry
    var outsideInputs: [Edit]
    /// The most bytes the decoder's columns took at once (``GraphFileDecoder/peakColumnBytes``).
    var peakColumnBytes: Int

    /// The graph, every node evaluated; a problem only when the file uses more kinds than a
    /// graph can hold.
    /// - Complexity: O(*n* + *e*).
    consuming func build() -> Result<GraphFragment, GraphFileError> {
        let graph =
            definitions.isEmpty
            ? nodes.makeGraph(registry: registry, order: order)
            : nodes.makeGraph(registry: registry, definitions: definitions, order: order)
        guard let graph else {
            var problem = LoadProblem(.unknownKind, reason: "the file uses more kinds than a graph can hold")
            problem.location = TextLocation(line: 1, column: 1)
            return .failure(GraphFileError(problems: [problem]))
        }
        return .success(GraphFragment(graph: graph, outsideInputs: outsideInputs))
    }
}

/// Reads a graph file in one pass over its UTF-8 bytes, straight into ``CheckedNodes``, for files
/// with nothing unusual in them — every file this library saves, and most written by hand.
///
/// No tree of JSON values, no dictionary per node, no string for a field name: fields are matched
/// as bytes, ids are kept as byte ranges of the text and resolved through one table, and each
/// node's fields go straight into columns.
///
/// The reader reports nothing. At the first thing it does not handle itself it stops and returns
/// `nil`, and the caller runs ``GraphFileDecoder``, which checks everything and reports every
/// problem. Besides every problem, that includes escapes in strings, ids outside printable ASCII,
/// and values of kinds that hold something other than a number. So the reader accepts only files
/// the decoder accepts, and builds the same nodes from them (`Tests/NodeGraphTests/FileReaderTests.swift` and the `graphfile` fuzz target compare
/// the two).
struct GraphFileReader {
    /// Why the reader stopped: the file needs ``GraphFileDecoder``.
    typealias Unhandled = JSONBytes.Unhandled

    /// A kind met in the file, found again by the bytes of its name.
    struct KnownKind {
        var name: [UInt8]
        var kind: any NodeKind
        var slotCount: Int
        /// The kind's title as UTF-8, to recognise a `name` that repeats it without making a string.
        var title: [UInt8]
        /// Whether the kind holds a number (`value` may be given), rather than nothing.
        var holdsNumber: Bool
        /// The value a node of this kind holds when the file gives none (coerced); `nil` when the
        /// kind holds nothing, or when its default cannot be held (then the decoder reports it).
        var defaultParameter: Value?
        /// Indices into the reader's list of value types.
        var outputType: Int
        var slotTypes: [Int]
    }

    var text: JSONBytes
    let registry: KindRegistry
    let limits: GraphFile.Limits
    /// JSON values read so far, counted as ``JSONParser`` counts them against the limit.
    var valueCount = 0
    var nodes = CheckedNodes()
    var knownKinds: [KnownKind] = []
    var valueTypes: [ValueType] = []
    /// Per node, where its id is in the text.
    var idSpans: [JSONBytes.Span] = []
    /// Per input, where the id it names is in the text (`start` 0 for `null`), to resolve once
    /// every id is known.
    var inputSpans: [JSONBytes.Span] = []
    /// An empty graph for its checks of names and values, made when first needed.
    var scratch: Graph?

    /// The nodes of a graph file and an order to add them in, when the file is plain enough.
    /// - Parameters:
    ///   - bytes: The file's text.
    ///   - registry: The kinds nodes may use.
    ///   - limits: Bounds on the text.
    /// - Returns: The checked nodes and a dependency order of them; `nil` when the file needs
    ///   ``GraphFileDecoder`` (whether or not it has a problem).
    /// - Complexity: O(*b* + *n* + *e*): the bytes, nodes and links.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, registry: KindRegistry, limits: GraphFile.Limits)
        -> (nodes: CheckedNodes, order: [Int32])?
    {
        // Nesting: the file, `nodes`, a node, its `inputs`.
        guard bytes.count <= limits.maximumBytes, bytes.count < Int(Int32.max), limits.maximumDepth >= 4,
            let text = JSONBytes(bytes)
        else { return nil }
        var reader = GraphFileReader(text: text, registry: registry, limits: limits)
        do throws(Unhandled) {
            try reader.readFile()
            try reader.resolveInputs()
        } catch {
            return nil
        }
        guard let order = reader.nodes.dependencyOrder() else { return nil }
        return (reader.nodes, order)
    }

    // MARK: The file

    private mutating func readFile() throws(Unhandled) {
        if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { text.index = 3 }
        text.skipWhitespace()
        try text.expect(UInt8(ascii: "{"))
        valueCount += 1
        var seenFormat = false
        var seenVersion = false
        var seenNodes = false
        repeat {
            text.skipWhitespace()
            let key = try text.readString()
            text.skipWhitespace()
            try text.expect(UInt8(ascii: ":"))
            text.skipWhitespace()
            valueCount += 1
            if text.matches(key, "format") && !seenFormat {
                seenFormat = true
                let format = try text.readString()
                guard text.matches(format, GraphFile.formatName) else { throw Unhandled() }
            } else if text.matches(key, "version") && !seenVersion {
                seenVersion = true
                guard try text.readNumber() == Double(GraphFile.version) else { throw Unhandled() }
            } else if text.matches(key, "nodes") && !seenNodes {
                seenNodes = true
                try readNodes()
            } else {
                throw Unhandled()
            }
            text.skipWhitespace()
        } while try text.nextMember(closing: UInt8(ascii: "}"))
        text.skipWhitespace()
        guard text.isAtEnd, seenFormat, seenVersion, seenNodes, valueCount <= limits.maximumValues else {
            throw Unhandled()
        }
    }

    private mutating func readNodes() throws(Unhandled) {
        guard try openArray() else { return }
        repeat {
            text.skipWhitespace()
            try readNode()
            guard nodes.count <= limits.maximumNodes, valueCount <= limits.maximumValues else {
                throw Unhandled()
            }
            text.skipWhitespace()
        } while try text.nextMember(closing: UInt8(ascii: "]"))
    }

    /// Reads `[` and the whitespace after it; `false` (with `]` read too) for an empty array.
    private mutating func openArray() throws(Unhandled) -> Bool {
        try text.expect(UInt8(ascii: "["))
        text.skipWhitespace()
        if text.current == UInt8(ascii: "]") {
            text.index += 1
            return false
        }
        return true
    }

    // MARK: A node

    private mutating func readNode() throws(Unhandled) {
        try text.expect(UInt8(ascii: "{"))
        valueCount += 1
        var seen: UInt8 = 0
        var id = JSONBytes.Span(start: 0, count: 0)
        var kindIndex = -1
        var name: JSONBytes.Span?
        var x: Int32 = 0
        var y: Int32 = 0
        var value: Double?
        let firstInput = inputSpans.count
        repeat {
            text.skipWhitespace()
            let field = try NodeField(text.readString(), in: text)
            guard seen & field.rawValue == 0 else { throw Unhandled() }
            seen |= field.rawValue
            text.skipWhitespace()
            try text.expect(UInt8(ascii: ":"))
            text.skipWhitespace()
            valueCount += 1
            switch field {
            case .id:
                id = try text.readString()
                // Printable ASCII of 1 to 256 bytes: exactly what `NodeID.validationProblem`
                // accepts there, and compared byte for byte as `String` compares it.
                guard id.count >= 1, id.count <= NodeID.maximumLength, text.isPrintableASCII(id) else {
                    throw Unhandled()
                }
            case .kind: kindIndex = try knownKind(text.readString())
            case .name: name = try text.readString()
            case .x: x = try coordinate()
            case .y: y = try coordinate()
            case .value:
                let number = try text.readNumber()
                guard number.isFinite else { throw Unhandled() }
                value = number
            case .inputs: try readInputs()
            }
            text.skipWhitespace()
        } while try text.nextMember(closing: UInt8(ascii: "}"))

        guard seen & NodeField.id.rawValue != 0, kindIndex >= 0,
            inputSpans.count - firstInput <= knownKinds[kindIndex].slotCount
        else { throw Unhandled() }
        var parameter: Value?
        if let value {
            guard knownKinds[kindIndex].holdsNumber else { throw Unhandled() }
            parameter = .number(value)
        } else if knownKinds[kindIndex].holdsNumber {
            guard let defaultParameter = knownKinds[kindIndex].defaultParameter else { throw Unhandled() }
            parameter = defaultParameter
        }
        var displayName: String?
        if let name { displayName = try self.displayName(name, of: kindIndex) }
        idSpans.append(id)
        nodes.kindOfNode.append(Int32(kindIndex))
        nodes.names.append(displayName)
        nodes.x.append(x)
        nodes.y.append(y)
        nodes.parameters.append(parameter)
        nodes.inputStart.append(Int32(inputSpans.count))
    }

    /// The fields of a node, as bits of a set.
    private enum NodeField: UInt8 {
        case id = 1, kind = 2, name = 4, x = 8, y = 16, value = 32, inputs = 64

        init(_ key: JSONBytes.Span, in text: JSONBytes) throws(Unhandled) {
            // A key has no NUL byte (a control character ends reading), so its zero-padded word
            // names it.
            switch text.word(key) {
            case Self.words.id: self = .id
            case Self.words.kind: self = .kind
            case Self.words.name: self = .name
            case Self.words.x: self = .x
            case Self.words.y: self = .y
            case Self.words.value: self = .value
            case Self.words.inputs: self = .inputs
            default: throw Unhandled()
            }
        }

        private static let words = (
            id: JSONBytes.word("id"), kind: JSONBytes.word("kind"), name: JSONBytes.word("name"),
            x: JSONBytes.word("x"), y: JSONBytes.word("y"), value: JSONBytes.word("value"),
            inputs: JSONBytes.word("inputs")
        )
    }

    /// The index of the kind named by `span`, meeting it if it is new.
    private mutating func knownKind(_ span: JSONBytes.Span) throws(Unhandled) -> Int {
        for index in knownKinds.indices where text.matches(span, knownKinds[index].name) { return index }
        guard let name = text.string(span), let kind = registry.kind(named: name) else { throw Unhandled() }
        let holdsNumber: Bool
        var defaultParameter: Value?
        switch kind.parameterType {
        case nil: holdsNumber = false
        case .number?:
            holdsNumber = true
            defaultParameter = try? checks.coerce(
                kind.defaultParameter ?? .number(0), to: .number, for: NodeID(""))
        default: throw Unhandled()  // colors and tool-defined values: the decoder reads those
        }
        func typeIndex(_ type: ValueType) -> Int {
            if let index = valueTypes.firstIndex(of: type) { return index }
            valueTypes.append(type)
            return valueTypes.count - 1
        }
        knownKinds.append(
            KnownKind(
                name: text.bytes(span), kind: kind, slotCount: kind.inputs.count,
                title: Array(kind.title.utf8),
                holdsNumber: holdsNumber, defaultParameter: defaultParameter,
                outputType: typeIndex(kind.outputType), slotTypes: kind.inputs.map { typeIndex($0.type) }))
        nodes.kinds.append(kind)
        return knownKinds.count - 1
    }

    /// An empty graph, for its checks.
    private var checks: Graph {
        mutating get {
            if scratch == nil { scratch = Graph(registry: registry) }
            return scratch!
        }
    }

    /// A valid display name: `nil` when it is the kind's title.
    private mutating func displayName(_ span: JSONBytes.Span, of kind: Int) throws(Unhandled) -> String? {
        if text.isPrintableASCII(span) {
            // No control characters, and one character per byte.
            guard span.count >= 1, span.count <= Graph.maximumNameLength else { throw Unhandled() }
            if text.matches(span, knownKinds[kind].title) { return nil }
            return String(decoding: text.buffer(span), as: UTF8.self)
        }
        guard let name = text.string(span), checks.nameProblem(name) == nil else { throw Unhandled() }
        return name
    }

    /// A whole number within ``Position/validRange``.
    private mutating func coordinate() throws(Unhandled) -> Int32 {
        let number = try text.readNumber()
        let range = Position.validRange
        guard number == number.rounded(), number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else { throw Unhandled() }
        return Int32(number)
    }

    private mutating func readInputs() throws(Unhandled) {
        guard try openArray() else { return }
        repeat {
            text.skipWhitespace()
            valueCount += 1
            if text.current == UInt8(ascii: "\"") {
                inputSpans.append(try text.readString())
            } else {
                try text.expectWord("null")
                inputSpans.append(JSONBytes.Span(start: 0, count: 0))
            }
            text.skipWhitespace()
        } while try text.nextMember(closing: UInt8(ascii: "]"))
    }

    // MARK: Between nodes

    /// Makes the ids, resolves every input to the file index of its node and checks its type.
    private mutating func resolveInputs() throws(Unhandled) {
        var table = SpanTable(capacity: idSpans.count)
        nodes.ids.reserveCapacity(idSpans.count)
        for span in idSpans {
            guard table.insert(span, in: text) else { throw Unhandled() }  // a duplicate id
            nodes.ids.append(NodeID(String(decoding: text.buffer(span), as: UTF8.self)))  // ASCII
        }
        // Value types as indices: per kind, its output's, then its slots'.
        var typeStart = [0]
        var types: [Int] = []
        for kind in knownKinds {
            types.append(kind.outputType)
            types.append(contentsOf: kind.slotTypes)
            typeStart.append(types.count)
        }
        nodes.inputs.reserveCapacity(inputSpans.count)
        for node in 0..<nodes.count {
            let kind = Int(nodes.kindOfNode[node])
            let first = Int(nodes.inputStart[node])
            for slot in first..<Int(nodes.inputStart[node + 1]) {
                let span = inputSpans[slot]
                // `null`: a string's bytes start after its quote, never at 0.
                if span.start == 0 {
                    nodes.inputs.append(-1)
                    continue
                }
                guard let upstream = table.find(span, in: text),
                    types[typeStart[Int(nodes.kindOfNode[Int(upstream)])]]
                        == types[typeStart[kind] + 1 + slot - first]
                else { throw Unhandled() }
                nodes.inputs.append(upstream)
            }
        }
    }
}

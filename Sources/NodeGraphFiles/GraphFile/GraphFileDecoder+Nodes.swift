import NodeGraph

/// Reading each node's own fields.
extension GraphFileDecoder {
    /// A kind met in the file.
    struct KnownKind {
        var kind: any NodeKind
        /// The kind's name as UTF-8, to find it again without making a string.
        var name: [UInt8]
        /// The kind's title as UTF-8, to recognise a `name` that repeats it.
        var title: [UInt8]
        /// What a node of this kind holds when the file gives no `value`: coerced, or why it
        /// cannot be (a tool-defined kind at fault); `nil` for a kind that holds nothing.
        var defaultParameter: Result<Value, GraphError>?
        /// Whether the kind is a group input's, or a live source (asked of every node, so asked
        /// once here).
        var isGroupInput: Bool
        var isLiveSource: Bool

        init(
            kind: any NodeKind, name: [UInt8], title: [UInt8], defaultParameter: Result<Value, GraphError>?
        ) {
            self.kind = kind
            self.name = name
            self.title = title
            self.defaultParameter = defaultParameter
            isGroupInput = kind is GroupInputKind
            isLiveSource = kind is any LiveSourceKind
        }
    }

    /// The nodes of one list, in file order, as columns.
    struct FileNodes {
        /// The definition the list is in (by kind); `nil` for the top level.
        var definition: String?
        /// Per node: where it starts, in bytes from the start of the text (its document is
        /// gone once it is read).
        var offsets: [UInt32] = []
        /// The id; `nil` when missing, invalid, or taken by an earlier node.
        var ids: [NodeID?] = []
        /// Where the id is, or the node when it has none.
        var idOffsets: [UInt32] = []
        /// An index into the decoder's ``GraphFileDecoder/kinds``; -1 when missing or unknown.
        var kinds: [Int32] = []
        /// The names given (the kind's title excepted), kept only for the nodes given one.
        var names = SparseColumn<String>()
        var x: [Int32] = []
        var y: [Int32] = []
        /// The held values, kept only for the nodes holding one.
        var parameters = SparseColumn<Value>()
        /// Whether each node is bypassed (`"bypassed": true`).
        var bypassed: [Bool] = []
        /// Node `i`'s inputs are `inputs[inputStart[i]..<inputStart[i + 1]]`.
        var inputStart: [Int32] = [0]
        /// Per input, until ``GraphFileDecoder/resolve(_:)``: where the id it names starts in the
        /// text (its opening quote, as the bit pattern of a `UInt32`: ``inputOffset(_:)``), or
        /// ``noInput`` for `null` or a problem; the id is read from the text again when the
        /// inputs are resolved, so that no string is kept per input meanwhile. From then on: the
        /// node it names, by index in this list, or -1 for none, as the engine takes it. Resolved
        /// in place, so that the inputs take one column at a time, not two.
        var inputs: [Int32] = []
        /// An input that names no node.
        static let noInput: Int32 = -1

        /// Where the id of input `position` starts in the text, until the inputs are resolved;
        /// `nil` for ``noInput``.
        func inputOffset(_ position: Int) -> Int? {
            let input = inputs[position]
            return input == FileNodes.noInput ? nil : Int(UInt32(bitPattern: input))
        }

        var count: Int { offsets.count }

        /// The bytes the columns' elements take (a string's own storage, such as a long name's,
        /// excepted): what reading a list costs a node, beside the text.
        var byteCount: Int {
            func bytes<Element>(_ column: [Element]) -> Int { column.count * MemoryLayout<Element>.stride }
            return bytes(offsets) + bytes(ids) + bytes(idOffsets) + bytes(kinds) + bytes(x) + bytes(y)
                + bytes(bypassed) + bytes(inputStart) + bytes(inputs) + names.byteCount + parameters.byteCount
        }

        init(capacity: Int) {
            offsets.reserveCapacity(capacity)
            ids.reserveCapacity(capacity)
            idOffsets.reserveCapacity(capacity)
            kinds.reserveCapacity(capacity)
            x.reserveCapacity(capacity)
            y.reserveCapacity(capacity)
            inputStart.reserveCapacity(capacity + 1)
            inputs.reserveCapacity(capacity * 2)
        }
    }

    /// The fields of a node, in the order they are read.
    enum NodeField: Int, CaseIterable {
        case id, kind, name, x, y, value, inputs, bypassed

        static let names: [StaticString] = ["id", "kind", "name", "x", "y", "value", "inputs", "bypassed"]

        /// The field `key` names in `document`, if any.
        init?(_ key: JSONElement, in document: JSONDocument) {
            guard let field = NodeField.names.firstIndex(where: { document.isString(key, equalTo: $0) })
            else {
                return nil
            }
            self.init(rawValue: field)
        }
    }

    /// Reads every node of a definition's list (where `groupInput` nodes belong); the top-level
    /// nodes are read one by one as they stream by.
    /// - Complexity: O(*v*), the values inside the list.
    mutating func readNodes(_ list: JSONElement, definition: String) -> FileNodes {
        var nodes = FileNodes(capacity: document.count(of: list))
        nodes.definition = definition
        for item in document.items(of: list) { readNode(item, into: &nodes) }
        return nodes
    }

    /// Reads one node of a list (an item of ``document``) into `nodes`.
    mutating func readNode(_ element: JSONElement, into nodes: inout FileNodes) {
        let node = nodes.count
        let offset = UInt32(document.offset(of: element))
        nodes.offsets.append(offset)
        nodes.ids.append(nil)
        nodes.idOffsets.append(offset)
        nodes.kinds.append(-1)
        nodes.x.append(0)
        nodes.y.append(0)
        nodes.bypassed.append(false)
        defer { nodes.inputStart.append(Int32(nodes.inputs.count)) }
        guard document.kind(of: element) == .object else {
            report(
                .wrongType, node: node, of: nodes, at: element,
                reason: "a node must be an object, not \(document.typeDescription(of: element))")
            return
        }
        // The id first, so that every problem can name the node.
        for (key, value) in document.members(of: element) where document.isString(key, equalTo: "id") {
            readID(value, of: node, into: &nodes)
            break
        }
        var fields = [JSONElement?](repeating: nil, count: NodeField.allCases.count)
        var otherFields: [(key: JSONElement, value: JSONElement)] = []
        var valueKey: JSONElement?
        for (key, value) in document.members(of: element) {
            guard let field = NodeField(key, in: document) else {
                otherFields.append((key, value))
                continue
            }
            guard fields[field.rawValue] == nil else {
                report(
                    .duplicateField, node: node, of: nodes, field: document.string(key), at: key,
                    reason: "the field appears more than once")
                continue
            }
            fields[field.rawValue] = value
            if field == .value { valueKey = key }
        }
        if fields[NodeField.id.rawValue] == nil {
            report(
                .missingField, node: node, of: nodes, field: "id", at: element,
                reason: "required field is missing")
        }
        if let kind = fields[NodeField.kind.rawValue] {
            readKind(kind, of: node, into: &nodes)
        } else {
            report(
                .missingField, node: node, of: nodes, field: "kind", at: element,
                reason: "required field is missing")
        }
        // A kind may name its held value otherwise (a clock's `interval`): that field, not
        // `value`, holds it.
        let heldName = nodes.kinds[node] >= 0 ? kinds[Int(nodes.kinds[node])].kind.heldValueName : "value"
        if heldName != "value" || !otherFields.isEmpty {
            var allowed = NodeField.names.map(\.description)
            allowed[NodeField.value.rawValue] = heldName
            if heldName != "value", let value = fields[NodeField.value.rawValue], let valueKey {
                otherFields.insert((valueKey, value), at: 0)
                fields[NodeField.value.rawValue] = nil
            }
            for (key, value) in otherFields {
                guard heldName != "value", document.string(key) == heldName else {
                    reportUnexpectedField(key, allowed: allowed, node: node, of: nodes)
                    continue
                }
                guard fields[NodeField.value.rawValue] == nil else {
                    report(
                        .duplicateField, node: node, of: nodes, field: heldName, at: key,
                        reason: "the field appears more than once")
                    continue
                }
                fields[NodeField.value.rawValue] = value
            }
        }
        if let name = fields[NodeField.name.rawValue] { readName(name, of: node, into: &nodes) }
        if let x = fields[NodeField.x.rawValue] {
            nodes.x[node] = coordinate(x, field: "x", of: node, in: nodes)
        }
        if let y = fields[NodeField.y.rawValue] {
            nodes.y[node] = coordinate(y, field: "y", of: node, in: nodes)
        }
        readValue(fields[NodeField.value.rawValue], of: node, into: &nodes)
        if let inputs = fields[NodeField.inputs.rawValue] { readInputs(inputs, of: node, into: &nodes) }
        if let bypassed = fields[NodeField.bypassed.rawValue] {
            readBypassed(bypassed, of: node, into: &nodes)
        }
    }

    /// `bypassed`: `true` or `false`, and `true` only on a node whose kind can be bypassed.
    private mutating func readBypassed(_ value: JSONElement, of node: Int, into nodes: inout FileNodes) {
        guard let bypassed = document.bool(value) else {
            report(
                .wrongType, node: node, of: nodes, field: "bypassed", at: value,
                reason: "must be true or false, not \(document.typeDescription(of: value))")
            return
        }
        guard bypassed, nodes.kinds[node] >= 0 else { return }
        let kind = kinds[Int(nodes.kinds[node])].kind
        if let problem = kind.bypassProblem {
            report(
                .invalidValue, node: node, of: nodes, field: "bypassed", at: value,
                reason: "a \(kind.name.escapedForMessage) node cannot be bypassed: \(problem)")
            return
        }
        nodes.bypassed[node] = true
    }

    private mutating func readID(_ value: JSONElement, of node: Int, into nodes: inout FileNodes) {
        guard let text = document.string(value) else {
            report(
                .wrongType, node: node, of: nodes, field: "id", at: value,
                reason: "must be a string, not \(document.typeDescription(of: value))")
            return
        }
        let id = NodeID(text)
        if let problem = id.validationProblem {
            report(.invalidID, node: node, of: nodes, field: "id", at: value, reason: problem)
            return
        }
        nodes.ids[node] = id
        nodes.idOffsets[node] = UInt32(document.offset(of: value))
    }

    private mutating func readKind(_ value: JSONElement, of node: Int, into nodes: inout FileNodes) {
        guard document.kind(of: value) == .string else {
            report(
                .wrongType, node: node, of: nodes, field: "kind", at: value,
                reason: "must be a string, not \(document.typeDescription(of: value))")
            return
        }
        if let bytes = document.plainStringBytes(value),
            let known = kinds.firstIndex(where: { $0.name.elementsEqual(bytes) })
        {
            setKind(known, of: node, in: &nodes, at: value)
            return
        }
        let name = document.string(value)!
        if let known = kinds.firstIndex(where: { $0.kind.name == name }) {
            setKind(known, of: node, in: &nodes, at: value)
            return
        }
        guard let kind = registry.kind(named: name) ?? definitionKinds[name] ?? groupInputKind(named: name)
        else {
            let known = registry.names + definitionKinds.keys.sorted()
            report(
                .unknownKind, node: node, of: nodes, field: "kind", at: value,
                reason:
                    "unknown kind '\(name.escapedForMessage)' (known kinds: \(known.joined(separator: ", ")))"
            )
            return
        }
        let defaultParameter = kind.parameterType.map { type in
            Result { () throws(GraphError) in
                try scratch.coerce(kind.defaultParameter ?? .number(0), to: type, for: NodeID(""))
            }
        }
        kinds.append(
            KnownKind(
                kind: kind, name: Array(name.utf8), title: Array(kind.title.utf8),
                defaultParameter: defaultParameter))
        setKind(kinds.count - 1, of: node, in: &nodes, at: value)
    }

    /// Gives a node the kind met at `known`, unless it is a group input outside a definition or
    /// a live source inside one.
    @inline(__always)
    private mutating func setKind(
        _ known: Int, of node: Int, in nodes: inout FileNodes, at value: JSONElement
    ) {
        if kinds[known].isGroupInput && nodes.definition == nil {
            report(
                .invalidDefinition, node: node, of: nodes, field: "kind", at: value,
                reason: "a groupInput node belongs inside a definition")
            return
        }
        if kinds[known].isLiveSource && nodes.definition != nil {
            report(
                .invalidDefinition, node: node, of: nodes, field: "kind", at: value,
                reason:
                    "a live source (\(kinds[known].kind.name)) cannot be inside a definition; keep it outside and link it to the group's input"
            )
            return
        }
        nodes.kinds[node] = Int32(known)
    }

    /// The index of the color group input's kind among the kinds met, adding it on first use (it
    /// is never met by name: a group input holding a string is one).
    private mutating func knownKind(_ kind: GroupInputKind) -> Int {
        if let known = kinds.firstIndex(where: { ($0.kind as? GroupInputKind)?.outputType == kind.outputType }
        ) {
            return known
        }
        kinds.append(
            KnownKind(
                kind: kind, name: Array(kind.name.utf8), title: Array(kind.title.utf8),
                defaultParameter: kind.defaultParameter.map { .success($0) }))
        return kinds.count - 1
    }

    private mutating func readName(_ value: JSONElement, of node: Int, into nodes: inout FileNodes) {
        let kind = Int(nodes.kinds[node])
        if let bytes = document.plainStringBytes(value),
            bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), (1...Graph.maximumNameLength).contains(bytes.count)
        {
            // Printable ASCII: one character per byte, nothing to check further.
            if kind >= 0 && kinds[kind].title.elementsEqual(bytes) { return }  // the kind's title
            nodes.names.set(String(decoding: bytes, as: UTF8.self), for: node)
            return
        }
        guard let name = document.string(value) else {
            report(
                .wrongType, node: node, of: nodes, field: "name", at: value,
                reason: "must be a string, not \(document.typeDescription(of: value))")
            return
        }
        if let problem = scratch.nameProblem(name) {
            report(.invalidName, node: node, of: nodes, field: "name", at: value, reason: problem)
            return
        }
        nodes.names.set(name, for: node)
    }

    /// A whole number within `Position.validRange`; 0 after reporting a problem.
    private mutating func coordinate(_ value: JSONElement, field: String, of node: Int, in nodes: FileNodes)
        -> Int32
    {
        guard let number = document.number(value) else {
            report(
                .wrongType, node: node, of: nodes, field: field, at: value,
                reason: "must be a number, not \(document.typeDescription(of: value))")
            return 0
        }
        guard number.isFinite else {
            report(
                .nonFiniteNumber, node: node, of: nodes, field: field, at: value,
                reason: "the number is too large to be finite")
            return 0
        }
        let range = Position.validRange
        guard number == number.rounded(), number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else {
            var written = JSONWriter()
            written.append(number)
            report(
                .invalidPosition, node: node, of: nodes, field: field, at: value,
                reason:
                    "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(written.text)"
            )
            return 0
        }
        return Int32(number)
    }

    /// The kind of a group input holding a number; `nil` for any other name.
    private func groupInputKind(named name: String) -> (any NodeKind)? {
        name == GroupInputKind.kindName ? GroupInputKind(type: .number) : nil
    }

    /// The node's held value: the file's `value` (or the name its kind gives it), or the kind's
    /// default.
    private mutating func readValue(_ value: JSONElement?, of node: Int, into nodes: inout FileNodes) {
        var kindIndex = Int(nodes.kinds[node])
        guard kindIndex >= 0 else { return }
        // A group input's value types it: a string is a color ("#rrggbb").
        if kinds[kindIndex].isGroupInput, let value, document.kind(of: value) == .string {
            kindIndex = knownKind(GroupInputKind(type: .color))
            nodes.kinds[node] = Int32(kindIndex)
        }
        let kind = kinds[kindIndex].kind
        guard let type = kind.parameterType else {
            if let value {
                report(
                    .invalidValue, node: node, of: nodes, field: "value", at: value,
                    reason:
                        "\(article(kind.name)) \(kind.name) node computes its value from its inputs and holds none"
                )
            }
            return
        }
        guard let value else {
            switch kinds[kindIndex].defaultParameter {
            case .success(let parameter)?: nodes.parameters.set(parameter, for: node)
            case .failure(let error)?:
                report(
                    .invalidValue, node: node, of: nodes, offset: Int(nodes.offsets[node]),
                    reason: error.description)
            case nil: break
            }
            return
        }
        let field = kind.heldValueName
        if type == .number, let number = document.number(value), number.isFinite {
            setHeldValue(.number(number), of: node, kind: kind, at: value, into: &nodes)
            return
        }
        guard let json = JSONValue(value, in: document) else {
            report(
                .invalidValue, node: node, of: nodes, field: field, at: value,
                reason: "must be a \(type), not \(document.typeDescription(of: value))")
            return
        }
        guard json.isFinite else {
            report(
                .nonFiniteNumber, node: node, of: nodes, field: field, at: value,
                reason: "the number is too large to be finite")
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
            let held = try scratch.coerce(decoded, to: type, for: nodes.ids[node] ?? NodeID(""))
            setHeldValue(held, of: node, kind: kind, at: value, into: &nodes)
        } catch {
            report(
                .invalidValue, node: node, of: nodes, field: field, at: value,
                reason: "must be a \(type), not \(document.typeDescription(of: value))")
        }
    }

    /// Keeps a held value of the right type, or reports why its kind refuses it (a clock's
    /// interval too short).
    private mutating func setHeldValue(
        _ held: Value, of node: Int, kind: any NodeKind, at value: JSONElement, into nodes: inout FileNodes
    ) {
        if kind is FormulaKind {
            setFormula(held, of: node, at: value, into: &nodes)
            return
        }
        if let problem = kind.heldValueProblem(held) {
            report(
                .invalidValue, node: node, of: nodes, field: kind.heldValueName, at: value, reason: problem)
            return
        }
        nodes.parameters.set(held, for: node)
    }

    /// Parses a formula node's formula, once, and gives the node its formula's kind (whose
    /// slots are the formula's variables), or reports where the formula stops making sense.
    private mutating func setFormula(
        _ held: Value, of node: Int, at value: JSONElement, into nodes: inout FileNodes
    ) {
        guard let text = FormulaKind.text(in: held) else {
            report(.invalidValue, node: node, of: nodes, field: "formula", at: value, reason: "must be text")
            return
        }
        let formula: Formula
        do throws(FormulaError) {
            formula = try Formula(text)
        } catch {
            report(
                .invalidValue, node: node, of: nodes, field: "formula", at: value, reason: error.description)
            return
        }
        if let known = formulaKinds[text] {
            nodes.kinds[node] = Int32(known)
        } else {
            let kind = FormulaKind(formula)
            kinds.append(
                KnownKind(
                    kind: kind, name: Array(kind.name.utf8), title: Array(kind.title.utf8),
                    defaultParameter: kind.defaultParameter.map { .success($0) }))
            formulaKinds[text] = kinds.count - 1
            nodes.kinds[node] = Int32(kinds.count - 1)
        }
        nodes.parameters.set(held, for: node)
    }

    private mutating func readInputs(_ value: JSONElement, of node: Int, into nodes: inout FileNodes) {
        guard document.kind(of: value) == .array else {
            report(
                .wrongType, node: node, of: nodes, field: "inputs", at: value,
                reason: "must be a list, not \(document.typeDescription(of: value))")
            return
        }
        let count = document.count(of: value)
        if nodes.kinds[node] >= 0 {
            let kind = kinds[Int(nodes.kinds[node])].kind
            let slots = kind.inputs.count
            if count > slots {
                report(
                    .tooManyInputs, node: node, of: nodes, field: "inputs", at: value,
                    reason:
                        "\(count) inputs given, but \(article(kind.name)) \(kind.name) node has \(slots == 0 ? "no" : "only \(slots)") input slot\(slots == 1 ? "" : "s")"
                )
            }
        }
        for (slot, item) in document.items(of: value).enumerated() {
            switch document.kind(of: item) {
            case .null: nodes.inputs.append(FileNodes.noInput)
            case .string: nodes.inputs.append(Int32(bitPattern: UInt32(document.offset(of: item))))
            default:
                report(
                    .wrongType, node: node, of: nodes, field: "inputs[\(slot)]", at: item,
                    reason: "must be a node id or null, not \(document.typeDescription(of: item))")
                nodes.inputs.append(FileNodes.noInput)
            }
        }
    }

    /// `a` or `an`, for a kind's name.
    func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }
}

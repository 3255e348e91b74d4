import NodeGraph

/// The one way journal text becomes ``Edit``s: a line read by ``JSONReader``, then its object
/// decoded field by field, each refusal naming the field in plain words.
struct JournalEntryDecoder {
    let document: JSONDocument

    /// The fields journal objects may have.
    enum Field: Int, CaseIterable {
        case op, id, kind, name, x, y, value, inputs, from, to, slot, node, edits, `in`, nodes, output,
            formula, bypassed

        static let names: [StaticString] = [
            "op", "id", "kind", "name", "x", "y", "value", "inputs", "from", "to", "slot", "node", "edits",
            "in", "nodes", "output", "formula", "bypassed",
        ]

        var name: String { Field.names[rawValue].description }
    }

    /// An object's members by field, after checking that each is one the operation takes.
    struct Fields {
        var elements: [JSONElement?] = Array(repeating: nil, count: Field.allCases.count)
        /// Where the object is, for naming its fields (`edits[2].`); empty at the top.
        var path: String

        subscript(field: Field) -> JSONElement? { elements[field.rawValue] }
    }

    /// The entry a line's object holds.
    /// - Throws: ``JournalLineError`` naming the field at fault.
    /// - Complexity: O(*v*), the values in the line.
    func entry() throws(JournalLineError) -> JournalEntry {
        let root = document.root
        guard document.kind(of: root) == .object else {
            throw JournalLineError(
                "a journal line must be a JSON object, not \(document.typeDescription(of: root))")
        }
        if let problem = structuralProblem(in: root, path: "") { throw JournalLineError(problem) }
        let op = try operation(of: root, path: "")
        switch op {
        case "undo", "redo":
            _ = try fields(of: root, path: "", allowed: [.op], global: true)
            return op == "undo" ? .undo : .redo
        default:
            return .edit(try edit(root, op: op, path: ""))
        }
    }

    /// The `op` of an object.
    func operation(of object: JSONElement, path: String) throws(JournalLineError) -> String {
        for (key, value) in document.members(of: object) where document.isString(key, equalTo: "op") {
            guard let op = document.string(value) else {
                throw JournalLineError(
                    "field '\(path)op' must be a string, not \(document.typeDescription(of: value))")
            }
            return op
        }
        throw JournalLineError("missing field '\(path)op'")
    }

    /// The edit an object holds: inside the definition its `in` names, if it has one.
    private func edit(_ object: JSONElement, op: String, path: String) throws(JournalLineError) -> Edit {
        let edit = try plainEdit(object, op: op, path: path)
        for (key, value) in document.members(of: object) where document.isString(key, equalTo: "in") {
            guard let definition = document.string(value) else {
                throw JournalLineError(
                    "field '\(path)in' must be a string, not \(document.typeDescription(of: value))")
            }
            return .inside(definition: definition, edit)
        }
        return edit
    }

    /// The edit an object holds, leaving aside its `in`.
    private func plainEdit(_ object: JSONElement, op: String, path: String) throws(JournalLineError) -> Edit {
        switch op {
        case "addNode":
            return .addNode(
                try node(in: try fields(of: object, path: path, allowed: JournalEntryDecoder.nodeFields)))
        case "removeNode":
            let fields = try fields(of: object, path: path, allowed: [.op, .node])
            return .removeNode(NodeID(try string(.node, in: fields)))
        case "link", "toggleLink":
            let fields = try fields(of: object, path: path, allowed: [.op, .from, .to, .slot])
            let from = NodeID(try string(.from, in: fields))
            let to = NodeID(try string(.to, in: fields))
            let slot = try wholeNumber(.slot, in: fields)!
            return op == "link"
                ? .link(from: from, to: to, slot: slot) : .toggleLink(from: from, to: to, slot: slot)
        case "unlink":
            let fields = try fields(of: object, path: path, allowed: [.op, .to, .slot])
            return .unlink(to: NodeID(try string(.to, in: fields)), slot: try wholeNumber(.slot, in: fields)!)
        case "setValue":
            let fields = try fields(of: object, path: path, allowed: [.op, .node, .value])
            return .setValue(
                node: NodeID(try string(.node, in: fields)), value: try value(.value, in: fields)!)
        case "setFormula":
            let fields = try fields(of: object, path: path, allowed: [.op, .node, .formula])
            return .setFormula(
                node: NodeID(try string(.node, in: fields)), formula: try string(.formula, in: fields))
        case "setBypass":
            let fields = try fields(of: object, path: path, allowed: [.op, .node, .bypassed])
            return .setBypass(
                node: NodeID(try string(.node, in: fields)), bypassed: try bool(.bypassed, in: fields)!)
        case "setKind":
            let fields = try fields(of: object, path: path, allowed: [.op, .node, .kind])
            return .setKind(node: NodeID(try string(.node, in: fields)), kind: try string(.kind, in: fields))
        case "rename":
            let fields = try fields(of: object, path: path, allowed: [.op, .node, .name])
            return .rename(node: NodeID(try string(.node, in: fields)), name: try string(.name, in: fields))
        case "move":
            let fields = try fields(of: object, path: path, allowed: [.op, .node, .x, .y])
            return .move(
                node: NodeID(try string(.node, in: fields)),
                to: Position(x: try wholeNumber(.x, in: fields)!, y: try wholeNumber(.y, in: fields)!))
        case "batch":
            let fields = try fields(of: object, path: path, allowed: [.op, .edits])
            return .batch(try edits(in: fields))
        case "group":
            let fields = try fields(of: object, path: path, allowed: [.op, .nodes, .kind, .name, .id])
            return .group(
                nodes: try ids(.nodes, in: fields), kind: try string(.kind, in: fields),
                name: try string(.name, in: fields), id: NodeID(try string(.id, in: fields)))
        case "ungroup":
            let fields = try fields(of: object, path: path, allowed: [.op, .node])
            return .ungroup(NodeID(try string(.node, in: fields)))
        case "addDefinition":
            let fields = try fields(
                of: object, path: path, allowed: [.op, .kind, .name, .inputs, .output, .nodes])
            return .addDefinition(
                DefinitionDescription(
                    kind: try string(.kind, in: fields), name: try string(.name, in: fields),
                    inputs: try ids(.inputs, in: fields), output: NodeID(try string(.output, in: fields)),
                    nodes: try nodes(in: fields)))
        case "removeDefinition":
            let fields = try fields(of: object, path: path, allowed: [.op, .kind])
            return .removeDefinition(try string(.kind, in: fields))
        case "setInputOrder":
            let fields = try fields(of: object, path: path, allowed: [.op, .inputs])
            return .setInputOrder(try ids(.inputs, in: fields))
        default:
            throw JournalLineError("unknown op '\(op.escapedForMessage)'")
        }
    }

    /// The fields of a node: of `addNode`, and of each node of `addDefinition`.
    private static let nodeFields: Set<Field> = [.op, .id, .kind, .name, .x, .y, .value, .inputs, .bypassed]

    /// The node an object's fields describe.
    private func node(in fields: Fields) throws(JournalLineError) -> NodeDescription {
        NodeDescription(
            id: NodeID(try string(.id, in: fields)), kind: try string(.kind, in: fields),
            name: try optionalString(.name, in: fields),
            position: Position(
                x: try wholeNumber(.x, in: fields, required: false) ?? 0,
                y: try wholeNumber(.y, in: fields, required: false) ?? 0),
            value: try value(.value, in: fields, required: false),
            inputs: try inputs(in: fields),
            bypassed: try bool(.bypassed, in: fields, required: false) ?? false)
    }

    // MARK: Fields

    /// The object's members by field; any other member is refused. Every edit may name the
    /// definition it is inside (`in`); `undo` and `redo` (`global`) may not.
    private func fields(of object: JSONElement, path: String, allowed: Set<Field>, global: Bool = false)
        throws(JournalLineError) -> Fields
    {
        var fields = Fields(path: path)
        let allowed = allowed.contains(.op) && !global ? allowed.union([.in]) : allowed
        for (key, value) in document.members(of: object) {
            guard
                let field = Field.allCases.first(where: {
                    document.isString(key, equalTo: Field.names[$0.rawValue])
                }),
                allowed.contains(field)
            else {
                throw JournalLineError("unexpected field '\(path)\(document.string(key)!.escapedForMessage)'")
            }
            fields.elements[field.rawValue] = value
        }
        return fields
    }

    private func name(_ field: Field, in fields: Fields) -> String { fields.path + field.name }

    private func required(_ field: Field, in fields: Fields) throws(JournalLineError) -> JSONElement {
        guard let element = fields[field] else {
            throw JournalLineError("missing field '\(name(field, in: fields))'")
        }
        return element
    }

    private func string(_ field: Field, in fields: Fields) throws(JournalLineError) -> String {
        let element = try required(field, in: fields)
        guard let string = document.string(element) else {
            throw JournalLineError(
                "field '\(name(field, in: fields))' must be a string, not \(document.typeDescription(of: element))"
            )
        }
        return string
    }

    private func optionalString(_ field: Field, in fields: Fields) throws(JournalLineError) -> String? {
        fields[field] == nil ? nil : try string(field, in: fields)
    }

    /// `true` or `false`.
    private func bool(_ field: Field, in fields: Fields, required isRequired: Bool = true)
        throws(JournalLineError) -> Bool?
    {
        guard isRequired || fields[field] != nil else { return nil }
        let element = try required(field, in: fields)
        guard let bool = document.bool(element) else {
            throw JournalLineError(
                "field '\(name(field, in: fields))' must be true or false, not \(document.typeDescription(of: element))"
            )
        }
        return bool
    }

    /// A whole number: `3`, `3.0`, `3e0` and `0.3e1` alike.
    private func wholeNumber(_ field: Field, in fields: Fields, required isRequired: Bool = true)
        throws(JournalLineError) -> Int?
    {
        guard isRequired || fields[field] != nil else { return nil }
        let element = try required(field, in: fields)
        if let whole = document.wholeNumber(element) { return whole }
        let found: String
        if let number = document.number(element) {
            var written = JSONWriter()
            written.append(number)
            found = written.text
        } else {
            found = document.typeDescription(of: element)
        }
        throw JournalLineError("field '\(name(field, in: fields))' must be a whole number, not \(found)")
    }

    /// A value as any JSON scalar or list says it: a number, `"#rrggbb"` for a color, text, a
    /// boolean or a list (the graph retypes it to the node's type).
    private func value(_ field: Field, in fields: Fields, required isRequired: Bool = true)
        throws(JournalLineError) -> Value?
    {
        guard isRequired || fields[field] != nil else { return nil }
        let element = try required(field, in: fields)
        guard let json = JSONValue(element, in: document) else {
            throw JournalLineError(
                "field '\(name(field, in: fields))' must be a number, a string, a boolean or a list, not \(document.typeDescription(of: element))"
            )
        }
        return json.value()
    }

    private func inputs(in fields: Fields) throws(JournalLineError) -> [NodeID?] {
        guard let list = fields[.inputs] else { return [] }
        guard document.kind(of: list) == .array else {
            throw JournalLineError(
                "field '\(name(.inputs, in: fields))' must be a list, not \(document.typeDescription(of: list))"
            )
        }
        var inputs: [NodeID?] = []
        for (slot, item) in document.items(of: list).enumerated() {
            if document.kind(of: item) == .null {
                inputs.append(nil)
            } else if let id = document.string(item) {
                inputs.append(NodeID(id))
            } else {
                throw JournalLineError(
                    "field '\(name(.inputs, in: fields))[\(slot)]' must be a node id or null, not \(document.typeDescription(of: item))"
                )
            }
        }
        return inputs
    }

    /// A list of node ids (no `null`).
    private func ids(_ field: Field, in fields: Fields) throws(JournalLineError) -> [NodeID] {
        let list = try required(field, in: fields)
        guard document.kind(of: list) == .array else {
            throw JournalLineError(
                "field '\(name(field, in: fields))' must be a list, not \(document.typeDescription(of: list))"
            )
        }
        var ids: [NodeID] = []
        for (position, item) in document.items(of: list).enumerated() {
            guard let id = document.string(item) else {
                throw JournalLineError(
                    "field '\(name(field, in: fields))[\(position)]' must be a node id, not \(document.typeDescription(of: item))"
                )
            }
            ids.append(NodeID(id))
        }
        return ids
    }

    /// The nodes of a definition, each an object with the fields of `addNode` (without `op`).
    private func nodes(in fields: Fields) throws(JournalLineError) -> [NodeDescription] {
        let list = try required(.nodes, in: fields)
        guard document.kind(of: list) == .array else {
            throw JournalLineError(
                "field '\(name(.nodes, in: fields))' must be a list, not \(document.typeDescription(of: list))"
            )
        }
        var nodes: [NodeDescription] = []
        for (position, item) in document.items(of: list).enumerated() {
            let path = "\(name(.nodes, in: fields))[\(position)]"
            guard document.kind(of: item) == .object else {
                throw JournalLineError(
                    "field '\(path)' must be an object, not \(document.typeDescription(of: item))")
            }
            var allowed = JournalEntryDecoder.nodeFields
            allowed.remove(.op)
            nodes.append(try node(in: try self.fields(of: item, path: path + ".", allowed: allowed)))
        }
        return nodes
    }

    private func edits(in fields: Fields) throws(JournalLineError) -> [Edit] {
        let list = try required(.edits, in: fields)
        guard document.kind(of: list) == .array else {
            throw JournalLineError(
                "field '\(name(.edits, in: fields))' must be a list, not \(document.typeDescription(of: list))"
            )
        }
        var edits: [Edit] = []
        for (position, item) in document.items(of: list).enumerated() {
            let path = "\(name(.edits, in: fields))[\(position)]"
            guard document.kind(of: item) == .object else {
                throw JournalLineError(
                    "field '\(path)' must be an object, not \(document.typeDescription(of: item))")
            }
            edits.append(try edit(item, op: try operation(of: item, path: path + "."), path: path + "."))
        }
        return edits
    }

    // MARK: Anywhere in the line

    /// A field given twice, or a number too large to be finite, anywhere in the line.
    private func structuralProblem(in element: JSONElement, path: String) -> String? {
        switch document.kind(of: element) {
        case .object:
            var seen = Set<String>()
            for (key, value) in document.members(of: element) {
                let name = document.string(key)!
                let memberPath = path.isEmpty ? name : path + "." + name
                if !seen.insert(name).inserted {
                    return "field '\(memberPath.escapedForMessage)' appears more than once"
                }
                if let problem = structuralProblem(in: value, path: memberPath) { return problem }
            }
        case .array:
            for (position, item) in document.items(of: element).enumerated() {
                if let problem = structuralProblem(in: item, path: path + "[\(position)]") { return problem }
            }
        case .number where !document.number(element)!.isFinite:
            return "the number in field '\(path.escapedForMessage)' is too large to be finite"
        default: break
        }
        return nil
    }
}

/// Reading each node's own fields.
extension GraphFileDecoder {
    // MARK: Nodes

    static let nodeFields = ["id", "kind", "name", "x", "y", "value", "inputs"]

    mutating func readNode(_ item: JSONSyntax, index: Int) -> FileNode {
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

    mutating func coordinate(_ key: String, in fields: [String: JSONSyntax], node: FileNode) -> Int {
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

    mutating func readValue(_ value: JSONSyntax?, into node: inout FileNode) {
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

    mutating func readInputs(_ value: JSONSyntax?, into node: inout FileNode) {
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
    func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }
}

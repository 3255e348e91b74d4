import Foundation

/// A line of an edit journal: an edit, or an undo or redo of earlier lines.
public enum JournalEntry: Hashable, Sendable, Codable {
    /// Apply an edit.
    case edit(Edit)
    /// Undo the latest step.
    case undo
    /// Redo the most recently undone step.
    case redo

    /// The operation's name in the journal, e.g. `link` or `undo`.
    public var operationName: String {
        switch self {
        case .edit(let edit): edit.operationName
        case .undo: "undo"
        case .redo: "redo"
        }
    }

    /// Decodes a journal line.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` naming the missing, unknown or malformed field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JournalKey.self)
        switch try container.decode(String.self, forKey: .op) {
        case "undo":
            try container.requireOnly([.op])
            self = .undo
        case "redo":
            try container.requireOnly([.op])
            self = .redo
        default: self = .edit(try Edit(from: decoder))
        }
    }

    /// Encodes the entry as one journal object.
    /// - Parameter encoder: The encoder.
    /// - Throws: Errors from the encoder.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .edit(let edit): try edit.encode(to: encoder)
        case .undo, .redo:
            var container = encoder.container(keyedBy: JournalKey.self)
            try container.encode(operationName, forKey: .op)
        }
    }
}

/// The keys of journal objects.
enum JournalKey: String, CodingKey {
    case op, id, kind, name, x, y, value, inputs, from, to, slot, node, edits
}

extension KeyedDecodingContainer where Key == JournalKey {
    /// Refuses keys other than `allowed`, so a misspelt field is an error, not a silent default.
    func requireOnly(_ allowed: Set<JournalKey>) throws {
        for key in allKeys where !allowed.contains(key) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key], debugDescription: "unexpected field '\(key.stringValue)'")
            )
        }
    }
}

/// Unknown keys are collected separately, since `allKeys` only lists known ones.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Edit: Codable {
    /// Decodes an edit from its journal object, e.g. `{"op":"link","from":"a","to":"b","slot":0}`.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` naming the missing, unknown or malformed field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JournalKey.self)
        let every = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = every.allKeys.first(where: { JournalKey(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unexpected field '\(unknown.stringValue)'"))
        }
        let op = try container.decode(String.self, forKey: .op)
        func position() throws -> Position {
            Position(
                x: try container.decode(Int.self, forKey: .x), y: try container.decode(Int.self, forKey: .y))
        }
        switch op {
        case "addNode":
            try container.requireOnly([.op, .id, .kind, .name, .x, .y, .value, .inputs])
            self = .addNode(
                NodeDescription(
                    id: try container.decode(NodeID.self, forKey: .id),
                    kind: try container.decode(String.self, forKey: .kind),
                    name: try container.decodeIfPresent(String.self, forKey: .name),
                    position: Position(
                        x: try container.decodeIfPresent(Int.self, forKey: .x) ?? 0,
                        y: try container.decodeIfPresent(Int.self, forKey: .y) ?? 0),
                    value: try container.decodeIfPresent(JSONValue.self, forKey: .value)?.value(),
                    inputs: try container.decodeIfPresent([NodeID?].self, forKey: .inputs) ?? []))
        case "removeNode":
            try container.requireOnly([.op, .node])
            self = .removeNode(try container.decode(NodeID.self, forKey: .node))
        case "link", "toggleLink":
            try container.requireOnly([.op, .from, .to, .slot])
            let from = try container.decode(NodeID.self, forKey: .from)
            let to = try container.decode(NodeID.self, forKey: .to)
            let slot = try container.decode(Int.self, forKey: .slot)
            self =
                op == "link"
                ? .link(from: from, to: to, slot: slot) : .toggleLink(from: from, to: to, slot: slot)
        case "unlink":
            try container.requireOnly([.op, .to, .slot])
            self = .unlink(
                to: try container.decode(NodeID.self, forKey: .to),
                slot: try container.decode(Int.self, forKey: .slot))
        case "setValue":
            try container.requireOnly([.op, .node, .value])
            self = .setValue(
                node: try container.decode(NodeID.self, forKey: .node),
                value: try container.decode(JSONValue.self, forKey: .value).value())
        case "setKind":
            try container.requireOnly([.op, .node, .kind])
            self = .setKind(
                node: try container.decode(NodeID.self, forKey: .node),
                kind: try container.decode(String.self, forKey: .kind))
        case "rename":
            try container.requireOnly([.op, .node, .name])
            self = .rename(
                node: try container.decode(NodeID.self, forKey: .node),
                name: try container.decode(String.self, forKey: .name))
        case "move":
            try container.requireOnly([.op, .node, .x, .y])
            self = .move(node: try container.decode(NodeID.self, forKey: .node), to: try position())
        case "batch":
            try container.requireOnly([.op, .edits])
            self = .batch(try container.decode([Edit].self, forKey: .edits))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .op, in: container, debugDescription: "unknown op '\(op)'")
        }
    }

    /// Encodes the edit as its journal object.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` for a value that JSON cannot hold.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JournalKey.self)
        try container.encode(operationName, forKey: .op)
        switch self {
        case .addNode(let node):
            try container.encode(node.id, forKey: .id)
            try container.encode(node.kind, forKey: .kind)
            try container.encodeIfPresent(node.name, forKey: .name)
            try container.encode(node.position.x, forKey: .x)
            try container.encode(node.position.y, forKey: .y)
            try container.encodeIfPresent(node.value.map(JSONValue.init), forKey: .value)
            if node.inputs.contains(where: { $0 != nil }) {
                try container.encode(node.inputs, forKey: .inputs)
            }
        case .removeNode(let id):
            try container.encode(id, forKey: .node)
        case .link(let from, let to, let slot), .toggleLink(let from, let to, let slot):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(slot, forKey: .slot)
        case .unlink(let to, let slot):
            try container.encode(to, forKey: .to)
            try container.encode(slot, forKey: .slot)
        case .setValue(let id, let value):
            try container.encode(id, forKey: .node)
            try container.encode(JSONValue(value), forKey: .value)
        case .setKind(let id, let kind):
            try container.encode(id, forKey: .node)
            try container.encode(kind, forKey: .kind)
        case .rename(let id, let name):
            try container.encode(id, forKey: .node)
            try container.encode(name, forKey: .name)
        case .move(let id, let position):
            try container.encode(id, forKey: .node)
            try container.encode(position.x, forKey: .x)
            try container.encode(position.y, forKey: .y)
        case .batch(let edits):
            try container.encode(edits, forKey: .edits)
        }
    }
}

import NodeGraph

extension JSONWriter {
    /// Appends an entry as one journal object, `op` first, then the fields in the order the
    /// journal's documentation lists them: `{"op":"link","from":"a","to":"b","slot":0}`.
    /// - Throws: ``JournalLineError`` when a value holds a number that is not finite, which JSON
    ///   cannot hold.
    mutating func append(_ entry: JournalEntry) throws(JournalLineError) {
        switch entry {
        case .edit(let edit): try append(edit)
        case .undo: append("{\"op\":\"undo\"}")
        case .redo: append("{\"op\":\"redo\"}")
        }
    }

    private mutating func append(_ edit: Edit) throws(JournalLineError) {
        append("{\"op\":")
        appendQuoted(edit.operationName)
        switch edit {
        case .addNode(let node):
            appendField("id", node.id)
            appendField("kind", node.kind)
            if let name = node.name { appendField("name", name) }
            appendField("x", node.position.x)
            appendField("y", node.position.y)
            if let value = node.value { try appendField("value", value, of: node.id) }
            if node.inputs.contains(where: { $0 != nil }) {
                append(",\"inputs\":[")
                for (slot, input) in node.inputs.enumerated() {
                    if slot > 0 { append(",") }
                    if let input { appendQuoted(input.rawValue) } else { append("null") }
                }
                append("]")
            }
        case .removeNode(let id):
            appendField("node", id)
        case .link(let from, let to, let slot), .toggleLink(let from, let to, let slot):
            appendField("from", from)
            appendField("to", to)
            appendField("slot", slot)
        case .unlink(let to, let slot):
            appendField("to", to)
            appendField("slot", slot)
        case .setValue(let id, let value):
            appendField("node", id)
            try appendField("value", value, of: id)
        case .setKind(let id, let kind):
            appendField("node", id)
            appendField("kind", kind)
        case .rename(let id, let name):
            appendField("node", id)
            appendField("name", name)
        case .move(let id, let position):
            appendField("node", id)
            appendField("x", position.x)
            appendField("y", position.y)
        case .batch(let edits):
            append(",\"edits\":[")
            for (position, edit) in edits.enumerated() {
                if position > 0 { append(",") }
                try append(edit)
            }
            append("]")
        }
        append("}")
    }

    private mutating func appendKey(_ key: StaticString) {
        append(",\"")
        append(key)
        append("\":")
    }

    private mutating func appendField(_ key: StaticString, _ id: NodeID) {
        appendKey(key)
        appendQuoted(id.rawValue)
    }

    private mutating func appendField(_ key: StaticString, _ string: String) {
        appendKey(key)
        appendQuoted(string)
    }

    private mutating func appendField(_ key: StaticString, _ integer: Int) {
        appendKey(key)
        append(integer)
    }

    private mutating func appendField(_ key: StaticString, _ value: Value, of node: NodeID)
        throws(JournalLineError)
    {
        let json = JSONValue(value)
        guard json.isFinite else {
            throw JournalLineError(
                "the value of '\(node.rawValue.escapedForMessage)' holds a number that is not finite")
        }
        appendKey(key)
        append(json)
    }
}

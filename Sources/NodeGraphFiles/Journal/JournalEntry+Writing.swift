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
        // An edit inside a definition is the inner edit's object with `in`; an edit inside an
        // edit inside (which no graph applies) is written as a batch holding the inner one.
        var edit = edit
        var definition: String?
        if case .inside(let level, let inner) = edit {
            definition = level
            if case .inside = inner { edit = .batch([inner]) } else { edit = inner }
        }
        append("{\"op\":")
        appendQuoted(edit.operationName)
        if let definition { appendField("in", definition) }
        switch edit {
        case .addNode(let node):
            try appendFields(of: node)
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
        case .setFormula(let id, let formula):
            appendField("node", id)
            appendField("formula", formula)
        case .setBypass(let id, let bypassed):
            appendField("node", id)
            appendKey("bypassed")
            append(bypassed ? "true" : "false")
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
        case .inside:
            preconditionFailure("an edit inside a definition is written as its inner edit")
        case .group(let nodes, let kind, let name, let id):
            appendField("nodes", nodes)
            appendField("kind", kind)
            appendField("name", name)
            appendField("id", id)
        case .ungroup(let id):
            appendField("node", id)
        case .addDefinition(let definition):
            appendField("kind", definition.kind)
            appendField("name", definition.name)
            appendField("inputs", definition.inputs)
            appendField("output", definition.output)
            append(",\"nodes\":[")
            for (position, node) in definition.nodes.enumerated() {
                append(position == 0 ? "{" : ",{")
                try appendFields(of: node, first: true)
                append("}")
            }
            append("]")
        case .removeDefinition(let kind):
            appendField("kind", kind)
        case .setInputOrder(let inputs):
            appendField("inputs", inputs)
        }
        append("}")
    }

    /// The fields of a node: `addNode`'s, or (`first`: opening its object) a definition's node's.
    private mutating func appendFields(of node: NodeDescription, first: Bool = false) throws(JournalLineError)
    {
        if first {
            append("\"id\":")
            appendQuoted(node.id.rawValue)
        } else {
            appendField("id", node.id)
        }
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
        if node.bypassed { append(",\"bypassed\":true") }
    }

    private mutating func appendField(_ key: StaticString, _ ids: [NodeID]) {
        appendKey(key)
        append("[")
        for (position, id) in ids.enumerated() {
            if position > 0 { append(",") }
            appendQuoted(id.rawValue)
        }
        append("]")
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

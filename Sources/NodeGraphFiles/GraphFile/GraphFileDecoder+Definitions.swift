import NodeGraph

/// Reading definitions (version 2): each one's fields, its nodes (read as the top level's are),
/// and what lies between definitions — kinds, inputs, output, loops, nesting.
extension GraphFileDecoder {
    /// A definition as the file holds it.
    struct FileDefinition {
        /// Where it is.
        var element: JSONElement
        /// Its kind; `nil` when missing, invalid or taken.
        var kind: String?
        /// How problems name it: its kind, or `definitions[i]` when it has none.
        var label: String
        var name: String?
        /// The `inputs` ids (`nil` for an entry that is not a string), and where each is.
        var inputs: [NodeID?] = []
        var inputElements: [JSONElement] = []
        var output: NodeID?
        var outputElement: JSONElement?
        /// The `nodes` list, when it is one.
        var nodesElement: JSONElement?
        var nodes = FileNodes(capacity: 0)
        /// Its nodes, each after those feeding it (from ``resolve(_:)``).
        var order: [Int32] = []
    }

    /// The fields of a definition.
    enum DefinitionField: Int, CaseIterable {
        case kind, name, inputs, output, nodes

        static let names: [StaticString] = ["kind", "name", "inputs", "output", "nodes"]
    }

    /// Reads every definition of the list: first each one's fields (so every definition's kind is
    /// known, with the slots and output type its instances have), then each one's nodes; `nil`
    /// when they hold more nodes than the limit (reported), counting `topLevelNodes`.
    /// - Complexity: O(*v*), the values inside the list.
    mutating func readDefinitions(_ list: JSONElement, topLevelNodes: Int) -> [FileDefinition]? {
        var definitions: [FileDefinition] = []
        for (index, item) in document.items(of: list).enumerated() {
            definitions.append(readDefinition(item, index: index))
        }
        for definition in definitions {
            guard let kind = definition.kind else { continue }
            definitionKinds[kind] = interface(of: definition, among: definitions)
        }
        var total = topLevelNodes
        for index in definitions.indices {
            guard let nodes = definitions[index].nodesElement else { continue }
            total += document.count(of: nodes)
            // Nodes are counted before they are read, whichever list they are in.
            guard checkNodeCount(total, at: nodes) else { return nil }
            definitions[index].nodes = readNodes(nodes, definition: definitions[index].label)
        }
        return definitions
    }

    private mutating func readDefinition(_ element: JSONElement, index: Int) -> FileDefinition {
        var definition = FileDefinition(element: element, label: "definitions[\(index)]")
        guard document.kind(of: element) == .object else {
            report(
                .wrongType, field: "definitions[\(index)]", at: element,
                reason: "a definition must be an object, not \(document.typeDescription(of: element))")
            return definition
        }
        var fields = [JSONElement?](repeating: nil, count: DefinitionField.allCases.count)
        for (key, value) in document.members(of: element) {
            guard let field = DefinitionField.names.firstIndex(where: { document.isString(key, equalTo: $0) })
            else {
                report(
                    .unexpectedField, definition: definition.label, field: document.string(key), at: key,
                    reason:
                        "unexpected field (expected \(DefinitionField.names.map { "'\($0)'" }.joined(separator: ", ")))"
                )
                continue
            }
            guard fields[field] == nil else {
                report(
                    .duplicateField, definition: definition.label, field: document.string(key), at: key,
                    reason: "the field appears more than once")
                continue
            }
            fields[field] = value
        }
        func required(_ field: DefinitionField) -> JSONElement? {
            guard let value = fields[field.rawValue] else {
                report(
                    .missingField, definition: definition.label,
                    field: DefinitionField.names[field.rawValue].description,
                    at: element, reason: "required field is missing")
                return nil
            }
            return value
        }
        if let kind = required(.kind) { definition.kind = readDefinitionKind(kind, label: definition.label) }
        if let kind = definition.kind { definition.label = kind }
        if let name = fields[DefinitionField.name.rawValue] {
            if let text = document.string(name), scratch.nameProblem(text) == nil {
                definition.name = text
            } else {
                report(
                    .invalidName, definition: definition.label, field: "name", at: name,
                    reason: document.string(name).flatMap { scratch.nameProblem($0) }
                        ?? "must be a string, not \(document.typeDescription(of: name))")
            }
        }
        if let inputs = required(.inputs) { readDefinitionInputs(inputs, into: &definition) }
        if let output = required(.output) {
            if let id = document.string(output) {
                definition.output = NodeID(id)
                definition.outputElement = output
            } else {
                report(
                    .wrongType, definition: definition.label, field: "output", at: output,
                    reason: "must be a node id, not \(document.typeDescription(of: output))")
            }
        }
        if let nodes = required(.nodes) {
            if document.kind(of: nodes) == .array {
                definition.nodesElement = nodes
            } else {
                report(
                    .wrongType, definition: definition.label, field: "nodes", at: nodes,
                    reason: "must be a list of nodes, not \(document.typeDescription(of: nodes))")
            }
        }
        return definition
    }

    /// A definition's kind when it is acceptable and free (problems reported).
    private mutating func readDefinitionKind(_ value: JSONElement, label: String) -> String? {
        guard let kind = document.string(value) else {
            report(
                .wrongType, definition: label, field: "kind", at: value,
                reason: "must be a string, not \(document.typeDescription(of: value))")
            return nil
        }
        if let problem = scratch.kindProblem(kind) {
            report(.invalidID, definition: label, field: "kind", at: value, reason: problem)
            return nil
        }
        if registry.kind(named: kind) != nil || kind == GroupInputKind.kindName
            || definitionKinds[kind] != nil
        {
            report(
                .kindTaken, definition: label, field: "kind", at: value,
                reason: "a kind named '\(kind.escapedForMessage)' already exists")
            return nil
        }
        definitionKinds[kind] = GroupInputKind(type: .number)  // taken; its interface comes next
        return kind
    }

    private mutating func readDefinitionInputs(_ value: JSONElement, into definition: inout FileDefinition) {
        guard document.kind(of: value) == .array else {
            report(
                .wrongType, definition: definition.label, field: "inputs", at: value,
                reason: "must be a list of node ids, not \(document.typeDescription(of: value))")
            return
        }
        for (slot, item) in document.items(of: value).enumerated() {
            definition.inputElements.append(item)
            guard let id = document.string(item) else {
                report(
                    .wrongType, definition: definition.label, field: "inputs[\(slot)]", at: item,
                    reason: "must be a node id, not \(document.typeDescription(of: item))")
                definition.inputs.append(nil)
                continue
            }
            definition.inputs.append(NodeID(id))
        }
    }

    // MARK: What instances see

    /// The kind instances of a definition have, read from the file before its nodes are: a slot
    /// per input, typed by its `groupInput` node's value, and the output node's type. Whatever
    /// is wrong here is reported when the definition's nodes are checked.
    private func interface(of definition: FileDefinition, among definitions: [FileDefinition]) -> any NodeKind
    {
        let nodes = nodeSummaries(of: definition)
        let slots = definition.inputs.map { input -> SlotSpec in
            guard let input, let node = nodes[input], node.kind == GroupInputKind.kindName else {
                return SlotSpec(input?.rawValue ?? "?", .number)
            }
            let value = node.value.map(groupInputValue) ?? .number(0)
            return SlotSpec(node.name ?? input.rawValue, value.type ?? .number, default: value)
        }
        var visiting: Set<String> = []
        return DefinitionInterface(
            name: definition.kind!, title: definition.name ?? definition.kind!, inputs: slots,
            outputType: outputType(of: definition, among: definitions, visiting: &visiting))
    }

    /// The type a definition's output node produces (`number` when it cannot be told).
    private func outputType(
        of definition: FileDefinition, among definitions: [FileDefinition], visiting: inout Set<String>
    )
        -> ValueType
    {
        guard let kind = definition.kind, visiting.insert(kind).inserted, let output = definition.output,
            let node = nodeSummaries(of: definition)[output], let outputKind = node.kind
        else { return .number }
        if outputKind == GroupInputKind.kindName { return node.value.map(groupInputValue)?.type ?? .number }
        if let registered = registry.kind(named: outputKind) { return registered.outputType }
        if let used = definitions.first(where: { $0.kind == outputKind }) {
            return outputType(of: used, among: definitions, visiting: &visiting)
        }
        return .number
    }

    /// What a node of a definition says of itself, by id, read straight from the file.
    private func nodeSummaries(of definition: FileDefinition) -> [NodeID: (
        kind: String?, name: String?, value: JSONElement?
    )] {
        var nodes: [NodeID: (kind: String?, name: String?, value: JSONElement?)] = [:]
        guard let list = definition.nodesElement else { return nodes }
        for item in document.items(of: list) where document.kind(of: item) == .object {
            var id: NodeID?
            var summary: (kind: String?, name: String?, value: JSONElement?) = (nil, nil, nil)
            for (key, value) in document.members(of: item) {
                if document.isString(key, equalTo: "id") { id = document.string(value).map { NodeID($0) } }
                if document.isString(key, equalTo: "kind") { summary.kind = document.string(value) }
                if document.isString(key, equalTo: "name") { summary.name = document.string(value) }
                if document.isString(key, equalTo: "value") { summary.value = value }
            }
            if let id, nodes[id] == nil { nodes[id] = summary }
        }
        return nodes
    }

    /// A group input's value as a slot reads it: a number, or a color for `"#rrggbb"` (black when
    /// the text is not one: the value's check says so).
    private func groupInputValue(_ element: JSONElement) -> Value {
        if let text = document.string(element) { return .color(Color(hex: text) ?? .black) }
        return .number(document.number(element).flatMap { $0.isFinite ? $0 : nil } ?? 0)
    }

    // MARK: Between definitions

    /// Resolves each definition's nodes and checks its inputs and output, then the definitions
    /// together: loops and nesting.
    /// - Returns: The definitions' indices, each after the definitions it uses, ties by kind.
    mutating func checkDefinitions(_ definitions: inout [FileDefinition]) -> [Int] {
        for index in definitions.indices where definitions[index].nodesElement != nil {
            definitions[index].order = resolve(&definitions[index].nodes)
            checkInputsAndOutput(of: definitions[index])
        }
        var uses: [String: Set<String>] = [:]
        for definition in definitions {
            guard let kind = definition.kind else { continue }
            uses[kind] = Set(
                definition.nodes.kinds.compactMap { index in
                    guard index >= 0 else { return nil }
                    let name = kinds[Int(index)].kind.name
                    return definitionKinds[name] is DefinitionInterface ? name : nil
                })
        }
        reportLoops(uses, definitions: definitions)
        guard problems.isEmpty else { return [] }
        reportDeepNesting(uses, definitions: definitions)
        // Each after those it uses, ties by kind.
        var order: [Int] = []
        var placed: Set<String> = []
        while order.count < definitions.count {
            let ready = definitions.indices.filter { index in
                !order.contains(index) && uses[definitions[index].kind!]!.isSubset(of: placed)
            }
            guard let next = ready.min(by: { definitions[$0].kind! < definitions[$1].kind! }) else { break }
            order.append(next)
            placed.insert(definitions[next].kind!)
        }
        return order
    }

    /// Each input names a `groupInput` node of the definition, once; each `groupInput` node is
    /// an input; the output names a node.
    private mutating func checkInputsAndOutput(of definition: FileDefinition) {
        let nodes = definition.nodes
        var indexOfID: [NodeID: Int] = [:]
        for node in 0..<nodes.count {
            if let id = nodes.ids[node], indexOfID[id] == nil { indexOfID[id] = node }
        }
        func isGroupInput(_ node: Int) -> Bool {
            nodes.kinds[node] >= 0 && kinds[Int(nodes.kinds[node])].isGroupInput
        }
        var listed: Set<NodeID> = []
        for (slot, input) in definition.inputs.enumerated() {
            guard let input else { continue }
            let element = definition.inputElements[slot]
            guard let node = indexOfID[input] else {
                report(
                    .danglingInput, definition: definition.label, field: "inputs[\(slot)]", at: element,
                    reason: "no node has id '\(input.rawValue.escapedForMessage)'")
                continue
            }
            guard nodes.kinds[node] < 0 || isGroupInput(node) else {
                report(
                    .invalidDefinition, definition: definition.label, field: "inputs[\(slot)]", at: element,
                    reason: "'\(input.rawValue.escapedForMessage)' is not a groupInput node")
                continue
            }
            if !listed.insert(input).inserted {
                report(
                    .invalidDefinition, definition: definition.label, field: "inputs[\(slot)]", at: element,
                    reason: "'\(input.rawValue.escapedForMessage)' is listed twice")
            }
        }
        for node in 0..<nodes.count where isGroupInput(node) {
            guard let id = nodes.ids[node], !listed.contains(id) else { continue }
            report(
                .invalidDefinition, node: node, of: nodes, field: "kind", offset: Int(nodes.offsets[node]),
                reason: "group input '\(id.rawValue.escapedForMessage)' is not among the definition's inputs")
        }
        if let output = definition.output, let element = definition.outputElement, indexOfID[output] == nil {
            report(
                .danglingInput, definition: definition.label, field: "output", at: element,
                reason: "no node has id '\(output.rawValue.escapedForMessage)'")
        }
    }

    /// Reports each loop of definitions using each other once, as a path.
    private mutating func reportLoops(_ uses: [String: Set<String>], definitions: [FileDefinition]) {
        var finished: Set<String> = []
        for start in uses.keys.sorted() where !finished.contains(start) {
            var path: [String] = []
            var onPath: Set<String> = []
            var stack: [(kind: String, next: [String])] = [(start, uses[start, default: []].sorted())]
            path.append(start)
            onPath.insert(start)
            while !stack.isEmpty {
                guard let next = stack[stack.count - 1].next.first else {
                    let done = stack.removeLast().kind
                    finished.insert(done)
                    onPath.remove(done)
                    path.removeLast()
                    continue
                }
                stack[stack.count - 1].next.removeFirst()
                if onPath.contains(next) {
                    let loop = Array(path[path.firstIndex(of: next)!...]) + [next]
                    let definition = definitions.first { $0.kind == next }!
                    report(
                        .definitionLoop, definition: next, field: "nodes",
                        at: definition.nodesElement ?? definition.element,
                        reason: "definition loop: " + loop.map(\.escapedForMessage).joined(separator: " → "))
                    continue
                }
                guard !finished.contains(next) else { continue }
                path.append(next)
                onPath.insert(next)
                stack.append((next, uses[next, default: []].sorted()))
            }
        }
    }

    /// Reports definitions nesting deeper than the engine allows (no loops: checked first).
    private mutating func reportDeepNesting(_ uses: [String: Set<String>], definitions: [FileDefinition]) {
        var chain: [String: [String]] = [:]
        func deepest(_ kind: String) -> [String] {
            if let known = chain[kind] { return known }
            let below = uses[kind, default: []].sorted().map(deepest).max { $0.count < $1.count } ?? []
            chain[kind] = [kind] + below
            return [kind] + below
        }
        for definition in definitions {
            guard let kind = definition.kind, chain[kind] == nil else { continue }
            let path = deepest(kind)
            if path.count > Graph.maximumNesting {
                report(
                    .definitionsNestTooDeep, definition: kind, field: "nodes",
                    at: definition.nodesElement ?? definition.element,
                    reason:
                        "definitions nest \(path.count) deep (\(path.map(\.escapedForMessage).joined(separator: " › "))); at most \(Graph.maximumNesting)"
                )
                return
            }
        }
    }
}

/// What instances of a file's definition are while the file is read: its slots and output type.
/// The graph built evaluates the definition itself.
private struct DefinitionInterface: NodeKind {
    let name: String
    let title: String
    let inputs: [SlotSpec]
    let outputType: ValueType

    var category: String { "definition " + name }

    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        throw EvaluationFailure("a definition read from a file is evaluated by the graph")
    }
}

import NodeGraph

/// Applies edits while checking everything NodeGraph promises about them, for the tests of any
/// tool built on NodeGraph (with its own kinds).
///
/// After every edit it checks: the structural invariants (acyclic, each slot fed at most once,
/// no dangling input); a refused edit changed nothing; incremental values equal a from-scratch
/// evaluation; the trace lists each node at most once, only nodes downstream of the edit, and
/// only nodes with an input that changed (or the edited node itself); the inverse edit restores
/// the previous graph; the shorthands (`setValue`, `link`, by id and by handle) do what applying
/// the edit does, and a second graph that receives every edit through them, each number set
/// twice in a row on its source (so that the source's kept plan is followed across later
/// edits), stays equal to the first. At the end, undoing every step returns the starting graph.
public struct GraphChecker {
    /// The graph as edited so far.
    public private(set) var graph: Graph
    /// The applied changes, oldest first.
    public private(set) var history = History(limit: Int.max)
    /// Every broken promise found so far, as readable sentences.
    public private(set) var violations: [String] = []
    /// How many edits were applied.
    public private(set) var appliedCount = 0
    /// How many edits were refused.
    public private(set) var refusedCount = 0
    private let start: Graph
    /// The same edits made through the shorthands where there is one, every number set twice in
    /// a row on its source (so that its region is planned, and the plan kept across the edits
    /// that follow): it must stay equal to ``graph``.
    private var shorthandGraph: Graph

    /// Starts checking from a graph.
    /// - Parameter graph: The starting graph.
    public init(graph: Graph) {
        self.graph = graph
        start = graph
        shorthandGraph = graph
    }

    /// Applies one edit and checks it.
    /// - Parameter edit: The edit.
    /// - Returns: The change, or `nil` when the edit was refused.
    @discardableResult
    public mutating func apply(_ edit: Edit) -> Change? {
        let before = graph
        let change: Change
        do throws(GraphError) {
            change = try graph.apply(edit)
        } catch {
            refusedCount += 1
            if graph != before {
                violations.append("refused \(edit.operationName) (\(error)) changed the graph")
            }
            checkShorthands(of: edit, before: before, expected: .failure(error))
            checkShorthandGraph(after: edit, applied: false)
            checkStructure(after: edit)
            return nil
        }
        appliedCount += 1
        checkShorthands(of: edit, before: before, expected: .success(change))
        checkShorthandGraph(after: edit, applied: true)
        history.record(change)
        checkStructure(after: edit)
        checkValues(after: edit)
        checkTrace(change, before: before)
        var restored = graph
        do {
            try restored.apply(change.inverse)
            if restored != before {
                violations.append("the inverse of \(edit.operationName) did not restore the graph")
            }
        } catch {
            violations.append("the inverse of \(edit.operationName) was refused: \(error)")
        }
        return change
    }

    /// The shorthands with a path of their own (``Graph/setValue(_:of:)-(Value,NodeID)`` and
    /// ``Graph/link(from:to:slot:)-(NodeID,NodeID,Int)``, by id and by handle) must do exactly what
    /// applying their edit did: the same change or error, the same graph.
    private mutating func checkShorthands(of edit: Edit, before: Graph, expected: Result<Change, GraphError>)
    {
        let handle = before.handle(of:)
        var outcomes: [(way: String, result: Result<Change, GraphError>, graph: Graph)] = []
        func record(_ way: String, _ body: (inout Graph) throws(GraphError) -> Change) {
            var copy = before
            let result = Result { () throws(GraphError) -> Change in try body(&copy) }
            outcomes.append((way, result, copy))
        }
        switch edit {
        case .setValue(let id, let value):
            record("setValue by id") { graph throws(GraphError) in try graph.setValue(value, of: id) }
            if let node = handle(id) {
                record("setValue by handle") { graph throws(GraphError) in try graph.setValue(value, of: node)
                }
            }
        case .link(let from, let to, let slot):
            record("link by ids") { graph throws(GraphError) in try graph.link(from: from, to: to, slot: slot)
            }
            if let upstream = handle(from), let downstream = handle(to) {
                record("link by handles") { graph throws(GraphError) in
                    try graph.link(from: upstream, to: downstream, slot: slot)
                }
            }
        default:
            return
        }
        let expectedGraph = if case .success = expected { graph } else { before }
        for outcome in outcomes {
            if outcome.result != expected {
                violations.append("\(outcome.way) gave \(outcome.result), applying \(edit) gave \(expected)")
            }
            if outcome.graph != expectedGraph {
                violations.append("\(outcome.way) left a graph unlike applying \(edit)")
            }
        }
    }

    /// Makes `edit` on ``shorthandGraph`` through its shorthand, a number set twice, and checks
    /// that it still equals ``graph``.
    private mutating func checkShorthandGraph(after edit: Edit, applied: Bool) {
        switch edit {
        case .setValue(let id, .number(let number)) where applied:
            _ = try? shorthandGraph.setValue(.number(number + 1), of: id)
            _ = try? shorthandGraph.setValue(.number(number), of: id)
        case .link(let from, let to, let slot): _ = try? shorthandGraph.link(from: from, to: to, slot: slot)
        default: _ = try? shorthandGraph.apply(edit)
        }
        if shorthandGraph != graph {
            violations.append("after \(edit.operationName), the graph edited through the shorthands differs")
            shorthandGraph = graph
        }
    }

    /// Undoes every applied edit and checks that the starting graph comes back.
    public mutating func checkUndoAll() {
        var undone = graph
        var steps = history
        while steps.canUndo {
            do {
                _ = try steps.undo(on: &undone)
            } catch {
                violations.append("undo was refused: \(error)")
                return
            }
        }
        if undone != start { violations.append("undoing every edit did not return the starting graph") }
    }

    private mutating func checkStructure(after edit: Edit) {
        do {
            try graph.checkInvariants()
        } catch {
            violations.append("after \(edit.operationName): \(error)")
        }
    }

    private mutating func checkValues(after edit: Edit) {
        checkValues(of: graph, at: "", after: edit)
        for definition in graph.definitions {
            checkValues(of: definition.graph, at: "in definition '\(definition.kind)': ", after: edit)
        }
    }

    private mutating func checkValues(of graph: Graph, at level: String, after edit: Edit) {
        let incremental = graph.currentValues()
        let scratch = graph.valuesFromScratch()
        for (id, value) in scratch where incremental[id] != value {
            violations.append(
                "after \(edit.operationName): \(level)'\(id)' is \(incremental[id].map(String.init(describing:)) ?? "missing"), from scratch \(value)"
            )
        }
    }

    private mutating func checkTrace(_ change: Change, before: Graph) {
        var seen = Set<NodeID>()
        for id in change.recomputed where !seen.insert(id).inserted {
            violations.append("\(change.edit.operationName) recomputed '\(id)' twice")
        }
        // Nodes the edit itself touches, and everything downstream of them afterwards.
        var touched = Set<NodeID>()
        collectTouched(change.edit, before: before, into: &touched)
        // Every node the change added (its inverse removes it) is new, even one whose id a node
        // had before (grouping, then ungrouping in one batch, gives an id back).
        touched.formUnion(Self.removed(by: change.inverse))
        var downstream = touched
        var stack = Array(touched)
        while let id = stack.popLast() {
            for dependent in graph.dependents(of: id) where downstream.insert(dependent.node).inserted {
                stack.append(dependent.node)
            }
        }
        let recomputed = Set(change.recomputed)
        for id in change.recomputed {
            guard downstream.contains(id) else {
                violations.append(
                    "\(change.edit.operationName) recomputed '\(id)', which is not downstream of it")
                continue
            }
            if touched.contains(id) { continue }
            let hasChangedInput = graph.inputs(of: id).contains { input in
                guard let input else { return false }
                return recomputed.contains(input) && before.value(of: input) != graph.value(of: input)
            }
            if !hasChangedInput {
                violations.append(
                    "\(change.edit.operationName) recomputed '\(id)' though none of its inputs changed")
            }
        }
    }

    private func collectTouched(_ edit: Edit, before: Graph, into touched: inout Set<NodeID>) {
        switch edit {
        case .addNode(let node): touched.insert(node.id)
        case .removeNode(let id):
            for dependent in before.dependents(of: id) { touched.insert(dependent.node) }
        case .link(_, let to, _), .unlink(let to, _), .toggleLink(_, let to, _): touched.insert(to)
        case .setValue(let id, _), .setFormula(let id, _), .setBypass(let id, _): touched.insert(id)
        case .setKind(let id, _):
            touched.insert(id)
            for dependent in before.dependents(of: id) { touched.insert(dependent.node) }
        case .rename, .move, .addDefinition, .removeDefinition, .setInputOrder: break
        case .batch(let edits):
            for edit in edits { collectTouched(edit, before: before, into: &touched) }
        case .inside(let kind, _):
            // Every instance of the definition, and of the definitions using it, at the top level.
            for graph in [before, graph] {
                for affected in [kind] + Self.definitions(using: kind, in: graph) {
                    touched.formUnion(graph.instances(of: affected))
                }
            }
        case .group(let nodes, _, _, let id):
            touched.insert(id)
            for node in nodes { touched.formUnion(before.dependents(of: node).map(\.node)) }
        case .ungroup(let id):
            // The copies: new ids, and maybe the instance's own.
            touched.formUnion(Set(graph.nodeIDs).subtracting(before.nodeIDs))
            touched.insert(id)
            touched.formUnion(before.dependents(of: id).map(\.node))
        }
    }

    /// The top-level nodes an edit removes.
    private static func removed(by edit: Edit) -> [NodeID] {
        switch edit {
        case .removeNode(let id): [id]
        case .batch(let edits): edits.flatMap(removed(by:))
        default: []
        }
    }

    /// The definitions that use `kind`, directly or through others.
    private static func definitions(using kind: String, in graph: Graph) -> [String] {
        var found: Set<String> = []
        var stack = [kind]
        while let next = stack.popLast() {
            for definition in graph.definitions where definition.usedDefinitions.contains(next) {
                if found.insert(definition.kind).inserted { stack.append(definition.kind) }
            }
        }
        return found.sorted()
    }
}

extension GraphChecker {
    /// Runs random edit sequences and collects every violation.
    /// - Parameters:
    ///   - sequences: How many sequences to run, each from `graph`.
    ///   - length: Edits per sequence.
    ///   - seed: The seed of the first sequence; sequence *k* uses `seed + k`.
    ///   - graph: The starting graph.
    ///   - edits: Turns random numbers into edits (with the tool's kinds).
    /// - Returns: Totals and the violations found, each prefixed with its seed.
    public static func run(
        sequences: Int, length: Int, seed: UInt64 = 1, from graph: Graph = Graph(),
        edits: RandomEdits = RandomEdits()
    ) -> Report {
        var report = Report()
        for sequence in 0..<sequences {
            var generator = SplitMix64(seed: seed &+ UInt64(sequence))
            var checker = GraphChecker(graph: graph)
            for _ in 0..<length { checker.apply(edits.edit(from: generator.next(), in: checker.graph)) }
            checker.checkUndoAll()
            report.sequences += 1
            report.applied += checker.appliedCount
            report.refused += checker.refusedCount
            report.violations += checker.violations.map { "seed \(seed &+ UInt64(sequence)): \($0)" }
        }
        return report
    }

    /// The totals of ``run(sequences:length:seed:from:edits:)``.
    public struct Report: Sendable {
        /// Sequences run.
        public var sequences = 0
        /// Edits applied.
        public var applied = 0
        /// Edits refused.
        public var refused = 0
        /// Broken promises, each naming its seed.
        public var violations: [String] = []
    }
}

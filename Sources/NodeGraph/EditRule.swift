/// A tool's rule over edits: asked after every edit, undo and redo a ``GraphDocument`` makes
/// (in the editor, in `replay`, in `watch`, in a recovery), with the graph as it would be, and
/// refusing what the tool does not allow. A refusal puts everything back: the graph, the
/// history, and observers never hear of it.
///
/// ```swift
/// struct FanOutRule: EditRule {
///     func refusal(of proposal: ProposedEdit) -> String? {
///         let graph = proposal.levelGraph
///         for node in proposal.linkedFrom where graph.dependents(of: node).count > 4 {
///             return "fan-out of \(graph.name(of: node) ?? node.rawValue) is limited to 4"
///         }
///         return nil
///     }
/// }
/// document.rule = FanOutRule()
/// ```
public protocol EditRule: Sendable {
    /// Why a change must not stand, or `nil` to let it.
    /// - Parameter proposal: The change, how it came, and the graph with it made.
    /// - Returns: The reason, in one line (a refused journal line and the status line show it).
    func refusal(of proposal: ProposedEdit) -> String?
}

/// A change a ``GraphDocument`` made and asks its ``EditRule`` about.
public struct ProposedEdit {
    /// How the change came.
    public enum Origin: Hashable, Sendable {
        /// An edit applied.
        case edit
        /// An undo: ``ProposedEdit/edit`` is the inverse of the step undone.
        case undo
        /// A redo: ``ProposedEdit/edit`` is the step redone.
        case redo
    }

    /// The change: the edit made (for an undo, the inverse applied) and what it recomputed.
    public let change: Change
    /// How it came.
    public let origin: Origin
    /// The whole graph with the change made.
    public let graph: Graph

    /// Describes a proposal.
    /// - Parameters:
    ///   - change: The change made.
    ///   - origin: How it came.
    ///   - graph: The graph with it made.
    public init(change: Change, origin: Origin, graph: Graph) {
        self.change = change
        self.origin = origin
        self.graph = graph
    }

    /// The edit made, as applied (an edit inside a definition is wrapped in
    /// ``Edit/inside(definition:_:)``).
    public var edit: Edit { change.edit }

    /// The definition (group) the edit is inside, or `nil` at the top level: the innermost
    /// definition every part of it is inside.
    public var definition: String? { Self.definition(of: edit) }

    /// The graph at the edit's level: the definition's inside one, else the whole graph.
    public var levelGraph: Graph {
        definition.flatMap { graph.definition(named: $0)?.graph } ?? graph
    }

    /// The edit's parts at its level, in order: batches flattened, the definition's wrapper
    /// taken off.
    public var edits: [Edit] { Self.flattened(edit) }

    /// The nodes the edit links from (links and toggled links), at its level, each once, in order.
    public var linkedFrom: [NodeID] {
        var seen = Set<NodeID>()
        return edits.compactMap { edit -> NodeID? in
            switch edit {
            case .link(let from, _, _), .toggleLink(let from, _, _): seen.insert(from).inserted ? from : nil
            default: nil
            }
        }
    }

    private static func definition(of edit: Edit) -> String? {
        switch edit {
        case .inside(let kind, let inner): definition(of: inner) ?? kind
        case .batch(let edits):
            edits.isEmpty
                ? nil : Set(edits.map { definition(of: $0) }).count == 1 ? definition(of: edits[0]) : nil
        default: nil
        }
    }

    private static func flattened(_ edit: Edit) -> [Edit] {
        switch edit {
        case .batch(let edits): edits.flatMap(flattened)
        case .inside(_, let inner): flattened(inner)
        default: [edit]
        }
    }
}

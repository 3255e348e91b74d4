import NodeGraph

/// Turns plain numbers into edits against a graph, so any source of numbers (a seeded generator,
/// a property-testing library that shrinks them, a fuzzer's bytes) drives random editing.
///
/// Most edits are valid; some deliberately name unknown nodes or slots, close cycles, or mix
/// types, so refusals are exercised too. Groups are covered: grouping a few nodes, ungrouping,
/// new instances of the graph's definitions, edits inside a definition (group inputs added and
/// removed, inputs reordered, instances of other definitions, loops refused) and removing a
/// definition.
public struct RandomEdits: Sendable {
    /// The kinds new nodes are drawn from.
    public var registry: KindRegistry

    /// Creates an edit source.
    /// - Parameter registry: The kinds new nodes are drawn from; the graph must accept them.
    public init(registry: KindRegistry = .standard) { self.registry = registry }

    /// The edit that `code` denotes against `graph`.
    /// - Parameters:
    ///   - code: Any number; its bits choose the operation and its operands.
    ///   - graph: The graph the edit will be applied to.
    /// - Returns: An edit, possibly one the graph will refuse.
    /// - Complexity: O(*n*) for collecting the graph's identifiers.
    public func edit(from code: UInt64, in graph: Graph) -> Edit {
        let definitions = graph.definitions
        let level = Level(
            ids: graph.nodeIDs.sorted(), kinds: newKinds(definitions: definitions, inside: false))
        return edit(from: code, at: level, definitions: definitions, depth: 0)
    }

    /// A level's nodes and the kinds a new node there may have (name, and whether it holds a number).
    private struct Level {
        var ids: [NodeID]
        var kinds: [(name: String, holdsNumber: Bool)]
        var definition: Definition?
    }

    private func newKinds(definitions: [Definition], inside: Bool) -> [(name: String, holdsNumber: Bool)] {
        // Live sources belong at the top level only: inside, they would always be refused.
        registry.kinds.filter { !(inside && $0 is any LiveSourceKind) }.map {
            ($0.name, $0.parameterType == .number)
        }
            + definitions.map { ($0.kind, false) }
            + (inside ? [(GroupInputKind.kindName, true)] : [])
    }

    private func edit(from code: UInt64, at level: Level, definitions: [Definition], depth: Int) -> Edit {
        var bits = Bits(code)
        let operation = bits.take(40)
        let ids = level.ids
        func node() -> NodeID {
            if ids.isEmpty || bits.take(16) == 0 { return NodeID("ghost\(bits.take(4))") }
            return ids[bits.take(ids.count)]
        }
        func slot() -> Int { bits.take(8) == 0 ? 3 + bits.take(3) : bits.take(3) }
        let kinds = level.kinds
        switch operation {
        case 0..<6 where ids.count < 60, 0..<2:
            let kind = kinds[bits.take(kinds.count)]
            let id = NodeID("n\(bits.take(4096))")
            let value: Value? = kind.holdsNumber ? .number(Double(bits.take(11)) - 5) : nil
            return .addNode(
                NodeDescription(
                    id: id, kind: kind.name, position: Position(x: bits.take(80), y: bits.take(40)),
                    value: value))
        case 6..<14: return .link(from: node(), to: node(), slot: slot())
        case 14..<16: return .unlink(to: node(), slot: slot())
        case 16..<19: return .toggleLink(from: node(), to: node(), slot: slot())
        case 19..<23: return .setValue(node: node(), value: .number(Double(bits.take(11)) - 5))
        case 23:
            // A formula set: variables kept, dropped and added, one without any, one that does
            // not parse.
            let formulas = ["a + b", "b * c - a", "x", "2 * pi", "(a", "c / b % a", "a ^ x"]
            return .setFormula(node: node(), formula: formulas[bits.take(formulas.count)])
        case 24..<26:
            return .setKind(
                node: node(), kind: bits.take(10) == 0 ? "nonsense" : kinds[bits.take(kinds.count)].name)
        case 26: return .rename(node: node(), name: bits.take(8) == 0 ? "" : "Node \(bits.take(100))")
        case 27:
            // Now and then a bypass (of a source too, which is refused) instead of a move.
            if bits.take(3) == 0 { return .setBypass(node: node(), bypassed: bits.take(3) != 0) }
            return .move(node: node(), to: Position(x: bits.take(120), y: bits.take(60)))
        case 28..<30: return .removeNode(node())
        case 30..<32:
            guard depth == 0 else { return .move(node: node(), to: Position(x: 1, y: 1)) }
            var generator = SplitMix64(seed: code)
            let count = 2 + bits.take(3)
            return .batch(
                (0..<count).map { _ in
                    edit(from: generator.next(), at: level, definitions: definitions, depth: 1)
                })
        case 32..<35:
            let members = (0..<1 + bits.take(4)).map { _ in node() }
            let number = bits.take(64)
            let id = bits.take(2) == 0 ? members[0] : NodeID("i\(bits.take(4096))")
            return .group(nodes: members, kind: "g\(number)", name: "Group \(number)", id: id)
        case 35: return .ungroup(node())
        case 36..<39 where depth == 0 && level.definition == nil && !definitions.isEmpty:
            let definition = definitions[bits.take(definitions.count)]
            if bits.take(6) == 0 {
                var order = definition.inputs
                if order.count > 1 { order.swapAt(0, bits.take(order.count)) }
                return .inside(definition: definition.kind, .setInputOrder(order))
            }
            let inner = Level(
                ids: definition.graph.nodeIDs.sorted(),
                kinds: newKinds(definitions: definitions, inside: true), definition: definition)
            let edit = edit(
                from: UInt64(bits.take(1 << 30)) &+ code >> 7, at: inner, definitions: definitions, depth: 0)
            return .inside(definition: definition.kind, edit)
        default:
            guard !definitions.isEmpty, level.definition == nil, bits.take(3) == 0 else {
                return .ungroup(node())
            }
            return .removeDefinition(definitions[bits.take(definitions.count)].kind)
        }
    }
}

/// Draws small numbers from the bits of one number, re-mixing when they run low.
struct Bits {
    private var generator: SplitMix64
    private var value: UInt64

    init(_ code: UInt64) {
        generator = SplitMix64(seed: code)
        value = code
    }

    /// A number in `0..<bound`.
    mutating func take(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let result = Int(value % UInt64(bound))
        value /= UInt64(bound)
        if value < 1 << 20 { value = generator.next() }
        return result
    }
}

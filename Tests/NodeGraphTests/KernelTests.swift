import PropertyBased
import Testing

@testable import NodeGraph

/// One kernel per operation: the graph's arithmetic route, a kind's own `evaluate` and a
/// definition's program over numbers all compute the same value from the same inputs.
@Suite struct KernelTests {
    /// An arithmetic kind that does not declare its kernel: the graph must call its `evaluate`.
    struct ThroughEvaluate: NodeKind {
        let base: ArithmeticKind
        var name: String { "evaluated-" + base.name }
        var title: String { base.title }
        var inputs: [SlotSpec] { base.inputs }
        var outputType: ValueType { .number }
        func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value { try base.evaluate(inputs) }
    }

    static let operations: [ArithmeticKind] = [.add, .subtract, .multiply, .divide]

    /// A graph with three number sources and, for each operation, a node by the graph's kernel
    /// (`add`), one through the kind's `evaluate` (`evaluated-add`) and an instance of a
    /// definition holding the operation (`group-add`).
    static func routes() throws -> Graph {
        var registry = KindRegistry.standard
        for operation in operations { registry.register(ThroughEvaluate(base: operation)) }
        var graph = Graph(registry: registry)
        for source in ["x", "y", "z"] { try graph.addNode(NodeID(source), kind: "number", value: .number(0)) }
        for operation in operations {
            let slots = operation.inputs.indices.map { NodeID(["x", "y", "z"][$0]) as NodeID? }
            try graph.addNode(NodeID("kernel-" + operation.name), kind: operation.name, inputs: slots)
            try graph.addNode(
                NodeID("evaluated-" + operation.name), kind: "evaluated-" + operation.name, inputs: slots)
            let names = operation.inputs.map(\.label)
            let definition = DefinitionDescription(
                kind: "group-" + operation.name, name: "Group " + operation.name,
                inputs: names.map { NodeID($0) },
                output: "result",
                nodes: names.map {
                    NodeDescription(id: NodeID($0), kind: "groupInput", name: $0, value: .number(0))
                }
                    + [NodeDescription(id: "result", kind: operation.name, inputs: names.map { NodeID($0) })])
            try graph.apply(.addDefinition(definition))
            try graph.addNode(
                NodeID("group-" + operation.name), kind: "group-" + operation.name, inputs: slots)
        }
        return graph
    }

    static let number = Gen<Double>.oneOf(
        Gen.double(in: -1e6...1e6), Gen.element(of: [0.0, -0.0, 1, 2, -3, 1e308, -1e308]).compactMap { $0 })

    @Test func everyRouteOfAnOperationComputesTheSameValue() async throws {
        let start = try Self.routes()
        await propertyCheck(count: 200, input: zip(Self.number, Self.number, Self.number)) { x, y, z in
            var graph = start
            try! graph.setValue(.number(x), of: "x")
            try! graph.setValue(.number(y), of: "y")
            try! graph.setValue(.number(z), of: "z")
            for operation in Self.operations {
                let byKernel = graph.value(of: NodeID("kernel-" + operation.name))
                let byKind = graph.value(of: NodeID("evaluated-" + operation.name))
                let byProgram = graph.value(of: NodeID("group-" + operation.name))
                // Errors arise at different nodes (and inside a group, name the way to it): the
                // reasons are the same.
                for other in [byKind, byProgram] {
                    switch (byKernel, other) {
                    case (.error(let expected)?, .error(let error)?):
                        #expect(error.reason == expected.reason, "\(operation.name)(\(x), \(y), \(z))")
                    default:
                        #expect(byKernel == other, "\(operation.name)(\(x), \(y), \(z))")
                    }
                }
            }
        }
    }

    @Test func theAddKindsEvaluateIsTheKernelToTheSignOfZero() throws {
        let inputs = KindInputs(values: [.number(-0.0), .number(-0.0), .number(-0.0)])
        let sum = try #require(try ArithmeticKind.add.evaluate(inputs).number)
        #expect(sum.bitPattern == Kernel.addThree(-0.0, -0.0, -0.0).bitPattern)
        #expect(sum.sign == .minus, "(-0 + -0) + -0 is -0, as the graph's add computes it")
    }

    @Test func theAddOfAnyCountIsTheAddOfThreeOverThreeOperands() {
        let operands = [0.1, 0.2, 0.3]
        #expect(Kernel.add(count: 3) { operands[$0] } == Kernel.addThree(0.1, 0.2, 0.3))
        #expect(Kernel.add(count: 0) { operands[$0] } == 0)
    }
}

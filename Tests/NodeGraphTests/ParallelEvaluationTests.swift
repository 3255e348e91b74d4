import NodeGraphTesting
import PropertyBased
import Synchronization
import Testing

@testable import NodeGraph

#if canImport(Glibc)
    import Glibc
#endif

/// `x × 2 − y`, an error for a negative `x`: a kind that evaluates on any thread and says it
/// costs a millisecond (so its nodes are evaluated in parallel), while costing nothing.
struct WeighKind: NodeKind {
    let name = "weigh"
    let title = "Weigh"
    let inputs = [SlotSpec("x", .number), SlotSpec("y", .number)]
    let outputType = ValueType.number
    var evaluatesOnAnyThread: Bool { true }
    var evaluationCost: Duration { .milliseconds(1) }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        guard inputs.number(0) >= 0 else { throw EvaluationFailure("negative weight") }
        return .number(inputs.number(0) * 2 - inputs.number(1))
    }
}

/// Counts its evaluations (from any thread) and notes whether any ran off the thread that
/// created the counter; its value is its input plus one.
final class EvaluationLog: Sendable {
    let count = Atomic<Int>(0)
    let offThread = Atomic<Bool>(false)
    let thread = pthread_self()
}

struct CountedKind: NodeKind {
    let name: String
    let title = "Counted"
    let inputs = [SlotSpec("x", .number)]
    let outputType = ValueType.number
    let log: EvaluationLog
    let cost: Duration
    var evaluatesOnAnyThread: Bool { true }
    var evaluationCost: Duration { cost }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        log.count.wrappingAdd(1, ordering: .relaxed)
        if pthread_equal(pthread_self(), log.thread) == 0 { log.offThread.store(true, ordering: .relaxed) }
        return .number(inputs.number(0) + 1)
    }
}

@Suite struct ParallelEvaluationTests {
    static var registry: KindRegistry {
        var registry = KindRegistry.standard
        registry.register(WeighKind())
        return registry
    }

    /// A graph of `width` counted nodes, each fed by the source `s` alone.
    func wide(_ width: Int, log: EvaluationLog, cost: Duration, parallelism: Int) throws -> Graph {
        var registry = KindRegistry.standard
        registry.register(CountedKind(name: "counted", log: log, cost: cost))
        var graph = Graph(registry: registry)
        graph.parallelism = parallelism
        try graph.addNode("s", kind: "number", value: .number(1))
        for index in 0..<width { try graph.addNode(NodeID("c\(index)"), kind: "counted", inputs: ["s"]) }
        return graph
    }

    @Test func randomEditsGiveTheSameValuesAndChangesInParallelAsInSequence() async {
        let edits = RandomEdits(registry: Self.registry)
        await propertyCheck(count: 200, input: Gen.uint64().array(of: 1...60)) { codes in
            var sequential = Graph(registry: Self.registry)
            sequential.parallelism = 1
            var parallel = Graph(registry: Self.registry)
            parallel.parallelism = 4
            for code in codes {
                let edit = edits.edit(from: code, in: sequential)
                let inSequence = Result { () throws(GraphError) in try sequential.apply(edit) }
                let inParallel = Result { () throws(GraphError) in try parallel.apply(edit) }
                switch (inSequence, inParallel) {
                case (.success(let expected), .success(let change)):
                    #expect(change.recomputed == expected.recomputed, "\(edit)")
                    #expect(change.inverse == expected.inverse, "\(edit)")
                case (.failure(let expected), .failure(let error)):
                    #expect(error == expected, "\(edit)")
                default:
                    Issue.record("\(edit): \(inSequence) in sequence, \(inParallel) in parallel")
                }
                #expect(parallel.currentValues() == sequential.currentValues(), "after \(edit)")
            }
            #expect(parallel == sequential)
            var fromScratch = parallel
            fromScratch.evaluateAll()
            #expect(fromScratch.currentValues() == sequential.valuesFromScratch())
        }
    }

    @Test func aWideGraphIsEvaluatedInParallelEachNodeOnce() throws {
        let log = EvaluationLog()
        var graph = try wide(400, log: log, cost: .milliseconds(1), parallelism: 2)
        #expect(graph.evaluatesInParallel)
        var sequential = graph
        sequential.parallelism = 1
        log.count.store(0, ordering: .relaxed)
        let change = try graph.setValue(.number(5), of: "s")
        #expect(log.count.load(ordering: .relaxed) == 400, "each node exactly once")
        #expect(change.recomputed.count == 401)
        #expect(try sequential.setValue(.number(5), of: "s").recomputed == change.recomputed)
        #expect((0..<400).allSatisfy { graph.value(of: NodeID("c\($0)")) == .number(6) })
        log.count.store(0, ordering: .relaxed)
        #expect(graph.evaluateAll() == 401)
        #expect(log.count.load(ordering: .relaxed) == 400)
    }

    @Test func nodesThatTogetherCostLessThanTheThresholdStayOnTheGraphsThread() throws {
        let log = EvaluationLog()
        var graph = try wide(10, log: log, cost: .microseconds(2), parallelism: 4)
        #expect(graph.evaluatesInParallel, "a kind of 2 µs may be evaluated in parallel")
        log.count.store(0, ordering: .relaxed)
        try graph.setValue(.number(2), of: "s")
        graph.evaluateAll()
        #expect(log.count.load(ordering: .relaxed) == 20)
        let offThread = log.offThread.load(ordering: .relaxed)
        #expect(!offThread, "10 × 2 µs is below the threshold")
    }

    @Test func kindsCheaperThanAMicrosecondNeverTakeTheParallelRoute() throws {
        let log = EvaluationLog()
        let graph = try wide(10, log: log, cost: .nanoseconds(100), parallelism: 4)
        #expect(!graph.evaluatesInParallel)
    }

    @Test func theCalculatorsKindsNeverTakeTheParallelRoute() throws {
        var graph = Graph()
        graph.parallelism = 8
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("sum", kind: "add", inputs: ["one"])
        #expect(!graph.evaluatesInParallel)
    }

    @Test func parallelismBelowOneIsSequential() {
        var graph = Graph(registry: Self.registry)
        graph.parallelism = 0
        #expect(graph.parallelism == 1)
    }

    @Test func anErrorFlowsDownstreamOfAParallelNodeAsInSequence() throws {
        var graph = Graph(registry: Self.registry)
        graph.parallelism = 2
        try graph.addNode("x", kind: "number", value: .number(-1))
        try graph.addNode("a", kind: "weigh", inputs: ["x"])
        try graph.addNode("b", kind: "weigh", inputs: ["x"])
        try graph.addNode("after", kind: "weigh", inputs: ["a", "b"])
        guard case .error(let error) = graph.value(of: "after") else {
            Issue.record("no error downstream")
            return
        }
        #expect(error.reason == "negative weight")
        #expect(error.origin == "a")
        var sequential = graph
        sequential.parallelism = 1
        let change = try graph.setValue(.number(3), of: "x")
        #expect(Set(change.recomputed) == ["x", "a", "b", "after"])
        #expect(try sequential.setValue(.number(3), of: "x").recomputed == change.recomputed)
        #expect(graph.value(of: "after") == .number(6))
    }
}

import NodeGraph
import Synchronization
import Testing

/// Which computations of ``Tenfold`` may finish, and what each did: the test opens the gate for
/// an input, and sees which computations started and which were cancelled.
private final class Gate: Sendable {
    private struct State {
        var open: Set<Double> = []
        var started: [Double] = []
        var cancelled: [Double] = []
        var finished: [Double] = []
    }
    private let state = Mutex(State())

    func open(_ input: Double) { state.withLock { _ = $0.open.insert(input) } }
    var started: [Double] { state.withLock { $0.started } }
    var cancelled: [Double] { state.withLock { $0.cancelled } }
    var finished: [Double] { state.withLock { $0.finished } }

    /// Waits until the gate opens for `input`; throws `CancellationError` when cancelled first,
    /// unless `ignoringCancellation` (a computation that finishes anyway).
    func pass(_ input: Double, ignoringCancellation: Bool) async throws {
        state.withLock { $0.started.append(input) }
        while !state.withLock({ $0.open.contains(input) }) {
            do {
                try await Task.sleep(for: .milliseconds(2))
            } catch {
                state.withLock { $0.cancelled.append(input) }
                if !ignoringCancellation { throw error }
            }
        }
        state.withLock { $0.finished.append(input) }
    }
}

/// A background kind: ten times its input, once the gate opens for that input. A negative input
/// fails with a reason; -99 throws an error that is not an ``EvaluationFailure``.
private struct Tenfold: BackgroundKind {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the server refused" }
    }

    let gate: Gate
    var ignoresCancellation = false
    let name = "tenfold"
    let title = "Tenfold"
    let inputs = [SlotSpec("x", .number)]
    let outputType = ValueType.number

    func compute(_ inputs: KindInputs) async throws -> Value {
        let x = inputs.number(0)
        try await gate.pass(x, ignoringCancellation: ignoresCancellation)
        if x == -99 { throw Refused() }
        if x < 0 { throw EvaluationFailure("no negative numbers") }
        return .number(x * 10)
    }
}

/// Counts its evaluations: the sum of its inputs.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

private struct CountingSum: NodeKind {
    let counter: Counter
    let name = "countingSum"
    let title = "Sum"
    let inputs = [SlotSpec("x", .number), SlotSpec("y", .number)]
    let outputType = ValueType.number

    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        counter.increment()
        return .number(inputs.number(0) + inputs.number(1))
    }
}

/// `x` (a number) → `slow` (tenfold) → `double` (slow + slow), with `sum` counting its evaluations.
private func slowGraph(_ gate: Gate, _ counter: Counter = Counter(), ignoresCancellation: Bool = false)
    throws -> Graph
{
    var registry = KindRegistry.standard
    registry.register(Tenfold(gate: gate, ignoresCancellation: ignoresCancellation))
    registry.register(CountingSum(counter: counter))
    var graph = Graph(registry: registry)
    try graph.addNode("x", kind: "number", value: .number(1))
    try graph.addNode("slow", kind: "tenfold", inputs: ["x"])
    try graph.addNode("double", kind: "countingSum", inputs: ["slow", "slow"])
    return graph
}

/// Waits (a bounded time) until `condition` holds.
private func eventually(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    for _ in 0..<2_500 where !condition() {
        try? await Task.sleep(for: .milliseconds(2))
    }
    #expect(condition(), sourceLocation: sourceLocation)
}

@Suite struct BackgroundKindTests {
    @Test func aBackgroundNodeIsPendingAndSoIsEverythingDownstreamWithoutEvaluating() throws {
        let counter = Counter()
        let graph = try slowGraph(Gate(), counter)
        #expect(graph.value(of: "slow") == .pending)
        #expect(graph.value(of: "double") == .pending)
        #expect(counter.value == 0)
        #expect(Value.pending.description == "…")
        try graph.checkInvariants()
    }

    @Test func aCompletedResultClearsPendingDownstreamEachNodeOnceInOrder() async throws {
        let gate = Gate()
        let counter = Counter()
        var graph = try slowGraph(gate, counter)
        let runner = BackgroundRunner()
        runner.follow(graph)
        #expect(runner.runningCount == 1)
        gate.open(1)
        let results = await runner.results()
        #expect(results == [BackgroundResult(node: "slow", inputs: [.number(1)], value: .number(10))])
        let change = graph.applyBackgroundResults(results)
        #expect(change.sources == ["slow"])
        #expect(Array(change.recomputed) == ["slow", "double"])
        #expect(graph.value(of: "slow") == .number(10))
        #expect(graph.value(of: "double") == .number(20))
        #expect(counter.value == 1)
        #expect(graph.backgroundRequest(for: "slow")?.node == nil)
        try graph.checkInvariants()
    }

    @Test func anInstanceFedByAPendingNodeIsPendingUntilTheResultArrives() throws {
        var graph = try slowGraph(Gate())
        try graph.group(["double"], kind: "twice", name: "Twice", id: "t")
        #expect(graph.value(of: "t") == .pending)
        graph.applyBackgroundResults([
            BackgroundResult(node: "slow", inputs: [.number(1)], value: .number(10))
        ])
        #expect(graph.value(of: "t") == .number(20))
    }

    @Test func underObservationABackgroundNodeIsNeverLeftStaleSoItsRunnerHearsOfIt() throws {
        var graph = try slowGraph(Gate())
        let shown = graph.observe(["x"])
        let change = try graph.setValue(.number(2), of: "x")
        #expect(change.recomputed.contains("slow"))
        #expect(!graph.isStale("slow"))
        #expect(graph.value(of: "double") == .pending)
        #expect(graph.backgroundRequest(for: "slow")?.inputs.values == [.number(2)])
        shown.end()
    }

    @Test func aCompletionRecomputesEachDependentExactlyOnceAfterItsInputs() throws {
        let counter = Counter()
        var graph = try slowGraph(Gate(), counter)
        // A diamond below the slow node: slow → a, slow → b, a + b → c.
        try graph.addNode("a", kind: "countingSum", inputs: ["slow", "x"])
        try graph.addNode("b", kind: "countingSum", inputs: ["x", "slow"])
        try graph.addNode("c", kind: "countingSum", inputs: ["a", "b"])
        #expect(counter.value == 0)
        let change = graph.applyBackgroundResults([
            BackgroundResult(node: "slow", inputs: [.number(1)], value: .number(10))
        ])
        let order = Array(change.recomputed)
        #expect(Set(order) == ["slow", "double", "a", "b", "c"])
        #expect(order.count == 5)
        #expect(order.first == "slow")
        #expect(order.firstIndex(of: "c")! > order.firstIndex(of: "a")!)
        #expect(order.firstIndex(of: "c")! > order.firstIndex(of: "b")!)
        #expect(counter.value == 4)
        #expect(graph.value(of: "c") == .number(22))
    }

    @Test func aNewerInputCancelsTheRunningComputationAndItsResultIsNeverApplied() async throws {
        let gate = Gate()
        var graph = try slowGraph(gate)
        let runner = BackgroundRunner()
        runner.follow(graph)
        await eventually { gate.started == [1] }
        let change = try graph.setValue(.number(2), of: "x")
        runner.follow(graph, nodes: change.recomputed)
        await eventually { gate.cancelled == [1] }
        gate.open(1)
        gate.open(2)
        let results = await runner.results()
        #expect(results == [BackgroundResult(node: "slow", inputs: [.number(2)], value: .number(20))])
        graph.applyBackgroundResults(results)
        #expect(graph.value(of: "slow") == .number(20))
        #expect(gate.started == [1, 2])
        #expect(runner.isIdle)
    }

    @Test func aSupersededComputationThatFinishesAnywayIsDropped() async throws {
        let gate = Gate()
        var graph = try slowGraph(gate, ignoresCancellation: true)
        let runner = BackgroundRunner()
        runner.follow(graph)
        await eventually { gate.started == [1] }
        let change = try graph.setValue(.number(2), of: "x")
        runner.follow(graph, nodes: change.recomputed)
        await eventually { gate.cancelled.contains(1) }
        gate.open(1)
        await eventually { gate.finished == [1] }
        #expect(runner.takeResults().isEmpty)
        #expect(graph.value(of: "slow") == .pending)
        gate.open(2)
        let results = await runner.results()
        #expect(results.map(\.value) == [.number(20)])
    }

    @Test func aResultComputedFromOtherInputsThanTheNodesIsSkipped() throws {
        var graph = try slowGraph(Gate())
        try graph.setValue(.number(2), of: "x")
        let before = graph
        let change = graph.applyBackgroundResults([
            BackgroundResult(node: "slow", inputs: [.number(1)], value: .number(10)),
            BackgroundResult(node: "gone", inputs: [], value: .number(1)),
            BackgroundResult(node: "double", inputs: [.number(1)], value: .number(1)),
        ])
        #expect(change.sources.isEmpty)
        #expect(change.recomputed.isEmpty)
        #expect(graph == before)
        #expect(graph.value(of: "slow") == .pending)
    }

    @Test func aFailureOfTheComputationIsAnErrorValueNamingTheNode() async throws {
        let gate = Gate()
        var graph = try slowGraph(gate)
        try graph.setValue(.number(-1), of: "x")
        let runner = BackgroundRunner()
        runner.follow(graph)
        gate.open(-1)
        graph.applyBackgroundResults(await runner.results())
        let error = ValueError(reason: "no negative numbers", origin: "slow")
        #expect(graph.value(of: "slow") == .error(error))
        #expect(graph.value(of: "double") == .error(error))
    }

    @Test func anotherErrorThrownByTheComputationIsAnErrorValueWithItsDescription() async throws {
        let gate = Gate()
        var graph = try slowGraph(gate)
        try graph.setValue(.number(-99), of: "x")
        let runner = BackgroundRunner()
        runner.follow(graph)
        gate.open(-99)
        graph.applyBackgroundResults(await runner.results())
        #expect(graph.value(of: "slow") == .error(ValueError(reason: "the server refused", origin: "slow")))
    }

    @Test func aBackgroundNodeFedByAPendingOneStartsWhenThatOneCompletes() async throws {
        let gate = Gate()
        var graph = try slowGraph(gate)
        try graph.addNode("slower", kind: "tenfold", inputs: ["slow"])
        #expect(graph.backgroundRequest(for: "slower")?.node == nil)  // its input is pending
        let runner = BackgroundRunner()
        runner.follow(graph)
        #expect(runner.runningCount == 1)
        gate.open(1)
        let first = graph.applyBackgroundResults(await runner.results())
        runner.follow(graph, nodes: first.recomputed)
        #expect(graph.value(of: "slower") == .pending)
        #expect(runner.runningCount == 1)
        gate.open(10)
        graph.applyBackgroundResults(await runner.results())
        #expect(graph.value(of: "slower") == .number(100))
    }

    @Test func removingABackgroundNodeCancelsItsComputation() async throws {
        let gate = Gate()
        var graph = try slowGraph(gate)
        let runner = BackgroundRunner()
        runner.follow(graph)
        await eventually { gate.started == [1] }
        let change = try graph.apply(.removeNode("slow"))
        runner.follow(graph, nodes: change.recomputed)
        #expect(runner.runningCount == 0)
        await eventually { gate.cancelled == [1] }
        #expect(await runner.results().isEmpty)
    }

    @Test func resultsAreNotEditsUndoAndEditObserversNeverSeePending() async throws {
        let gate = Gate()
        let document = GraphDocument(graph: try slowGraph(gate))
        var heard: [Change] = []
        document.observe { heard.append($0) }
        let runner = BackgroundRunner()
        runner.follow(document.graph)
        gate.open(1)
        let applied = document.applyBackgroundResults(await runner.results())
        #expect(applied.sources == ["slow"])
        #expect(heard.isEmpty)
        #expect(!document.history.canUndo)
        #expect(!document.isModified)

        let change = try document.apply(.setValue(node: "x", value: .number(2)))
        #expect(document.graph.value(of: "slow") == .pending)
        runner.follow(document.graph, nodes: change.recomputed)
        gate.open(2)
        document.applyBackgroundResults(await runner.results())
        #expect(document.graph.value(of: "slow") == .number(20))
        let undone = try document.undo()
        #expect(document.graph.value(of: "slow") == .pending)  // x is 1 again: computed anew
        runner.follow(document.graph, nodes: undone.recomputed)
        document.applyBackgroundResults(await runner.results())
        #expect(document.graph.value(of: "slow") == .number(10))
        #expect(heard.count == 2)
        let recorded = "\(document.history.undoSteps) \(document.history.redoSteps) \(heard.map(\.edit))"
        #expect(!recorded.contains("pending"))
        #expect(!recorded.contains("…"))
    }

    @Test func aBackgroundKindIsRefusedInsideADefinition() throws {
        var graph = try slowGraph(Gate())
        let before = graph
        #expect(
            throws: GraphError.inDefinition(
                "wrapped", .backgroundKindInDefinition(node: "slow", kind: "tenfold"))
        ) {
            try graph.group(["slow"], kind: "wrapped", name: "Wrapped", id: "w")
        }
        #expect(graph == before)
        #expect(
            GraphError.backgroundKindInDefinition(node: "s", kind: "tenfold").description
                == "'s' computes in the background (tenfold): it cannot be inside a definition; keep it outside and link it to the group's input"
        )
    }

    @Test func aGraphWithoutBackgroundKindsHasNoBackgroundNodes() throws {
        var graph = Graph()
        try graph.addNode("one", kind: "number", value: .number(1))
        #expect(graph.backgroundNodes.isEmpty)
        #expect(!graph.hasBackgroundKinds)
        #expect(graph.backgroundRequest(for: "one")?.node == nil)
        #expect(try slowGraph(Gate()).backgroundNodes == ["slow"])
    }
}

/// The example of EvaluationModes.md's section "Background kinds", as it is written there.
private struct SlowSquare: BackgroundKind {
    let name = "slowSquare"
    let title = "Slow square"
    let inputs = [SlotSpec("x", .number)]
    let outputType = ValueType.number
    func compute(_ inputs: KindInputs) async throws -> Value {
        try await Task.sleep(for: .milliseconds(10))  // throws when cancelled
        return .number(inputs.number(0) * inputs.number(0))
    }
}

@Suite struct BackgroundKindExampleTests {
    @Test func theArticlesSlowSquareArrivesAndTotalFollows() async throws {
        var registry = KindRegistry.standard
        registry.register(SlowSquare())
        var graph = Graph(registry: registry)
        try graph.addNode("x", kind: "number", value: .number(3))
        try graph.addNode("square", kind: "slowSquare", inputs: ["x"])
        try graph.addNode("total", kind: "add", inputs: ["square", "x"])
        #expect(graph.value(of: "total") == .pending)

        let runner = BackgroundRunner()
        runner.follow(graph)
        let change = graph.applyBackgroundResults(await runner.results())
        #expect(Array(change.recomputed) == ["square", "total"])
        #expect(graph.value(of: "total") == .number(12))
    }
}

import Foundation
import NodeCanvas
import NodeGraph
import Synchronization
import Testing

@testable import NodeTerminal

/// The inputs whose computations may end.
private final class Release: Sendable {
    private let inputs = Mutex<Set<Double>>([])
    func release(_ input: Double) { inputs.withLock { _ = $0.insert(input) } }
    func isReleased(_ input: Double) -> Bool { inputs.withLock { $0.contains(input) } }
}

/// Half its input, once the test releases that input: the test decides when a computation ends.
private struct Halving: BackgroundKind {
    let released: Release
    let name = "halving"
    let title = "Halving"
    let inputs = [SlotSpec("x", .number)]
    let outputType = ValueType.number

    func compute(_ inputs: KindInputs) async throws -> Value {
        let x = inputs.number(0)
        while !released.isReleased(x) { try await Task.sleep(for: .milliseconds(2)) }
        return .number(x / 2)
    }
}

/// The editor runs background computations: a pending node shows `…`, the session answers keys
/// meanwhile, and a result posted to the event loop is applied there and drawn.
@Suite struct EditorBackgroundTests {
    @Test func aResultPostedToTheSessionReplacesThePendingValueAndAnEditStartsAnother() async throws {
        let released = Release()
        var registry = KindRegistry.standard
        registry.register(Halving(released: released))
        var tool = EditorConfiguration.calculator
        tool.registry = registry
        var graph = Graph(registry: registry)
        try graph.addNode("x", kind: "number", name: "Input", at: Position(x: 2, y: 1), value: .number(8))
        try graph.addNode("half", kind: "halving", name: "Half", at: Position(x: 30, y: 1), inputs: ["x"])
        let session = EditorSession(
            configuration: tool, document: GraphDocument(graph: graph), file: nil, width: 100, height: 30)
        let posted = Mutex(0)
        let runner = BackgroundRunner()
        runner.start { posted.withLock { $0 += 1 } }
        session.attach(runner)
        #expect(session.document.graph.value(of: "half") == .pending)
        #expect(session.frame().rows.contains { $0.contains("│ …") }, "\(session.frame().rows)")

        // A key is answered while it computes.
        session.handle(.tab)
        #expect(session.frame().rows.last?.contains("Input") == true)

        released.release(8)
        for _ in 0..<2_500 where posted.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(2)) }
        session.receive(.backgroundCompleted)
        #expect(session.document.graph.value(of: "half") == .number(4))
        #expect(session.frame().rows.contains { $0.contains("│ 4 ") }, "\(session.frame().rows)")
        #expect(!session.document.isModified)

        // An edit of its input makes it pending again, and starts the computation for the new input.
        session.handle(.character("+"))
        #expect(session.document.graph.value(of: "x") == .number(9))
        #expect(session.document.graph.value(of: "half") == .pending)
        #expect(runner.runningCount == 1)
        released.release(9)
        for _ in 0..<2_500 where posted.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(2)) }
        session.receive(.backgroundCompleted)
        #expect(session.document.graph.value(of: "half") == .number(4.5))
    }
}

import Dispatch
import Synchronization

/// Runs the computations of a graph's pending background nodes (``BackgroundKind``) and collects
/// their results for the thread that owns the graph.
///
/// The runner never touches the graph: the owner tells it what changed (``follow(_:)``,
/// ``follow(_:nodes:)``), it starts, keeps or cancels one task per background node, and each
/// result waits in an inbox until the owner takes them all (``takeResults()``) and applies them
/// in one pass (``Graph/applyBackgroundResults(_:)``). A computation superseded by a newer input
/// is cancelled, and a ticket check drops whatever it delivers afterwards: a late result is
/// never applied.
///
/// ```swift
/// let runner = BackgroundRunner()
/// runner.start { loop.post(.backgroundCompleted) }   // wakes the owner when a result arrives
/// runner.follow(document.graph)                     // after loading
/// runner.follow(document.graph, nodes: change.recomputed)   // after each change
/// // On the owner's thread, when woken:
/// let applied = document.applyBackgroundResults(runner.takeResults())
/// runner.follow(document.graph, nodes: applied.recomputed)
/// ```
///
/// Headless, ``complete(_:)`` runs every computation until nothing is pending.
public final class BackgroundRunner: Sendable {
    private struct Job {
        let ticket: UInt64
        let request: BackgroundRequest
        let task: Task<Void, Never>
    }

    private enum Waiter {
        case blocking(DispatchSemaphore)
        case suspended(CheckedContinuation<Void, Never>)

        func resume() {
            switch self {
            case .blocking(let semaphore): semaphore.signal()
            case .suspended(let continuation): continuation.resume()
            }
        }
    }

    private struct State {
        var nextTicket: UInt64 = 0
        var running: [NodeID: Job] = [:]
        /// Delivered results not yet taken, one per node (the latest), in the order they came.
        var inbox: [BackgroundResult] = []
        var waiters: [Waiter] = []
        var onCompletion: (@Sendable () -> Void)?

        /// Whether a waiter may go on: a result to take, or nothing left running.
        var isSettled: Bool { !inbox.isEmpty || running.isEmpty }

        mutating func takeWaitersIfSettled() -> [Waiter] {
            guard isSettled else { return [] }
            defer { waiters.removeAll() }
            return waiters
        }
    }

    private let state = Mutex(State())

    /// Creates a runner running nothing yet.
    public init() {}

    deinit { cancelAll() }

    /// Sets what to call, on the thread that delivers it, whenever a result arrives: typically a
    /// post to the owner's event loop, which then takes the results.
    /// - Parameter onCompletion: Called once per result delivered.
    public func start(onCompletion: @escaping @Sendable () -> Void) {
        state.withLock { $0.onCompletion = onCompletion }
    }

    /// The number of computations under way.
    public var runningCount: Int { state.withLock { $0.running.count } }

    /// Whether nothing runs and no result waits to be taken.
    public var isIdle: Bool { state.withLock { $0.running.isEmpty && $0.inbox.isEmpty } }

    // MARK: Following the graph

    /// Starts a computation for every background node of the graph that waits for one, and
    /// cancels those no node waits for any more (after loading a graph, or replacing it).
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n*) when a background kind is registered (see ``Graph/backgroundNodes``).
    public func follow(_ graph: Graph) {
        follow(graph, nodes: graph.backgroundNodes)
    }

    /// After a change: for each of `nodes` (typically the nodes it recomputed) and each node
    /// computing now, starts the computation it waits for, keeps one already running for the
    /// same inputs, and cancels one whose inputs changed or that nothing waits for any more.
    /// - Parameters:
    ///   - graph: The graph after the change.
    ///   - nodes: The nodes the change may have touched.
    /// - Complexity: O(*r* + *j*): the nodes given and the computations running; O(*k*) (the
    ///   kinds) for a graph without background kinds.
    public func follow(_ graph: Graph, nodes: some Sequence<NodeID>) {
        var touched = Set(state.withLock { Array($0.running.keys) })
        if graph.hasBackgroundKinds {
            for node in nodes where graph.isBackgroundNode(node) { touched.insert(node) }
        }
        guard !touched.isEmpty else { return }
        let requests = touched.map { ($0, graph.backgroundRequest(for: $0)) }
        let waiters = state.withLock { state in
            for (node, request) in requests {
                sync(node, request, in: &state)
            }
            return state.takeWaitersIfSettled()
        }
        for waiter in waiters { waiter.resume() }
    }

    private func sync(_ node: NodeID, _ request: BackgroundRequest?, in state: inout State) {
        if let request, let job = state.running[node], job.request.asksForSameResult(as: request) { return }
        if let request,
            state.inbox.contains(where: {
                $0.node == node && $0.inputs == request.inputs.values
                    && $0.parameter == request.inputs.parameter
            })
        {
            return  // delivered, waiting to be taken
        }
        state.running.removeValue(forKey: node)?.task.cancel()
        guard let request else { return }
        state.nextTicket += 1
        let ticket = state.nextTicket
        let task = Task.detached { [weak self] in
            let result = await request.compute()
            self?.deliver(result, node: node, ticket: ticket)
        }
        state.running[node] = Job(ticket: ticket, request: request, task: task)
    }

    /// Takes a finished computation's result into the inbox, unless a newer one superseded it.
    private func deliver(_ result: BackgroundResult?, node: NodeID, ticket: UInt64) {
        let (accepted, waiters, onCompletion) = state.withLock { state in
            guard state.running[node]?.ticket == ticket else {
                return (false, [Waiter](), state.onCompletion)  // superseded: dropped
            }
            state.running[node] = nil
            if let result {
                state.inbox.removeAll { $0.node == node }
                state.inbox.append(result)
            }
            return (result != nil, state.takeWaitersIfSettled(), state.onCompletion)
        }
        for waiter in waiters { waiter.resume() }
        if accepted { onCompletion?() }
    }

    /// Cancels every computation under way; their results are never delivered.
    public func cancelAll() {
        let (jobs, waiters) = state.withLock { state in
            let jobs = Array(state.running.values)
            state.running.removeAll()
            return (jobs, state.takeWaitersIfSettled())
        }
        for job in jobs { job.task.cancel() }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Results

    /// Takes every result delivered since the last call, one per node (its latest), in the
    /// order they arrived. Apply them together, in one pass.
    /// - Returns: The results; empty when there are none.
    public func takeResults() -> [BackgroundResult] {
        state.withLock { state in
            defer { state.inbox.removeAll() }
            return state.inbox
        }
    }

    /// Blocks the calling thread until a result waits to be taken or nothing runs. Not from a
    /// task (use ``results()``).
    public func waitForResults() {
        let semaphore = DispatchSemaphore(value: 0)
        let mustWait = state.withLock { state in
            if state.isSettled { return false }
            state.waiters.append(.blocking(semaphore))
            return true
        }
        if mustWait { semaphore.wait() }
    }

    /// Waits until a result waits to be taken or nothing runs, then takes the results.
    /// - Returns: The results (empty when nothing ran).
    public func results() async -> [BackgroundResult] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let settled = state.withLock { state in
                if state.isSettled { return true }
                state.waiters.append(.suspended(continuation))
                return false
            }
            if settled { continuation.resume() }
        }
        return takeResults()
    }

    /// Runs every computation the graph waits for, applying each result as it arrives, until no
    /// node waits for one: a background node fed by another starts once that one's result is
    /// applied. Blocks the calling thread (for a command that prints final values).
    /// - Parameter graph: The graph; afterwards no node of it is pending.
    /// - Returns: The results applied, in order (a command that prints each completion reads them).
    @discardableResult
    public func complete(_ graph: inout Graph) -> [SourceChange] {
        var changes: [SourceChange] = []
        follow(graph)
        while !isIdle {
            waitForResults()
            let change = graph.applyBackgroundResults(takeResults())
            if !change.sources.isEmpty { changes.append(change) }
            follow(graph, nodes: change.recomputed)
        }
        return changes
    }
}

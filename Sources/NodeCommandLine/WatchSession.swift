import Foundation
import NodeGraph
import NodeGraphFiles
import NodeGraphSources

/// The write end of the pipe SIGINT and SIGTERM are reported on (written by the handler).
nonisolated(unsafe) private var signalPipe: Int32 = -1
/// The thread that runs the session, which the handler interrupts wherever the signal arrives.
nonisolated(unsafe) private var sessionThread = pthread_t()

/// What `watch` runs: one loop on the main thread waiting for journal lines on standard input,
/// for the live sources' updates, for background computations' results and for SIGINT/SIGTERM,
/// printing what each changes.
struct WatchSession {
    let document: GraphDocument
    let sources: LiveSources
    /// Runs the graph's background computations; each result is printed as it is applied.
    let background = BackgroundRunner()
    let json: Bool
    let maxUpdates: Int?
    /// What the graph's file sources will meet (missing files, paths outside the folder).
    let fileProblems: (Graph) -> [FileSourceProblem]
    /// The values printed last, to tell which nodes changed.
    private var shown: [NodeID: Value] = [:]
    private var printed = 0
    private var lineNumber = 0
    private var pendingInput: [UInt8] = []

    init(
        document: GraphDocument, sources: LiveSources, json: Bool, maxUpdates: Int?,
        fileProblems: @escaping (Graph) -> [FileSourceProblem]
    ) {
        self.document = document
        self.sources = sources
        self.json = json
        self.maxUpdates = maxUpdates
        self.fileProblems = fileProblems
    }

    /// How a session ended.
    enum Ending: Equatable {
        /// Standard input ended without live sources (and every background computation was
        /// printed), the last update allowed was printed, or a signal came.
        case finished
        /// Standard input ended and no live source can ever update: the sources refused for
        /// good (each a file outside the folder without `--allow-outside`).
        case stuck([FileSourceProblem])
    }

    /// Runs until standard input ends without live sources (or with none that can ever update),
    /// the last update allowed, or a signal.
    mutating func run() -> Ending {
        let signals = WatchSession.pipe()
        signalPipe = signals.write
        sessionThread = pthread_self()
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            // No SA_RESTART: a write blocked on a reader that stopped reading returns, sees
            // `endingSignal` and ends. The kernel may deliver the signal to the live sources'
            // thread: then it is passed on to the session's, so that its write returns too.
            action.__sigaction_handler.sa_handler = { number in
                if pthread_equal(pthread_self(), sessionThread) == 0 {
                    pthread_kill(sessionThread, number)
                    return
                }
                endingSignal = number
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(signalPipe, &byte, 1)
            }
            sigaction(number, &action, nil)
        }
        let wake = WatchSession.pipe()
        let wakeWrite = wake.write
        background.start {
            var byte: UInt8 = 2
            _ = Glibc.write(wakeWrite, &byte, 1)
        }
        defer { background.cancelAll() }
        sources.follow(document.graph)
        document.applySourceUpdates(sources.takeUpdates())
        shown = Dictionary(
            uniqueKeysWithValues: document.graph.nodeIDs.compactMap { id in
                document.graph.value(of: id).map { (id, $0) }
            })
        StandardOutput.write(
            lines: json ? [HeadlessOutput.json(document.graph)] : HeadlessOutput.textLines(document.graph))
        background.follow(document.graph)
        if isDone { return .finished }
        sources.start {
            var byte: UInt8 = 1
            _ = Glibc.write(wakeWrite, &byte, 1)
        }
        defer { sources.stop() }
        var inputOpen = true
        var askedWhetherStuck = false
        while !isDone {
            if !inputOpen && !askedWhetherStuck && background.isIdle {
                // Without input no edit changes the sources any more, and every background
                // computation is printed: ask once whether any source can ever update.
                askedWhetherStuck = true
                let live = sources.status.live
                if live == 0 { return .finished }
                let refused = fileProblems(document.graph).filter { $0.kind == .outside }
                if refused.count == live { return .stuck(refused) }
            }
            var descriptors = [
                pollfd(fd: signals.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inputOpen ? 0 : -1, events: Int16(POLLIN), revents: 0),
            ]
            guard Glibc.poll(&descriptors, 3, -1) >= 0 || errno == EINTR else { return .finished }
            if descriptors[0].revents != 0 { return .finished }
            if descriptors[1].revents != 0 {
                WatchSession.drain(wake.read)
                applySourceUpdates()
                applyBackgroundResults()
            }
            if descriptors[2].revents != 0 { inputOpen = readInput() }
        }
        return .finished
    }

    private var isDone: Bool { maxUpdates.map { printed >= $0 } ?? false }

    /// Reads what standard input holds and applies each complete line; returns whether it is
    /// still open.
    private mutating func readInput() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        let isOpen = count > 0
        if isOpen { pendingInput += buffer[..<count] }
        while !isDone, let end = pendingInput.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pendingInput[..<end])
            pendingInput.removeSubrange(...end)
            apply(line)
        }
        if !isOpen && !pendingInput.isEmpty && !isDone {
            apply(pendingInput)
            pendingInput = []
        }
        return isOpen
    }

    /// Applies one journal line and prints what it changed, or why it was refused.
    private mutating func apply(_ bytes: [UInt8]) {
        lineNumber += 1
        guard let line = Journal.lines(in: Data(bytes)).first else { return }  // a blank line
        let number = lineNumber
        let change: Change
        do throws(GraphError) {
            switch line.entry {
            case .failure(let error):
                return printRefusal(line: number, operation: line.operationName, reason: error.reason)
            case .success(.edit(let edit)): change = try document.apply(edit)
            case .success(.undo): change = try document.undo()
            case .success(.redo): change = try document.redo()
            }
        } catch {
            return printRefusal(line: number, operation: line.operationName, reason: error.description)
        }
        sources.follow(document.graph, after: change)
        // A source the line added or set shows its first reading on this line, as in the editor;
        // another source's reading that came meanwhile is printed as its own, after the line.
        let updates = sources.takeUpdates()
        let touched = Set(change.recomputed)
        let started = document.applySourceUpdates(updates.filter { touched.contains($0.node) })
        let removed = WatchSession.removedNodes(by: change.edit).filter { !document.graph.contains($0) }
        let changes =
            changedValues(Array(change.recomputed) + Array(started.recomputed))
            + removed.map { id in
                shown[id] = nil
                return (id, Value?.none)
            }
        background.follow(document.graph, nodes: Array(change.recomputed) + Array(started.recomputed))
        emit(
            json
                ? WatchOutput.json(line: number, changes)
                : WatchOutput.text(line: number, change, changes, in: document.graph))
        applySourceUpdates(updates.filter { !touched.contains($0.node) })
    }

    /// Applies what the sources left and prints what it changed.
    private mutating func applySourceUpdates() {
        applySourceUpdates(sources.takeUpdates())
    }

    private mutating func applySourceUpdates(_ updates: [SourceUpdate]) {
        guard !updates.isEmpty, !isDone else { return }
        printValues(after: document.applySourceUpdates(updates), completed: false)
    }

    /// Applies the results background computations delivered and prints what they changed.
    private mutating func applyBackgroundResults() {
        guard !isDone else { return }
        let results = background.takeResults()
        guard !results.isEmpty else { return }
        printValues(after: document.applyBackgroundResults(results), completed: true)
    }

    /// After source updates or background results: starts what the recomputed background nodes
    /// need and prints the values that changed, naming the sources, or the completed nodes.
    private mutating func printValues(after change: SourceChange, completed: Bool) {
        background.follow(document.graph, nodes: change.recomputed)
        let changes = changedValues(Array(change.recomputed))
        guard !changes.isEmpty else { return }
        let graph = document.graph
        switch (json, completed) {
        case (true, false): emit(WatchOutput.json(sources: change.sources, changes))
        case (false, false): emit(WatchOutput.text(sources: change.sources, changes, in: graph))
        case (true, true): emit(WatchOutput.json(completed: change.sources, changes))
        case (false, true): emit(WatchOutput.text(completed: change.sources, changes, in: graph))
        }
    }

    private mutating func printRefusal(line: Int, operation: String?, reason: String) {
        emit(
            json
                ? WatchOutput.json(line: line, refusal: reason)
                : WatchOutput.text(line: line, operation: operation, refusal: reason))
    }

    private mutating func emit(_ text: String) {
        StandardOutput.write(text)
        printed += 1
    }

    /// The nodes among `recomputed` whose value differs from the one printed last, each once, in
    /// order.
    private mutating func changedValues(_ recomputed: [NodeID]) -> [(NodeID, Value?)] {
        var result: [(NodeID, Value?)] = []
        for id in recomputed {
            let value = document.graph.value(of: id)
            guard value != shown[id] else { continue }
            shown[id] = value
            result.append((id, value))
        }
        return result
    }

    /// The top-level nodes an edit may have removed.
    private static func removedNodes(by edit: Edit) -> [NodeID] {
        switch edit {
        case .removeNode(let id), .ungroup(let id): [id]
        case .group(let nodes, _, _, _): nodes
        case .batch(let edits): edits.flatMap(removedNodes)
        default: []
        }
    }

    private static func pipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        _ = Glibc.pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    private static func drain(_ descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 256)
        while Glibc.read(descriptor, &bytes, bytes.count) > 0 {}
    }
}

/// The lines `watch` prints after the first.
enum WatchOutput {
    /// `{"line":N,"changed":[{"id":…,"value":…},…]}`.
    static func json(line: Int, _ changes: [(NodeID, Value?)]) -> String {
        "{\"line\":\(line),\"changed\":\(json(changes))}"
    }

    /// `{"line":N,"status":"refused","reason":…}`.
    static func json(line: Int, refusal reason: String) -> String {
        "{\"line\":\(line),\"status\":\"refused\",\"reason\":\(JSONValue.string(reason).jsonText)}"
    }

    /// `{"source":"ID","changed":[…]}`, with `"sources":[…]` when several updated together.
    static func json(sources: [NodeID], _ changes: [(NodeID, Value?)]) -> String {
        var text = "{\"source\":" + JSONValue.string(sources.first?.rawValue ?? "").jsonText
        if sources.count > 1 {
            text += ",\"sources\":" + JSONValue.list(sources.map { .string($0.rawValue) }).jsonText
        }
        return text + ",\"changed\":\(json(changes))}"
    }

    /// `{"completed":"ID","changed":[…]}`, with `"completedNodes":[…]` when several background
    /// computations were applied together.
    static func json(completed nodes: [NodeID], _ changes: [(NodeID, Value?)]) -> String {
        var text = "{\"completed\":" + JSONValue.string(nodes.first?.rawValue ?? "").jsonText
        if nodes.count > 1 {
            text += ",\"completedNodes\":" + JSONValue.list(nodes.map { .string($0.rawValue) }).jsonText
        }
        return text + ",\"changed\":\(json(changes))}"
    }

    private static func json(_ changes: [(NodeID, Value?)]) -> String {
        "["
            + changes.map { id, value in
                "{\"id\":" + JSONValue.string(id.rawValue).jsonText + ",\"value\":"
                    + (value.map { JSONValue($0).jsonText } ?? "null") + "}"
            }.joined(separator: ",") + "]"
    }

    /// `line 3: Add (sum): 5; Times (prod): 10`; when no value changed, what the line did:
    /// `line 3: renamed Add (sum) to 'Total'; no value changed`.
    static func text(line: Int, _ change: Change, _ changes: [(NodeID, Value?)], in graph: Graph) -> String {
        guard changes.isEmpty else { return "line \(line): " + text(changes, in: graph) }
        return "line \(line): \(applied(change, in: graph)); no value changed"
    }

    /// What an applied edit did, in words: `renamed Add (sum) to 'Total'`,
    /// `moved Total (sum) to 44, 6`, or `setValue applied`.
    static func applied(_ change: Change, in graph: Graph) -> String {
        func named(_ id: NodeID, _ name: String?) -> String {
            let name = (name ?? "").isEmpty ? id.rawValue : name!
            return "\(name.escapedForMessage) (\(id.rawValue.escapedForMessage))"
        }
        switch change.edit {
        case .rename(let id, let name):
            var old: String?
            if case .rename(_, let previous) = change.inverse { old = previous }
            return "renamed \(named(id, old)) to '\(name.escapedForMessage)'"
        case .move(let id, let position):
            return "moved \(named(id, graph.name(of: id))) to \(position.x), \(position.y)"
        default:
            return "\(change.edit.operationName) applied"
        }
    }

    /// `line 4: link refused: would create a cycle: sum → prod → sum`.
    static func text(line: Int, operation: String?, refusal reason: String) -> String {
        "line \(line): \(operation.map { $0 + " " } ?? "")refused: \(reason)"
    }

    /// `source tick: Clock (tick): 1; Double (d): 2`.
    static func text(sources: [NodeID], _ changes: [(NodeID, Value?)], in graph: Graph) -> String {
        "source \(sources.map(\.rawValue).joined(separator: ", ")): " + text(changes, in: graph)
    }

    /// `completed slow: Slow (slow): 10; Double (d): 20`.
    static func text(completed nodes: [NodeID], _ changes: [(NodeID, Value?)], in graph: Graph) -> String {
        "completed \(nodes.map(\.rawValue).joined(separator: ", ")): " + text(changes, in: graph)
    }

    private static func text(_ changes: [(NodeID, Value?)], in graph: Graph) -> String {
        changes.map { id, value in
            guard let value else { return "\(id) removed" }
            return "\(graph.name(of: id) ?? id.rawValue) (\(id)): \(HeadlessOutput.valueText(value))"
        }.joined(separator: "; ")
    }
}

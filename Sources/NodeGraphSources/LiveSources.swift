import Foundation
import NodeGraph
import Synchronization

/// Runs a graph's standard live sources — a timer per `clock`, the kernel's file notifications
/// (or polling) per `file` — and collects their values for the thread that owns the graph.
///
/// The sources never touch the graph: they leave `SourceUpdate` values in an inbox, and the
/// owner takes them all at once and applies them in one pass
/// (`GraphDocument.applySourceUpdates(_:)`), so updates from several sources that arrive
/// together recompute each downstream node once.
///
/// ```swift
/// let sources = LiveSources(folder: "/home/me/graphs")
/// sources.follow(document.graph)                        // after loading, and after each edit
/// sources.start { loop.mailbox.post(.sourcesUpdated) }  // wakes the owner's event loop
/// // On the owner's thread, when woken:
/// document.applySourceUpdates(sources.takeUpdates())
/// ```
///
/// Time comes from a `Clock`: a test passes a test clock, advances it, and calls ``poll()``
/// itself instead of starting the thread — no test waits for time to pass.
public final class LiveSources: Sendable {
    /// How often a file that cannot be watched (no kernel notifications, `/proc`, a folder that
    /// does not exist yet) is read again, in seconds. A new value is taken once two readings in
    /// a row agree, so a file written slowly never shows half a number: a change shows within
    /// two intervals. A file the kernel makes (`/proc`, `/sys`) is never half written: each new
    /// reading is taken at once.
    public static let pollingInterval = 0.25

    /// How many sources run and which of them fail.
    public struct Status: Hashable, Sendable {
        /// The number of live sources running.
        public var live: Int
        /// The sources whose latest value is an error, by id, with the error's reason.
        public var failing: [NodeID: String]

        /// Creates a status.
        /// - Parameters:
        ///   - live: The number of live sources running.
        ///   - failing: The failing sources and their errors' reasons.
        public init(live: Int, failing: [NodeID: String]) {
            self.live = live
            self.failing = failing
        }
    }

    private let state: Mutex<SourceState>
    /// A tool's runners, by kind.
    private let runners: [String: LiveSourceRunner]
    /// Seconds since the sources were created (the graph opened), by the clock given.
    private let elapsed: @Sendable () -> Double
    /// The thread's stop flag and its wake pipe.
    private let runner = Mutex<Runner?>(nil)

    /// Creates the sources of a graph, running none yet.
    /// - Parameters:
    ///   - folder: The graph file's folder: file sources' paths are relative to it, and a path
    ///     that resolves outside it is refused unless `allowsOutside`.
    ///   - allowsOutside: Whether a file source may read outside the folder (`--allow-outside`).
    ///   - clock: Where time comes from; the system's continuous clock by default.
    ///   - usesNotifications: Whether files are watched with the kernel's notifications
    ///     (inotify) where it offers them; `false` polls every file.
    ///   - runners: A tool's runners for its own live kinds (one per kind).
    public init<C: Clock>(
        folder: String, allowsOutside: Bool = false, clock: C = ContinuousClock(),
        usesNotifications: Bool = true, runners: [LiveSourceRunner] = []
    ) where C.Duration == Duration {
        let start = clock.now
        elapsed = {
            let components = start.duration(to: clock.now).components
            return Double(components.seconds) + Double(components.attoseconds) * 1e-18
        }
        let resolvedFolder = SourceFile.realPath(folder) ?? folder
        state = Mutex(
            SourceState(
                folder: resolvedFolder, allowsOutside: allowsOutside,
                notifications: usesNotifications ? FolderNotifications() : nil))
        let byKind = Dictionary(runners.map { ($0.kind, $0) }, uniquingKeysWith: { _, last in last })
        self.runners = byKind
        state.withLock { $0.runners = byKind }
    }

    deinit { stop() }

    // MARK: Following the graph

    /// Starts, restarts or stops sources so that every `clock` and `file` node of the graph runs
    /// with its current setting. A newly started source leaves its first value at once: a
    /// clock the seconds since the graph opened (at its last tick), a file what it reads.
    /// - Parameter graph: The graph.
    /// - Complexity: O(*n*) to find the graph's live sources.
    public func follow(_ graph: Graph) {
        let live = graph.liveSources
        sync(graph, nodes: live + state.withLock { Array($0.sources.keys) })
    }

    /// ``follow(_:)`` after one change: only the nodes its edit names (a source added, removed,
    /// its setting, kind or bypass changed) and the sources already running are looked at — not
    /// the nodes it recomputed, which may be most of the graph while no source's setting moved.
    /// An edit of groups or definitions (which make and remove nodes of their own) has every
    /// node looked at.
    /// - Parameters:
    ///   - graph: The graph after the change.
    ///   - change: The change.
    /// - Complexity: O(*e* + *s*): the nodes the edit names and the running sources; O(*n*) for
    ///   an edit of groups.
    public func follow(_ graph: Graph, after change: Change) {
        var named: [NodeID] = []
        for edit in change.edit.plainEdits {
            switch edit {
            case .addNode(let description): named.append(description.id)
            case .removeNode(let id), .setValue(let id, _), .setKind(let id, _), .setBypass(let id, _):
                named.append(id)
            case .link, .unlink, .toggleLink, .setFormula, .rename, .move, .setInputOrder:
                continue
            case .batch, .inside, .group, .ungroup, .addDefinition, .removeDefinition:
                follow(graph)
                return
            }
        }
        sync(
            graph, nodes: named.filter { graph.isLiveSource($0) } + state.withLock { Array($0.sources.keys) })
    }

    private func sync(_ graph: Graph, nodes: [NodeID]) {
        let now = elapsed()
        let changed = state.withLock { state in
            var changed = false
            for id in Set(nodes) {
                changed =
                    state.sync(id, setting: Setting(of: id, in: graph, runners: runners), now: now) || changed
            }
            return changed
        }
        if changed { wakeRunner() }
    }

    // MARK: Updates

    /// Does what is due now: ticks the clocks whose time came, reads the files that changed
    /// (or are due to be polled), and leaves the new values in the inbox.
    /// - Returns: Whether the inbox holds updates.
    @discardableResult
    public func poll() -> Bool {
        let now = elapsed()
        return state.withLock { $0.poll(now: now) }
    }

    /// Takes every update left since the last call: one per source (its latest value), in the
    /// order the sources first changed. Apply them together, in one pass.
    /// - Returns: The updates; empty when there are none.
    public func takeUpdates() -> [SourceUpdate] {
        state.withLock { $0.inbox.take() }
    }

    /// How many sources run and which fail.
    public var status: Status {
        state.withLock { state in
            Status(live: state.sources.count, failing: state.failures)
        }
    }

    /// Seconds until something is due (a clock's tick, a file's poll); `nil` when nothing is.
    var secondsUntilDue: Double? {
        let now = elapsed()
        return state.withLock { $0.nextDue.map { Swift.max(0, $0 - now) } }
    }

    /// The notification descriptor to wait on, if files are watched that way.
    var notificationDescriptor: Int32? { state.withLock { $0.notifications?.descriptor } }

    // MARK: The thread

    /// Runs the sources on a thread of their own until ``stop()``: it sleeps until a clock
    /// ticks, a watched file changes or a polled file is due, then polls and, when the inbox
    /// holds updates, calls `onUpdate` (on that thread: post to your event loop from it).
    /// - Parameter onUpdate: Called whenever updates wait in the inbox.
    public func start(onUpdate: @escaping @Sendable () -> Void) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return }
        for end in pipe {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let wake = Runner(read: pipe[0], write: pipe[1])
        let started = runner.withLock { runner -> Bool in
            guard runner == nil else { return false }
            runner = wake
            return true
        }
        guard started else {
            Glibc.close(pipe[0])
            Glibc.close(pipe[1])
            return
        }
        let thread = Thread { [self] in run(wake, onUpdate: onUpdate) }
        thread.name = "live sources"
        thread.start()
    }

    /// Stops the thread, if running, and waits for it to end. Nothing is polled afterwards.
    public func stop() {
        guard
            let wake = runner.withLock({ runner -> Runner? in
                defer { runner = nil }
                return runner
            })
        else { return }
        wake.isStopped.store(true, ordering: .sequentiallyConsistent)
        wake.wake()
        wake.ended.wait()
        Glibc.close(wake.read)
        Glibc.close(wake.write)
    }

    private func wakeRunner() {
        runner.withLock { $0?.wake() }
    }

    private func run(_ wake: Runner, onUpdate: @Sendable () -> Void) {
        defer { wake.ended.signal() }
        while !wake.isStopped.load(ordering: .sequentiallyConsistent) {
            var descriptors = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if let notifications = notificationDescriptor {
                descriptors.append(pollfd(fd: notifications, events: Int16(POLLIN), revents: 0))
            }
            let timeout = secondsUntilDue.map { Int32(Swift.min(60_000, ($0 * 1000).rounded(.up))) } ?? -1
            _ = Glibc.poll(&descriptors, nfds_t(descriptors.count), timeout)
            var drained = [UInt8](repeating: 0, count: 64)
            while Glibc.read(wake.read, &drained, drained.count) > 0 {}
            if wake.isStopped.load(ordering: .sequentiallyConsistent) { break }
            if poll() { onUpdate() }
        }
    }
}

/// The running thread's stop flag, its wake pipe, and the signal that it ended.
private final class Runner: Sendable {
    let read: Int32
    let write: Int32
    let isStopped = Atomic(false)
    let ended = DispatchSemaphore(value: 0)

    init(read: Int32, write: Int32) {
        self.read = read
        self.write = write
    }

    func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(write, &byte, 1)
    }
}

import NodeGraph

/// What a live source node asks for: the standard kinds' settings. Other live kinds (a tool's
/// own) are run by the tool.
enum Setting: Equatable {
    case clock(interval: Double)
    case file(path: String)
    /// A tool's kind, run by its runner: read every `interval` seconds (`nil`: once).
    case tool(kind: String, setting: Value?, interval: Double?)

    init?(of id: NodeID, in graph: Graph, runners: [String: LiveSourceRunner] = [:]) {
        guard graph.isLiveSource(id), let kind = graph.kind(of: id) else { return nil }
        if let runner = runners[kind.name] {
            let setting = graph.parameter(of: id)
            self = .tool(
                kind: kind.name, setting: setting,
                interval: runner.interval(setting).map { Swift.max(ClockKind.minimumInterval, $0) })
            return
        }
        switch kind {
        case is ClockKind:
            guard let interval = graph.parameter(of: id)?.number else { return nil }
            self = .clock(interval: Swift.max(ClockKind.minimumInterval, interval))
        case is FileKind:
            guard let path = FileKind.path(in: graph.parameter(of: id)) else { return nil }
            self = .file(path: path)
        default: return nil
        }
    }
}

/// One running source.
struct RunningSource {
    var setting: Setting
    /// A clock's next tick, counted from the opening: due at `tick × interval` seconds.
    var tick = 0
    /// A file source's file.
    var file: SourceFile?
    /// The folders watched for it (none while polled).
    var folders: [String] = []
    /// Whether it is polled rather than watched.
    var isPolled = false
    /// When a polled file is read next, in seconds since the opening.
    var nextPoll = 0.0
    /// A polled file's new value read once: taken when the next reading agrees.
    var pending: Value?
    /// Whether the file is made by the kernel (`/proc`, `/sys`): every read is a whole snapshot,
    /// never half written, so each new reading is taken at once (one that changes faster than it
    /// is polled would otherwise never agree with the next).
    var readsWhole = false
    /// Whether a watched file's folder reported a change since it was read.
    var isDirty = false
    /// The latest value left in the inbox.
    var last: Value?
}

/// The latest update per source, in the order the sources first changed.
struct Inbox {
    private var updates: [SourceUpdate] = []
    private var indexByNode: [NodeID: Int] = [:]

    var isEmpty: Bool { updates.isEmpty }

    mutating func put(_ update: SourceUpdate) {
        if let index = indexByNode[update.node] {
            updates[index] = update
        } else {
            indexByNode[update.node] = updates.count
            updates.append(update)
        }
    }

    mutating func take() -> [SourceUpdate] {
        defer {
            updates.removeAll(keepingCapacity: true)
            indexByNode.removeAll(keepingCapacity: true)
        }
        return updates
    }
}

/// Everything ``LiveSources`` keeps, behind its lock.
struct SourceState {
    let folder: String
    let allowsOutside: Bool
    /// A tool's runners, by kind.
    var runners: [String: LiveSourceRunner] = [:]
    let notifications: FolderNotifications?
    var sources: [NodeID: RunningSource] = [:]
    var inbox = Inbox()
    var failures: [NodeID: String] = [:]

    /// Slack for comparing times computed in floating point (`30 × 0.1` against 3).
    private static let slack = 1e-9

    init(folder: String, allowsOutside: Bool, notifications: FolderNotifications?) {
        self.folder = folder
        self.allowsOutside = allowsOutside
        self.notifications = notifications
    }

    /// Brings one node's source in line with its setting (`nil`: no standard source).
    /// - Returns: Whether anything started or stopped.
    mutating func sync(_ id: NodeID, setting: Setting?, now: Double) -> Bool {
        if let running = sources[id], running.setting == setting { return false }
        if let running = sources.removeValue(forKey: id) {
            for folder in running.folders { notifications?.unwatch(folder) }
            failures[id] = nil
        }
        guard let setting else { return true }
        var source = RunningSource(setting: setting)
        switch setting {
        case .clock(let interval):
            let tick = Int((now / interval + SourceState.slack).rounded(.down))
            push(SourceState.seconds(tick, interval), to: id, &source)
            source.tick = tick + 1
        case .file(let path):
            let file = SourceFile(path: path, folder: folder, allowsOutside: allowsOutside)
            source.file = file
            watch(&source, now: now)
            push(file.read(), to: id, &source)
        case .tool(_, _, let interval):
            let tick = interval.map { Int((now / $0 + SourceState.slack).rounded(.down)) } ?? 0
            push(read(id, source.setting, tick: tick, now: now), to: id, &source)
            source.tick = tick + 1
        }
        sources[id] = source
        return true
    }

    /// Watches a file source's folders, or polls it when one cannot be watched.
    private mutating func watch(_ source: inout RunningSource, now: Double) {
        guard let file = source.file else { return }
        let folders = file.folders
        source.readsWhole = folders.contains(where: SourceFile.isOnPseudoFileSystem)
        if let notifications, !source.readsWhole {
            var watched: [String] = []
            for folder in folders {
                guard notifications.watch(folder) else { break }
                watched.append(folder)
            }
            if watched.count == folders.count {
                source.folders = watched
                source.isPolled = false
                return
            }
            for folder in watched { notifications.unwatch(folder) }
        }
        source.folders = []
        source.isPolled = true
        source.nextPoll = now + LiveSources.pollingInterval
    }

    /// Does what is due at `now`; returns whether the inbox holds updates.
    mutating func poll(now: Double) -> Bool {
        let events = notifications?.takeEvents() ?? (changed: [], lost: [])
        for id in Array(sources.keys) {
            guard var source = sources[id] else { continue }
            switch source.setting {
            case .clock(let interval):
                if now + SourceState.slack >= Double(source.tick) * interval {
                    let tick = Int((now / interval + SourceState.slack).rounded(.down))
                    push(SourceState.seconds(tick, interval), to: id, &source)
                    source.tick = tick + 1
                }
            case .tool(_, _, let interval?):
                if now + SourceState.slack >= Double(source.tick) * interval {
                    let tick = Int((now / interval + SourceState.slack).rounded(.down))
                    let value = read(id, source.setting, tick: tick, now: now)
                    if value != source.last { push(value, to: id, &source) }
                    source.tick = tick + 1
                }
            case .tool: break
            case .file:
                if !source.folders.allSatisfy({ !events.lost.contains($0) }) {
                    for folder in source.folders where !events.lost.contains(folder) {
                        notifications?.unwatch(folder)
                    }
                    source.folders = []
                    source.isPolled = true
                    source.nextPoll = now
                }
                if source.isPolled {
                    pollFile(id, &source, now: now)
                } else if source.isDirty || source.folders.contains(where: events.changed.contains) {
                    source.isDirty = false
                    let value = source.file!.read()
                    if value != source.last { push(value, to: id, &source) }
                    // A symbolic link may now lead elsewhere: watch where it leads.
                    if source.file!.folders != source.folders {
                        for folder in source.folders { notifications?.unwatch(folder) }
                        watch(&source, now: now)
                    }
                }
            }
            sources[id] = source
        }
        return !inbox.isEmpty
    }

    /// Reads a polled file when due; a new value is taken when two readings in a row agree, or
    /// at once from a file the kernel makes.
    private mutating func pollFile(_ id: NodeID, _ source: inout RunningSource, now: Double) {
        guard now + SourceState.slack >= source.nextPoll else { return }
        source.nextPoll = now + LiveSources.pollingInterval
        let value = source.file!.read()
        if source.readsWhole {
            if value != source.last { push(value, to: id, &source) }
        } else if value == source.last {
            source.pending = nil
        } else if value == source.pending {
            source.pending = nil
            push(value, to: id, &source)
        } else {
            source.pending = value
        }
    }

    /// A tool's source's reading at a tick.
    private func read(_ id: NodeID, _ setting: Setting, tick: Int, now: Double) -> Value {
        guard case .tool(let kind, let value, _) = setting, let runner = runners[kind] else {
            return SourceFile.failure("no runner for '\(id)'")
        }
        return runner.read(
            LiveSourceReading(
                node: id, setting: value, tick: tick, seconds: now, folder: folder,
                allowsOutside: allowsOutside))
    }

    private mutating func push(_ value: Value, to id: NodeID, _ source: inout RunningSource) {
        source.last = value
        inbox.put(SourceUpdate(node: id, value: value))
        failures[id] = value.error?.reason
    }

    /// When something is next due, in seconds since the opening.
    var nextDue: Double? {
        var due: Double?
        for source in sources.values {
            let time: Double
            switch source.setting {
            case .clock(let interval): time = Double(source.tick) * interval
            case .file where source.isPolled: time = source.nextPoll
            case .file, .tool(_, _, nil): continue
            case .tool(_, _, let interval?): time = Double(source.tick) * interval
            }
            due = Swift.min(due ?? time, time)
        }
        return due
    }

    /// A clock's value at a tick: the seconds, without the binary noise of `tick × interval`.
    static func seconds(_ tick: Int, _ interval: Double) -> Value {
        .number((Double(tick) * interval * 1e9).rounded() / 1e9)
    }
}

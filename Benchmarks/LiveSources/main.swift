// Live sources under load: `swift run -c release nodesources-bench [--seconds S] [--rate R]`.
//
// A 100,000-node graph: 1,000 clock sources, each feeding a chain of 99 adds (so an update
// recomputes its source and 99 nodes downstream), on a 200 × 60 canvas. A producer thread plays
// the live sources' thread: R updates a second (1,000 by default), each to a random source,
// waking the consumer through a pipe as `LiveSources.start(onUpdate:)` wakes an event loop. The
// consumer plays the editor's event loop: it takes every update waiting, applies them in one
// pass (`GraphDocument.applySourceUpdates`), the canvas follows, and it draws one frame.
//
// Printed: updates applied, frames drawn, the update-to-frame latency (from the moment an update
// is left for the consumer to the end of the frame that shows it: median, 99th percentile,
// maximum), and the CPU the process used (user + system time over wall time, in cores).
import Foundation
import NodeCanvas
import NodeGraph
import Synchronization

func parseArguments() -> (seconds: Double, rate: Double) {
    var seconds = 5.0
    var rate = 1_000.0
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
        case "--rate": rate = Double(arguments.popFirst() ?? "") ?? rate
        default:
            print("usage: nodesources-bench [--seconds S] [--rate R]")
            exit(2)
        }
    }
    return (seconds, rate)
}
let (seconds, rate) = parseArguments()

let sources = 1_000
let chain = 99
var graph = Graph()
graph.reserveCapacity(nodes: sources * (chain + 1), slots: sources * chain * 3)
for source in 0..<sources {
    let column = source % 50
    let row = source / 50
    try! graph.addNode(
        NodeID("s\(source)"), kind: "clock", at: Position(x: column * 24, y: row * 6 * (chain + 1)))
    var previous = NodeID("s\(source)")
    for link in 0..<chain {
        let id = NodeID("a\(source)_\(link)")
        try! graph.addNode(
            id, kind: "add", at: Position(x: column * 24, y: (row * (chain + 1) + link + 1) * 6),
            inputs: [previous, previous])
        previous = id
    }
}
let document = GraphDocument(graph: graph)
let canvas = Canvas(document: document, width: 200, height: 60)
canvas.fitTopLeft()
_ = canvas.render()
print("graph: \(document.graph.count) nodes, \(sources) sources, \(chain) nodes downstream of each")

struct Pending {
    var updates: [(SourceUpdate, ContinuousClock.Instant)] = []
    var finished = false
}
let inbox = Mutex(Pending())
var ends: [Int32] = [0, 0]
_ = pipe(&ends)
let wakeRead = ends[0]
let wakeWrite = ends[1]
let total = Int(seconds * rate)
let clock = ContinuousClock()

let producer = Thread {
    var generator = SystemRandomNumberGenerator()
    let start = clock.now
    for index in 0..<total {
        let due = start + .seconds(Double(index) / rate)
        if clock.now < due {
            Thread.sleep(forTimeInterval: Double((clock.now.duration(to: due)).components.attoseconds) / 1e18)
        }
        let update = SourceUpdate(
            node: NodeID("s\(Int.random(in: 0..<sources, using: &generator))"), value: .number(Double(index)))
        let wasEmpty = inbox.withLock { pending -> Bool in
            defer { pending.updates.append((update, clock.now)) }
            return pending.updates.isEmpty
        }
        var byte: UInt8 = 1
        if wasEmpty { _ = write(wakeWrite, &byte, 1) }
    }
    inbox.withLock { $0.finished = true }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

var latencies: [Duration] = []
latencies.reserveCapacity(total)
var frames = 0
var recomputed = 0
let cpuBefore = cpuSeconds()
let wallBefore = clock.now
producer.start()
var finished = false
while !finished {
    var descriptor = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, -1)
    var bytes = [UInt8](repeating: 0, count: 256)
    _ = read(wakeRead, &bytes, bytes.count)
    let (batch, done) = inbox.withLock { pending in
        defer { pending.updates.removeAll(keepingCapacity: true) }
        return (pending.updates, pending.finished)
    }
    finished = done
    guard !batch.isEmpty else { continue }
    let change = document.applySourceUpdates(batch.map(\.0))
    recomputed += change.recomputed.count
    _ = canvas.render()
    frames += 1
    let shown = clock.now
    for (_, left) in batch { latencies.append(left.duration(to: shown)) }
}
let wall = wallBefore.duration(to: clock.now)
let cpu = cpuSeconds() - cpuBefore

func milliseconds(_ duration: Duration) -> String {
    let components = duration.components
    return String(
        format: "%.2f ms", (Double(components.seconds) + Double(components.attoseconds) / 1e18) * 1e3)
}
latencies.sort()
let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
print(
    "updates: \(latencies.count) in \(String(format: "%.2f", wallSeconds)) s (\(String(format: "%.0f", Double(latencies.count) / wallSeconds)) a second), \(recomputed) nodes recomputed"
)
print(
    "frames: \(frames) (\(String(format: "%.0f", Double(frames) / wallSeconds)) a second; \(String(format: "%.1f", Double(latencies.count) / Double(frames))) updates a frame)"
)
print(
    "update to frame: median \(milliseconds(latencies[latencies.count / 2])), "
        + "99th percentile \(milliseconds(latencies[latencies.count * 99 / 100])), max \(milliseconds(latencies.last!))"
)
print(
    "CPU: \(String(format: "%.2f", cpu / wallSeconds)) cores (\(String(format: "%.2f", cpu)) s over \(String(format: "%.2f", wallSeconds)) s)"
)

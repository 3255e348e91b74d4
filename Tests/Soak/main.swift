// nodegraph-soak: a long random mix of edits on a large graph, checking invariants as it goes.
//
//   swift run -c release nodegraph-soak [--nodes 100000] [--edits 1000000] [--check-every 100000] [--seed 7]
//
// Prints progress lines and a final summary: edits/s, peak memory, resident memory at each
// check (it must stay flat: the undo history is bounded), and the number of violations (0).
import Foundation
import NodeGraph
import NodeGraphFiles
import NodeGraphTesting

struct Options {
    var nodes = 100_000
    var edits = 1_000_000
    var checkEvery = 100_000
    var seed: UInt64 = 7
    var historyLimit = 1_000

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next(), let number = Int(value), number > 0 else {
                fail(
                    "usage: nodegraph-soak [--nodes N] [--edits N] [--check-every N] [--seed N] [--history N]"
                )
            }
            switch flag {
            case "--nodes": nodes = number
            case "--edits": edits = number
            case "--check-every": checkEvery = number
            case "--seed": seed = UInt64(number)
            case "--history": historyLimit = number
            default: fail("unknown option \(flag)")
            }
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

/// Resident and peak resident memory in bytes, from /proc/self/status.
func memory() -> (resident: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
        return (0, 0)
    }
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "0") ?? 0) * 1024
    }
    return (field("VmRSS:"), field("VmHWM:"))
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

let options = Options(arguments: CommandLine.arguments)
var random = SplitMix64(seed: options.seed)
@MainActor func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }

// Blocks of 64 nodes, like the parts of a large hand-made graph: inputs come from earlier in the
// same block, with a rare link across blocks. Every 50th node is a source.
let operators = ["add", "subtract", "multiply", "divide"]
let blockSize = 64
var graph = Graph()
graph.reserveCapacity(nodes: options.nodes, slots: options.nodes * 3)
var ids: [NodeID] = []
var sources: [NodeID] = []
@MainActor func nearbyEarlier(_ position: Int) -> NodeID {
    let blockStart = position - position % blockSize
    if position == blockStart || pick(100) == 0 { return ids[pick(max(position, 1))] }
    return ids[blockStart + pick(position - blockStart)]
}
let buildStart = Date()
for index in 0..<options.nodes {
    let id = NodeID("n\(index)")
    do {
        if index % blockSize < 3 || index % 50 == 0 {
            try graph.addNode(id, kind: "number", value: .number(Double(index % 7 + 1)))
            sources.append(id)
        } else {
            let kind = operators[pick(operators.count)]
            let inputs: [NodeID?] = (0..<(kind == "add" ? 3 : 2)).map { _ in nearbyEarlier(index) }
            try graph.addNode(id, kind: kind, inputs: inputs)
        }
    } catch {
        fail("building the graph failed: \(error)")
    }
    ids.append(id)
}
print("built \(options.nodes) nodes in \(String(format: "%.2f", Date().timeIntervalSince(buildStart))) s")

let document = GraphDocument(graph: graph, historyLimit: options.historyLimit)
graph = Graph()  // drop the builder's copy
var nextID = options.nodes
var applied = 0
var refused = 0
var violations = 0
var residentAtChecks: [Int] = []

@MainActor func check(after edits: Int) {
    do {
        try document.graph.checkInvariants()
    } catch {
        violations += 1
        print("VIOLATION after \(edits) edits: \(error)")
    }
    let fromScratch = document.graph.valuesFromScratch()
    let current = document.graph.currentValues()
    if fromScratch != current {
        violations += 1
        let differing = fromScratch.keys.filter { fromScratch[$0] != current[$0] }.sorted {
            $0.rawValue < $1.rawValue
        }
        let named = differing.prefix(3).map {
            "'\($0.rawValue)' is \(current[$0].map { "\($0)" } ?? "missing"), from scratch \(fromScratch[$0].map { "\($0)" } ?? "missing")"
        }
        print(
            "VIOLATION after \(edits) edits: \(differing.count) incremental values differ from a from-scratch evaluation: \(named.joined(separator: "; "))"
        )
    }
    let (resident, peak) = memory()
    residentAtChecks.append(resident)
    print(
        "\(edits) edits: \(document.graph.count) nodes, resident \(megabytes(resident)), peak \(megabytes(peak)), \(violations) violations"
    )
}

/// One random edit near a random node. Edits may name nodes removed earlier (or brought back
/// by undo); the graph refuses those, which exercises refusals too.
@MainActor func randomEdit() -> JournalEntry {
    let roll = pick(100)
    let position = pick(ids.count)
    let node = ids[position]
    let blockStart = position - position % blockSize
    switch roll {
    case 0..<40:
        return .edit(.setValue(node: sources[pick(sources.count)], value: .number(Double(pick(21)) - 10)))
    case 40..<55:
        // Mostly from earlier in the block; sometimes from later in it, which may close a loop.
        let from =
            pick(4) == 0 ? ids[min(ids.count - 1, blockStart + pick(blockSize))] : nearbyEarlier(position)
        return .edit(.link(from: from, to: node, slot: pick(3)))
    case 55..<62: return .edit(.unlink(to: node, slot: pick(3)))
    case 62..<67: return .edit(.setKind(node: node, kind: operators[pick(operators.count)]))
    case 67..<72: return .edit(.move(node: node, to: Position(x: pick(10_000), y: pick(10_000))))
    case 72..<75: return .edit(.rename(node: node, name: "Node \(pick(1000))"))
    case 75..<82:
        nextID += 1
        let id = NodeID("n\(nextID)")
        let inputs: [NodeID?] = [nearbyEarlier(position), nil, nearbyEarlier(position)]
        ids[position] = id
        return .edit(.addNode(NodeDescription(id: id, kind: "add", inputs: inputs)))
    case 82..<89: return .edit(.removeNode(node))
    case 89..<95: return .undo
    default: return .redo
    }
}

let start = Date()
for edit in 1...options.edits {
    do {
        switch randomEdit() {
        case .edit(let edit): try document.apply(edit)
        case .undo: try document.undo()
        case .redo: try document.redo()
        }
        applied += 1
    } catch {
        refused += 1
    }
    if edit % options.checkEvery == 0 {
        check(after: edit)
    }
}
let seconds = Date().timeIntervalSince(start)
let (_, peak) = memory()
let first = residentAtChecks.first ?? 0
let last = residentAtChecks.last ?? 0
print(
    """
    soak: \(options.edits) edits (\(applied) applied, \(refused) refused) on \(options.nodes) nodes in \(String(format: "%.1f", seconds)) s \
    = \(Int(Double(options.edits) / seconds)) edits/s; peak \(megabytes(peak)); resident \(megabytes(first)) → \(megabytes(last)); \
    undo history ≤ \(options.historyLimit) steps; \(violations) violations
    """)
exit(violations == 0 ? 0 : 1)

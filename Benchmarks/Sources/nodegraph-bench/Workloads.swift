import NodeGraph

/// splitmix64(seed, i) exactly as ../shared/bench/WORKLOADS.md defines it.
@inline(__always) func splitmix(_ seed: UInt64, _ i: UInt64) -> UInt64 {
    var z = seed &+ (i &+ 1) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// One normative workload graph as plain arrays: node `i` has up to 3 inputs
/// (`inputs[3i + k]`, -1 for an empty slot); sources hold 1.0. Ids `0..<count` are a
/// topological order.
struct Workload {
    let name: String
    /// The requested size (1e3 … 1e6).
    let nominal: Int
    /// The actual node count (lattice rounds to W·D).
    let count: Int
    let inputs: [Int32]
    let isSource: [Bool]
    /// The source `update` sets.
    let updateSource: Int32
    /// The source `update_small` sets (random only).
    let smallSource: Int32?
    /// The sources `update_small_cold` sets in turn (random only): the small source and the next
    /// seven after it, each a source (every 50th node is).
    var smallSources: [Int32] { smallSource.map { first in (0..<8).map { first + 50 * Int32($0) } } ?? [] }
    /// The node ids as a user would give them: "n0", "n1", …
    let ids: [NodeID]
    /// The cycle edge: link `cycleFrom` into slot 0 of `cycleTo`; `nil` where there is none
    /// (fanout).
    let cycleFrom: Int32
    let cycleTo: Int32?
    /// `link_ok` edits: link `from` into `slot` of `to`, then restore `previous` (-1: unlink).
    let linkEdits: [(from: Int32, to: Int32, slot: Int, previous: Int32)]
    /// The workload's sources and operators in `GraphBuilder`'s column shape (untimed, as the
    /// floor's arrays are): each node's kind (0 `number`, 1 `add`) and held value.
    var kindOfNode: [UInt16] { isSource.map { $0 ? 0 : 1 } }
    var values: [Value?] { isSource.map { $0 ? .number(1) : nil } }
    /// The total number of input slots a user would reserve (3 per operator node).
    var slotTotal: Int { isSource.reduce(0) { $0 + ($1 ? 0 : 3) } }

    static let names = ["chain", "lattice", "random", "fanout"]

    init(_ name: String, n: Int) {
        self.name = name
        nominal = n
        var count = n
        var inputs: [Int32]
        var isSource: [Bool]
        var smallSource: Int32? = nil
        switch name {
        case "chain":
            inputs = [Int32](repeating: -1, count: 3 * n)
            isSource = [Bool](repeating: false, count: n)
            isSource[0] = true
            for i in 1..<n { inputs[3 * i] = Int32(i - 1) }
        case "lattice":
            let w = max(2, Int((Double(n).squareRoot()).rounded()))
            let d = max(2, n / w)
            count = w * d
            inputs = [Int32](repeating: -1, count: 3 * count)
            isSource = [Bool](repeating: false, count: count)
            for j in 0..<w { isSource[j] = true }
            for layer in 1..<d {
                for j in 0..<w {
                    let i = layer * w + j
                    inputs[3 * i] = Int32((layer - 1) * w + j)
                    inputs[3 * i + 1] = Int32((layer - 1) * w + (j + 1) % w)
                }
            }
        case "random":
            inputs = [Int32](repeating: -1, count: 3 * n)
            isSource = [Bool](repeating: false, count: n)
            for i in 0..<n {
                if i < 3 || i % 50 == 0 {
                    isSource[i] = true
                    continue
                }
                let u = UInt64(i)
                let r0 = splitmix(42, 3 * u), r1 = splitmix(42, 3 * u + 1), r2 = splitmix(42, 3 * u + 2)
                let a = r0 % u
                var b = r1 % (u - 1)
                if b >= a { b += 1 }
                var c = r2 % (u - 2)
                if c >= min(a, b) { c += 1 }
                if c >= max(a, b) { c += 1 }
                inputs[3 * i] = Int32(a)
                inputs[3 * i + 1] = Int32(b)
                inputs[3 * i + 2] = Int32(c)
            }
            smallSource = Int32((n / 2) / 50 * 50)
        case "fanout":
            inputs = [Int32](repeating: -1, count: 3 * n)
            isSource = [Bool](repeating: false, count: n)
            isSource[0] = true
            for i in 1..<n { inputs[3 * i] = 0 }
        default:
            fatalError("unknown workload \(name)")
        }
        self.count = count
        self.inputs = inputs
        self.isSource = isSource
        self.smallSource = smallSource
        updateSource = 0
        ids = (0..<count).map { NodeID("n\($0)") }

        // The cycle edge as WORKLOADS.md restates it: u = n−1 and v = the smallest-id ancestor of
        // u that is an operator (has input slots). On fanout u's only ancestor is the source, so
        // there is no such edge (n/a).
        let u = count - 1
        var seen = [Bool](repeating: false, count: count)
        seen[u] = true
        var stack = [u]
        var smallestOperator = Int.max
        while let node = stack.popLast() {
            if node != u && !isSource[node] { smallestOperator = min(smallestOperator, node) }
            for k in 0..<3 {
                let up = Int(inputs[3 * node + k])
                if up >= 0 && !seen[up] {
                    seen[up] = true
                    stack.append(up)
                }
            }
        }
        cycleFrom = Int32(u)
        cycleTo = smallestOperator == Int.max ? nil : Int32(smallestOperator)

        // link_ok: a random earlier node into a random later operator node's slot that is
        // empty (chain, fanout: slot 1; lattice: slot 2). Random operator nodes have no empty
        // slot: there the edit replaces slot 2 and a second link restores it.
        var edits: [(from: Int32, to: Int32, slot: Int, previous: Int32)] = []
        var k: UInt64 = 0
        while edits.count < 256 {
            let r = splitmix(7, k), s = splitmix(7, k + 1)
            k += 2
            let to = Int(r % UInt64(count))
            guard !isSource[to], to > 0 else { continue }
            let slot = name == "lattice" || name == "random" ? 2 : 1
            let previous = inputs[3 * to + slot]
            let from = Int32(s % UInt64(to))
            if from == previous { continue }
            edits.append((from, Int32(to), slot, previous))
        }
        linkEdits = edits
    }
}

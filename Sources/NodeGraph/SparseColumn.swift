/// A column of optional values, one per node, that keeps only the values present: for a field
/// that few nodes of a large list have (a name, a held value), so that a node without one costs
/// an eighth of a byte and a half rather than a whole `Optional` slot.
///
/// Values are set in node order (each node at or after the last one set), as a file's nodes are
/// read; a node's value is found by its rank among the nodes that have one: a bit per node says
/// which do, and a count per 64 nodes says how many values come before them.
package struct SparseColumn<Element> {
    /// Bit `node % 64` of word `node / 64`: whether `node` has a value.
    private var present: [UInt64] = []
    /// The number of values before each word's first node.
    private var before: [Int32] = []
    /// The values, in node order.
    package private(set) var values: [Element] = []
    /// The last node given a value; -1 before any.
    private var lastNode = -1

    /// No values.
    package init() {}

    /// The number of nodes that have a value.
    package var count: Int { values.count }

    /// The value of `node`, or `nil` when it has none.
    /// - Complexity: O(1).
    package subscript(node: Int) -> Element? {
        let word = node >> 6
        guard node >= 0, word < present.count else { return nil }
        let bit = UInt64(1) << UInt64(node & 63)
        guard present[word] & bit != 0 else { return nil }
        return values[Int(before[word]) + (present[word] & (bit - 1)).nonzeroBitCount]
    }

    /// Gives `node` a value, replacing the one it has; `node` must not be before the last node
    /// given one.
    /// - Complexity: Amortized O(1), plus O(*k*) for a node *k* nodes after the last one set.
    package mutating func set(_ value: Element, for node: Int) {
        precondition(node >= lastNode, "a sparse column is filled in node order")
        if node == lastNode {
            values[values.count - 1] = value
            return
        }
        let word = node >> 6
        while present.count <= word {
            present.append(0)
            before.append(Int32(values.count))
        }
        present[word] |= UInt64(1) << UInt64(node & 63)
        values.append(value)
        lastNode = node
    }

    /// The bytes the column holds, its values' own storage (a string's characters) excepted.
    package var byteCount: Int {
        present.capacity * MemoryLayout<UInt64>.stride + before.capacity * MemoryLayout<Int32>.stride
            + values.capacity * MemoryLayout<Element>.stride
    }
}

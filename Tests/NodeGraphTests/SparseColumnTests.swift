import NodeGraph
import Testing

/// `SparseColumn`: a column of optional values that keeps only the values present (the names
/// and held values of a file's nodes, which few nodes of a large file have).
@Suite struct SparseColumnTests {
    @Test func eachNodeFindsItsOwnValueAndTheOthersFindNone() {
        var column = SparseColumn<String>()
        // Across several 64-node words, with words that hold no value between them.
        let given = [0, 1, 63, 64, 65, 127, 300, 301, 1000]
        for node in given { column.set("node \(node)", for: node) }
        for node in 0..<1100 {
            #expect(column[node] == (given.contains(node) ? "node \(node)" : nil), "node \(node)")
        }
        #expect(column[-1] == nil)
        #expect(column.count == given.count)
    }

    @Test func settingTheLastNodeAgainReplacesItsValue() {
        var column = SparseColumn<Int>()
        column.set(1, for: 5)
        column.set(2, for: 5)
        column.set(3, for: 70)
        #expect(column[5] == 2)
        #expect(column[70] == 3)
        #expect(column.values == [2, 3])
    }

    @Test func aNodeWithoutAValueCostsAFractionOfAnOptionalSlot() {
        var column = SparseColumn<Value>()
        let nodes = 100_000
        for node in stride(from: 0, to: nodes, by: 50) { column.set(.number(Double(node)), for: node) }
        let dense = nodes * MemoryLayout<Value?>.stride
        #expect(column.byteCount * 5 < dense, "\(column.byteCount) bytes against \(dense)")
        #expect(column[50] == .number(50))
        #expect(column[51] == nil)
    }
}

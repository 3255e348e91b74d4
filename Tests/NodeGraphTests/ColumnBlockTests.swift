import Testing

@testable import NodeGraph

/// Large column blocks start on a huge page, so that all of a large graph's columns and work
/// lists can be backed by huge pages (see `ColumnBlock`).
@Suite struct ColumnBlockTests {
    @Test func aBlockOfAHugePageOrMoreStartsOnAHugePage() {
        let hugePage = 2 << 20
        for byteCount in [hugePage, 3 * hugePage + 12_345, 40 << 20] {
            let block = ColumnBlock.allocate(byteCount: byteCount)
            let start = Int(bitPattern: block.start)
            #if os(Linux)
                #expect(start % hugePage == 0, "a block of \(byteCount) bytes starts at \(start)")
            #endif
            // Every byte asked for lies inside the allocation: write the last one.
            block.start.storeBytes(of: 0xAB, toByteOffset: byteCount - 1, as: UInt8.self)
            #expect(block.start.load(fromByteOffset: byteCount - 1, as: UInt8.self) == 0xAB)
        }
    }

    @Test func aSmallBlockStartsAtItsFirstElement() {
        let block = ColumnBlock.allocate(byteCount: 4096)
        #expect(block.start == block.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) })
    }

    @Test func aWorkListKeepsItsValuesAsItGrowsPastAHugePage() {
        var buffer = IndexBuffer()
        for value in 0..<Int32(1 << 20) { buffer.append(value) }
        #expect(buffer.count == 1 << 20)
        #expect(buffer.elements.enumerated().allSatisfy { Int32($0.offset) == $0.element })
    }
}

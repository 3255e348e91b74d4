#if canImport(Glibc)
    import Glibc
#endif

/// A column of plain values addressed by `Int32` index (a node's or a slot's): a view into memory
/// that a ``ColumnTable`` owns. Copying a column copies the view, never the values, and a column
/// never frees anything.
///
/// No bounds checks: the table's owner keeps indices below the capacity. Index -1 is a guard
/// element holding the column's fill value, never written, so that an empty slot's source (-1)
/// can be read without a branch (a value column reads 0, a mark column reads idle).
struct Column<Element: BitwiseCopyable> {
    let base: UnsafeMutablePointer<Element>

    @inline(__always) subscript(index: Int32) -> Element {
        get { base[Int(index)] }
        nonmutating set { base[Int(index)] = newValue }
    }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}

/// The columns that grow together and live in one allocation: every per-node column of a graph,
/// say. A conforming type lists its columns once, in ``init(placing:)``; creating, growing and
/// copying a ``ColumnTable`` of it all go through that list.
protocol ColumnSet: BitwiseCopyable {
    /// Places each column with ``ColumnPlacer/place(filling:)``, in the same order every time.
    init(placing placer: inout ColumnPlacer)
}

/// The memory of a ``ColumnTable``: one allocation, freed when the last table that refers to it
/// goes. Plain values only (every column element is `BitwiseCopyable`), so nothing is
/// deinitialized. Its header is where the columns start, in bytes from the first element.
final class ColumnBlock: ManagedBuffer<Int, UInt64> {
    /// A block of at least `byteCount` bytes, aligned to 8; a large one starts on a huge page.
    static func allocate(byteCount: Int) -> ColumnBlock {
        let large = ColumnBlock.usesHugePages(byteCount)
        // Room to start on a 2 MB boundary: the slack before it is never touched (not resident).
        let words = Swift.max(1, (byteCount + (large ? hugePage : 0) + 7) / 8)
        let block = unsafeDowncast(create(minimumCapacity: words) { _ in 0 }, to: ColumnBlock.self)
        if large { block.startOnHugePages(byteCount: byteCount) }
        return block
    }

    /// The size of a huge page (Linux, x86-64 and most arm64 kernels).
    private static let hugePage = 2 << 20

    /// Whether a block of `byteCount` bytes asks for huge pages: one of at least a huge page,
    /// on Linux.
    private static func usesHugePages(_ byteCount: Int) -> Bool {
        #if os(Linux)
            byteCount >= hugePage
        #else
            false
        #endif
    }

    /// Starts the columns on the block's first 2 MB boundary and asks the kernel to back the
    /// whole 2 MB pages from there with huge pages (before the columns are filled, so the pages
    /// are made that way). A large graph's columns and work lists span megabytes, read at
    /// scattered places or several at a time: with 4 KB pages most of those reaches also miss
    /// the address translation cache. Where huge pages are off, `madvise` does nothing.
    private func startOnHugePages(byteCount: Int) {
        #if os(Linux)
            let elements = Int(bitPattern: withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) })
            let hugePage = ColumnBlock.hugePage
            let first = (elements + hugePage - 1) & ~(hugePage - 1)
            header = first - elements
            let end = (first + byteCount) & ~(hugePage - 1)
            guard end > first, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
            _ = madvise(address, end - first, MADV_HUGEPAGE)
        #endif
    }

    /// The first byte of the columns.
    var start: UnsafeMutableRawPointer {
        withUnsafeMutablePointers { offset, elements in UnsafeMutableRawPointer(elements) + offset.pointee }
    }
}

/// Lays a ``ColumnSet``'s columns out one after another in a block, each after its guard element,
/// and fills them: fresh, or continuing the columns of an earlier block in the same order.
struct ColumnPlacer {
    /// The columns to continue: their block's first byte and capacity, and how many elements of
    /// each to keep.
    struct Previous {
        let start: UnsafeMutableRawPointer
        let capacity: Int
        let keeping: Int
    }

    let capacity: Int
    /// Where the columns go; `nil` while only measuring their size.
    private let start: UnsafeMutableRawPointer?
    private let previous: Previous?
    /// The bytes placed so far.
    private(set) var byteCount = 0
    private var previousByteCount = 0

    /// A placer that only measures.
    fileprivate init(measuring capacity: Int) {
        self.capacity = capacity
        start = nil
        previous = nil
    }

    fileprivate init(capacity: Int, at start: UnsafeMutableRawPointer, continuing previous: Previous?) {
        self.capacity = capacity
        self.start = start
        self.previous = previous
    }

    /// Each column starts on a 16-byte boundary.
    private static func aligned(_ offset: Int) -> Int { (offset + 15) & ~15 }

    /// The next column: its guard and any new elements hold `fill`; kept elements are copied
    /// from the previous block's column in the same place in the list.
    mutating func place<Element: BitwiseCopyable>(filling fill: Element) -> Column<Element> {
        place(fill, fillingNew: true)
    }

    /// The next column of a work list, whose elements are always written before they are read:
    /// kept elements are copied, new ones are left as they are.
    mutating func placeUnfilled<Element: BitwiseCopyable>(guard fill: Element) -> Column<Element> {
        place(fill, fillingNew: false)
    }

    private mutating func place<Element: BitwiseCopyable>(_ fill: Element, fillingNew: Bool) -> Column<
        Element
    > {
        let stride = MemoryLayout<Element>.stride
        let offset = ColumnPlacer.aligned(byteCount)
        byteCount = offset + (capacity + 1) * stride
        guard let start else {
            // Measuring: a view that is never read.
            return Column(base: UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!)
        }
        let first = (start + offset).bindMemory(to: Element.self, capacity: capacity + 1)
        var kept = 0
        if let previous {
            let previousOffset = ColumnPlacer.aligned(previousByteCount)
            previousByteCount = previousOffset + (previous.capacity + 1) * stride
            kept = previous.keeping
            let old = (previous.start + previousOffset).assumingMemoryBound(to: Element.self)
            first.initialize(from: old, count: kept + 1)  // the guard, then the kept elements
        } else {
            first.initialize(to: fill)
        }
        if fillingNew { (first + 1 + kept).initialize(repeating: fill, count: capacity - kept) }
        return Column(base: first + 1)
    }
}

/// A ``ColumnSet`` and the block that holds it: the one owner of those columns' memory.
struct ColumnTable<Columns: ColumnSet> {
    private(set) var block: ColumnBlock
    /// Views into ``block``.
    private(set) var columns: Columns
    /// The number of elements each column has room for (the guard apart).
    private(set) var capacity: Int

    init(capacity: Int) {
        self.init(capacity: Swift.max(capacity, 1), continuing: nil)
    }

    private init(capacity: Int, continuing previous: ColumnPlacer.Previous?) {
        var measure = ColumnPlacer(measuring: capacity)
        _ = Columns(placing: &measure)
        block = ColumnBlock.allocate(byteCount: measure.byteCount)
        var placer = ColumnPlacer(capacity: capacity, at: block.start, continuing: previous)
        columns = Columns(placing: &placer)
        self.capacity = capacity
    }

    /// Moves the columns to a new block of `newCapacity`, keeping the first `count` elements of
    /// each (and the guards) and filling the rest.
    mutating func resize(to newCapacity: Int, keeping count: Int) {
        let previous = ColumnPlacer.Previous(start: block.start, capacity: capacity, keeping: count)
        self = withExtendedLifetime(block) { ColumnTable(capacity: newCapacity, continuing: previous) }
    }

    /// An independent copy of every element.
    func copy() -> ColumnTable {
        let previous = ColumnPlacer.Previous(start: block.start, capacity: capacity, keeping: capacity)
        return withExtendedLifetime(block) { ColumnTable(capacity: capacity, continuing: previous) }
    }
}

/// A reusable list of `Int32` used as a stack or queue by graph algorithms.
struct IndexBuffer {
    /// The one column of an ``IndexBuffer``.
    struct Items: ColumnSet {
        let item: Column<Int32>

        init(placing placer: inout ColumnPlacer) { item = placer.placeUnfilled(guard: -1) }
    }

    private var table = ColumnTable<Items>(capacity: 64)
    var count = 0

    var base: UnsafeMutablePointer<Int32> { table.columns.item.base }

    var capacity: Int { table.capacity }

    @inline(__always) subscript(index: Int) -> Int32 {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always) mutating func append(_ value: Int32) {
        if count == capacity { grow() }
        base[count] = value
        count += 1
    }

    @inline(__always) mutating func popLast() -> Int32? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    mutating func removeAll() { count = 0 }

    var elements: UnsafeMutableBufferPointer<Int32> { UnsafeMutableBufferPointer(start: base, count: count) }

    /// Appends for a hot loop that keeps this buffer's pointer, capacity and count in locals
    /// (registers): they are written back to the buffer only to grow it.
    @inline(__always)
    mutating func append(
        _ value: Int32, base: inout UnsafeMutablePointer<Int32>, capacity: inout Int, count: inout Int
    ) {
        if count == capacity {
            self.count = count
            grow()
            base = self.base
            capacity = self.capacity
        }
        base[count] = value
        count += 1
    }

    /// Doubles the capacity, keeping the elements.
    mutating func grow() {
        table.resize(to: capacity * 2, keeping: count)
    }
}

/// A slot's entry in the out-list of the node feeding it: the next slot fed by the same node
/// (-1 at the end) and the node that owns this slot. Kept side by side so that following a
/// link reads one cache line, not two.
struct OutLink: BitwiseCopyable {
    var next: Int32
    var owner: Int32

    static let none = OutLink(next: -1, owner: -1)
}

/// A growable block of plain values addressed by `Int32` index, without bounds or uniqueness
/// checks: the storage behind the graph's struct-of-arrays layout.
///
/// The owner tracks how many elements are in use and passes that count to `resize` and
/// `copy`; every element up to the capacity is always initialized. Index -1 is a guard that
/// holds the fill value given at creation and is never written: an empty slot's source (-1)
/// can be read without a branch (a value column reads 0, the scratch marks read idle).
struct Column<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int, filling fill: Element) {
        self.capacity = Swift.max(capacity, 1)
        let block = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity + 1)
        block.initialize(repeating: fill, count: self.capacity + 1)
        base = block + 1
    }

    @inline(__always) subscript(index: Int32) -> Element {
        get { base[Int(index)] }
        nonmutating set { base[Int(index)] = newValue }
    }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Moves the guard and the first `count` elements to a block of `newCapacity` and fills the
    /// rest.
    mutating func resize(to newCapacity: Int, keeping count: Int, filling fill: Element) {
        let block = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity + 1)
        block.update(from: base - 1, count: count + 1)
        (block + 1 + count).initialize(repeating: fill, count: newCapacity - count)
        (base - 1).deallocate()
        base = block + 1
        capacity = newCapacity
    }

    /// An independent copy of the whole block.
    func copy() -> Column {
        var column = self
        let block = UnsafeMutablePointer<Element>.allocate(capacity: capacity + 1)
        block.update(from: base - 1, count: capacity + 1)
        column.base = block + 1
        return column
    }

    func deallocate() { (base - 1).deallocate() }
}

/// A reusable list of `Int32` used as a stack or queue by graph algorithms.
struct IndexBuffer {
    private(set) var base: UnsafeMutablePointer<Int32>
    private(set) var capacity: Int
    var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

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
        let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity *= 2
    }

    func deallocate() { base.deallocate() }
}

/// A slot's entry in the out-list of the node feeding it: the next slot fed by the same node
/// (-1 at the end) and the node that owns this slot. Kept side by side so that following a
/// link reads one cache line, not two.
struct OutLink: BitwiseCopyable {
    var next: Int32
    var owner: Int32

    static let none = OutLink(next: -1, owner: -1)
}

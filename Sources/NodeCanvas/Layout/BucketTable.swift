/// The buckets of a ``SpatialIndex`` that hold or held something, found by their grid
/// coordinates: an open-addressing table whose hash is one multiplication, so filing or finding
/// a rectangle costs a few loads per bucket instead of a general-purpose dictionary's hashing.
///
/// A bucket, once made, keeps its number (an index into the index's bucket contents) for the
/// life of the table; an emptied bucket stays, ready to be filled again.
struct BucketTable: Sendable {
    /// Each slot's packed coordinate; meaningful where `numbers` is not -1.
    private var coordinates: [UInt64]
    /// Each slot's bucket number, or -1 for an empty slot.
    private var numbers: [Int32]
    /// The number of buckets.
    private(set) var count = 0

    init() {
        coordinates = Array(repeating: 0, count: 64)
        numbers = Array(repeating: -1, count: 64)
    }

    /// The bytes the table holds, for tests and diagnostics.
    var byteCount: Int {
        coordinates.capacity * MemoryLayout<UInt64>.stride + numbers.capacity * MemoryLayout<Int32>.stride
    }

    /// One word for a bucket's column and row.
    @inline(__always) static func pack(column: Int, row: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: column)) << 32 | UInt64(UInt32(truncatingIfNeeded: row))
    }

    @inline(__always) private func slot(of coordinate: UInt64) -> Int {
        // Fibonacci hashing: the product's high bits, as many as the table has slots.
        let shift = UInt64(64 - numbers.count.trailingZeroBitCount)
        return Int(truncatingIfNeeded: (coordinate &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The number of the bucket at a coordinate, if it was ever made.
    func number(of coordinate: UInt64) -> Int? {
        let mask = numbers.count - 1
        var index = slot(of: coordinate)
        while true {
            let number = numbers[index]
            if number < 0 { return nil }
            if coordinates[index] == coordinate { return Int(number) }
            index = (index + 1) & mask
        }
    }

    /// The number of the bucket at a coordinate, making it (numbered `count`) when new.
    /// - Returns: The number, and whether the bucket is new.
    mutating func insert(_ coordinate: UInt64) -> (number: Int, isNew: Bool) {
        if let number = number(of: coordinate) { return (number, false) }
        if (count + 1) * 2 > numbers.count { grow() }
        let number = count
        place(coordinate, number: Int32(number))
        count += 1
        return (number, true)
    }

    private mutating func place(_ coordinate: UInt64, number: Int32) {
        let mask = numbers.count - 1
        var index = slot(of: coordinate)
        while numbers[index] >= 0 { index = (index + 1) & mask }
        coordinates[index] = coordinate
        numbers[index] = number
    }

    private mutating func grow() {
        let oldCoordinates = coordinates, oldNumbers = numbers
        coordinates = Array(repeating: 0, count: oldNumbers.count * 2)
        numbers = Array(repeating: -1, count: oldNumbers.count * 2)
        for index in oldNumbers.indices where oldNumbers[index] >= 0 {
            place(oldCoordinates[index], number: oldNumbers[index])
        }
    }
}

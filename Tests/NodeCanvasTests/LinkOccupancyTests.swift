import Testing

@testable import NodeCanvas

/// The router prices a candidate's runs along its two rows from running totals; they must cost
/// exactly what scanning the cells does, or routes would change.
@Suite struct LinkOccupancyTests {
    /// A small deterministic generator (the same numbers on every run).
    struct Numbers {
        var state: UInt64

        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
    }

    @Test func rowTotalsCostEveryRunWhatScanningItsCellsCosts() {
        let region = Rect(x: -7, y: 3, width: 40, height: 12)
        var occupancy = LinkOccupancy(region: region)
        var numbers = Numbers(state: 42)
        // Lines of three owners, some reaching beyond the region.
        for _ in 0..<60 {
            let a = Point(x: numbers.next(-12...38), y: numbers.next(0...18))
            let owner = Int32(numbers.next(1...3))
            let b =
                numbers.next(0...1) == 0
                ? Point(x: numbers.next(-12...38), y: a.y) : Point(x: a.x, y: numbers.next(0...18))
            occupancy.mark(from: a, to: b, owner: owner)
        }
        var sums: [Int] = []
        var compared = 0
        for y in 0...18 {
            for owner in Int32(1)...3 {
                let low = numbers.next(-15...10), high = low + numbers.next(0...45)
                occupancy.rowSums(y: y, from: low, through: high, owner: owner, into: &sums)
                #expect(sums.count == high - low + 2)
                for _ in 0..<20 {
                    let from = numbers.next(low...high), to = numbers.next(low...high)
                    let summed = sums[max(from, to) - low + 1] - sums[min(from, to) - low]
                    let scanned = occupancy.cost(
                        from: Point(x: from, y: y), to: Point(x: to, y: y), owner: owner)
                    #expect(summed == scanned, "row \(y), \(from)…\(to), owner \(owner)")
                    if scanned > 0 { compared += 1 }
                }
            }
        }
        // The lines were dense enough that most runs cost something.
        #expect(compared > 200)
    }
}

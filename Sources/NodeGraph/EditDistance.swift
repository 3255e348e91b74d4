extension String {
    /// The fewest one-character edits that turn this string into `other`: a character added,
    /// removed or changed, or two neighbouring characters swapped (the optimal string alignment
    /// distance). Messages use it to suggest the name a person probably meant.
    /// - Parameter other: The other string.
    /// - Returns: 0 for equal strings, up to the longer one's length.
    /// - Complexity: O(*m* × *n*) in the two lengths.
    package func editDistance(to other: String) -> Int {
        let first = Array(self)
        let second = Array(other)
        if first.isEmpty { return second.count }
        if second.isEmpty { return first.count }
        var beforePrevious = [Int](repeating: 0, count: second.count + 1)
        var previous = Array(0...second.count)
        var current = [Int](repeating: 0, count: second.count + 1)
        for i in 1...first.count {
            current[0] = i
            for j in 1...second.count {
                let change = previous[j - 1] + (first[i - 1] == second[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, change)
                if i > 1, j > 1, first[i - 1] == second[j - 2], first[i - 2] == second[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[second.count]
    }
}

extension Graph {
    /// `nodes` sorted by identifier, as `NodeID`'s `<` sorts them.
    ///
    /// When every one of them is short (stored inline, up to 15 bytes) and ASCII, as the ids of
    /// generated and most hand-written graphs are, they are sorted by two integers made from
    /// their bytes, which order exactly as the strings do (ASCII strings compare byte by byte,
    /// a prefix first; no id holds a zero byte). Any other identifier sorts them all as strings.
    /// - Complexity: O(*n* log *n*).
    func sortedByID(_ nodes: [Int32]) -> [Int32] {
        let store = self.store
        if let keys = IDSortKey.keys(of: nodes, in: store.ids.shortReader) {
            return keys.sorted().map(\.node)
        }
        return nodes.sorted { store.ids[Int($0)] < store.ids[Int($1)] }
    }
}

/// A short ASCII identifier as two big-endian words, so that comparing the words compares the
/// text; and its node.
struct IDSortKey: Comparable {
    /// The first eight bytes, the first the most significant (zero past the last).
    let first: UInt64
    /// Bytes 9 to 15 the same way, then a zero byte.
    let rest: UInt64
    let node: Int32

    /// The keys of `nodes`; `nil` when one of them is not short or not ASCII.
    static func keys(of nodes: [Int32], in ids: IDStorage.ShortReader) -> [IDSortKey]? {
        guard ids.inlineLayout else { return nil }
        var keys: [IDSortKey] = []
        keys.reserveCapacity(nodes.count)
        for node in nodes {
            guard let id = ids.shortID(at: node) else { return nil }
            // The second word's top byte holds the string's flags and length, not text.
            let low = id.bits[0], high = id.bits[1] & 0x00FF_FFFF_FFFF_FFFF
            guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
            keys.append(IDSortKey(first: low.byteSwapped, rest: high.byteSwapped, node: node))
        }
        return keys
    }

    static func < (lhs: IDSortKey, rhs: IDSortKey) -> Bool {
        lhs.first != rhs.first ? lhs.first < rhs.first : lhs.rest < rhs.rest
    }

    static func == (lhs: IDSortKey, rhs: IDSortKey) -> Bool {
        lhs.first == rhs.first && lhs.rest == rhs.rest
    }
}

/// The identifiers of a graph's nodes, by dense index: the one copy a graph keeps.
///
/// Lists handed out by the graph (``NodeList``: the nodes an edit recomputed, a cycle's path,
/// the topological order) keep a reference to this storage and a list of indices, and resolve
/// identifiers only when read. For that to stay correct while the graph goes on changing, the
/// graph follows one rule: **an identifier already stored is never overwritten while the
/// storage is shared.** Appending past the end is always allowed (nobody holding a list reads
/// beyond the indices it was given, all of which existed when it was made); overwriting an
/// existing index (reusing a removed node's index) copies the storage first when it is shared.
/// Growing beyond the capacity moves to a new storage and leaves the old one to its readers.
final class IDStorage: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<NodeID>
    private(set) var count = 0
    let capacity: Int
    /// ``IDTable/Probe/inlineLayoutHolds``, read once.
    private let inlineLayout = IDTable.Probe.inlineLayoutHolds

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always) subscript(index: Int) -> NodeID { base[index] }

    @inline(__always) subscript(index: Int32) -> NodeID { base[Int(index)] }

    /// Reads stored identifiers as ``ShortID``s, holding no reference to the storage (valid
    /// while the storage is, and only until it is next changed).
    struct ShortReader {
        let base: UnsafeRawPointer
        let inlineLayout: Bool

        /// The identifier at `index` as a ``ShortID``, when it is short (as every stored
        /// identifier that fits is: ``NodeID/compacted``); `nil` for a longer one.
        @inline(__always) func shortID(at index: Int32) -> ShortID? {
            guard inlineLayout else { return nil }
            let id = bits(at: index)
            return IDTable.Probe.isInline((id.bits[0], id.bits[1])) ? id : nil
        }

        /// The bits of the identifier at `index`, short or not (for one that is not, they are
        /// a reference to its text: meaningful only once checked to be short).
        @inline(__always) func bits(at index: Int32) -> ShortID {
            ShortID(bits: base.loadUnaligned(fromByteOffset: Int(index) &* 16, as: SIMD2<UInt64>.self))
        }
    }

    /// A reader of the stored identifiers as ``ShortID``s.
    @inline(__always) var shortReader: ShortReader {
        ShortReader(base: UnsafeRawPointer(base), inlineLayout: inlineLayout)
    }

    /// The stored identifiers, without retaining anything.
    var buffer: UnsafeBufferPointer<NodeID> { UnsafeBufferPointer(start: base, count: count) }

    /// A new storage holding the same identifiers, with room for `capacity` of them.
    func copy(capacity newCapacity: Int) -> IDStorage {
        let fresh = IDStorage(capacity: Swift.max(newCapacity, count))
        fresh.base.initialize(from: base, count: count)
        fresh.count = count
        return fresh
    }

    /// Stores `id` at the end; the caller has checked that there is room.
    @inline(__always) func appendInPlace(_ id: NodeID) {
        (base + count).initialize(to: id)
        count += 1
    }

    /// Stores at the end the identifier whose bits these are, one stored inline (no reference
    /// to count); the caller has checked that there is room.
    @inline(__always) func appendInPlace(inline low: UInt64, _ high: UInt64) {
        let raw = UnsafeMutableRawPointer(base + count)
        raw.storeBytes(of: low, as: UInt64.self)
        raw.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
        count += 1
    }

    /// Removes the last `count` identifiers (nodes taken out again before anything read them).
    func removeLast(_ removed: Int) {
        guard removed > 0 else { return }
        (base + count - removed).deinitialize(count: removed)
        count -= removed
    }

    /// Overwrites the identifier at `index`; the caller has made this storage unique.
    func replaceInPlace(_ id: NodeID, at index: Int) {
        base[index] = id
    }
}

extension NodeStore {
    /// Stores the identifier of a node index: appended when `node` is the next index, otherwise
    /// overwritten (copying the storage first if a handed-out list still reads it; the storage
    /// kept for reuse, which no list reads, lets go of it rather than cost a copy).
    func storeID(_ id: NodeID, at node: Int32) {
        let index = Int(node)
        if index == ids.count {
            if ids.count == ids.capacity { growIDs(to: ids.capacity * 2) }
            ids.appendInPlace(id)
        } else {
            if !isKnownUniquelyReferenced(&ids) {
                releaseSpareList()
                if !isKnownUniquelyReferenced(&ids) { ids = ids.copy(capacity: ids.capacity) }
            }
            ids.replaceInPlace(id, at: index)
        }
    }

    /// Moves the identifiers to a storage with room for `capacity`; the outgrown one is freed
    /// unless a handed-out list still reads it.
    func growIDs(to capacity: Int) {
        ids = ids.copy(capacity: capacity)
        releaseSpareList()
    }
}

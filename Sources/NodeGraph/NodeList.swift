/// A list of node identifiers handed out by a graph: the nodes an edit recomputed
/// (``Change/recomputed``), the path of a refused cycle (``GraphError/wouldCreateCycle(path:)``),
/// the ``Graph/topologicalOrder()``.
///
/// The graph hands these out without copying identifiers one by one: a list of a few short
/// identifiers (an edit's usual handful) holds them by value, and any other list holds the
/// nodes' dense indices and a reference to the graph's identifier storage, resolving each
/// identifier when it is read. Making one costs O(1) per node, however long the identifiers
/// are; reading one is like reading an array. The list stays valid and unchanged whatever
/// happens to the graph afterwards (the graph never overwrites an identifier that a list can
/// still read).
///
/// It compares, hashes and prints as the array of identifiers it lists, and an array literal
/// makes one:
///
/// ```swift
/// let change = try graph.setValue(.number(5), of: "a")
/// change.recomputed == ["a", "sum"]   // true
/// Array(change.recomputed)            // [NodeID]
/// ```
public struct NodeList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// Where the identifiers are; `nil` when they are all in `short`: a ``StoredIdentifiers``, or
    /// the graph's ``IDStorage`` itself for a list of its first identifiers (`short` says which).
    /// (Never changed while a list refers to it, so sharing it between threads is safe.)
    nonisolated(unsafe) private let stored: AnyObject?
    /// The identifiers, when `stored` is `nil`: at most ``ShortIDs/capacity`` of them, each
    /// short enough to live in its string (at most 15 UTF-8 bytes). Plain words, so that making,
    /// copying and dropping such a list allocates nothing and touches no reference count. When
    /// `stored` is not `nil`, ``ShortIDs/prefixMark`` says that it is an ``IDStorage``.
    private let short: ShortIDs
    /// The number of identifiers, kept beside the storage so that `count` reads one field.
    public let endIndex: Int

    /// The empty list.
    public init() {
        self.init(ShortIDs(), count: 0)
    }

    /// A list of the given identifiers.
    /// - Parameter ids: The identifiers, in order.
    public init(_ ids: some Sequence<NodeID>) {
        self.init(array: Array(ids))
    }

    /// A list of the given identifiers.
    /// - Parameter elements: The identifiers, in order.
    public init(arrayLiteral elements: NodeID...) {
        self.init(array: elements)
    }

    private init(array: [NodeID]) {
        if let short = ShortIDs(array) {
            self.init(short, count: array.count)
        } else {
            self.init(StoredIdentifiers.make(array: array), count: array.count)
        }
    }

    /// The list of up to ``ShortIDs/capacity`` short identifiers.
    @inline(__always) init(_ short: ShortIDs, count: Int) {
        stored = nil
        self.short = short
        endIndex = count
    }

    init(_ stored: StoredIdentifiers, count: Int) {
        self.stored = stored
        short = ShortIDs()
        endIndex = count
    }

    /// The first `count` identifiers of `ids`, in index order.
    private init(prefix ids: IDStorage, count: Int) {
        stored = ids
        short = .prefixMark
        endIndex = count
    }

    /// The nodes at `indices`, named by the identifiers in `ids` (read when the list is read).
    init(indices: [Int32], in ids: IDStorage) {
        self = indices.withUnsafeBufferPointer { NodeList(indices: $0, in: ids) }
    }

    /// The nodes at `indices`, named by the identifiers in `ids` (read when the list is read).
    init(indices: UnsafeBufferPointer<Int32>, in ids: IDStorage) {
        guard !indices.isEmpty else {
            self.init()
            return
        }
        self.init(count: indices.count, in: ids) {
            $0.initialize(from: indices.baseAddress!, count: indices.count)
        }
    }

    /// A list of `count` nodes whose indices `fill` writes (all of them).
    init(count: Int, in ids: IDStorage, filling fill: (UnsafeMutablePointer<Int32>) -> Void) {
        self.init(StoredIdentifiers.make(count: count, ids: ids, filling: fill), count: count)
    }

    /// The first `count` stored identifiers, in index order.
    init(prefix count: Int, of ids: IDStorage) {
        guard count > 0 else {
            self.init()
            return
        }
        self.init(prefix: ids, count: count)
    }

    /// Whether the list holds its identifiers by value (no allocation, no reference).
    var isHeldByValue: Bool { stored == nil }

    /// The storage the list reads, when it does not hold its identifiers by value.
    var storage: ObjectIdentifier? { stored.map(ObjectIdentifier.init) }

    /// The first position: 0.
    public var startIndex: Int { 0 }

    /// The identifier at a position.
    /// - Parameter position: A position from 0 to `count - 1`.
    public subscript(position: Int) -> NodeID {
        precondition(position >= 0 && position < endIndex, "index out of range")
        guard let stored else { return short[position].id }
        if short.isPrefixMark { return unsafeDowncast(stored, to: IDStorage.self)[position] }
        return unsafeDowncast(stored, to: StoredIdentifiers.self)[position]
    }

    /// Calls `body` with the node index of each identifier, in order, when the list reads its
    /// identifiers as indices into `ids` (the lists a graph makes for many nodes), and returns
    /// `true`; returns `false` without calling it otherwise.
    /// - Complexity: O(*n*), reading no identifier.
    func forEachNodeIndex(readingFrom ids: IDStorage, _ body: (Int32) -> Void) -> Bool {
        guard let stored else { return false }
        if short.isPrefixMark {
            guard stored === ids else { return false }
            for index in 0..<endIndex { body(Int32(index)) }
            return true
        }
        let list = unsafeDowncast(stored, to: StoredIdentifiers.self)
        return list.withUnsafeMutablePointers { header, indices in
            guard header.pointee.ids === ids else { return false }
            for position in 0..<endIndex { body(indices[position]) }
            return true
        }
    }

    /// Whether two lists hold the same identifiers in the same order.
    public static func == (lhs: NodeList, rhs: NodeList) -> Bool { lhs.elementsEqual(rhs) }

    /// Hashes the identifiers in order.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }

    /// The identifiers in brackets, e.g. `[a, sum]`.
    public var description: String { "[" + map(\.rawValue).joined(separator: ", ") + "]" }
}

/// The identifiers of a ``NodeList`` that it does not hold by value, in one allocation: an array
/// of them, or node indices (a tail of `Int32`s) and the identifier storage they index. Never
/// changed while a list refers to it (see ``NodeStore/reusableList(count:filling:)``).
final class StoredIdentifiers: ManagedBuffer<StoredIdentifiers.Header, Int32> {
    struct Header {
        /// The identifiers as given, or empty when they are read from `ids`.
        let array: [NodeID]
        var ids: IDStorage?
        /// How many indices the tail has room for.
        var room = 0
    }

    /// The most indices a storage kept for reuse holds (16 KB).
    static let reusedRoom = 4096

    /// An array of identifiers.
    static func make(array: [NodeID]) -> StoredIdentifiers {
        unsafeDowncast(
            create(minimumCapacity: 0) { _ in Header(array: array, ids: nil) },
            to: StoredIdentifiers.self)
    }

    /// `count` node indices, all written by `fill`, into `ids`.
    static func make(count: Int, ids: IDStorage, filling fill: (UnsafeMutablePointer<Int32>) -> Void)
        -> StoredIdentifiers
    {
        let list = unsafeDowncast(
            create(minimumCapacity: count) { _ in Header(array: [], ids: ids, room: count) },
            to: StoredIdentifiers.self)
        list.withUnsafeMutablePointerToElements(fill)
        return list
    }

    /// The identifier at `position` (checked by the list).
    subscript(position: Int) -> NodeID {
        withUnsafeMutablePointers { header, indices in
            let header = header.pointee
            guard let ids = header.ids else { return header.array[position] }
            return ids[indices[position]]
        }
    }
}

/// An identifier short enough to live in its string (at most 15 UTF-8 bytes), as the bits of
/// that string: such an identifier holds no reference, so the bits alone are the identifier and
/// copying or dropping them touches no reference count. (Every identifier a graph stores is kept
/// in this form when it fits: ``NodeID/compacted``.) One 16-byte word, written and read whole.
struct ShortID {
    let bits: SIMD2<UInt64>

    /// The identifier.
    @inline(__always) var id: NodeID { unsafeBitCast(bits, to: NodeID.self) }

    /// Unused places of a ``ShortIDs``.
    static let none = ShortID(bits: .zero)

    /// Every bit set: what the bits of identifiers are combined into, to ask whether all are short.
    fileprivate static var all: ShortID { ShortID(bits: SIMD2(repeating: .max)) }
}

extension NodeID {
    /// This identifier as a ``ShortID``, when it is short; `nil` otherwise.
    var shortID: ShortID? {
        guard IDTable.Probe.inlineLayoutHolds else { return nil }
        let bits = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return IDTable.Probe.isInline((bits[0], bits[1])) ? ShortID(bits: bits) : nil
    }
}

/// Up to four short identifiers (``ShortID``), by value.
struct ShortIDs {
    static let capacity = 4
    private var ids = (ShortID.none, ShortID.none, ShortID.none, ShortID.none)

    init() {}

    /// What a ``NodeList`` that reads a prefix of an ``IDStorage`` holds here instead of
    /// identifiers (bits no string has: a first word of all ones with no flag in the second).
    static var prefixMark: ShortIDs {
        var mark = ShortIDs()
        mark.ids.0 = ShortID(bits: SIMD2(UInt64.max, 0))
        return mark
    }

    /// Whether this is ``prefixMark``.
    @inline(__always) var isPrefixMark: Bool { ids.0.bits == SIMD2(UInt64.max, 0) }

    /// The identifiers of the nodes at `indices`, as `ids` stores them, or `nil` when there are
    /// more than ``capacity`` or one of them is not short.
    @inline(__always) init?(_ indices: UnsafeBufferPointer<Int32>, in ids: IDStorage.ShortReader) {
        let count = indices.count
        guard count <= ShortIDs.capacity, ids.inlineLayout else { return nil }
        // Each place read without a branch on what it holds, and all checked at once at the end
        // (every one must be short).
        var all = ShortID.all.bits
        @inline(__always) func read(_ position: Int) -> ShortID {
            guard position < count else { return .none }
            let id = ids.bits(at: indices[position])
            all &= id.bits
            return id
        }
        self.ids = (read(0), read(1), read(2), read(3))
        guard IDTable.Probe.isInline((all[0], all[1])) else { return nil }
    }

    /// The given identifiers, or `nil` when there are more than ``capacity`` or one of them is
    /// not short.
    init?(_ ids: [NodeID]) {
        guard ids.count <= ShortIDs.capacity else { return nil }
        for (position, id) in ids.enumerated() {
            guard let short = id.shortID else { return nil }
            self[position] = short
        }
    }

    /// The identifier at `position` (below ``capacity``).
    @inline(__always) subscript(position: Int) -> ShortID {
        get {
            switch position {
            case 0: ids.0
            case 1: ids.1
            case 2: ids.2
            default: ids.3
            }
        }
        set {
            switch position {
            case 0: ids.0 = newValue
            case 1: ids.1 = newValue
            case 2: ids.2 = newValue
            default: ids.3 = newValue
            }
        }
    }
}

extension NodeStore {
    /// The nodes at `indices`, as a list that names them by their stored identifiers: a few
    /// short ones held by value, otherwise the indices and a reference to the identifiers.
    @inline(__always) func list(of indices: UnsafeBufferPointer<Int32>) -> NodeList {
        if let short = ShortIDs(indices, in: ids.shortReader) { return NodeList(short, count: indices.count) }
        return storedList(of: indices)
    }

    /// The node at `index` alone, as a list.
    @inline(__always) func list(of index: Int32) -> NodeList {
        var index = index
        return withUnsafePointer(to: &index) { list(of: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// ``list(of:)`` by indices and a reference to the identifiers (out of line, so that the
    /// usual list takes no reference): in reused storage (``reusableList(count:filling:)``) up to
    /// ``StoredIdentifiers/reusedRoom`` nodes, in its own beyond.
    @inline(never) private func storedList(of indices: UnsafeBufferPointer<Int32>) -> NodeList {
        guard indices.count <= StoredIdentifiers.reusedRoom else {
            return NodeList(indices: indices, in: ids)
        }
        return reusableList(count: indices.count) {
            $0.initialize(from: indices.baseAddress!, count: indices.count)
        }
    }
}

extension NodeStore {
    /// A list of `count` nodes whose indices `fill` writes (all of them), kept in the storage of
    /// the last such list when nothing else refers to it any more: naming a refused link's loop
    /// or the nodes an edit recomputed, over and over (a person trying links, a script setting
    /// values), allocates nothing. Storage for more than ``StoredIdentifiers/reusedRoom`` nodes
    /// is not kept for reuse.
    func reusableList(count: Int, filling fill: (UnsafeMutablePointer<Int32>) -> Void) -> NodeList {
        if isKnownUniquelyReferenced(&spareList) {
            // Unique: no list reads it, so it may be written again.
            let spare = spareList.unsafelyUnwrapped
            let fits = spare.withUnsafeMutablePointers { header, indices in
                guard header.pointee.room >= count else { return false }
                if header.pointee.ids !== ids { header.pointee.ids = ids }
                fill(indices)
                return true
            }
            if fits { return NodeList(spare, count: count) }
        }
        let list = StoredIdentifiers.make(count: Swift.max(count, 32), ids: ids) { _ in }
        list.withUnsafeMutablePointerToElements(fill)
        if count <= StoredIdentifiers.reusedRoom { spareList = list }
        return NodeList(list, count: count)
    }

    /// Makes the storage kept for reuse let go of the identifier storage when no list reads it
    /// (it takes the current one again when next used), so that the graph's own reference can be
    /// the only one and an identifier may be overwritten in place.
    func releaseSpareList() {
        guard isKnownUniquelyReferenced(&spareList) else { return }
        spareList.unsafelyUnwrapped.withUnsafeMutablePointerToHeader { $0.pointee.ids = nil }
    }
}

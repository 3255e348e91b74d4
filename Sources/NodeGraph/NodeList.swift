/// A list of node identifiers handed out by a graph: the nodes an edit recomputed
/// (``Change/recomputed``), the path of a refused cycle (``GraphError/wouldCreateCycle(path:)``),
/// the ``Graph/topologicalOrder()``.
///
/// The graph hands these out without copying identifiers: a list holds the nodes' dense
/// indices and a reference to the graph's identifier storage, and resolves each identifier
/// when it is read. Making one costs O(1) per node, however long the identifiers are; reading
/// one is like reading an array. The list stays valid and unchanged whatever happens to the
/// graph afterwards (the graph never overwrites an identifier that a list can still read).
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
    private enum Storage: @unchecked Sendable {  // an `IndexList` is never changed once made
        case ids([NodeID])
        /// Node indices and the identifier storage they index, in one object.
        case indices(IndexList)
        /// Up to four indices packed two to a word (an edit's few recomputed nodes: no allocation).
        case few(UInt64, UInt64, IDStorage)
        /// The first `count` stored identifiers, in index order.
        case prefix(Int, IDStorage)
    }

    private let storage: Storage
    /// The number of identifiers, kept beside the storage so that `count` reads one field.
    public let endIndex: Int

    /// The empty list.
    public init() {
        storage = .ids([])
        endIndex = 0
    }

    /// A list of the given identifiers.
    /// - Parameter ids: The identifiers, in order.
    public init(_ ids: some Sequence<NodeID>) {
        let array = Array(ids)
        storage = .ids(array)
        endIndex = array.count
    }

    /// A list of the given identifiers.
    /// - Parameter elements: The identifiers, in order.
    public init(arrayLiteral elements: NodeID...) {
        storage = .ids(elements)
        endIndex = elements.count
    }

    init(indices: [Int32], in ids: IDStorage) {
        self = indices.withUnsafeBufferPointer { NodeList(indices: $0, in: ids) }
    }

    init(indices: UnsafeBufferPointer<Int32>, in ids: IDStorage) {
        endIndex = indices.count
        switch indices.count {
        case 0: storage = .ids([])
        case 1...4:
            var low: UInt64 = 0, high: UInt64 = 0
            for position in 0..<indices.count {
                let bits = UInt64(UInt32(bitPattern: indices[position])) << (32 * UInt64(position & 1))
                if position < 2 { low |= bits } else { high |= bits }
            }
            storage = .few(low, high, ids)
        default:
            storage = .indices(
                IndexList.make(count: indices.count, ids: ids) {
                    $0.initialize(from: indices.baseAddress!, count: indices.count)
                })
        }
    }

    /// A list of `count` nodes whose indices `fill` writes (all of them).
    init(count: Int, in ids: IDStorage, filling fill: (UnsafeMutablePointer<Int32>) -> Void) {
        endIndex = count
        storage = .indices(IndexList.make(count: count, ids: ids, filling: fill))
    }

    init(index: Int32, in ids: IDStorage) {
        storage = .few(UInt64(UInt32(bitPattern: index)), 0, ids)
        endIndex = 1
    }

    init(prefix count: Int, of ids: IDStorage) {
        storage = count == 0 ? .ids([]) : .prefix(count, ids)
        endIndex = count
    }

    /// The first position: 0.
    public var startIndex: Int { 0 }

    /// The identifier at a position.
    /// - Parameter position: A position from 0 to `count - 1`.
    public subscript(position: Int) -> NodeID {
        switch storage {
        case .ids(let ids): return ids[position]
        case .indices(let list):
            precondition(position >= 0 && position < endIndex, "index out of range")
            return list[position]
        case .few(let low, let high, let ids):
            precondition(position >= 0 && position < endIndex, "index out of range")
            let word = position < 2 ? low : high
            return ids[Int32(truncatingIfNeeded: word >> (32 * UInt64(position & 1)))]
        case .prefix(let count, let ids):
            precondition(position >= 0 && position < count, "index out of range")
            return ids[position]
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

/// Node indices and the identifier storage they index, in one allocation: what a ``NodeList`` of
/// several nodes holds. Made whole, never changed. (The header is a stored property of the
/// buffer, released with it; the indices are plain values.)
final class IndexList: ManagedBuffer<IndexList.Header, Int32> {
    struct Header {
        let ids: IDStorage
        let count: Int
    }

    /// A list of `count` indices, all written by `fill`.
    static func make(count: Int, ids: IDStorage, filling fill: (UnsafeMutablePointer<Int32>) -> Void)
        -> IndexList
    {
        let list = unsafeDowncast(
            create(minimumCapacity: count) { _ in Header(ids: ids, count: count) }, to: IndexList.self)
        list.withUnsafeMutablePointerToElements(fill)
        return list
    }

    /// The identifier of the node at `position` (checked by the caller).
    subscript(position: Int) -> NodeID {
        withUnsafeMutablePointers { header, indices in header.pointee.ids[indices[position]] }
    }
}

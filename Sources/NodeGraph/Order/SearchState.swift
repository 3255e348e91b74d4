/// Where a node stands in the order search under way (``OrderSearch``), in
/// `NodeColumns.searchState`: idle outside one; once a search reaches it, which neighbour it was
/// reached from, and by which of the two searches.
enum SearchState {
    /// Not reached (and the guard element's value).
    static let idle: Int32 = -1
    /// Where the forward search starts (the link's `downstream`).
    static let forwardRoot: Int32 = -2
    /// Where the backward search starts (the link's `upstream`).
    static let backwardRoot: Int32 = -3

    /// Reached by the forward search from `parent`, an input of the node.
    @inline(__always) static func forward(from parent: Int32) -> Int32 { parent }

    /// Reached by the backward search from `child`, a dependent of the node.
    @inline(__always) static func backward(toward child: Int32) -> Int32 { -4 &- child }

    /// Whether the forward search reached the node (or started there).
    @inline(__always) static func isForward(_ state: Int32) -> Bool { state >= 0 || state == forwardRoot }

    /// Whether the backward search reached the node (or started there).
    @inline(__always) static func isBackward(_ state: Int32) -> Bool { state <= backwardRoot }

    /// The node the forward search came from, or `nil` (not reached forward, or the root).
    @inline(__always) static func parent(_ state: Int32) -> Int32? { state >= 0 ? state : nil }

    /// The node the backward search came from, or `nil` (not reached backward, or the root).
    @inline(__always) static func child(_ state: Int32) -> Int32? { state <= -4 ? -4 &- state : nil }
}

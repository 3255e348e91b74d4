/// Where a node stands in the recompute under way, in `NodeColumns.recomputeState`: idle outside
/// one; while a region is counted and released (``Graph/recomputeTrace(from:)``), the number of
/// its inputs inside the region not yet settled, and whether it must be recomputed; during a
/// sweep, whether its value changed.
enum RecomputeState {
    /// Not part of a recompute (and the guard element's value: an empty slot reads it).
    static let idle: Int32 = -1
    /// Set beside the count: the node must be recomputed (a root, or an input's value changed).
    static let mustRecompute: Int32 = 1 << 30
    /// The count of inputs inside the region not yet settled.
    static let pendingMask: Int32 = (1 << 30) - 1
    /// During a sweep: the node was recomputed to a new value. Neither idle nor a count (both
    /// non-negative), so one comparison tells.
    static let changed: Int32 = -2
}

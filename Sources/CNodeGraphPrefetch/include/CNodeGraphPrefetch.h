// A prefetch hint for NodeGraph's column entry (ColumnBatch): Swift has no prefetch of its own.
// Inlined into the Swift caller; the instruction asks for the cache line holding `address` and
// does not wait for it (nor fault on any address).
#ifndef C_NODE_GRAPH_PREFETCH_H
#define C_NODE_GRAPH_PREFETCH_H

static inline __attribute__((always_inline)) void nodegraph_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif

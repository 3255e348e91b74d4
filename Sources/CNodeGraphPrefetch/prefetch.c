// The module is its header (CNodeGraphPrefetch.h), inlined where it is used; a C target needs
// one source file.
#include "CNodeGraphPrefetch.h"

import NodeGraph

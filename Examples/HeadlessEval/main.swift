// HeadlessEval: NodeGraph's getting-started in runnable form.
//
// Builds a small graph in code, links it, changes a value, and prints what recomputed; then builds
// a 100,000-node graph with a GraphBuilder — the same steps as the "Getting started" article in
// the NodeGraph documentation. It imports NodeGraph alone: no file code is linked in (files and
// journals are NodeGraphFiles, see the CustomKinds example).
//
//     swift run HeadlessEval
import NodeGraph

do {
    // 1. A graph with the calculator's kinds: two numbers and an add node.
    var graph = Graph()
    try graph.addNode("width", kind: "number", name: "Width", value: .number(3))
    try graph.addNode("height", kind: "number", name: "Height", value: .number(4))
    try graph.addNode("area", kind: "multiply", name: "Area")

    // 2. Link the numbers into the multiply node's slots 0 and 1.
    try graph.link(from: "width", to: "area", slot: 0)
    try graph.link(from: "height", to: "area", slot: 1)
    print("area =", graph.value(of: "area")!)  // 12

    // 3. Change a value: exactly the affected nodes recompute, each once, in order.
    let change = try graph.setValue(.number(10), of: "width")
    print("recomputed:", change.recomputed.map(\.rawValue).joined(separator: ", "))  // width, area
    print("area =", graph.value(of: "area")!)  // 40

    // 4. A link that would close a loop is refused, names the loop, and changes nothing.
    try graph.addNode("double", kind: "add", name: "Double", inputs: ["area", "area"])
    do {
        try graph.link(from: "double", to: "area", slot: 0)
    } catch {
        print("refused:", error)  // would create a cycle: area → double → area
    }

    // 5. Errors are values: dividing by zero gives an error value, and downstream nodes carry it.
    try graph.addNode("zero", kind: "number", value: .number(0))
    try graph.addNode("ratio", kind: "divide", name: "Ratio", inputs: ["double", "zero"])
    print("ratio =", graph.value(of: "ratio")!)  // error: division by zero

    // 6. Every node, in dependency order.
    for node in graph.nodes {
        print("\(node.name ?? node.id.rawValue) (\(node.id)): \(graph.value(of: node.id)!)")
    }

    // 7. Many nodes at once: a GraphBuilder numbers nodes as they are added, inputs are those
    //    numbers, and the graph is evaluated once at the end.
    var builder = GraphBuilder()
    try builder.add("seed", kind: "number", value: .number(1))  // node 0
    for i in 1..<100_000 {
        try builder.add(NodeID("step\(i)"), kind: "add", inputs: [i - 1, 0])  // step(i−1) + seed
    }
    var long = builder.finish()
    print("built \(long.count) nodes; step99999 =", long.value(of: "step99999")!)  // 100000
    let update = try long.setValue(.number(2), of: "seed")
    print("recomputed \(update.recomputed.count) nodes; step99999 =", long.value(of: "step99999")!)  // 200000
} catch {
    print("error:", error)
}

import Foundation
import NodeGraph

extension FuzzTarget {
    /// Journal lines parsed and replayed on the demo graph: refused lines change nothing, the invariants
    /// hold after every line, and values always equal a from-scratch evaluation.
    public static let journal = FuzzTarget(name: "journal") { input in
        let document = GraphDocument(graph: startingGraph(), historyLimit: 50)
        var problems: [String] = []
        for line in Journal.lines(in: Data(input)).prefix(200) {
            let before = document.graph
            let step = document.replay(line)
            if step.isRefused && document.graph != before {
                problems.append(
                    "line \(line.number): refused \(line.operationName ?? "line") changed the graph")
            }
            do {
                try document.graph.checkInvariants()
            } catch {
                problems.append("line \(line.number): \(error)")
            }
            if document.graph.currentValues() != document.graph.valuesFromScratch() {
                problems.append("line \(line.number): values differ from a from-scratch evaluation")
            }
        }
        return problems
    }
}

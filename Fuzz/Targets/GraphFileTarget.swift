import Foundation
import NodeGraph
import NodeGraphFiles

extension FuzzTarget {
    /// Any bytes as a graph file: loading never crashes; a refused file names at least one
    /// problem, each on one line; an accepted file is sound, saves, loads back to the same graph,
    /// and saves again byte for byte.
    public static let graphFile = FuzzTarget(name: "graphfile") { input in
        let limits = GraphFile.Limits(maximumBytes: 1 << 20, maximumNodes: 10_000, maximumDepth: 64)
        let graph: Graph
        do throws(GraphFileError) {
            graph = try GraphFile.decode(Data(input), limits: limits)
        } catch {
            if error.problems.isEmpty { return ["a refused file reported no problem"] }
            return error.problems.map(\.description).filter { !isOneLine($0) }.map {
                "a problem is not one printable line: \($0.debugDescription)"
            }
        }
        var problems: [String] = []
        do {
            try graph.checkInvariants()
        } catch {
            problems.append("accepted file breaks an invariant: \(error)")
        }
        if graph.currentValues() != graph.valuesFromScratch() {
            problems.append("loaded values differ from scratch")
        }
        do {
            let saved = try GraphFile.encode(graph)
            let reloaded = try GraphFile.decode(saved, limits: limits)
            if reloaded != graph { problems.append("save → load gives a different graph") }
            if try GraphFile.encode(reloaded) != saved {
                problems.append("saving twice is not byte-identical")
            }
        } catch {
            problems.append("an accepted graph does not round-trip: \(error)")
        }
        return problems
    }
}

/// Whether a message is one line with no control character in it.
func isOneLine(_ message: String) -> Bool {
    !message.unicodeScalars.contains { $0.properties.generalCategory == .control }
}

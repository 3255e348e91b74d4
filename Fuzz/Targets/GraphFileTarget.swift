import Foundation
@_spi(Testing) import NodeGraph

extension FuzzTarget {
    /// Any bytes as a graph file: loading never crashes; an accepted file is sound, saves, loads
    /// back to the same graph, and saves again byte for byte; and the one-pass reader agrees with
    /// the thorough decoder (same graph, built in the same order, or the same problems).
    public static let graphFile = FuzzTarget(name: "graphfile") { input in
        let limits = GraphFile.Limits(maximumBytes: 1 << 20, maximumNodes: 10_000, maximumDepth: 64)
        let data = Data(input)
        let thorough: Result<Graph, GraphFileError>
        do throws(GraphFileError) {
            thorough = .success(try GraphFile.decodeThoroughly(data, limits: limits))
        } catch {
            thorough = .failure(error)
        }
        let graph: Graph
        do throws(GraphFileError) {
            graph = try GraphFile.decode(data, limits: limits)
        } catch {
            if error.problems.isEmpty { return ["a refused file reported no problem"] }
            return thorough == .failure(error)
                ? [] : ["loading and the thorough decoder disagree: \(thorough)"]
        }
        var problems: [String] = []
        switch thorough {
        case .failure(let error):
            problems.append("the one-pass reader accepted a file the decoder refuses: \(error)")
        case .success(let other):
            if other != graph || other.topologicalOrder() != graph.topologicalOrder() {
                problems.append("the one-pass reader and the decoder build different graphs")
            }
        }
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

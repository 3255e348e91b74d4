import Foundation
import NodeGraph

extension FuzzTarget {
    /// Journal lines applied to the demo graph: refused lines change nothing, the invariants
    /// hold after every line, and values always equal a from-scratch evaluation.
    public static let journal = FuzzTarget(name: "journal") { input in
        let document = GraphDocument(graph: startingGraph(), historyLimit: 50)
        var problems: [String] = []
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).prefix(200)
        for (number, line) in lines.enumerated() {
            let before = document.graph
            let entry: JournalEntry
            do {
                entry = try JSONDecoder().decode(JournalEntry.self, from: Data(line))
            } catch {
                continue
            }
            do {
                switch entry {
                case .edit(let edit): try document.apply(edit)
                case .undo: try document.undo()
                case .redo: try document.redo()
                }
            } catch {
                if document.graph != before { problems.append("line \(number + 1): refused \(entry.operationName) changed the graph") }
            }
            do {
                try document.graph.checkInvariants()
            } catch {
                problems.append("line \(number + 1): \(error)")
            }
            if document.graph.currentValues() != document.graph.valuesFromScratch() {
                problems.append("line \(number + 1): values differ from a from-scratch evaluation")
            }
        }
        return problems
    }
}

import Foundation
import NodeGraph
import NodeGraphFiles

extension FuzzTarget {
    /// Any bytes as journal lines, read through the one journal path and replayed on the demo
    /// graph: never a crash; every refusal is one line; a line that reads writes back as a line
    /// that reads as the same entry; refused lines change nothing, and the invariants and
    /// from-scratch values hold after every line.
    public static let journal = FuzzTarget(name: "journal") { input in
        let document = GraphDocument(graph: startingGraph(), historyLimit: 50)
        var problems: [String] = []
        for line in Journal.lines(in: Data(input)).prefix(200) {
            if case .success(let entry) = line.entry {
                problems += roundTripProblems(entry, line: line.number)
            }
            let before = document.graph
            let step = document.replay(line)
            if case .refused(let reason) = step.outcome, !isOneLine(reason) {
                problems.append(
                    "line \(line.number): the refusal is not one printable line: \(reason.debugDescription)")
            }
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

    /// An entry written as a line and read back is the same entry.
    static func roundTripProblems(_ entry: JournalEntry, line: Int) -> [String] {
        let text: String
        do throws(JournalLineError) {
            text = try Journal.line(for: entry)
        } catch {
            return []  // a value that JSON cannot hold is refused when written: fine
        }
        let again = Journal.readLine(Data(text.utf8), number: line).entry
        return again == .success(entry) ? [] : ["line \(line): \(text) reads back as \(again)"]
    }
}

import NodeGraph
import NodeGraphTesting
import PropertyBased
import Testing

@Suite struct PropertyTests {
    /// Random edit sequences (shrinkable: each number picks one edit) checked edit by edit.
    @Test func randomEditSequencesKeepEveryPromise() async {
        let edits = RandomEdits()
        await propertyCheck(count: 300, input: Gen.uint64().array(of: 1...80)) { codes in
            var checker = GraphChecker(graph: Graph())
            for code in codes { checker.apply(edits.edit(from: code, in: checker.graph)) }
            checker.checkUndoAll()
            #expect(checker.violations == [])
        }
    }

    /// Longer sequences from a seeded generator, starting from a populated graph.
    @Test func longSeededSequencesKeepEveryPromise() throws {
        let report = GraphChecker.run(
            sequences: PropertyCaseCount.scaled(200), length: 150, seed: 2026, from: try smallCalculator())
        #expect(report.violations == [])
        #expect(report.applied > report.sequences * 50)
        #expect(report.refused > 0)
    }
}

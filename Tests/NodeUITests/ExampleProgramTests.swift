import Foundation
import Testing

/// The example programs are part of the documentation: they must build, run and say what the
/// README says they do.
@Suite struct ExampleProgramTests {
    @Test func headlessEvalBuildsAGraphAndShowsWhatRecomputed() throws {
        let result = try ChildProcess.runProduct("HeadlessEval")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("recomputed"))
        #expect(result.standardOutput.contains("cycle"))
        #expect(result.standardOutput.contains("built 100000 nodes; step99999 = 100000"))
        #expect(result.standardOutput.contains("recomputed 100000 nodes; step99999 = 200000"))
    }

    @Test func headlessEvalImportsNodeGraphAloneAndLinksNoFileCode() throws {
        let binary = try Data(
            contentsOf: ChildProcess.productsDirectory.appendingPathComponent("HeadlessEval"))
        // Every symbol of the NodeGraphFiles module carries its mangled name, `14NodeGraphFiles`.
        #expect(binary.range(of: Data("14NodeGraphFiles".utf8)) == nil)
        #expect(binary.range(of: Data("9NodeGraph".utf8)) != nil)
        // Nor Foundation: NodeGraph uses none of it.
        #expect(binary.range(of: Data("libFoundation".utf8)) == nil)
    }

    @Test func customKindsRunsItsOwnKindsAndPassesTheGraphChecker() throws {
        let result = try ChildProcess.runProduct("CustomKinds")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("sentence = hello WORLD"))
        #expect(
            result.standardOutput.contains(
                "refused: slot 0 (text) of 'loud' takes a text, but 'length' produces a number"))
        #expect(result.standardOutput.contains("on these kinds: 0 violations"))
    }
}

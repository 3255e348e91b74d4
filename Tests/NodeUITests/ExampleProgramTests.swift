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

import Foundation
import NodeGraph
import Testing

/// README's library example ("The library"), run here: its statements line for line, each printed
/// result (`print(x)    // result`) as the expectation that checks it.
@Suite struct ReadmeExampleTests {
    @Test func readmesLibraryExampleDoesWhatItsCommentsSay() throws {
        var graph = Graph()  // the calculator's kinds by default
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("two", kind: "number", value: .number(2))
        try graph.addNode("sum", kind: "add", inputs: ["one", nil, "two"])

        let change = try graph.setValue(.number(5), of: "one")
        #expect(change.recomputed == ["one", "sum"])
        #expect(graph.value(of: "sum") == .number(7))

        let before = graph
        do {
            try graph.link(from: "sum", to: "sum", slot: 1)
            Issue.record("a link from a node to itself was made")
        } catch {
            #expect("\(error)" == "would create a cycle: sum → sum")
        }
        #expect(graph == before, "and nothing changed")
    }

    @Test func readmeShowsTheExampleThatRunsHere() throws {
        let tests = URL(fileURLWithPath: #filePath)
        let readme = try String(
            contentsOf: tests.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## The library\n"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        // The example's statements without their comments; the prints are checked above.
        let statements = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map {
            String($0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0])
                .trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty && !$0.hasPrefix("print(") && !["do {", "} catch {", "}"].contains($0) }
        let here = try String(contentsOf: tests, encoding: .utf8).split(separator: "\n").map {
            String($0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0])
                .trimmingCharacters(in: .whitespaces)
        }
        var remaining = here[...]
        for statement in statements {
            guard let found = remaining.firstIndex(of: statement) else {
                Issue.record("README's line is not in the example run here: \(statement)")
                return
            }
            remaining = remaining[(found + 1)...]
        }
        #expect(statements.count >= 6)
    }
}

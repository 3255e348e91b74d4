import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Graph files with definitions (version 2).
@Suite struct GroupFileTests {
    /// DESIGN.md's version-2 example.
    static let example = """
        { "format": "nodegraph", "version": 2,
          "definitions": [
            { "kind": "average", "name": "Average", "inputs": ["a", "b"], "output": "half",
              "nodes": [
                { "id": "a", "kind": "groupInput", "name": "a", "value": 0 },
                { "id": "b", "kind": "groupInput", "name": "b", "value": 0 },
                { "id": "sum", "kind": "add", "inputs": ["a", "b", null] },
                { "id": "two", "kind": "number", "value": 2 },
                { "id": "half", "kind": "divide", "inputs": ["sum", "two"] } ] } ],
          "nodes": [
            { "id": "one", "kind": "number", "value": 1 },
            { "id": "five", "kind": "number", "value": 5 },
            { "id": "avg", "kind": "average", "inputs": ["one", "five"] } ] }
        """

    /// The example with one text replaced, to make a problem.
    static func example(replacing old: String, with new: String) -> String {
        precondition(example.contains(old))
        return example.replacingOccurrences(of: old, with: new)
    }

    @Test func theDesignsExampleLoadsAndEvaluates() throws {
        let graph = try loadGraph(Self.example)
        #expect(graph.value(of: "avg") == .number(3))
        #expect(graph.definition(named: "average")?.inputs == ["a", "b"])
        #expect(graph.name(of: "avg") == "Average")
        try graph.checkInvariants()
    }

    @Test func aGraphWithDefinitionsSavesAsVersionTwoDefinitionsFirst() throws {
        let text = try canonicalText(try loadGraph(Self.example))
        #expect(
            text == """
                {
                  "definitions": [
                    {
                      "inputs": ["a", "b"],
                      "kind": "average",
                      "name": "Average",
                      "nodes": [
                        {"id": "a", "kind": "groupInput", "name": "a", "value": 0, "x": 0, "y": 0},
                        {"id": "b", "kind": "groupInput", "name": "b", "value": 0, "x": 0, "y": 0},
                        {"id": "sum", "inputs": ["a", "b", null], "kind": "add", "name": "Add", "x": 0, "y": 0},
                        {"id": "two", "kind": "number", "name": "Number", "value": 2, "x": 0, "y": 0},
                        {"id": "half", "inputs": ["sum", "two"], "kind": "divide", "name": "Divide", "x": 0, "y": 0}
                      ],
                      "output": "half"
                    }
                  ],
                  "format": "nodegraph",
                  "nodes": [
                    {"id": "five", "kind": "number", "name": "Number", "value": 5, "x": 0, "y": 0},
                    {"id": "one", "kind": "number", "name": "Number", "value": 1, "x": 0, "y": 0},
                    {"id": "avg", "inputs": ["one", "five"], "kind": "average", "name": "Average", "x": 0, "y": 0}
                  ],
                  "version": 2
                }

                """)
        #expect(try canonicalText(try loadGraph(text)) == text)
    }

    @Test func definitionsAreSavedEachAfterThoseItUsesTiesByKind() throws {
        var graph = Graph()
        try graph.apply(
            .addDefinition(
                DefinitionDescription(
                    kind: "zed", name: "Zed", inputs: [], output: "n",
                    nodes: [NodeDescription(id: "n", kind: "number")])))
        try graph.apply(
            .addDefinition(
                DefinitionDescription(
                    kind: "apex", name: "Apex", inputs: [], output: "z",
                    nodes: [NodeDescription(id: "z", kind: "zed")])))
        try graph.apply(
            .addDefinition(
                DefinitionDescription(
                    kind: "bee", name: "Bee", inputs: [], output: "n",
                    nodes: [NodeDescription(id: "n", kind: "number")])))
        let text = try canonicalText(graph)
        let kinds = text.split(separator: "\n").filter { $0.contains("\"kind\": \"") && !$0.contains("{") }
        #expect(
            kinds.map { $0.trimmingCharacters(in: .whitespaces) } == [
                #""kind": "bee","#, #""kind": "zed","#, #""kind": "apex","#,
            ])
        #expect(try loadGraph(text) == graph)
    }

    @Test func aGraphWithoutDefinitionsStillSavesAsVersionOneByteForByte() throws {
        var graph = try loadGraph(Self.example)
        let plain = try canonicalText(try smallCalculator())
        try graph.ungroup("avg")
        try graph.apply(.removeDefinition("average"))
        #expect(try canonicalText(graph).hasSuffix("\"version\": 1\n}\n"))
        #expect(try canonicalText(try loadGraph(plain)) == plain)
    }

    @Test func aColorGroupInputIsWrittenAndReadAsAColor() throws {
        var graph = Graph()
        try graph.apply(
            .addDefinition(
                DefinitionDescription(
                    kind: "dim", name: "Dim", inputs: ["c"], output: "out",
                    nodes: [
                        NodeDescription(
                            id: "c", kind: "groupInput", value: .color(Color(red: 200, green: 0, blue: 0))),
                        NodeDescription(id: "out", kind: "colorAdjust", inputs: ["c"]),
                    ])))
        try graph.addNode("dim", kind: "dim")
        let text = try canonicalText(graph)
        #expect(text.contains(##""value": "#c80000""##))
        let loaded = try loadGraph(text)
        #expect(loaded == graph)
        #expect(loaded.kind(of: "dim")?.inputs.first?.type == .color)
    }

    @Test func aProblemInsideADefinitionNamesIt() throws {
        let problem = try expectSingleProblem(
            Self.example(replacing: #""inputs": ["sum", "two"]"#, with: #""inputs": ["sun", "two"]"#),
            .danglingInput)
        #expect(problem.definition == "average")
        #expect(
            problem.description.hasSuffix(
                "definition 'average', node 'half', field 'inputs[0]': no node has id 'sun'"))
    }

    @Test func aCycleInsideADefinitionIsNamedThere() throws {
        let problem = try expectSingleProblem(
            Self.example(replacing: #""inputs": ["a", "b", null]"#, with: #""inputs": ["a", "b", "half"]"#),
            .cycle)
        #expect(
            problem.description.hasSuffix(
                "definition 'average', node 'sum', field 'inputs': inputs form a cycle: sum → half → sum"))
    }

    @Test func definitionsUsingEachOtherAreRefusedWithTheLoopNamed() throws {
        let text = Self.example(
            replacing: #"{ "id": "two", "kind": "number", "value": 2 }"#,
            with: #"{ "id": "two", "kind": "average" }"#)
        let problems = loadProblems(text)
        #expect(problems.map(\.kind).contains(.definitionLoop))
        #expect(problems.contains { $0.reason == "definition loop: average → average" })
    }

    @Test func aDefinitionsKindMustBeFree() throws {
        let problems = loadProblems(
            Self.example(replacing: #""kind": "average", "name""#, with: #""kind": "add", "name""#))
        #expect(problems.map(\.kind) == [.kindTaken, .unknownKind])
        #expect(problems.first?.reason == "a kind named 'add' already exists")
    }

    @Test func aGroupInputOutsideADefinitionIsRefused() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "a", "kind": "groupInput"}"#), .invalidDefinition)
        #expect(
            problem.description.hasSuffix(
                "node 'a', field 'kind': a groupInput node belongs inside a definition"))
    }

    @Test func aDefinitionsInputsMustBeItsGroupInputs() throws {
        let problems = loadProblems(
            Self.example(
                replacing: #""inputs": ["a", "b"], "output""#, with: #""inputs": ["a", "sum"], "output""#))
        #expect(
            problems.map(\.reason) == [
                "'sum' is not a groupInput node", "group input 'b' is not among the definition's inputs",
            ])
        #expect(problems.allSatisfy { $0.kind == .invalidDefinition && $0.definition == "average" })
        // The instance has the slots the definition says, and is told so.
        let unlisted = loadProblems(
            Self.example(replacing: #""inputs": ["a", "b"], "output""#, with: #""inputs": ["a"], "output""#))
        #expect(
            unlisted.map(\.reason) == [
                "group input 'b' is not among the definition's inputs",
                "2 inputs given, but an average node has only 1 input slot",
            ])
    }

    @Test func definitionsNeedVersionTwo() throws {
        let problem = try expectSingleProblem(
            Self.example(replacing: #""version": 2"#, with: #""version": 1"#), .unexpectedField)
        #expect(problem.reason == "definitions need version 2 (this file says version 1)")
    }

    @Test func definitionsNestAtMostSixteenDeep() throws {
        func file(depth: Int) -> String {
            let definitions = (1...depth).map { level in
                let kind = level == 1 ? "number" : "d\(level - 1)"
                return
                    #"{"kind": "d\#(level)", "inputs": [], "output": "o", "nodes": [{"id": "o", "kind": "\#(kind)"}]}"#
            }
            return
                #"{"format": "nodegraph", "version": 2, "nodes": [], "definitions": [\#(definitions.joined(separator: ","))]}"#
        }
        #expect(loadProblems(file(depth: 16)).isEmpty)
        let problem = try expectSingleProblem(file(depth: 17), .definitionsNestTooDeep)
        #expect(problem.reason.hasPrefix("definitions nest 17 deep (d17 › d16 › "))
    }

    @Test func definitionNodesCountTowardsTheNodeLimit() throws {
        let problems = loadProblems(Self.example, limits: GraphFile.Limits(maximumNodes: 6))
        #expect(problems.map(\.kind) == [.tooManyNodes])
    }

    @Test func anErrorInsideAnInstanceKeepsItsPathThroughASaveAndLoad() throws {
        let graph = try loadGraph(Self.example(replacing: #""value": 2"#, with: #""value": 0"#))
        #expect(graph.value(of: "avg")?.error?.path == ["avg", "half"])
        #expect(
            JSONValue(graph.value(of: "avg")!).jsonText
                == #"{"error":"division by zero","from":"avg","path":["avg","half"]}"#)
    }
}

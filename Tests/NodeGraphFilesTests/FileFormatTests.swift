import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

@Suite struct FileFormatTests {
    // MARK: Round trip and canonical text

    @Test func savingTheSameGraphTwiceGivesIdenticalBytes() throws {
        let graph = Graph.demoCalculator()
        #expect(try GraphFile.encode(graph) == GraphFile.encode(graph))
    }

    @Test func aSavedFileRoundTripsByteForByte() throws {
        let text = try canonicalText(Graph.demoCalculator())
        let reloaded = try loadGraph(text)
        #expect(try canonicalText(reloaded) == text)
        #expect(reloaded == Graph.demoCalculator())
    }

    @Test func theCanonicalTextIsPrettySortedAndOneNodePerLine() throws {
        let graph = try smallCalculator()
        #expect(
            try canonicalText(graph) == """
                {
                  "format": "nodegraph",
                  "nodes": [
                    {"id": "one", "kind": "number", "name": "One", "value": 1, "x": 0, "y": 0},
                    {"id": "two", "kind": "number", "name": "Two", "value": 2, "x": 0, "y": 0},
                    {"id": "sum", "inputs": ["one", null, "two"], "kind": "add", "name": "Add", "x": 0, "y": 0}
                  ],
                  "version": 1
                }

                """)
    }

    @Test func anEmptyGraphSavesAsAnEmptyList() throws {
        #expect(
            try canonicalText(Graph())
                == "{\n  \"format\": \"nodegraph\",\n  \"nodes\": [],\n  \"version\": 1\n}\n")
        #expect(try loadGraph(canonicalText(Graph())).isEmpty)
    }

    @Test func numbersKeepTheirExactValueAndWholeNumbersHaveNoFraction() throws {
        var graph = Graph()
        let numbers: [Double] = [0.1, -2.5, 1e-7, 123_456.789, 3, -0.0, 1e20, 9_007_199_254_740_992]
        for (index, number) in numbers.enumerated() {
            try graph.addNode(NodeID("n\(index)"), kind: "number", value: .number(number))
        }
        let text = try canonicalText(graph)
        #expect(text.contains("\"value\": 3,"))
        #expect(!text.contains("3.0"))
        let reloaded = try loadGraph(text)
        for (index, number) in numbers.enumerated() {
            #expect(reloaded.value(of: NodeID("n\(index)")) == .number(number))
        }
    }

    @Test func namesWithQuotesAndNonASCIITextRoundTrip() throws {
        var graph = Graph()
        try graph.addNode("q", kind: "number", name: "Say \"hi\" \\ ünïcødé 🎛", value: .number(1))
        let reloaded = try loadGraph(try canonicalText(graph))
        #expect(reloaded.name(of: "q") == "Say \"hi\" \\ ünïcødé 🎛")
    }

    @Test func valueIsWrittenOnlyForSourceKindsAndInputsOnlyForKindsWithSlots() throws {
        let text = try canonicalText(try smallCalculator())
        let lines = text.split(separator: "\n")
        let one = try #require(lines.first { $0.contains("\"id\": \"one\"") })
        let sum = try #require(lines.first { $0.contains("\"id\": \"sum\"") })
        #expect(!one.contains("inputs"))
        #expect(one.contains("\"value\""))
        #expect(!sum.contains("\"value\""))
    }

    // MARK: Loading

    @Test func nodesMayNameInputsDefinedLaterInTheFile() throws {
        let graph = try loadGraph(
            graphFile(
                """
                {"id": "sum", "kind": "add", "inputs": ["b", "a"]},
                {"id": "a", "kind": "number", "value": 4},
                {"id": "b", "kind": "number", "value": 5}
                """))
        #expect(graph.value(of: "sum") == .number(9))
        try graph.checkInvariants()
    }

    @Test func optionalFieldsTakeTheirDefaults() throws {
        let graph = try loadGraph(
            graphFile(#"{"id": "n", "kind": "number"}, {"id": "m", "kind": "multiply"}"#))
        #expect(graph.position(of: "n") == .zero)
        #expect(graph.name(of: "n") == "Number")
        #expect(graph.value(of: "n") == .number(0))
        #expect(graph.inputs(of: "m") == [nil, nil])
    }

    @Test func aColorKindLoadsAndEvaluates() throws {
        let graph = try GraphFile.load(path: examplesDirectory.appendingPathComponent("colors.json").path)
        #expect(graph.value(of: "mix") == .color(Color(red: 200, green: 120, blue: 40)))
    }

    @Test func everyExampleGraphLoadsAndIsInCanonicalForm() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(files.count >= 5)
        for file in files {
            let path = examplesDirectory.appendingPathComponent(file).path
            let graph = try GraphFile.load(path: path)
            #expect(try GraphFile.encode(graph) == Data(contentsOf: URL(fileURLWithPath: path)), "\(file)")
        }
    }

    @Test func theDemoCalculatorComputesItsValues() {
        let graph = Graph.demoCalculator()
        #expect(graph.value(of: "add") == .number(3))
        #expect(graph.value(of: "subtract") == .number(2))
        #expect(graph.value(of: "multiply") == .number(6))
    }

    @Test func aToolDefinedSourceKindRoundTripsItsValue() throws {
        let text = ValueType("text")
        struct TextSource: NodeKind {
            let name = "text"
            let title = "Text"
            let inputs: [SlotSpec] = []
            let outputType = ValueType("text")
            var parameterType: ValueType? { ValueType("text") }
            var defaultParameter: Value? {
                .custom(CustomValue(type: ValueType("text"), payload: .string("")))
            }
            func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
                guard let parameter = inputs.parameter else { throw EvaluationFailure("no text") }
                return parameter
            }
        }
        var registry = KindRegistry()
        registry.register(TextSource())
        var graph = Graph(registry: registry)
        try graph.addNode(
            "greeting", kind: "text",
            value: .custom(CustomValue(type: text, payload: .string("hi\n\"there\""))))
        try graph.addNode(
            "looksLikeAColor", kind: "text",
            value: .custom(CustomValue(type: text, payload: .string("#FF0000"))))
        let saved = try canonicalText(graph)
        let reloaded = try loadGraph(saved, registry: registry)
        #expect(reloaded.value(of: "greeting") == graph.value(of: "greeting"))
        #expect(reloaded.value(of: "looksLikeAColor") == graph.value(of: "looksLikeAColor"))
        let document = GraphDocument(graph: reloaded)
        let step = document.replay(
            journalLines(##"{"op":"setValue","node":"greeting","value":"#00ff00"}"##)[0])
        #expect(step.outcome == .applied(recomputed: ["greeting"]))
        #expect(
            document.graph.value(of: "greeting")
                == .custom(CustomValue(type: text, payload: .string("#00ff00"))))
        #expect(try canonicalText(reloaded) == saved)
    }
}

import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Every way JSON writes a number means the same value in a graph file, a journal line and an
/// `addNode` line.
@Suite struct NumberFormTests {
    /// A literal and the number it means.
    static let forms: [(literal: String, number: Double)] = [
        ("0", 0), ("-0", 0), ("0.0", 0), ("-0.0", 0), ("0e1", 0), ("0E1", 0), ("0e+1", 0), ("0E-1", 0),
        ("-0e5", 0), ("1E+2", 100), ("1e2", 100), ("100.0", 100), ("1.5e1", 15), ("-1.5E-1", -0.15),
        ("0.1", 0.1), ("2.5", 2.5), ("123456789012345678901234567890", 1.2345678901234568e29),
        ("9007199254740993", 9_007_199_254_740_992), ("5e-324", .leastNonzeroMagnitude),
        ("1.7976931348623157e308", .greatestFiniteMagnitude),
        // Too small to tell from zero: zero, whatever the sign.
        ("1e-400", 0), ("-1e-400", 0), ("0.0000001e-330", 0),
    ]

    /// The value a number node holds after loading a file with `literal` as its value.
    static func fileValue(_ literal: String) throws -> Value? {
        try loadGraph(graphFile(#"{"id": "n", "kind": "number", "value": \#(literal)}"#)).value(of: "n")
    }

    /// The value `one` holds after a `setValue` line with `literal`.
    static func setValueLine(_ literal: String) throws -> Value? {
        let document = GraphDocument(graph: try smallCalculator())
        let step = document.replay(journalLines(#"{"op":"setValue","node":"one","value":\#(literal)}"#)[0])
        #expect(!step.isRefused, "\(step)")
        return document.graph.value(of: "one")
    }

    /// The value a node made by an `addNode` line with `literal` holds.
    static func addNodeLine(_ literal: String) throws -> Value? {
        let document = GraphDocument(graph: try smallCalculator())
        let step = document.replay(
            journalLines(#"{"op":"addNode","id":"n","kind":"number","value":\#(literal)}"#)[0])
        #expect(!step.isRefused, "\(step)")
        return document.graph.value(of: "n")
    }

    @Test(arguments: forms)
    func aNumberMeansTheSameInAFileAJournalLineAndAnAddNodeLine(literal: String, number: Double) throws {
        for value in [
            try Self.fileValue(literal), try Self.setValueLine(literal), try Self.addNodeLine(literal),
        ] {
            #expect(value == .number(number))
            // -0 and negative underflow read as 0 itself, not as negative zero.
            #expect(value?.number?.sign == number.sign)
        }
    }

    @Test(arguments: ["0", "-0", "0e1", "1E+2", "12e0", "1.5e1", "-3.0", "1e-400", "0.7e1"])
    func aWholeNumberInAnyFormIsAPositionEverywhere(literal: String) throws {
        let expected = Int(Double(literal)!)
        let file = try loadGraph(
            graphFile(#"{"id": "n", "kind": "number", "x": \#(literal), "y": \#(literal)}"#))
        #expect(file.position(of: "n") == Position(x: expected, y: expected))
        let document = GraphDocument(graph: try smallCalculator())
        let steps = document.replay(
            journalLines(
                #"""
                {"op":"addNode","id":"n","kind":"number","x":\#(literal),"y":\#(literal)}
                {"op":"move","node":"one","x":\#(literal),"y":\#(literal)}
                {"op":"link","from":"one","to":"sum","slot":\#(literal)}
                """#))
        #expect(steps.prefix(2).allSatisfy { !$0.isRefused }, "\(steps)")
        #expect(document.graph.position(of: "n") == Position(x: expected, y: expected))
        #expect(document.graph.position(of: "one") == Position(x: expected, y: expected))
        if expected == 0 || expected == 1 {
            #expect(document.graph.inputs(of: "sum")[expected] == "one")
        }
    }

    @Test(arguments: ["1e999", "-1e999", "1E400", "123e308"])
    func aNumberTooLargeToBeFiniteIsRefusedEverywhereNamingTheField(literal: String) throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "value": \#(literal)}"#), .nonFiniteNumber)
        #expect(problem.field == "value")
        #expect(problem.reason == "the number is too large to be finite")
        for line in [
            #"{"op":"setValue","node":"one","value":\#(literal)}"#,
            #"{"op":"addNode","id":"n","kind":"number","value":\#(literal)}"#,
        ] {
            #expect(refusal(line) == "the number in field 'value' is too large to be finite")
        }
        #expect(
            refusal(#"{"op":"move","node":"one","x":\#(literal),"y":0}"#)
                == "the number in field 'x' is too large to be finite")
    }

    @Test func aNumberTooLargeToBeFiniteInsideAListIsNamedByItsPlace() {
        #expect(
            refusal(#"{"op":"setValue","node":"one","value":[1,2,1e999]}"#)
                == "the number in field 'value[2]' is too large to be finite")
    }
}

import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Each problem a graph file can have, reported with its node and field.
@Suite struct LoadErrorTests {
    @Test func reportsAWrongFormat() throws {
        let problem = try expectSingleProblem(
            #"{"format": "other", "version": 1, "nodes": []}"#, .wrongFormat)
        #expect(problem.field == "format")
        #expect(problem.reason == #"expected "nodegraph", found "other""#)
    }

    @Test func reportsAnUnsupportedVersion() throws {
        let problem = try expectSingleProblem(
            #"{"format": "nodegraph", "version": 3, "nodes": []}"#, .unsupportedVersion)
        #expect(
            problem.description
                == "line 1, column 36: field 'version': version 3 is not supported; this program reads versions 1 and 2"
        )
    }

    @Test func reportsMissingHeaderFields() {
        #expect(loadProblems("{}").map(\.kind) == [.missingField, .missingField, .missingField])
        #expect(loadProblems("{}").map(\.field) == ["format", "version", "nodes"])
    }

    @Test func reportsAMissingID() throws {
        let problem = try expectSingleProblem(graphFile(#"{"kind": "number"}"#), .missingField)
        #expect(problem.nodeIndex == 0)
        #expect(problem.field == "id")
    }

    @Test func reportsAMissingKind() throws {
        let problem = try expectSingleProblem(graphFile(#"{"id": "a"}"#), .missingField)
        #expect(problem.node == "a")
        #expect(problem.field == "kind")
    }

    @Test func reportsDuplicateIDs() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "a", "kind": "number"}, {"id": "a", "kind": "number"}"#), .duplicateID)
        #expect(problem.node == "a")
        #expect(problem.nodeIndex == 1)
        #expect(problem.reason == "another node (nodes[0]) already has this id")
    }

    @Test func reportsAnInvalidID() throws {
        let problem = try expectSingleProblem(graphFile(#"{"id": "", "kind": "number"}"#), .invalidID)
        #expect(problem.field == "id")
    }

    @Test func reportsAnUnknownKind() throws {
        let problem = try expectSingleProblem(graphFile(#"{"id": "a", "kind": "frobnicate"}"#), .unknownKind)
        #expect(
            problem.description.hasPrefix(
                "line 1, column 69: node 'a', field 'kind': unknown kind 'frobnicate'"))
    }

    @Test func reportsADanglingInput() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "s", "kind": "add", "inputs": [null, "ghost"]}"#), .danglingInput)
        #expect(problem.node == "s")
        #expect(problem.field == "inputs[1]")
        #expect(problem.reason == "no node has id 'ghost'")
    }

    @Test func reportsMoreInputsThanSlots() throws {
        let problem = try expectSingleProblem(
            graphFile(
                #"{"id": "n", "kind": "number"}, {"id": "d", "kind": "divide", "inputs": ["n", "n", "n"]}"#),
            .tooManyInputs)
        #expect(problem.reason == "3 inputs given, but a divide node has only 2 input slots")
    }

    @Test func reportsASlotTypeMismatch() throws {
        let problem = try expectSingleProblem(
            graphFile(
                #"{"id": "c", "kind": "color"}, {"id": "m", "kind": "multiply", "inputs": [null, "c"]}"#),
            .slotTypeMismatch)
        #expect(problem.field == "inputs[1]")
        #expect(problem.reason == "slot 1 (y) takes a number, but 'c' produces a color")
    }

    @Test func reportsACycleAsAPath() throws {
        let problem = try expectSingleProblem(
            graphFile(
                #"""
                {"id": "a", "kind": "add", "inputs": ["c"]},
                {"id": "b", "kind": "add", "inputs": ["a"]},
                {"id": "c", "kind": "add", "inputs": ["b"]}
                """#), .cycle)
        #expect(problem.node == "a")
        #expect(problem.reason == "inputs form a cycle: a → b → c → a")
    }

    @Test func reportsASelfLoop() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "s", "kind": "add", "inputs": [null, "s"]}"#), .cycle)
        #expect(problem.reason == "inputs form a cycle: s → s")
    }

    @Test func reportsEachOfTwoSeparateCyclesOnce() {
        let problems = loadProblems(
            graphFile(
                #"""
                {"id": "a", "kind": "add", "inputs": ["b"]}, {"id": "b", "kind": "add", "inputs": ["a"]},
                {"id": "down", "kind": "add", "inputs": ["a"]},
                {"id": "x", "kind": "add", "inputs": ["x"]}
                """#))
        #expect(problems.map(\.reason) == ["inputs form a cycle: a → b → a", "inputs form a cycle: x → x"])
    }

    @Test func reportsANumberTooLargeToBeFinite() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "value": 1e999}"#), .nonFiniteNumber)
        #expect(problem.field == "value")
    }

    @Test func reportsANonNumericValue() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "value": "five"}"#), .invalidValue)
        #expect(problem.reason == "must be a number, not a string")
    }

    @Test func reportsAValueOnANodeThatHoldsNone() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "s", "kind": "add", "value": 3}"#), .invalidValue)
        #expect(problem.reason == "an add node computes its value from its inputs and holds none")
    }

    @Test func reportsAPositionThatIsNotAWholeNumber() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "x": 1.5}"#), .invalidPosition)
        #expect(problem.field == "x")
    }

    @Test func reportsAnInvalidName() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "name": ""}"#), .invalidName)
        #expect(problem.field == "name")
    }

    @Test func reportsAnUnexpectedField() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "colour": 1}"#), .unexpectedField)
        #expect(problem.field == "colour")
    }

    @Test func reportsAFieldThatAppearsTwice() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "n", "kind": "number", "value": 1, "value": 2}"#), .duplicateField)
        #expect(problem.field == "value")
    }

    @Test func reportsAFieldOfTheWrongType() throws {
        let problem = try expectSingleProblem(
            graphFile(#"{"id": "s", "kind": "add", "inputs": "one"}"#), .wrongType)
        #expect(problem.reason == "must be a list, not a string")
    }

    @Test func reportsMalformedJSONWithItsPosition() throws {
        let problem = try expectSingleProblem(
            "{\n  \"format\": \"nodegraph\"\n  \"version\": 1}", .malformedJSON)
        #expect(problem.location == TextLocation(line: 3, column: 3))
        #expect(problem.reason == "malformed JSON: unexpected '\"'; expected ',' or '}' in an object")
    }

    @Test func reportsAFileOverTheSizeLimit() throws {
        let text = graphFile("")
        let problems = loadProblems(text, limits: GraphFile.Limits(maximumBytes: 10))
        #expect(problems.map(\.kind) == [.fileTooLarge])
        #expect(
            problems.first?.reason
                == "the file is larger than the limit of 10 bytes (--max-file-size raises it)")
    }

    @Test func theDefaultLimitsAdmitWhatTheEngineIsBuiltFor() {
        let limits = GraphFile.Limits.standard
        #expect(limits.maximumBytes == 512 << 20)
        #expect(limits.maximumNodes == 5_000_000)
        // Five million nodes of about ten JSON values each fit.
        #expect(limits.maximumValues == (512 << 20) / 8)
        #expect(limits.maximumValues > 5_000_000 * 10)
    }

    @Test func aLargerSizeLimitAdmitsProportionallyMoreNodes() {
        #expect(GraphFile.Limits(maximumBytes: 2 << 30).maximumNodes == 20_000_000)
        #expect(GraphFile.Limits(maximumBytes: 256 << 20).maximumNodes == 2_500_000)
        #expect(GraphFile.Limits(maximumBytes: 10).maximumNodes == 1)
        #expect(GraphFile.Limits(maximumBytes: 2 << 30, maximumNodes: 7).maximumNodes == 7)
    }

    @Test func aLargerSizeLimitAdmitsProportionallyMoreJSONValues() {
        #expect(GraphFile.Limits(maximumBytes: 2 << 30).maximumValues == (2 << 30) / 8)
        #expect(GraphFile.Limits(maximumBytes: 4).maximumValues == 1)
        #expect(GraphFile.Limits(maximumBytes: 2 << 30, maximumValues: 9).maximumValues == 9)
    }

    @Test func reportsMoreJSONValuesThanTheLimit() {
        let text = graphFile(#"{"id": "a", "kind": "number", "x": 1, "y": 2}"#)
        let problems = loadProblems(text, limits: GraphFile.Limits(maximumValues: 6))
        #expect(problems.map(\.kind) == [.fileTooLarge])
        #expect(
            problems.first?.reason
                == "the file holds more than 6 JSON values, the limit for 512 MiB (--max-file-size raises it)"
        )
    }

    @Test func reportsMoreNodesThanTheLimit() {
        let text = graphFile(#"{"id": "a", "kind": "number"}, {"id": "b", "kind": "number"}"#)
        let problems = loadProblems(text, limits: GraphFile.Limits(maximumNodes: 1))
        #expect(problems.map(\.kind) == [.tooManyNodes])
    }

    @Test func reportsAnUnreadableFile() {
        #expect(throws: GraphFileError.self) { try GraphFile.load(path: "/nonexistent/graph.json") }
        do {
            _ = try GraphFile.load(path: "/nonexistent/graph.json")
        } catch {
            #expect(error.problems.map(\.kind) == [.unreadable])
        }
    }

    @Test func collectsEveryProblemInFileOrderNotJustTheFirst() {
        let problems = loadProblems(
            graphFile(
                #"""
                {"id": "a", "kind": "frob"},
                {"id": "a", "kind": "number", "value": "x"},
                {"id": "s", "kind": "add", "inputs": ["zz"]}
                """#))
        #expect(problems.map(\.kind) == [.unknownKind, .duplicateID, .invalidValue, .danglingInput])
        #expect(problems.map(\.location?.line) == [1, 2, 2, 3])
    }
}

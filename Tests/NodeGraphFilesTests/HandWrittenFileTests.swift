import Foundation
import NodeGraph
import NodeGraphFiles
import NodeGraphTesting
import Testing

/// Graph files written by hand, as a person or another program might: any key order and
/// whitespace, numbers and strings spelled in every way JSON allows, inputs defined later in the
/// file. Each loads as the graph it describes; one with a problem is refused.
@Suite struct HandWrittenFileTests {
    /// A file listing every node after its inputs (as saved files do) is built in its own order;
    /// one listing a node before an input is built in a dependency order all the same.
    @Test func nodesListedAfterTheirInputsAreBuiltInFileOrder() throws {
        let inOrder = try loadGraph(
            graphFile(
                #"""
                {"id": "s1", "kind": "number", "value": 1}, {"id": "x", "kind": "add", "inputs": ["s1"]},
                {"id": "s2", "kind": "number", "value": 2}, {"id": "y", "kind": "add", "inputs": ["s2", "x"]}
                """#))
        #expect(inOrder.topologicalOrder().map(\.rawValue) == ["s1", "x", "s2", "y"])
        #expect(inOrder.value(of: "y") == .number(3))
        let outOfOrder = try loadGraph(
            graphFile(
                #"""
                {"id": "y", "kind": "add", "inputs": ["s2", "x"]}, {"id": "x", "kind": "add", "inputs": ["s1"]},
                {"id": "s1", "kind": "number", "value": 1}, {"id": "s2", "kind": "number", "value": 2}
                """#))
        #expect(outOfOrder.topologicalOrder().map(\.rawValue) == ["s1", "s2", "x", "y"])
        #expect(outOfOrder == inOrder)
    }

    @Test func whitespaceAByteOrderMarkAndAnyKeyOrderLoad() throws {
        let text =
            "\u{FEFF} {\r\n\t\"version\" : 1.0 ,\"nodes\":[ {\"kind\":\"number\",\"value\":2,\"id\":\"n\"} ] , \"format\":\"nodegraph\"}\n "
        var expected = Graph()
        try expected.addNode("n", kind: "number", value: .number(2))
        #expect(try loadGraph(text) == expected)
    }

    @Test(arguments: [
        (#"{"id": "caf\u00e9", "kind": "number"}"#, "café"),
        (#"{"id": "\ud83c\udf9b", "kind": "number"}"#, "🎛"),
        (#"{"id": "a\/b", "kind": "number"}"#, "a/b"),
        (#"{"id": "say \"hi\"", "kind": "number"}"#, "say \"hi\""),
    ])
    func escapedIDsReadAsTheirText(node: String, id: String) throws {
        #expect(try loadGraph(graphFile(node)).contains(NodeID(id)))
    }

    @Test func escapedKeysKindsNamesAndInputsReadAsTheirText() throws {
        let graph = try loadGraph(
            graphFile(
                #"{"\u0069d": "n", "kind": "num\u0062er", "name": "say \"hi\""}, {"id": "s", "kind": "add", "inputs": ["\u006e"]}"#
            ))
        #expect(graph.name(of: "n") == "say \"hi\"")
        #expect(graph.inputs(of: "s") == ["n", nil, nil])
    }

    @Test func randomHandWrittenFilesLoadAsTheGraphsTheyDescribe() throws {
        var generator = SplitMix64(seed: 7)
        var loaded = 0
        let files = PropertyCaseCount.scaled(400)
        for _ in 0..<files {
            let file = Self.randomGraphFile(using: &generator)
            let problems = loadProblems(file.text)
            if let expected = file.expected {
                #expect(problems.isEmpty, "\(problems) in \(file.text)")
                if problems.isEmpty {
                    #expect(try loadGraph(file.text) == expected, "\(file.text)")
                    loaded += 1
                }
            } else {
                #expect(!problems.isEmpty, "a file with a problem loaded: \(file.text)")
            }
            // Mutations: never a crash; anything accepted is sound and saves as it loads.
            for _ in 0..<10 {
                let bytes = Self.mutated(Array(file.text.utf8), using: &generator)
                if let graph = try? GraphFile.decode(Data(bytes)) {
                    try graph.checkInvariants()
                    #expect(try GraphFile.decode(GraphFile.encode(graph)) == graph)
                }
            }
        }
        #expect(loaded > files / 2, "only \(loaded) of \(files) files were sound")
    }

    // MARK: Generating files

    static let kinds = ["number", "add", "subtract", "multiply", "divide", "color", "colorAdjust"]

    /// A file written as a person might, and the graph it describes; `nil` when the file has one
    /// problem on purpose (about a quarter of them).
    static func randomGraphFile(using generator: inout SplitMix64) -> (
        text: String, expected: Graph?
    ) {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        func space() -> String { ["", "", " ", "\n", "\t", "\r\n", "  "].randomElement(using: &generator)! }
        func pick(_ spellings: [String]) -> (text: String, number: Double) {
            let text = spellings.randomElement(using: &generator)!
            return (text, Double(text)!)
        }
        let wholeNumbers = [
            "0", "-0", "7", "-12", "100", "1e2", "2.0", "1E+1", "-30.0e-1", "0e1", "0E1", "1000000000",
        ]
        let numbers = [
            "0.1", "-2.5", "3", "1e-7", "123456.789", "9007199254740993", "-0.0", "5e300", "1e-400",
            "-1e-400", "1E+2",
        ]
        enum Problem: CaseIterable {
            case unknownKind, halfPosition, emptyName, duplicateID, loop, tooManyInputs, typeMismatch,
                unsupportedVersion
            case valueOnOperator, hugeNumber
        }
        let problem = chance(25) ? Problem.allCases.randomElement(using: &generator) : nil
        let count = Int.random(in: 2...24, using: &generator)
        let prefix = ["n", "node-", "é", "a-rather-long-identifier-", "0123456789abcdef"].randomElement(
            using: &generator)!
        var ids = (0..<count).map { "\(prefix)\($0)" }
        if problem == .duplicateID { ids[count - 1] = ids[0] }
        var kinds = (0..<count).map { _ in Self.kinds.randomElement(using: &generator)! }
        switch problem {
        case .unknownKind: kinds[0] = "frob"
        case .loop, .tooManyInputs, .valueOnOperator: kinds[0] = "add"
        case .hugeNumber: kinds[0] = "number"
        default: break
        }
        if problem == .typeMismatch {
            kinds[0] = "add"
            kinds[1] = "color"
        }
        func producesColor(_ node: Int) -> Bool { kinds[node] == "color" || kinds[node] == "colorAdjust" }
        var nodes: [String] = []
        var described: [NodeDescription] = []
        for index in 0..<count {
            let kind = kinds[index]
            // Write the id escaped now and then: the same id either way.
            let idText =
                chance(10) && ids[index].utf8.first! < 0x80
                ? "\\u00" + String(ids[index].utf8.first!, radix: 16) + ids[index].dropFirst() : ids[index]
            var fields: [String] = ["\"id\":\(space())\"\(idText)\"", "\"kind\":\(space())\"\(kind)\""]
            var node = NodeDescription(id: NodeID(ids[index]), kind: kind)
            if chance(60) || (index == 0 && problem == .emptyName) {
                var name = ["Number", "Add", "Sum", "Größe 🎛", "x", "Color", "say \\\"hi\\\""].randomElement(
                    using: &generator)!
                if index == 0 && problem == .emptyName { name = "" }
                fields.append("\"name\":\(space())\"\(name)\"")
                node.name = name.replacingOccurrences(of: "\\\"", with: "\"")
            }
            if chance(70) || index == 0 {
                let x =
                    index == 0 && problem == .halfPosition ? (text: "1.5", number: 1.5) : pick(wholeNumbers)
                fields.append("\"x\":\(space())\(x.text)")
                node.position.x = Int(x.number)
            }
            if chance(70) {
                let y = pick(wholeNumbers)
                fields.append("\"y\":\(space())\(y.text)")
                node.position.y = Int(y.number)
            }
            if kind == "number" && (chance(80) || (index == 0 && problem == .hugeNumber)) {
                let value = index == 0 && problem == .hugeNumber ? (text: "1e999", number: 0) : pick(numbers)
                fields.append("\"value\":\(space())\(value.text)")
                node.value = .number(value.number)
            } else if index == 0 && problem == .valueOnOperator && kind != "number" {
                fields.append("\"value\": 1")
            } else if kind == "number" {
                node.value = .number(0)
            }
            if kind != "number" && (chance(85) || index == 0) {
                let slots = ["add": 3, "color": 3, "frob": 1][kind] ?? 2
                var inputs: [NodeID?] = (0..<Int.random(in: 0...slots, using: &generator)).map { slot in
                    let wantsColor = kind == "colorAdjust" && slot == 0
                    let candidates = (0..<index).filter { producesColor($0) == wantsColor }
                    guard chance(80), let upstream = candidates.randomElement(using: &generator) else {
                        return nil
                    }
                    return NodeID(ids[upstream])
                }
                if index == 0 && problem == .tooManyInputs {
                    inputs = Array(repeating: nil, count: slots + 1)
                }
                if index == 0 && problem == .loop { inputs = [NodeID(ids[0])] }
                if index == 0 && problem == .typeMismatch { inputs = [NodeID(ids[1])] }
                let written = inputs.map { $0.map { "\"\($0.rawValue)\"" } ?? "null" }
                fields.append("\"inputs\":\(space())[\(written.joined(separator: ",\(space())"))]")
                node.inputs = inputs
            }
            fields.shuffle(using: &generator)
            nodes.append("{\(space())\(fields.joined(separator: ",\(space())"))\(space())}")
            described.append(node)
        }
        let version =
            problem == .unsupportedVersion
            ? "3" : ["1", "1.0", "1e0", "10e-1", "0.1E1"].randomElement(using: &generator)!
        var header = [
            "\"format\":\(space())\"nodegraph\"", "\"version\":\(space())\(version)",
            "\"nodes\":\(space())[\(nodes.joined(separator: ",\(space())"))]",
        ]
        header.shuffle(using: &generator)
        let text =
            (chance(5) ? "\u{FEFF}" : "") + "{\(space())\(header.joined(separator: ",\(space())"))\(space())}"
        guard problem == nil else { return (text, nil) }
        // Inputs come from earlier nodes, so file order is a dependency order.
        var graph = Graph()
        for node in described {
            do {
                try graph.apply(.addNode(node))
            } catch {
                Issue.record("the generator described a node the graph refuses: \(error)")
            }
        }
        return (text, graph)
    }

    static func mutated(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        let tokens: [[UInt8]] = [
            "{", "}", "[", "]", ",", ":", "\"", "null", "1e999", "-0", "0.5", "\\u0041", "add", "n1", " ",
        ]
        .map { Array($0.utf8) }
        for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.remove(at: position)
            case 2: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: position)
            default: bytes.removeSubrange(position..<min(bytes.count, position + 8))
            }
        }
        return bytes
    }
}

import Foundation
import NodeGraph
import NodeGraphTesting
import Testing

@testable import NodeGraphFiles

/// What reading a large file costs a node, beside its text: the decoder keeps a name or a held
/// value only for the nodes that have one, and resolves the inputs in the column of their offsets.
@Suite struct LoadMemoryTests {
    /// The random workload's shape: one node in fifty a `number` holding 1, the others `add` of
    /// three earlier nodes; a position each, no names.
    private func randomWorkloadFile(nodes count: Int) -> String {
        var generator = SplitMix64(seed: 42)
        var nodes: [String] = []
        for index in 0..<count {
            let position = #""x": \#((index / 300) * 24), "y": \#((index % 300) * 6)"#
            if index < 3 || index % 50 == 0 {
                nodes.append(#"{"id": "n\#(index)", "kind": "number", "value": 1, \#(position)}"#)
            } else {
                let inputs = (0..<3).map { _ in "\"n\(generator.next() % UInt64(index))\"" }
                nodes.append(
                    #"{"id": "n\#(index)", "inputs": [\#(inputs.joined(separator: ", "))], "kind": "add", \#(position)}"#
                )
            }
        }
        return graphFile(nodes.joined(separator: ",\n"))
    }

    @Test func theDecodersColumnsPeakAtMostSeventySixBytesANodeWhenFewNodesHaveANameOrValue() throws {
        let count = 20_000
        let bytes = Array(randomWorkloadFile(nodes: count).utf8)
        let checked = try bytes.withUnsafeBufferPointer { text in
            try GraphFileDecoder.check(text, registry: .standard, limits: .standard, asFragment: false).get()
        }
        #expect(checked.nodes.count == count)
        // The peak is while the dependency order is made: about 50 bytes of columns and 24 of
        // the order's own. Dense optional columns of names and held values (16 and 33+ bytes a
        // node) and a second column of resolved inputs (12) took it past 120; the id offsets
        // kept and a second column of where each node's dependents start, to about 82.
        #expect(
            checked.peakColumnBytes <= 76 * count,
            "\(Double(checked.peakColumnBytes) / Double(count)) bytes a node")
        #expect(checked.nodes.names.count == 0)
        #expect(checked.nodes.parameters.count == count / 50 + 2)
    }

    @Test func namesValuesAndPositionsLoadAsGivenWhereverFewNodesHaveThem() throws {
        var expected = Graph()
        var nodes: [String] = []
        for index in 0..<300 {
            let id = NodeID("n\(index)")
            let name = index % 7 == 3 ? "Node \(index)" : nil
            let position = index % 3 == 0 ? Position(x: index, y: -index) : .zero
            var fields = [#""id": "\#(id)""#]
            if let name { fields.append(#""name": "\#(name)""#) }
            if index % 3 == 0 { fields.append(#""x": \#(index), "y": \#(-index)"#) }
            if index < 2 || index % 11 == 0 {
                let value = Double(index) + 0.5
                fields.append(#""kind": "number", "value": \#(value)"#)
                try expected.addNode(id, kind: "number", name: name, at: position, value: .number(value))
            } else {
                let inputs: [NodeID] = ["n\(index - 1)", "n\(index / 2)"]
                fields.append(#""kind": "add", "inputs": ["\#(inputs[0])", "\#(inputs[1])"]"#)
                try expected.addNode(id, kind: "add", name: name, at: position, inputs: inputs)
            }
            nodes.append("{" + fields.joined(separator: ", ") + "}")
        }
        let loaded = try loadGraph(graphFile(nodes.joined(separator: ", ")))
        for index in 0..<300 {
            let id = NodeID("n\(index)")
            #expect(loaded.name(of: id) == expected.name(of: id), "\(id)")
            #expect(loaded.parameter(of: id) == expected.parameter(of: id), "\(id)")
            #expect(loaded.value(of: id) == expected.value(of: id), "\(id)")
            #expect(loaded.position(of: id) == expected.position(of: id), "\(id)")
        }
        #expect(try canonicalText(loaded) == canonicalText(expected))
    }

    @Test func problemsWithInputsAreNamedAcrossRunsOfResolvedInputs() throws {
        // More inputs than are resolved together, with a dangling input and a mismatch in the last
        // run: each is reported with the node, slot and id its offset in the text gives.
        let count = GraphFileDecoder.resolvedTogether + 500
        var nodes = [#"{"id": "n0", "kind": "number", "value": 1}"#, #"{"id": "c", "kind": "color"}"#]
        for index in 1..<count {
            nodes.append(#"{"id": "n\#(index)", "kind": "add", "inputs": ["n\#(index - 1)"]}"#)
        }
        nodes.append(#"{"id": "late", "kind": "add", "inputs": ["n1", "nowhere", "c"]}"#)
        let problems = loadProblems(graphFile(nodes.joined(separator: ", ")))
        #expect(problems.map(\.kind) == [.danglingInput, .slotTypeMismatch])
        #expect(problems.map(\.node) == ["late", "late"])
        #expect(problems.map(\.field) == ["inputs[1]", "inputs[2]"])
        #expect(problems.first?.reason == "no node has id 'nowhere'")
        #expect(problems.last?.reason.hasSuffix("but 'c' produces a color") == true)
    }
}

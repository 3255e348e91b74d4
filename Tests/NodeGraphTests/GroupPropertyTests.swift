import NodeGraph
import NodeGraphTesting
import PropertyBased
import Testing

@Suite struct GroupPropertyTests {
    /// Random graphs grouped at random (nested, edited inside, ungrouped): after every edit, every
    /// node and every instance has the value the same graph has with every instance replaced by
    /// its definition's nodes.
    @Test func instancesEvaluateAsTheGraphFlattened() async {
        let edits = RandomEdits()
        let instancesChecked = Counter()
        let cases = PropertyCaseCount.scaled(150)
        await propertyCheck(count: cases, input: zip(Gen.uint64(), Gen.uint64().array(of: 10...60))) {
            seed, codes in
            var graph = randomCalculator(seed: seed)
            for (step, code) in codes.enumerated() {
                let edit = groupingEdit(from: code, step: step, in: graph, edits: edits)
                guard (try? graph.apply(edit)) != nil else { continue }
                instancesChecked.add(graph.definitions.reduce(0) { $0 + graph.instances(of: $1.kind).count })
                guard let (flat, standIn) = try? flattened(graph) else {
                    Issue.record("the graph could not be flattened after \(edit)")
                    return
                }
                for id in graph.nodeIDs {
                    let expected = standIn[id].flatMap { $0 }.flatMap { flat.value(of: $0) } ?? .number(0)
                    let value = graph.value(of: id).map(flattenedForm)
                    #expect(value == expected, "'\(id)' after \(edit)")
                }
            }
        }
        // Over 13 instances checked a case on average (2,000 at the full 150 cases).
        #expect(instancesChecked.total > cases * 40 / 3)
    }

    /// Random groupings of random calculators: grouping keeps every value outside (the instance
    /// takes the old output's), and ungrouping then gives every node its value back.
    @Test func groupingThenUngroupingLeavesEveryValueAsItWas() async {
        let edits = RandomEdits()
        await propertyCheck(
            count: 200, input: zip(Gen.uint64(), Gen.uint64().array(of: 0...20), Gen.uint64())
        ) {
            seed, codes, pick in
            var graph = randomCalculator(seed: seed)
            for code in codes {
                let edit = edits.edit(from: code, in: graph)
                if edit.isPlainNodeEdit { _ = try? graph.apply(edit) }
            }
            let ids = graph.nodeIDs.sorted()
            guard !ids.isEmpty else { return }
            var generator = SplitMix64(seed: pick)
            let chosen = ids.filter { _ in generator.next() % 3 == 0 }
            guard !chosen.isEmpty else { return }
            let before = graph.currentValues()
            let instance = NodeID("instance")
            do {
                try graph.group(chosen, kind: "grouped", name: "Grouped", id: instance)
            } catch {
                return  // two outputs: refused, and the graph is as it was (checked elsewhere)
            }
            let output = graph.definition(named: "grouped")!.output
            #expect(graph.value(of: instance).map(reason) == before[output].map(reason))
            for id in ids where !chosen.contains(id) {
                #expect(graph.value(of: id).map(reason) == before[id].map(reason), "'\(id)' after grouping")
            }
            try graph.ungroup(instance)
            #expect(graph.currentValues() == before)
        }
    }

    /// The random edits reach every part of groups: grouping, ungrouping, instances, edits inside.
    @Test func randomEditsCoverGroups() {
        let edits = RandomEdits()
        // A seed whose 40 graphs reach every part (checked with the live-source kinds registered).
        var generator = SplitMix64(seed: 18)
        var applied: [String: Int] = [:]
        for _ in 0..<40 {
            var graph = Graph()
            for _ in 0..<120 {
                let edit = edits.edit(from: generator.next(), in: graph)
                guard (try? graph.apply(edit)) != nil else { continue }
                let key = edit.definition == nil ? edit.operationName : "in " + edit.operationName
                applied[key, default: 0] += 1
            }
        }
        for key in [
            "group", "ungroup", "removeDefinition", "in addNode", "in setValue", "in setInputOrder",
            "in group",
        ] {
            #expect(applied[key, default: 0] > 0, "no \(key) applied")
        }
    }
}

/// An edit leaning to groups: half the time a random edit, else grouping a node with some of
/// the nodes it depends on (so the group has one output), at the top or inside a definition,
/// ungrouping an instance, or an edit inside a definition.
private func groupingEdit(from code: UInt64, step: Int, in graph: Graph, edits: RandomEdits) -> Edit {
    var generator = SplitMix64(seed: code)
    let definitions = graph.definitions
    switch code % 8 {
    case 0...3: return edits.edit(from: generator.next(), in: graph)
    case 4, 5:
        let level =
            code % 8 == 5 && !definitions.isEmpty
            ? definitions[Int(generator.next() % UInt64(definitions.count))] : nil
        let nodes = (level?.graph ?? graph).nodeIDs.sorted()
        guard !nodes.isEmpty else { return edits.edit(from: generator.next(), in: graph) }
        let top = nodes[Int(generator.next() % UInt64(nodes.count))]
        var members = [top]
        var frontier = [top]
        while let next = frontier.popLast(), members.count < 5 {
            for case let input? in (level?.graph ?? graph).inputs(of: next) where generator.next() % 2 == 0 {
                if !members.contains(input) {
                    members.append(input)
                    frontier.append(input)
                }
            }
        }
        let group = Edit.group(nodes: members, kind: "g\(step)", name: "G\(step)", id: top)
        return level.map { .inside(definition: $0.kind, group) } ?? group
    case 6:
        let instances = definitions.flatMap { graph.instances(of: $0.kind) }
        guard !instances.isEmpty else { return edits.edit(from: generator.next(), in: graph) }
        return .ungroup(instances[Int(generator.next() % UInt64(instances.count))])
    default:
        guard !definitions.isEmpty else { return edits.edit(from: generator.next(), in: graph) }
        let definition = definitions[Int(generator.next() % UInt64(definitions.count))]
        return .inside(definition: definition.kind, edits.edit(from: generator.next(), in: definition.graph))
    }
}

/// A value compared by what it is, an error by its reason and the node where it arose (inside
/// an instance, the inner node).
private func reason(_ value: Value) -> String {
    if case .error(let error) = value { return "error: \(error.reason) at \(error.path.last!)" }
    return value.description
}

extension Edit {
    /// Whether the edit touches only nodes (no group, no definition).
    fileprivate var isPlainNodeEdit: Bool {
        switch self {
        case .inside, .group, .ungroup, .addDefinition, .removeDefinition, .setInputOrder: false
        case .batch(let edits): edits.allSatisfy(\.isPlainNodeEdit)
        default: true
        }
    }
}

/// A total the property checks add to (they run one at a time).
private final class Counter: @unchecked Sendable {
    private(set) var total = 0
    func add(_ count: Int) { total += count }
}

import Testing

@testable import NodeGraph

/// Setting a number source keeps the region downstream of it as a plan, followed on the next
/// set of the same source until a link changes; the change it returns keeps the edit as plain
/// values and a few short identifiers by value. Each must give exactly what the general path
/// (`apply`) gives, whatever happened to the graph in between.
@Suite struct SourcePlanTests {
    /// one → a → b → c, with two → b; `gate` = a × zero feeds `after`.
    func graph() throws -> Graph {
        var graph = Graph()
        try graph.addNode("one", kind: "number", value: .number(1))
        try graph.addNode("two", kind: "number", value: .number(2))
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("a", kind: "add", inputs: ["one"])
        try graph.addNode("b", kind: "add", inputs: ["a", "two"])
        try graph.addNode("c", kind: "add", inputs: ["b"])
        try graph.addNode("gate", kind: "multiply", inputs: ["a", "zero"])
        try graph.addNode("after", kind: "add", inputs: ["gate"])
        return graph
    }

    /// Sets `value` on `source` both ways, by the number path and through `apply`, on copies
    /// of `graph`, expects the same change and graph, and returns the number path's graph.
    @discardableResult
    func expectSetAgrees(_ value: Double, of source: NodeID, in graph: inout Graph) throws -> Change {
        var general = graph
        let expected = try general.apply(.setValue(node: source, value: .number(value)))
        let change = try graph.setValue(.number(value), of: source)
        #expect(change == expected)
        #expect(change.recomputed == expected.recomputed)
        #expect(graph == general)
        #expect(graph.currentValues() == graph.valuesFromScratch())
        try graph.checkInvariants()
        return change
    }

    @Test func setsOfOneSourceRecomputeWhatChangedInOrder() throws {
        var graph = try graph()
        try expectSetAgrees(5, of: "one", in: &graph)
        // The plan is followed now: the gate still holds 0, so `after` is not recomputed.
        let change = try expectSetAgrees(6, of: "one", in: &graph)
        // Out-lists are newest link first: a's dependents are released as gate, then b.
        #expect(change.recomputed == ["one", "a", "gate", "b", "c"])
        #expect(!change.recomputed.contains("after"))
        #expect(graph.value(of: "c") == .number(8))
        #expect(try graph.setValue(.number(6), of: "one").recomputed.isEmpty)
    }

    @Test func aPlanFollowsEveryLinkChangeMadeAfterIt() throws {
        var graph = try graph()
        try expectSetAgrees(3, of: "one", in: &graph)
        // A new dependent of a planned node.
        try graph.addNode("d", kind: "add", inputs: ["c", "b"])
        #expect(try expectSetAgrees(4, of: "one", in: &graph).recomputed.contains("d"))
        // A link out of the region removed, and one into a node outside it added.
        try graph.unlink(to: "c", slot: 0)
        try graph.link(from: "a", to: "after", slot: 1)
        let change = try expectSetAgrees(5, of: "one", in: &graph)
        #expect(!change.recomputed.contains("c") && change.recomputed.contains("after"))
        // A planned node removed, another given a kind that keeps its links.
        try graph.removeNode("b")
        try graph.setKind("multiply", of: "gate")
        try graph.setKind("subtract", of: "gate")
        try expectSetAgrees(6, of: "one", in: &graph)
        // A link that reorders nodes, then undone by its inverse.
        try graph.addNode("late", kind: "add")
        let reorder = try graph.link(from: "late", to: "a", slot: 1)
        try expectSetAgrees(7, of: "one", in: &graph)
        try graph.apply(reorder.inverse)
        try expectSetAgrees(8, of: "one", in: &graph)
    }

    @Test func aPlanSurvivesGroupingAndUngroupingTheRegion() throws {
        var graph = try graph()
        try expectSetAgrees(2, of: "one", in: &graph)
        try graph.group(["b", "c"], kind: "pair", name: "Pair", id: "pair")
        try expectSetAgrees(3, of: "one", in: &graph)
        try graph.ungroup("pair")
        try expectSetAgrees(4, of: "one", in: &graph)
    }

    @Test func anotherSourceAndACopyHaveTheirOwnPlans() throws {
        var graph = try graph()
        try expectSetAgrees(2, of: "one", in: &graph)
        try expectSetAgrees(5, of: "two", in: &graph)
        try expectSetAgrees(3, of: "one", in: &graph)
        var copy = graph
        try copy.addNode("tail", kind: "add", inputs: ["c"])
        try expectSetAgrees(4, of: "one", in: &copy)
        #expect(copy.value(of: "tail") == .number(9))
        try expectSetAgrees(5, of: "one", in: &graph)
        #expect(!graph.contains("tail"))
    }

    /// A source whose region is too large to plan is recomputed by the sweep, every time.
    @Test func aLargeRegionIsSweptNotPlanned() throws {
        var graph = Graph()
        try graph.addNode("n0", kind: "number", value: .number(1))
        for index in 1..<6000 { try graph.addNode("n\(index)", kind: "add", inputs: ["n\(index - 1)"]) }
        #expect(try expectSetAgrees(2, of: "n0", in: &graph).recomputed.count == 6000)
        #expect(try expectSetAgrees(3, of: "n0", in: &graph).recomputed.count == 6000)
        #expect(graph.store.planSource != graph.store.index(of: "n0"))
        #expect(graph.value(of: "n5999") == .number(3))
    }

    /// A source set once is recomputed without a plan; set again right after, it is planned.
    @Test func aSourceIsPlannedWhenSetTwiceInARow() throws {
        var graph = try graph()
        let one = try #require(graph.store.index(of: "one"))
        try expectSetAgrees(2, of: "one", in: &graph)
        #expect(graph.store.planSource == -1)
        try expectSetAgrees(3, of: "two", in: &graph)
        try expectSetAgrees(4, of: "one", in: &graph)
        #expect(graph.store.planSource == -1)
        try expectSetAgrees(5, of: "one", in: &graph)
        #expect(graph.store.planSource == one)
        try graph.link(from: "zero", to: "c", slot: 1)
        #expect(graph.store.planSource == -1)
    }

    /// The recomputed nodes of a change, too many to hold by value, stay as they were while the
    /// change is kept, and their storage is used again once it is dropped.
    @Test func aKeptChangesRecomputedNodesNeverChange() throws {
        var graph = Graph()
        try graph.addNode("n0", kind: "number", value: .number(1))
        for index in 1..<8 { try graph.addNode("n\(index)", kind: "add", inputs: ["n\(index - 1)"]) }
        try graph.addNode("m0", kind: "number", value: .number(1))
        for index in 1..<6 { try graph.addNode("m\(index)", kind: "add", inputs: ["m\(index - 1)"]) }
        let first = try graph.setValue(.number(2), of: "n0")
        let second = try graph.setValue(.number(2), of: "m0")
        #expect(Array(first.recomputed) == (0..<8).map { NodeID("n\($0)") })
        #expect(Array(second.recomputed) == (0..<6).map { NodeID("m\($0)") })
        #expect(first.recomputed.storage != second.recomputed.storage)
        let storage = try graph.setValue(.number(3), of: "n0").recomputed.storage
        #expect(try graph.setValue(.number(3), of: "m0").recomputed.storage == storage)
        #expect(first.recomputed.last == "n7" && second.recomputed.last == "m5")
    }

    @Test func aNumberSetChangeReadsAndComparesAsItsEdits() throws {
        var graph = try graph()
        let change = try graph.setValue(.number(9), of: "one")
        #expect(change.edit == .setValue(node: "one", value: .number(9)))
        #expect(change.inverse == .setValue(node: "one", value: .number(1)))
        let built = Change(edit: change.edit, inverse: change.inverse, recomputed: change.recomputed)
        #expect(change == built && change.hashValue == built.hashValue)
        var edited = change
        edited.inverse = .setValue(node: "one", value: .number(2))
        #expect(edited.edit == change.edit && edited.inverse == .setValue(node: "one", value: .number(2)))
        #expect(edited != change)
        try graph.apply(change.inverse)
        #expect(graph.value(of: "c") == .number(3))
    }

    /// An identifier longer than 15 bytes is not held by value: the change and its list read it
    /// from storage instead, and say the same.
    @Test func aLongIdentifierTakesTheGeneralRepresentation() throws {
        var graph = Graph()
        let long = NodeID("a-source-with-a-long-name")
        try graph.addNode(long, kind: "number", value: .number(1))
        try graph.addNode("sum", kind: "add", inputs: [long])
        let change = try graph.setValue(.number(2), of: long)
        #expect(change.edit == .setValue(node: long, value: .number(2)))
        #expect(change.inverse == .setValue(node: long, value: .number(1)))
        #expect(change.recomputed == [long, "sum"])
        #expect(!change.recomputed.isHeldByValue)
    }

    @Test func fewShortIdentifiersAreHeldByValue() throws {
        var graph = try graph()
        let change = try graph.setValue(.number(3), of: "two")
        #expect(change.recomputed == ["two", "b", "c"])
        #expect(change.recomputed.isHeldByValue)
        #expect(NodeList(["x", "y"] as [NodeID]).isHeldByValue)
        let five = NodeList(["a", "b", "c", "d", "e"] as [NodeID])
        #expect(!five.isHeldByValue && five == ["a", "b", "c", "d", "e"] && five[4] == "e")
        #expect(NodeList().isEmpty && NodeList() == [])
    }
}

/// A refused link names its loop in storage the graph reuses once nothing refers to it any more;
/// a loop still held (an error kept, a copy of its path) must never change.
@Suite struct RefusedLoopTests {
    /// n0 → n1 → … → n9: linking n9 into n1 closes a loop of 10 nodes (too many to hold by value).
    func chain() throws -> Graph {
        var graph = Graph()
        try graph.addNode("n0", kind: "number", value: .number(1))
        for index in 1..<10 { try graph.addNode("n\(index)", kind: "add", inputs: ["n\(index - 1)"]) }
        return graph
    }

    func loop(_ graph: inout Graph, from: NodeID, to: NodeID) -> NodeList? {
        do {
            try graph.link(from: from, to: to, slot: 1)
        } catch .wouldCreateCycle(let path) {
            return path
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    @Test func aKeptLoopIsNeverOverwritten() throws {
        var graph = try chain()
        let first = try #require(loop(&graph, from: "n9", to: "n1"))
        let second = try #require(loop(&graph, from: "n8", to: "n2"))
        #expect(first == ["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n1"])
        #expect(second == ["n2", "n3", "n4", "n5", "n6", "n7", "n8", "n2"])
        #expect(first.storage != second.storage)
    }

    @Test func aDroppedLoopsStorageIsReused() throws {
        var graph = try chain()
        let storage = try #require(loop(&graph, from: "n9", to: "n1")).storage
        let next = try #require(loop(&graph, from: "n7", to: "n1"))
        #expect(next == ["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n1"])
        #expect(next.storage == storage)
        // A copy of the graph does not write into a loop the original handed out.
        let copy = graph
        var other = copy
        let third = try #require(loop(&other, from: "n9", to: "n2"))
        #expect(next == ["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n1"])
        #expect(third.first == "n2" && third.count == 9)
    }

    /// The storage kept for reuse is no reader of the identifiers: a node added in a removed
    /// node's place overwrites its identifier in place, without copying every identifier. A list
    /// still held keeps reading what it was given.
    @Test func theReusedStorageDoesNotHoldTheIdentifiersShared() throws {
        var graph = try chain()
        try graph.addNode("spare", kind: "number", value: .number(0))
        _ = try #require(loop(&graph, from: "n9", to: "n1"))
        #expect(graph.store.spareList != nil)
        let identifiers = ObjectIdentifier(graph.store.ids)
        try graph.removeNode("spare")
        try graph.addNode("again", kind: "number", value: .number(0))
        #expect(ObjectIdentifier(graph.store.ids) == identifiers)
        let kept = try #require(loop(&graph, from: "n9", to: "n1"))
        try graph.removeNode("again")
        try graph.addNode("third", kind: "number", value: .number(0))
        #expect(ObjectIdentifier(graph.store.ids) != identifiers)
        #expect(kept == ["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n1"])
        #expect(graph.nodeIDs.contains("third") && !graph.nodeIDs.contains("again"))
    }

    /// Nor does it keep identifier storage the graph has outgrown.
    @Test func theReusedStorageLetsGoOfOutgrownIdentifiers() throws {
        var graph = try chain()
        _ = try #require(loop(&graph, from: "n9", to: "n1"))
        weak let outgrown = graph.store.ids
        let capacity = graph.store.ids.capacity
        for index in 0...capacity { try graph.addNode("extra\(index)", kind: "number", value: .number(0)) }
        #expect(graph.store.ids.capacity > capacity)
        #expect(outgrown == nil)
        #expect(try #require(loop(&graph, from: "n9", to: "n1")).count == 10)
    }
}

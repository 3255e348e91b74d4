import NodeCanvas
import NodeGraph
import NodeGraphTesting
import Testing

/// `SampleGraphs.halfOfASum()` with Sum, Two and Half grouped as an Average (`avg`, 3); a second
/// Average (`avg2`) reads Five twice (5); Total adds both (8).
private func averages() throws -> Graph {
    var graph = try SampleGraphs.halfOfASum()
    try graph.group(["sum", "two", "half"], kind: "average", name: "Average", id: "avg")
    try graph.addNode(
        "avg2", kind: "average", name: "Average 2", at: Position(x: 26, y: 12), inputs: ["five", "five"])
    try graph.addNode(
        "total", kind: "add", name: "Total", at: Position(x: 52, y: 6), inputs: ["avg", "avg2", nil])
    return graph
}

/// `SampleGraphs.halfOfASum()`, not grouped, with Half + One as Out (4).
private func flatAverage() throws -> Graph {
    var graph = try SampleGraphs.halfOfASum()
    try graph.addNode(
        "out", kind: "add", name: "Out", at: Position(x: 50, y: 12), inputs: ["half", "one", nil])
    return graph
}

extension Canvas {
    /// Selects a node and presses Space on it.
    fileprivate func mark(_ nodes: NodeID...) {
        for node in nodes {
            select(node)
            send(.character(" "))
        }
    }

    /// Types text, one key per character.
    fileprivate func type(_ text: String) { send(text.map { .character($0) }) }
}

@Suite struct GroupCanvasTests {
    @Test func anInstanceSaysWhatItIsAndShowsItsValueAndSlots() throws {
        assertSnapshot(makeCanvas(try averages()).render(), named: "group-instance")
    }

    @Test func enterOnAnInstanceOpensItsDefinitionWithTheValuesOfThatInstance() throws {
        let canvas = makeCanvas(try averages())
        canvas.select("avg2")
        canvas.send(.enter)
        #expect(canvas.state.openedGroups.map(\.instance) == ["avg2"])
        #expect(canvas.shownGraph.value(of: "sum") == .number(10))
        #expect(canvas.shownGraph.value(of: "half") == .number(5))
        assertSnapshot(canvas.render(), named: "group-opened")
    }

    @Test func theStatusLineShowsTheBreadcrumbOfNestedGroups() throws {
        var graph = try averages()
        try graph.group(["avg", "total"], kind: "outer", name: "Outer", id: "outer")
        let canvas = makeCanvas(graph)
        canvas.title = "demo"
        canvas.select("outer")
        canvas.send(.enter)
        canvas.select("avg")
        canvas.send(.enter)
        #expect(canvas.state.openedGroups.map(\.name) == ["Outer", "Average"])
        assertSnapshot(canvas.render(), named: "group-breadcrumb")
        #expect(canvas.status.hasPrefix("NORMAL  demo › Outer › Average"))
    }

    @Test func anEditInsideAGroupChangesEveryInstanceAndIsOneEditInsideTheDefinition() throws {
        let canvas = makeCanvas(try averages())
        canvas.select("avg")
        canvas.send(.enter)
        canvas.select("two")
        canvas.send(.character("e"))
        canvas.type("4")
        canvas.send(.enter)
        let graph = canvas.document.graph
        #expect(graph.value(of: "avg") == .number(1.5))
        #expect(graph.value(of: "avg2") == .number(2.5))
        #expect(graph.value(of: "total") == .number(4))
        #expect(canvas.shownGraph.value(of: "two") == .number(4))
        #expect(
            canvas.document.history.undoSteps.last?.edit
                == .inside(definition: "average", .setValue(node: "two", value: .number(4))))
    }

    @Test func undoInsideAGroupUndoesTheEditInsideIt() throws {
        let canvas = makeCanvas(try averages())
        canvas.select("avg")
        canvas.send(.enter)
        canvas.select("two")
        canvas.send(.character("+"))
        #expect(canvas.document.graph.value(of: "avg") == .number(2))
        canvas.send(.character("u"))
        #expect(canvas.document.graph.value(of: "avg") == .number(3))
        #expect(canvas.shownGraph.value(of: "two") == .number(2))
        #expect(canvas.state.openedGroups.count == 1)
    }

    @Test func backspaceGoesBackToTheCursorSelectionAndViewItLeft() throws {
        let canvas = makeCanvas(try averages())
        canvas.mark("one")
        canvas.select("avg")
        canvas.send(.character("J"))
        let before = canvas.state
        canvas.send(.enter)
        canvas.send(.character("L"))
        canvas.send(.tab)
        canvas.send(.backspace)
        #expect(canvas.state.openedGroups.isEmpty)
        #expect(canvas.state.cursor == before.cursor)
        #expect(canvas.state.cursorNode == "avg")
        #expect(canvas.state.selection == ["one"])
        #expect(canvas.state.viewport.origin == before.viewport.origin)
        #expect(canvas.shownGraph.contains("total"))
    }

    @Test func escClearsTheSelectionInsideAGroupFirstThenGoesBackUp() throws {
        let canvas = makeCanvas(try averages())
        canvas.select("avg")
        canvas.send(.enter)
        canvas.mark("two")
        canvas.send(.escape)
        #expect(canvas.state.selection.isEmpty)
        #expect(canvas.state.openedGroups.count == 1)
        canvas.send(.escape)
        #expect(canvas.state.openedGroups.isEmpty)
        #expect(canvas.state.cursorNode == "avg")
    }

    @Test func backspaceAtTheTopLevelSaysThereIsNoGroupToLeave() throws {
        let canvas = makeCanvas(try averages())
        canvas.send(.backspace)
        #expect(canvas.status.contains("not inside a group: Enter on a group opens it"))
    }

    @Test func undoingTheGroupingWhileInsideItGoesBackUp() throws {
        let document = GraphDocument(graph: try flatAverage())
        try document.apply(
            .group(nodes: ["sum", "two", "half"], kind: "average", name: "Average", id: "avg"))
        let canvas = Canvas(document: document, width: 80, height: 24)
        canvas.select("avg")
        canvas.send(.enter)
        canvas.send(.character("u"))
        #expect(canvas.state.openedGroups.isEmpty)
        #expect(canvas.shownGraph.contains("sum"))
        #expect(canvas.status.contains("undid group 3 nodes as Average"))
    }

    @Test func gAsksTheGroupsNameThenGroupsTheSelection() throws {
        let canvas = makeCanvas(try flatAverage())
        canvas.mark("sum", "two", "half")
        canvas.send(.character("g"))
        #expect(
            canvas.state.mode == .prompt(.groupName(LineEditor(limit: 64), nodes: ["half", "sum", "two"])))
        canvas.type("Mean of two")
        canvas.send(.enter)
        let graph = canvas.document.graph
        #expect(graph.definition(named: "mean-of-two")?.name == "Mean of two")
        #expect(
            graph.instanceSummary(of: "mean-of-two")
                == InstanceSummary(kind: "mean-of-two", name: "Mean of two", nodeCount: 5))
        #expect(graph.value(of: "out") == .number(4))
        #expect(canvas.state.cursorNode == "mean-of-two")
        #expect(canvas.status.contains("grouped 3 nodes as Mean of two"))
    }

    @Test func aGroupNameAnotherGroupAlreadyShowsIsRefusedAndThePromptStaysOpen() throws {
        let canvas = makeCanvas(try averages())
        let before = canvas.document.graph
        canvas.mark("total")
        canvas.send(.character("g"))
        canvas.type("average ")
        canvas.send(.enter)
        #expect(
            canvas.state.message == StatusMessage("a group named 'Average' exists already", isError: true))
        guard case .prompt(.groupName(let editor, _)) = canvas.state.mode else {
            Issue.record("the name prompt closed: \(canvas.state.mode)")
            return
        }
        #expect(editor.text == "average ")
        #expect(canvas.document.graph == before)
        #expect(canvas.status.contains("a group named 'Average' exists already"))
        canvas.send([.control("w")])
        canvas.type("Total group")
        canvas.send(.enter)
        #expect(canvas.document.graph.definition(named: "total-group")?.name == "Total group")
    }

    @Test func aGroupNameAKindAlreadyShowsIsRefused() throws {
        let canvas = makeCanvas(try flatAverage())
        canvas.mark("sum", "two", "half")
        canvas.send(.character("g"))
        canvas.type("Add")
        canvas.send(.enter)
        #expect(canvas.state.message == StatusMessage("a kind named 'Add' exists already", isError: true))
        #expect(canvas.document.graph.definitions.isEmpty)
    }

    @Test func escWhileTheNameIsAskedGroupsNothing() throws {
        let canvas = makeCanvas(try flatAverage())
        canvas.mark("sum", "two", "half")
        canvas.send(.character("g"))
        canvas.type("Part")
        canvas.send(.escape)
        #expect(canvas.state.mode == .normal)
        #expect(canvas.document.graph.definitions.isEmpty)
        #expect(canvas.status.contains("not grouped"))
    }

    @Test func gRefusesASelectionWithTwoOutputsNamingBoth() throws {
        let canvas = makeCanvas(try flatAverage(), width: 120)
        canvas.mark("one", "five")
        canvas.send(.character("g"))
        #expect(canvas.state.mode == .normal)
        #expect(
            canvas.status.contains(
                "cannot group: a group has one output, but Five and One each feed nodes outside it"))
    }

    @Test func aGroupNameWhoseKindIsTakenButNotItsShownNameGetsANumberedKind() throws {
        let canvas = makeCanvas(try averages())
        canvas.mark("total")
        canvas.send(.character("g"))
        canvas.type("Average!")
        canvas.send(.enter)
        #expect(canvas.document.graph.definition(named: "average2")?.name == "Average!")
    }

    @Test func capitalGUngroupsTheGroupAtTheCursor() throws {
        let canvas = makeCanvas(try averages())
        canvas.select("avg")
        canvas.send(.character("G"))
        let graph = canvas.document.graph
        #expect(!graph.contains("avg"))
        #expect(graph.value(of: "total") == .number(8))
        #expect(graph.definition(named: "average") != nil)
        canvas.select("one")
        canvas.send(.character("G"))
        #expect(canvas.status.contains("put the cursor on a group to ungroup it"))
    }

    @Test func thePaletteListsDefinitionsAfterTheKinds() throws {
        let graph = try averages()
        let kinds = CanvasReducer.paletteKinds(matching: "", in: graph).map(\.name)
        #expect(kinds.last == "average")
        #expect(kinds.dropLast() == graph.registry.kinds.map(\.name)[...])
        let canvas = makeCanvas(graph)
        canvas.send(.character("n"))
        canvas.type("aver")
        canvas.send(.enter)
        let added = try #require(canvas.state.cursorNode)
        #expect(canvas.document.graph.instanceSummary(of: added)?.kind == "average")
    }

    @Test func aNodeAddedInsideAGroupIsAddedToItsDefinition() throws {
        let canvas = makeCanvas(try averages())
        canvas.select("avg")
        canvas.send(.enter)
        canvas.send(.character("n"))
        canvas.type("multiply")
        canvas.send(.enter)
        let added = try #require(canvas.state.cursorNode)
        #expect(canvas.document.graph.definition(named: "average")?.graph.name(of: added) == "Multiply")
        #expect(!canvas.document.graph.contains(added))
    }

    @Test func copyingAGroupCarriesTheDefinitionsItUsesEachAfterTheOnesItUses() throws {
        var graph = try averages()
        try graph.group(["avg", "total"], kind: "outer", name: "Outer", id: "outer")
        let canvas = makeCanvas(graph)
        canvas.select("outer")
        let effects = canvas.send(.character("y"))
        guard case .copy(let contents)? = effects.first else {
            Issue.record("y gave \(effects)")
            return
        }
        #expect(contents.definitions.map(\.kind) == ["average", "outer"])
    }

    @Test func pastingAGroupIntoAGraphWithoutItsDefinitionAddsItInTheSameUndoStep() throws {
        let source = try averages()
        let contents = ClipboardContents.copying(["avg2"], from: source)
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.clipboardRead(contents, keepingOutsideInputs: false))
        let graph = canvas.document.graph
        #expect(graph.definition(named: "average") != nil)
        #expect(graph.instanceSummary(of: "avg2")?.kind == "average")
        canvas.send(.character("u"))
        #expect(canvas.document.graph.definitions.isEmpty)
        #expect(!canvas.document.graph.contains("avg2"))
    }

    @Test func pastingAGroupWhereItsDefinitionIsUsesThatDefinition() throws {
        let canvas = makeCanvas(try averages())
        canvas.select("avg2")
        canvas.send(.character("D"))
        let graph = canvas.document.graph
        #expect(graph.definitions.map(\.kind) == ["average"])
        #expect(graph.instances(of: "average").count == 3)
    }
}

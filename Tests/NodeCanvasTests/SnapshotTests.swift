import NodeCanvas
import NodeGraph
import Testing

/// Whole screens compared with text snapshots in `__Snapshots__` (RECORD_SNAPSHOTS=1 re-records).
@Suite struct SnapshotTests {
    @Test func theDemoCalculator() throws {
        assertSnapshot(makeCanvas(try demoCalculator()).render(), named: "demo-calculator")
    }

    @Test func theDemoCalculatorWithTheFirstNodeSelected() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.tab)
        assertSnapshot(canvas.render(), named: "demo-selected")
    }

    @Test func theDemoCalculatorInASCII() throws {
        assertSnapshot(makeCanvas(try demoCalculator(), theme: .ascii).render(), named: "demo-ascii")
    }

    @Test func linkModeMarksValidAndInvalidTargets() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("add")
        canvas.send(.character("l"))
        assertSnapshot(canvas.render(), named: "link-mode")
    }

    @Test func linkModeAtARefusedSlotShowsTheReason() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("add")
        canvas.send(.character("l"))
        _ = canvas.render()
        let cursor = canvas.state.cursor
        let slot = try #require(canvas.cell(ofSlot: 0, of: "add"))
        canvas.send(
            Array(repeating: .left, count: cursor.x - slot.x)
                + Array(repeating: .up, count: cursor.y - slot.y))
        assertSnapshot(canvas.render(), named: "link-mode-refused")
    }

    @Test func anErrorValueAndItsDependants() throws {
        var graph = try demoCalculator()
        try graph.setValue(.number(2), of: "three")
        try graph.setKind("divide", of: "multiply")
        try graph.addNode(
            "color", kind: "color", name: "Color", at: Position(x: 52, y: 13),
            inputs: ["multiply", "add", "one"])
        assertSnapshot(makeCanvas(graph).render(), named: "error-and-dependants")
    }

    @Test(arguments: LevelOfDetail.allCases)
    func eachLevelOfDetail(_ levelOfDetail: LevelOfDetail) throws {
        let surface = renderCanvas(try demoCalculator(), width: 80, height: 24, lod: levelOfDetail)
        assertSnapshot(surface, named: "lod-\(levelOfDetail.rawValue)")
    }

    @Test func aPannedView() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send([.character("L"), .character("L"), .character("J")])
        assertSnapshot(canvas.render(), named: "panned")
    }

    @Test func thePalette() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: Position(x: 4, y: 16)))
        canvas.send([.character("n"), .character("t")])
        assertSnapshot(canvas.render(), named: "palette")
    }

    @Test func theHelpOverlay() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.character("?"))
        assertSnapshot(canvas.render(), named: "help")
    }

    @Test func theInspector() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100)
        canvas.select("multiply")
        canvas.send(.character("i"))
        assertSnapshot(canvas.render(), named: "inspector")
    }

    @Test func editingAValue() throws {
        let canvas = makeCanvas(try demoCalculator())
        canvas.select("two")
        canvas.send([.character("e"), .character("4"), .character("2")])
        assertSnapshot(canvas.render(), named: "edit-value")
    }
}

/// Screens in small terminals.
@Suite struct SmallScreenTests {
    @Test func thePaletteScrollsInsideItsBoxOnAShortScreen() throws {
        let canvas = makeCanvas(Graph(), width: 40, height: 8)
        canvas.send([.character("n"), .down, .down, .down, .down, .down])
        let rows = screen(canvas.render())
        #expect(rows[0].hasPrefix(" ╭ New node"))
        #expect(rows[6].hasPrefix(" ╰"))
        #expect(rows.joined().contains("Color"))
        #expect(!rows.joined().contains("Number"))
        canvas.send(.enter)
        #expect(canvas.document.graph.kind(of: "color1")?.name == "color")
    }

    @Test func anEmptyCanvasSuggestsCreatingANode() {
        let canvas = makeCanvas(Graph(), width: 60, height: 5)
        #expect(canvas.status.hasPrefix("NORMAL  n new node · ? help · q quit"))
    }
}

/// Every mode and every question as a whole screen.
@Suite struct ModeSnapshotTests {
    private func canvas(on node: NodeID = "one") throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator())
        canvas.send(.nodeChosen(node))
        return canvas
    }

    @Test func theValueEditor() throws {
        let canvas = try canvas()
        canvas.send([.character("e")] + InputEvent.typing("-7"))
        assertSnapshot(canvas.render(), named: "mode-edit-value")
    }

    @Test func theValueEditorRefusingAnEntry() throws {
        let canvas = try canvas()
        canvas.send([.character("e")] + InputEvent.typing("1,5") + [.enter])
        assertSnapshot(canvas.render(), named: "mode-edit-value-refused")
    }

    @Test func renaming() throws {
        let canvas = try canvas(on: "add")
        canvas.send([.character("r"), .end] + InputEvent.typing(" total"))
        assertSnapshot(canvas.render(), named: "mode-rename")
    }

    @Test func moving() throws {
        let canvas = try canvas()
        canvas.send([.character("m"), .down])
        assertSnapshot(canvas.render(), named: "mode-move")
    }

    @Test func finding() throws {
        let canvas = try canvas()
        canvas.send([.character("/")] + InputEvent.typing("tr"))
        assertSnapshot(canvas.render(), named: "mode-find")
    }

    @Test func aSelectionOfSeveralNodes() throws {
        let canvas = try canvas()
        canvas.send(.character(" "))
        canvas.send(.nodeChosen("three"))
        assertSnapshot(canvas.render(), named: "mode-selection")
    }

    @Test func theQuitQuestion() throws {
        let canvas = try canvas()
        canvas.send([.character("+"), .character("q")])
        assertSnapshot(canvas.render(), named: "prompt-quit")
    }

    @Test func theSaveAsQuestion() throws {
        let canvas = try canvas()
        canvas.send(.fileNameNeeded(proposal: "calculator.json", thenQuit: false))
        assertSnapshot(canvas.render(), named: "prompt-save-as")
    }

    @Test func theReplaceQuestion() throws {
        let canvas = try canvas()
        canvas.send(.saveTargetExists(path: "calculator.json", thenQuit: false))
        assertSnapshot(canvas.render(), named: "prompt-replace")
    }

    @Test func theGroupNameQuestion() throws {
        let canvas = try canvas()
        canvas.select("add")
        canvas.send(.character(" "))
        canvas.select("multiply")
        canvas.send([.character("g"), .character("S"), .character("u"), .character("m")])
        assertSnapshot(canvas.render(), named: "prompt-group-name")
    }

    @Test func theRecoveryQuestionListsWhatItWouldApply() throws {
        let canvas = try canvas()
        canvas.send(.noticeArrived(StatusMessage("an old message", isError: true)))
        canvas.send(
            .recoveryFound(
                RecoveryOffer(
                    journal: "calc.json.autosave.jsonl", editCount: 7,
                    preview: [
                        "set One to 5", "add Multiply 2", "link One → Multiply 2.x", "delete Two", "move Add",
                    ])))
        let surface = canvas.render()
        #expect(!statusLine(surface).contains("an old message"), "no old message glued to a question")
        assertSnapshot(surface, named: "prompt-recover")
    }
}

@Suite struct NarrowQuestionTests {
    @Test(arguments: [32, 40, 60])
    func aQuestionIsNeverCutOnANarrowScreen(_ width: Int) throws {
        let canvas = makeCanvas(try demoCalculator(), width: width, height: 12)
        canvas.send(
            .recoveryFound(RecoveryOffer(journal: "calc.json.autosave.jsonl", editCount: 7, preview: [])))
        let status = statusLine(canvas.render())
        #expect(!status.contains("…"), "'\(status)' is cut at \(width) columns")
        #expect(status.contains("y/n/Esc") || status.contains("y recovers"))
    }
}

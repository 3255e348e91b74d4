import NodeCanvas
import NodeGraph
import Testing

/// The reducer tested as TCA tests its stores: send one action, then assert the whole resulting
/// state and every effect.
@Suite struct ReducerTests {
    /// A canvas on the demo calculator with the view at the top left, and the cursor on `node`.
    private func canvas(on node: NodeID? = nil) throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator())
        if let node { canvas.send(.nodeChosen(node)) }
        return canvas
    }

    /// Answers one action with the reducer alone, returning the new state and the effects.
    private func reduce(_ canvas: Canvas, _ action: CanvasAction) -> (CanvasState, [CanvasEffect]) {
        var state = canvas.state
        let effects = CanvasReducer.reduce(&state, action, context: canvas.context)
        return (state, effects)
    }

    @Test func tabPutsTheCursorOnTheFirstNodeInReadingOrder() throws {
        let canvas = try canvas()
        let (state, effects) = reduce(canvas, .input(.tab))
        var expected = canvas.state
        expected.cursor = Position(x: 4, y: 2)
        expected.cursorNode = "one"
        #expect(state == expected)
        #expect(effects.isEmpty)
    }

    @Test func ctrlLAsksTheHostToRepaintInEveryModeAndChangesNothing() throws {
        for keys in [[], ["?"], ["/", "A"], ["l"], [":"]] as [[Character]] {
            let opened = try canvas(on: "add")
            opened.send(.character(" "))  // selects Add
            opened.send(.character(" "))  // and leaves a message on the status line
            for key in keys { opened.send(.character(key)) }
            let (state, effects) = reduce(opened, .input(.control("l")))
            #expect(state == opened.state, "after \(keys)")
            #expect(effects == [.repaint], "after \(keys)")
        }
    }

    @Test func xOnTheCursorsNodeAsksToRemoveItAndNothingElse() throws {
        let canvas = try canvas(on: "two")
        let (state, effects) = reduce(canvas, .input(.character("x")))
        #expect(state == canvas.state)
        #expect(effects == [.apply(.removeNode("two"))])
    }

    @Test func xRemovesTheWholeSelectionAsOneEdit() throws {
        let canvas = try canvas(on: "one")
        canvas.send(.character(" "))
        canvas.send(.nodeChosen("two"))
        let (state, effects) = reduce(canvas, .input(.character("x")))
        var expected = canvas.state
        expected.selection = []
        #expect(state == expected)
        #expect(effects == [.apply(.batch([.removeNode("one"), .removeNode("two")]))])
    }

    @Test func theCursorAndTheSelectionNeverDisagree() throws {
        // Tab, then 14 × Down onto empty canvas, then x deleted "Two" before.
        let canvas = try canvas()
        canvas.send(.tab)
        for _ in 0..<14 { canvas.send(.down) }
        #expect(canvas.state.cursorNode == nil)
        let (state, effects) = reduce(canvas, .input(.character("x")))
        var expected = canvas.state
        expected.message = StatusMessage("nothing to delete: put the cursor on a node (Tab)", isError: true)
        #expect(state == expected)
        #expect(effects.isEmpty)
    }

    @Test func spaceAddsTheCursorsNodeToTheSelectionAndSpaceAgainTakesItOut() throws {
        let canvas = try canvas(on: "add")
        var (state, effects) = reduce(canvas, .input(.character(" ")))
        var expected = canvas.state
        expected.selection = ["add"]
        #expect(state == expected)
        #expect(effects.isEmpty)
        canvas.send(.character(" "))
        (state, effects) = reduce(canvas, .input(.character(" ")))
        expected.selection = []
        expected.message = StatusMessage("Add is no longer selected")
        #expect(state == expected)
        #expect(effects.isEmpty)
    }

    @Test func ctrlASelectsEveryNodeAndEscClears() throws {
        let canvas = try canvas(on: "one")
        let (state, _) = reduce(canvas, .input(.control("a")))
        var expected = canvas.state
        expected.selection = ["one", "two", "three", "add", "subtract", "multiply"]
        expected.message = StatusMessage("selected 6 nodes · Esc clears")
        #expect(state == expected)
        canvas.send(.control("a"))
        let (cleared, _) = reduce(canvas, .input(.escape))
        expected.selection = []
        expected.message = nil
        #expect(cleared == expected)
    }

    @Test func mOnASelectionMovesEveryNodeInItAsOneUndoStep() throws {
        let canvas = try canvas(on: "one")
        canvas.send(.character(" "))
        canvas.send(.nodeChosen("two"))
        canvas.send([.character("m"), .right, .right, .enter])
        #expect(canvas.document.graph.position(of: "one") == Position(x: 4, y: 1))
        #expect(canvas.document.graph.position(of: "two") == Position(x: 4, y: 6))
        canvas.send(.character("u"))
        #expect(canvas.document.graph.position(of: "one") == Position(x: 2, y: 1))
        #expect(canvas.document.graph.position(of: "two") == Position(x: 2, y: 6))
        #expect(canvas.status.contains("undid move 2 nodes"))
    }

    @Test func aDocumentChangeFromElsewhereKeepsModeCursorAndSelection() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character(" "), .character("e"), .character("9")])
        let before = canvas.state
        try canvas.document.apply(.setValue(node: "three", value: .number(8)))
        #expect(canvas.state == before)
    }

    @Test func aSourceUpdateChangesNoState() throws {
        let canvas = try canvas(on: "one")
        canvas.send(.character("e"))
        let change = SourceChange(sources: ["one"], recomputed: ["one", "add"])
        let (state, effects) = reduce(canvas, .sourceUpdated(change))
        #expect(state == canvas.state)
        #expect(effects.isEmpty)
    }

    @Test func aResizeInAnyModeKeepsTheCursorInView() throws {
        let canvas = try canvas(on: "multiply")
        canvas.send(.character("e"))
        let (state, effects) = reduce(canvas, .input(.resize(width: 40, height: 12)))
        #expect(state.mode == canvas.state.mode)
        let area = Rect(x: 0, y: 0, width: 40, height: 11)
        let visible = area.offsetBy(dx: state.scaledOrigin.x, dy: state.scaledOrigin.y)
        #expect(visible.contains(x: state.scaledCursor.x, y: state.scaledCursor.y))
        #expect(effects.isEmpty)
    }

    @Test(arguments: [
        CanvasAction.fileNameNeeded(proposal: "calculator.json", thenQuit: false),
        .saveTargetExists(path: "calculator.json", thenQuit: true),
        .recoveryFound(RecoveryOffer(journal: "g.json.autosave.jsonl", editCount: 2, preview: [])),
    ])
    func aQuestionTheHostAsksIsNeverGluedToAnOldMessage(_ question: CanvasAction) throws {
        let canvas = try canvas()
        canvas.send(.noticeArrived(StatusMessage("the autosave journal could not be written", isError: true)))
        let (state, effects) = reduce(canvas, question)
        guard case .prompt = state.mode else {
            Issue.record("no question opened: \(state.mode)")
            return
        }
        var expected = canvas.state
        expected.mode = state.mode
        expected.message = nil
        #expect(state == expected)
        #expect(effects.isEmpty)
        canvas.send(question)
        let status = statusLine(canvas.render())
        #expect(!status.contains("autosave journal"), "'\(status)' keeps the old message")
    }

    @Test func qWithUnsavedChangesOpensTheQuitQuestion() throws {
        let canvas = try canvas(on: "one")
        canvas.send(.character("+"))
        let (state, effects) = reduce(canvas, .input(.character("q")))
        var expected = canvas.state
        expected.mode = .prompt(.quitWithUnsavedChanges)
        expected.message = nil
        #expect(state == expected)
        #expect(effects.isEmpty)
    }

    @Test func aRecoveryOfferOpensItsQuestionAndEscKeepsTheJournal() throws {
        let canvas = try canvas()
        let offer = RecoveryOffer(journal: "g.json.autosave.jsonl", editCount: 2, preview: ["set One to 5"])
        var (state, effects) = reduce(canvas, .recoveryFound(offer))
        var expected = canvas.state
        expected.mode = .prompt(.recover(offer))
        #expect(state == expected)
        #expect(effects.isEmpty)
        canvas.send(.recoveryFound(offer))
        (state, effects) = reduce(canvas, .input(.escape))
        expected.mode = .normal
        expected.message = StatusMessage("kept the unsaved edits for later: the next open offers them again")
        #expect(state == expected)
        #expect(effects.isEmpty, "the journal stays: nothing is discarded")
    }
}

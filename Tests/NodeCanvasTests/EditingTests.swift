import NodeCanvas
import NodeGraph
import Testing

/// The value editor, renaming, and the keys a new user reached for and found missing or wrong.
@Suite struct EditingTests {
    private func canvas(on node: NodeID, width: Int = 80, height: Int = 24) throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator(), width: width, height: height)
        canvas.send(.nodeChosen(node))
        return canvas
    }

    /// The value editor's node and text, when it is open.
    private func valueEditor(_ canvas: Canvas) -> (node: NodeID, text: String, isAllSelected: Bool)? {
        guard case .editValue(let edit) = canvas.state.mode else { return nil }
        return (edit.node, edit.text, edit.editor.isAllSelected)
    }

    @Test func typingMinusSevenGivesMinusSeven() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character("e")] + InputEvent.typing("-7") + [.enter])
        #expect(canvas.document.graph.value(of: "one") == .number(-7))
    }

    @Test func everyKeyTypedWhileEditingIsText() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character("e")] + InputEvent.typing("4+x-"))
        let editor = try #require(valueEditor(canvas))
        #expect(editor.node == "one" && editor.text == "4+x-")
        #expect(canvas.document.graph.value(of: "one") == .number(1), "nothing applied while typing")
    }

    @Test(arguments: [
        ("1e999", "'1e999' is too large for a number"),
        ("1,5", "'1,5' is not a number: use a point for decimals (1.5)"),
        ("1.2.3", "'1.2.3' is not a number"),
        ("nan", "'nan' is not a number"),
        ("inf", "'inf' is not a number"),
        ("0x10", "'0x10' is not a number"),
    ])
    func anEntryThatIsNotAPlainNumberIsRefusedAndTheEditorStaysOpen(_ text: String, _ message: String)
        throws
    {
        let canvas = try canvas(on: "one")
        canvas.send([.character("e")] + InputEvent.typing(text) + [.enter])
        #expect(canvas.state.message == StatusMessage(message, isError: true))
        #expect(valueEditor(canvas)?.text == text)
        #expect(canvas.document.graph.value(of: "one") == .number(1))
        #expect(!canvas.document.history.canUndo)
    }

    @Test func anOverLongEntryIsRefusedWithAMessage() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character("e")] + InputEvent.typing(String(repeating: "9", count: 30)))
        #expect(canvas.state.message == StatusMessage("a value has at most 24 characters", isError: true))
        #expect(valueEditor(canvas)?.text == String(repeating: "9", count: 24))
    }

    @Test func enterOnANumberEditsItsValue() throws {
        let canvas = try canvas(on: "two")
        canvas.send(.enter)
        let editor = try #require(valueEditor(canvas))
        #expect(editor.node == "two" && editor.text == "2" && editor.isAllSelected)
    }

    @Test func rRenamesTheNodeAndUndoPutsTheNameBack() throws {
        let canvas = try canvas(on: "add")
        canvas.send(
            [.character("r")] + Array(repeating: .backspace, count: 3) + InputEvent.typing("Sum") + [.enter])
        #expect(canvas.document.graph.name(of: "add") == "Sum")
        #expect(canvas.status.contains("renamed Add to Sum"))
        canvas.send(.character("u"))
        #expect(canvas.document.graph.name(of: "add") == "Add")
        #expect(canvas.status.contains("undid rename Add to Sum"))
    }

    @Test func anEmptyNameIsRefusedAndTheEditorStaysOpen() throws {
        let canvas = try canvas(on: "add")
        canvas.send([.character("r")] + Array(repeating: .backspace, count: 3) + [.enter])
        guard case .rename(let rename) = canvas.state.mode else {
            Issue.record("the rename prompt closed")
            return
        }
        #expect(rename.node == "add" && rename.text == "")
        #expect(canvas.state.message?.isError == true)
    }

    @Test func fFitsTheWholeGraphInView() throws {
        let canvas = try canvas(on: "one", width: 100, height: 30)
        canvas.send([.character("L"), .character("L"), .character("L"), .character("L"), .character("f")])
        let text = canvas.render().text
        for name in ["One", "Two", "Three", "Add", "Subtract", "Multiply"] { #expect(text.contains(name)) }
        #expect(canvas.status.contains("the whole graph is in view"))
    }

    @Test func pageDownAndPageUpPanAScreen() throws {
        let canvas = try canvas(on: "one")
        let origin = canvas.state.viewport.origin
        canvas.send(.pageDown)
        #expect(canvas.state.viewport.origin.y == origin.y + 21)
        canvas.send(.pageUp)
        #expect(canvas.state.viewport.origin.y == origin.y)
    }

    @Test func f1OpensHelp() throws {
        let canvas = try canvas(on: "one")
        canvas.send(.function(1))
        #expect(canvas.state.mode == .help(firstRow: 0))
        #expect(canvas.render().text.contains("Keys"))
    }

    @Test func findRemembersTheLastQueryAndEnterGoesToTheNextMatch() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character("/")] + InputEvent.typing("t") + [.enter])
        let first = canvas.state.cursorNode
        canvas.send(.enter)
        let second = canvas.state.cursorNode
        #expect(first != nil && second != nil && first != second)
        canvas.send([.escape, .character("/"), .enter])
        #expect(canvas.state.cursorNode != second, "the remembered query finds the next one again")
        #expect(canvas.state.lastQuery == "t")
        #expect(canvas.status.contains("of 4"), "Two, Three, Subtract, Multiply contain a t")
    }

    @Test func undoSaysWhatWasUndoneAndAnUndoneDeleteIsUnderTheCursorAgain() throws {
        let canvas = try canvas(on: "add")
        canvas.send(.character("x"))
        canvas.send(.nodeChosen("one"))
        canvas.send(.character("u"))
        #expect(canvas.status.contains("undid delete Add"))
        #expect(canvas.state.cursorNode == "add")
    }

    @Test func oSaysWhichLinksTheNewKindCouldNotKeep() throws {
        var graph = try demoCalculator()
        try graph.link(from: "three", to: "add", slot: 2)
        let canvas = makeCanvas(graph)
        canvas.send(.nodeChosen("add"))
        canvas.send(.character("o"))
        #expect(canvas.document.graph.kind(of: "add")?.name == "subtract")
        #expect(canvas.document.graph.inputs(of: "add") == ["one", "two"])
        #expect(canvas.status.contains("Add is now Subtract; z lost its link from Three (u undoes)"))
        canvas.send(.character("u"))
        #expect(canvas.document.graph.inputs(of: "add") == ["one", "two", "three"])
    }

    @Test func escapeFromLinkModePutsTheCursorBackOnTheSource() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character("l"), .tab, .tab, .escape])
        #expect(canvas.state.mode == .normal)
        #expect(canvas.state.cursorNode == "one")
        #expect(canvas.state.cursor == Position(x: 4, y: 2))
    }

    @Test func tabInLinkModeVisitsRefusedSlotsAndSaysWhy() throws {
        let canvas = try canvas(on: "multiply")
        canvas.send(.character("l"))
        guard case .link(let link) = canvas.state.mode else {
            Issue.record("not in link mode")
            return
        }
        var refusals: [String] = []
        for _ in link.targets {
            canvas.send(.tab)
            if case .link(let now) = canvas.state.mode, now.currentTarget?.isAllowed == false {
                refusals.append(canvas.status)
            }
        }
        #expect(refusals.contains { $0.contains("would create a cycle: Add → Multiply → Add") })
        canvas.send(.enter)
        if case .link(let now) = canvas.state.mode, now.currentTarget?.isAllowed == false {
            #expect(canvas.status.contains("refused"))
        }
    }

    @Test func enterOnAnOccupiedSlotSaysWhatItReplaces() throws {
        let canvas = try canvas(on: "three")
        canvas.send(.character("l"))
        for _ in 0..<20 where canvas.linkTarget != LinkKey(downstream: "add", slot: 0) { canvas.send(.tab) }
        #expect(canvas.status.contains("Enter links Three → Add.x, replacing One"))
        canvas.send(.enter)
        #expect(canvas.status.contains("linked Three → Add.x (replacing One)"))
        #expect(canvas.document.graph.inputs(of: "add") == ["three", "two", nil])
    }
}

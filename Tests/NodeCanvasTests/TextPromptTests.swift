import NodeCanvas
import NodeGraph
import Testing

/// Every text prompt (value, rename, find, save as, group name) edits with the one line editor.
@Suite struct TextPromptTests {
    private func canvas(on node: NodeID? = nil) throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator())
        if let node { canvas.send(.nodeChosen(node)) }
        return canvas
    }

    // MARK: Rename

    @Test func typingInRenameReplacesTheOldName() throws {
        let canvas = try canvas(on: "multiply")
        canvas.send([.character("r")] + InputEvent.typing("Product") + [.enter])
        #expect(canvas.document.graph.name(of: "multiply") == "Product")
    }

    @Test func ctrlWInRenameRemovesTheLastWord() throws {
        let canvas = try canvas(on: "add")
        canvas.send([.character("r")] + InputEvent.typing("Sum of two") + [.enter])
        canvas.send([.character("r"), .control("w")] + InputEvent.typing("three") + [.enter])
        #expect(canvas.document.graph.name(of: "add") == "Sum of three")
    }

    @Test func homeLeftAndCtrlUMoveAndRemoveInRename() throws {
        let canvas = try canvas(on: "add")
        canvas.send([.character("r"), .home] + InputEvent.typing("My ") + [.enter])
        #expect(canvas.document.graph.name(of: "add") == "My Add")
        canvas.send([.character("r"), .left, .left, .left, .control("u"), .enter])
        #expect(canvas.document.graph.name(of: "add") == "Add")
    }

    @Test func theRenamePromptDrawsTheCursorWhereTypingGoes() throws {
        let canvas = try canvas(on: "add")
        canvas.send([.character("r"), .left])
        #expect(canvas.status.contains("name: Ad▏d"))
    }

    @Test func theWholeSelectedTextShowsInReverseUntilAnArrowKeepsIt() throws {
        let canvas = try canvas(on: "add")
        canvas.send(.character("r"))
        func styles() throws -> (label: CellStyle, name: [CellStyle]) {
            let surface = canvas.render()
            let y = surface.height - 1
            let row = surface.rows[y]
            let offset = try #require(row.range(of: "name: Add▏")).lowerBound
            let x = row.distance(from: row.startIndex, to: offset)  // the row is ASCII up to there
            return (surface[x, y].style, (6..<9).map { surface[x + $0, y].style })
        }
        let selected = try styles()
        #expect(selected.name.allSatisfy { $0.reverse != selected.label.reverse })
        canvas.send(.end)
        let kept = try styles()
        #expect(kept.name.allSatisfy { $0 == kept.label })
    }

    // MARK: Value

    @Test func aNumberWithSpacesAroundItIsAccepted() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character("e")] + InputEvent.typing(" 3 ") + [.enter])
        #expect(canvas.state.mode == .normal)
        #expect(canvas.document.graph.value(of: "one") == .number(3))
    }

    @Test func aRefusedNumberIsNamedWithoutItsSpacesAndTheEditorStaysOpen() throws {
        let canvas = try canvas(on: "one")
        canvas.send([.character("e")] + InputEvent.typing(" 3x ") + [.enter])
        #expect(canvas.state.message == StatusMessage("'3x' is not a number", isError: true))
        guard case .editValue(let edit) = canvas.state.mode else {
            Issue.record("the value editor closed")
            return
        }
        #expect(edit.text == " 3x ")
        #expect(canvas.status.contains("'3x' is not a number · One =  3x ▏"))
    }

    @Test func homeInTheValueEditorKeepsTheValueAndTypesBeforeIt() throws {
        let canvas = try canvas(on: "three")
        canvas.send([.character("e"), .home, .character("-")])
        #expect(canvas.status.contains("Three = -▏3"))
        canvas.send(.enter)
        #expect(canvas.document.graph.value(of: "three") == .number(-3))
    }

    // MARK: Find

    @Test func theFindQueryIsEditedLikeAnyText() throws {
        let canvas = try canvas()
        canvas.send([.character("/")] + InputEvent.typing("ree") + [.home, .character("h"), .enter])
        #expect(canvas.state.cursorNode == "three")
        canvas.send(.escape)
        canvas.send([.character("/")] + InputEvent.typing("ul") + [.enter])
        #expect(canvas.state.cursorNode == "multiply", "typing replaced the remembered query")
    }

    @Test func enterAgainInFindFindsTheNextMatchAndEditsNothing() throws {
        let canvas = try canvas()
        canvas.send([.character("/")] + InputEvent.typing("t") + [.enter])
        let matches: [NodeID] = ["two", "three", "subtract", "multiply"]
        #expect(canvas.state.cursorNode.map(matches.contains) == true)
        let first = canvas.state.cursorNode
        canvas.send(.enter)
        #expect(canvas.state.cursorNode != first, "Enter again found the next match")
        guard case .find = canvas.state.mode else {
            Issue.record("Enter left the find: \(canvas.state.mode)")
            return
        }
        canvas.send(.escape)
        #expect(canvas.state.mode == .normal)
        #expect(!canvas.document.history.canUndo)
    }

    @Test func findThenEnterOnASourceDoesNotOpenItsValue() throws {
        let canvas = try canvas()
        canvas.send([.character("/")] + InputEvent.typing("hre") + [.enter, .enter])
        #expect(canvas.state.cursorNode == "three")
        guard case .find(let find) = canvas.state.mode else {
            Issue.record("the second Enter left the find: \(canvas.state.mode)")
            return
        }
        #expect(find.query == "hre")
        #expect(canvas.status.contains("found Three"))
    }

    // MARK: Save as

    @Test func typingAFileNameReplacesTheProposalAndEnterSaves() throws {
        let canvas = try canvas()
        canvas.send(.fileNameNeeded(proposal: "calculator.json", thenQuit: false))
        let effects = canvas.send(InputEvent.typing(" mine.json ") + [.enter])
        #expect(effects == [.saveAs(path: "mine.json", replacing: false, thenQuit: false)])
    }

    @Test func theProposedFileNameCanBeEditedInPlace() throws {
        let canvas = try canvas()
        canvas.send(.fileNameNeeded(proposal: "calculator.json", thenQuit: true))
        canvas.send([.home] + InputEvent.typing("my-"))
        #expect(canvas.status.contains("file: my-▏calculator.json"))
        let effects = canvas.send(.enter)
        #expect(effects == [.saveAs(path: "my-calculator.json", replacing: false, thenQuit: true)])
    }
}

import NodeCanvas
import NodeGraph
import Testing

/// The command line (`:`): every command by name, filtered as typed, best first; Enter runs the
/// highlighted one, with an argument after a space for save, find and lod.
@Suite struct CommandLineTests {
    private func canvas(on node: NodeID? = nil) throws -> Canvas {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 30)
        if let node { canvas.send(.nodeChosen(node)) }
        return canvas
    }

    private func typed(_ canvas: Canvas) -> CommandLineState? {
        if case .commandLine(let line) = canvas.state.mode { return line }
        return nil
    }

    @Test func colonOpensTheCommandLineListingEveryCommand() throws {
        let canvas = try canvas()
        canvas.send(.character(":"))
        let line = try #require(typed(canvas))
        #expect(line.editor.text == "")
        #expect(canvas.state.mode.name == "COMMAND")
        #expect(CanvasReducer.commandMatches("", in: .standard) == KeyBindings.commands)
    }

    @Test func typingFiltersByLettersInOrderBestFirst() {
        let names = { (query: String) in CanvasReducer.commandMatches(query, in: .standard).map(\.name) }
        #expect(names("sa").first == "save", "letters at the start of the name come first")
        #expect(names("sa").contains("select-all"), "each letter at a word's start also matches")
        #expect(names("sa").allSatisfy { $0.contains("s") && $0.contains("a") })
        #expect(names("pki").first == "paste-keeping-inputs")
        #expect(names("undo") == ["undo"])
        #expect(names("qqq").isEmpty)
        #expect(names("lod").first == "level-of-detail")
        #expect(names("new").first == "new-node")
    }

    @Test func theExactNameComesFirst() {
        let names = CanvasReducer.commandMatches("link", in: .standard).map(\.name)
        #expect(names.first == "link")
    }

    @Test func enterRunsTheBestMatch() throws {
        let canvas = try canvas(on: "add")
        canvas.send([.character(":")] + InputEvent.typing("del") + [.enter])
        #expect(canvas.document.graph.node("add") == nil)
        #expect(canvas.state.mode == .normal)
    }

    @Test func downAndUpChooseAnotherMatch() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("sa"))
        let matches = CanvasReducer.commandMatches("sa", in: .standard)
        #expect(matches.count >= 2)
        canvas.send(.down)
        #expect(typed(canvas)?.choice == 1)
        canvas.send([.down, .up])
        #expect(typed(canvas)?.choice == 1)
        canvas.send([.up, .up])
        #expect(typed(canvas)?.choice == 0, "Up stops at the first")
        let index = try #require(matches.firstIndex { $0.name == "select-all" })
        canvas.send(Array(repeating: .down, count: index) + [.enter])
        #expect(canvas.state.selection.count == canvas.document.graph.count)
    }

    @Test func typingAfterChoosingHighlightsTheBestMatchAgain() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("s") + [.down])
        #expect(typed(canvas)?.choice == 1)
        canvas.send(.character("a"))
        #expect(typed(canvas)?.choice == 0)
    }

    @Test func tabCompletesTheHighlightedNameForAnArgument() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("sa") + [.tab])
        #expect(typed(canvas)?.editor.text == "save ")
        let effects = canvas.send(InputEvent.typing("x.json") + [.enter])
        #expect(effects.contains(.saveAs(path: "x.json", replacing: false, thenQuit: false)))
    }

    @Test func escLeavesWithoutRunningAnything() throws {
        let canvas = try canvas(on: "add")
        let before = canvas.document.graph
        canvas.send([.character(":")] + InputEvent.typing("delete") + [.escape])
        #expect(canvas.state.mode == .normal)
        #expect(canvas.document.graph == before)
    }

    @Test func aLineThatMatchesNothingSaysSoAndStaysOpen() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("zzz") + [.enter])
        #expect(typed(canvas)?.editor.text == "zzz")
        #expect(
            canvas.state.message
                == StatusMessage("no command matches 'zzz': Backspace, or Esc", isError: true))
    }

    @Test func saveWithAPathSavesAsThatPath() throws {
        let canvas = try canvas()
        let effects = canvas.send([.character(":")] + InputEvent.typing("save out/sum.json") + [.enter])
        #expect(effects.contains(.saveAs(path: "out/sum.json", replacing: false, thenQuit: false)))
        #expect(canvas.state.mode == .normal)
    }

    @Test func saveWithoutAPathSaves() throws {
        let canvas = try canvas()
        let effects = canvas.send([.character(":")] + InputEvent.typing("save") + [.enter])
        #expect(effects == [.save(thenQuit: false)])
    }

    @Test func findWithTextFindsTheNodeAndKeepsTheFindOpen() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("find mult") + [.enter])
        #expect(canvas.state.cursorNode == "multiply")
        guard case .find(let find) = canvas.state.mode else {
            Issue.record("find is not open")
            return
        }
        #expect(find.query == "mult")
    }

    @Test func lodPicksALevelOfDetailByName() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("lod dot") + [.enter])
        #expect(canvas.state.levelOfDetail == .dot)
        canvas.send([.character(":")] + InputEvent.typing("level-of-detail compact") + [.enter])
        #expect(canvas.state.levelOfDetail == .compact)
    }

    @Test func aWrongLevelOfDetailIsRefusedAndTheLineStaysOpen() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("lod tiny") + [.enter])
        #expect(canvas.state.levelOfDetail == .full)
        #expect(typed(canvas)?.editor.text == "lod tiny")
        #expect(
            canvas.state.message
                == StatusMessage("'tiny' is not a level of detail: full, compact or dot", isError: true))
    }

    @Test func anArgumentToACommandThatTakesNoneIsRefused() throws {
        let canvas = try canvas(on: "add")
        canvas.send([.character(":")] + InputEvent.typing("delete add") + [.enter])
        #expect(canvas.document.graph.node("add") != nil)
        #expect(
            canvas.state.message
                == StatusMessage("delete takes no argument: Enter runs it alone", isError: true))
    }

    @Test func anArgumentAfterAnUnknownNameIsRefused() throws {
        let canvas = try canvas()
        canvas.send([.character(":")] + InputEvent.typing("sav x.json") + [.enter])
        #expect(typed(canvas) != nil)
        #expect(canvas.state.message?.isError == true)
        #expect(canvas.state.message?.text.hasPrefix("no command named 'sav'") == true)
    }

    @Test func theListShowsTheKeysInEffect() throws {
        let canvas = try canvas()
        var keys = KeyTable.standard
        keys.bind(.character("d"), to: "delete")
        keys.bind(.character("x"), to: nil)
        keys.bind(.character("a"), to: nil)
        canvas.keyTable = keys
        canvas.send([.character(":")] + InputEvent.typing("de"))
        func row(_ name: String) -> String? {
            canvas.render().rows.first { $0.contains(" \(name) ") && !$0.contains(":\(name)▏") }
        }
        #expect(row("delete")?.contains(" Delete / d ") == true)
        canvas.send([.escape, .character(":")] + InputEvent.typing("arr"))
        #expect(row("arrange")?.contains(" :arrange ") == true, "a command without keys shows :NAME")
    }

    @Test func theOpenCommandLine() throws {
        let canvas = makeCanvas(try demoCalculator(), width: 100, height: 24)
        canvas.send([.character(":")] + InputEvent.typing("s"))
        assertSnapshot(canvas.render(), named: "command-line")
    }
}

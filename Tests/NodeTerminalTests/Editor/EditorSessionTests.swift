import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

@testable import NodeTerminal

/// The interactive app without a terminal: the session is fed canvas events and its frames and
/// files are checked.
@Suite struct EditorSessionTests {
    /// A fresh empty directory.
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "session-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func demoSession(width: Int = 100, height: Int = 30) -> EditorSession {
        EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: width, height: height)
    }

    func session(file: String, width: Int = 100, height: Int = 30) throws -> EditorSession {
        let graph = FileManager.default.fileExists(atPath: file) ? try GraphFile.load(path: file) : Graph()
        return EditorSession(
            configuration: .calculator, document: GraphDocument(graph: graph), file: file, width: width,
            height: height)
    }

    func statusLine(_ session: EditorSession) -> String {
        session.frame().rows.last ?? ""
    }

    func send(_ session: EditorSession, _ events: [InputEvent]) {
        for event in events { session.handle(event) }
    }

    /// Replaces the text of an open "save as" with `path` and presses Enter.
    func typeFileName(_ path: String, into session: EditorSession) {
        if case .saveAs(let editor, _) = session.prompt {
            send(session, Array(repeating: .backspace, count: editor.text.count))
        }
        send(session, InputEvent.typing(path) + [.enter])
    }

    @Test func theDemoOpensWholeAndCenteredWithHintsOnTheStatusLine() {
        let session = demoSession()
        let rows = session.frame().rows
        for name in ["One", "Two", "Three", "Add", "Subtract", "Multiply"] {
            #expect(rows.contains { $0.contains("╭ \(name) ") }, "\(name) is on screen")
        }
        #expect(rows[0].trimmingCharacters(in: .whitespaces) == "demo calculator")
        #expect(rows.last!.contains("? help"))
        let firstColumn = rows.dropLast().compactMap { row in
            row.firstIndex(of: "╭").map { row.distance(from: row.startIndex, to: $0) }
        }.min()
        #expect(firstColumn.map { $0 > 4 } == true, "the graph is not pressed against the left edge")
    }

    @Test func quittingAnUnchangedGraphEndsAtOnce() {
        let session = demoSession()
        session.handle(.character("q"))
        #expect(session.isFinished)
    }

    @Test func quittingWithUnsavedChangesAsksAndNoStays() {
        let session = demoSession()
        send(session, [.tab, .character("+"), .character("q")])
        #expect(session.prompt == .quitWithUnsavedChanges)
        #expect(statusLine(session).contains("quit without saving? y quits · n stays"))
        session.handle(.character("x"))  // not an answer: nothing happens
        #expect(session.prompt == .quitWithUnsavedChanges)
        #expect(session.document.graph.contains("one"))
        session.handle(.character("n"))
        #expect(session.prompt == nil)
        #expect(!session.isFinished)
        session.handle(.character("q"))
        session.handle(.character("y"))
        #expect(session.isFinished)
    }

    @Test func savingTheDemoAsksForAFileNameProposingCalculatorJSON() throws {
        let directory = try temporaryDirectory()
        let session = demoSession()
        send(session, [.tab, .character("+"), .character("s")])
        #expect(session.prompt == .saveAs(LineEditor("calculator.json", limit: 4_096), thenQuit: false))
        #expect(statusLine(session).contains("SAVE AS  file: calculator.json"))
        let path = directory + "/mine.json"
        typeFileName(path, into: session)
        #expect(session.prompt == nil)
        #expect(session.file == path)
        #expect(!session.document.isModified)
        #expect(statusLine(session).contains("saved \(path)"))
        let saved = try GraphFile.load(path: path)
        #expect(saved.value(of: "one") == .number(2))
        #expect(saved.value(of: "multiply") == .number(4))  // (2 + 2) × (3 − 2)
    }

    @Test func saveAsOverAnExistingFileAsksBeforeReplacingIt() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/existing.json"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        let session = demoSession()
        session.handle(.character("s"))
        typeFileName(path, into: session)
        #expect(session.prompt == .replace(path: path, thenQuit: false))
        session.handle(.character("n"))
        #expect(session.prompt == .saveAs(LineEditor(path, limit: 4_096), thenQuit: false))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        session.handle(.enter)
        session.handle(.character("y"))
        #expect(try GraphFile.load(path: path).count == 6)
    }

    @Test func saveAndQuitFromTheQuitQuestionSavesThenEnds() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/graph.json"
        let session = try session(file: file)
        send(session, [.character("n"), .enter, .character("q"), .character("s")])
        #expect(session.isFinished)
        #expect(try GraphFile.load(path: file).count == 1)
        #expect(!FileManager.default.fileExists(atPath: EditorSession.autosavePath(for: file)))
    }

    @Test func everyEditReachesTheAutosaveJournalAndASaveRemovesIt() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let journal = EditorSession.autosavePath(for: file)
        let session = try session(file: file)
        #expect(!FileManager.default.fileExists(atPath: journal), "no journal before the first edit")
        send(session, [.tab, .character("+"), .character("+")])
        let lines = try Journal.read(path: journal)
        #expect(lines.count == 2)
        session.handle(.character("s"))
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try GraphFile.load(path: file).value(of: "one") == .number(3))
        session.handle(.character("-"))
        #expect(try Journal.read(path: journal).count == 1)
        session.handle(.character("q"))
        session.handle(.character("y"))
        #expect(!FileManager.default.fileExists(atPath: journal), "a chosen quit removes the journal")
    }

    @Test func afterAnAbruptEndTheNextOpenOffersTheEditsAndYBringsThemBack() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let first = try session(file: file)
        send(first, [.tab, .character("+"), .character("n"), .enter, .tab])
        send(first, [.character("x")])
        first.finish(clean: false)  // as after SIGTERM; kill -9 leaves the same journal
        let expected = first.document.graph

        let second = try session(file: file)
        let offer = try #require(
            second.prompt.flatMap { if case .recover(let offer) = $0 { offer } else { nil } })
        #expect(offer.journal == EditorSession.autosavePath(for: file))
        #expect(offer.editCount == 3)
        #expect(statusLine(second).contains("y recovers · n discards"))
        second.handle(.character("q"))  // the question takes every key
        #expect(!second.isFinished)
        second.handle(.character("y"))
        #expect(second.prompt == nil)
        #expect(second.document.graph == expected)
        #expect(second.document.isModified)
        #expect(statusLine(second).contains("recovered 3 edits"))
        #expect(try Journal.read(path: EditorSession.autosavePath(for: file)).count == 3)
        second.finish(clean: false)

        let third = try session(file: file)
        third.handle(.character("y"))
        #expect(third.document.graph == expected, "recovering twice gives the same graph")
    }

    @Test func theFileTagNeverCoversANode() throws {
        let file = try temporaryDirectory() + "/calc.json"
        var graph = Graph()
        try graph.addNode(
            "corner", kind: "number", name: "Corner", at: Position(x: 80, y: 0), value: .number(1))
        try graph.addNode("left", kind: "number", name: "Left", at: Position(x: 2, y: 10), value: .number(2))
        try GraphFile.save(graph, to: file)
        let session = try session(file: file)
        session.handle(.viewPlaced(origin: .zero, cursor: Position(x: 2, y: 12)))
        let top = session.frame().rows[0]
        #expect(top.contains("╭ Corner"), "the node's top edge is whole")
        #expect(!top.contains("calc.json"))
        session.handle(.viewPlaced(origin: Position(x: 0, y: 5), cursor: Position(x: 2, y: 12)))
        #expect(session.frame().rows[0].contains("calc.json"), "with no node under it, the tag shows")
    }

    /// A file holding the demo calculator, with an autosave journal of `count` value edits.
    func fileWithJournal(of count: Int) throws -> String {
        let file = try temporaryDirectory() + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let lines = (1...count).map { #"{"op":"setValue","node":"one","value":\#($0)}"# }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: EditorSession.autosavePath(for: file), atomically: true, encoding: .utf8)
        return file
    }

    @Test func aRecoveredJournalIsTakenInAsOneBatchAndLaidOutOnce() throws {
        let session = try session(file: try fileWithJournal(of: 1_000))
        var batches: [[Change]] = []
        session.document.observeBatches { batches.append($0) }
        let revision = session.canvas.scene.revision, laidOut = session.canvas.scene.layoutCount
        session.handle(.character("y"))
        #expect(batches.map(\.count) == [1_000])
        #expect(
            session.canvas.scene.revision == revision + 2,
            "one scene update, then the values in view brought up to date at once; no rebuild")
        #expect(session.canvas.scene.layoutCount == laidOut + 1, "only the edited node is laid out")
        #expect(session.document.graph.value(of: "one") == .number(1_000))
        #expect(session.document.history.undoSteps.count == 1_000, "each recovered edit is its own step")
        #expect(statusLine(session).contains("recovered 1000 edits"))
    }

    @Test func aLongRecoveryShowsItsProgressOnTheStatusLine() throws {
        let session = try session(file: try fileWithJournal(of: 1_000))
        var shown: [String] = []
        session.presentWhileBusy = { shown.append($0.rows.last ?? "") }
        session.recoveryProgressDelay = .zero  // as if every line took long
        session.handle(.character("y"))
        #expect(shown.count == 3)
        #expect(shown.first?.contains("RECOVER  recovering 256 of 1000 edits…") == true)
        #expect(shown.last?.contains("recovering 768 of 1000 edits…") == true)
    }

    @Test func aCommandOnSeveralNodesIsJournaledAsPlainEditsAndRecoversExactly() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let first = try session(file: file)
        first.canvas.send(.nodeChosen("one"))
        send(first, [.character(" "), .tab, .character(" ")])  // One and Two selected
        send(first, [.character("m"), .right, .right, .enter])  // moved together, one undo step
        send(first, [.character("D"), .character("u"), .character("U")])  // duplicated, undone, redone
        send(first, [.character("x")])  // the selection deleted
        send(first, [.character("u")])  // and put back
        first.finish(clean: false)
        let expected = first.document.graph

        let lines = try Journal.read(path: EditorSession.autosavePath(for: file))
        #expect(lines.allSatisfy { $0.operationName != "batch" }, "each plain edit is a line of its own")
        #expect(lines.count > 10)
        let second = try session(file: file)
        second.handle(.character("y"))
        #expect(second.document.graph == expected)
    }

    func demoSession(journal: String) -> EditorSession {
        EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: 100, height: 30,
            demoJournal: journal)
    }

    @Test func theDemosEditsAreJournaledAndOfferedAfterAnAbruptEnd() throws {
        let journal = try temporaryDirectory() + "/state/nodeui-tui/demo.autosave.jsonl"
        let first = demoSession(journal: journal)
        send(first, [.tab, .character("+"), .character("+"), .tab, .character("x")])
        #expect(
            try Journal.read(path: journal).count == 3, "the state directory is created at the first edit")
        first.finish(clean: false)  // as after SIGTERM or kill -9
        let expected = first.document.graph

        let second = demoSession(journal: journal)
        #expect(second.prompt.map { if case .recover(let offer) = $0 { offer.editCount } else { 0 } } == 3)
        second.handle(.character("y"))
        #expect(second.document.graph == expected)
        second.handle(.character("q"))
        second.handle(.character("y"))
        #expect(!FileManager.default.fileExists(atPath: journal), "a chosen quit removes the demo's journal")
        #expect(demoSession(journal: journal).prompt == nil)
    }

    @Test func savingTheDemoMovesItsEditsFromTheDemoJournalToTheFile() throws {
        let directory = try temporaryDirectory()
        let journal = directory + "/state/demo.autosave.jsonl"
        let file = directory + "/mine.json"
        let session = demoSession(journal: journal)
        send(session, [.tab, .character("+")])
        #expect(FileManager.default.fileExists(atPath: journal))
        send(
            session,
            [.character("s")] + Array(repeating: InputEvent.backspace, count: 20) + InputEvent.typing(file)
                + [.enter])
        #expect(session.file == file)
        #expect(!FileManager.default.fileExists(atPath: journal), "the saved file now holds the demo's edits")
        send(session, [.character("+")])
        #expect(try Journal.read(path: EditorSession.autosavePath(for: file)).count == 1)
        #expect(
            !FileManager.default.fileExists(atPath: journal), "after saving, edits go to the file's journal")
    }

    @Test func decliningRecoveryDiscardsTheJournal() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let first = try session(file: file)
        send(first, [.tab, .character("+")])
        first.finish(clean: false)
        let second = try session(file: file)
        second.handle(.character("n"))
        #expect(second.prompt == nil)
        #expect(second.document.graph.value(of: "one") == .number(1))
        #expect(!FileManager.default.fileExists(atPath: EditorSession.autosavePath(for: file)))
    }

    @Test func aRecordedSessionReplaysToTheSameGraph() throws {
        let directory = try temporaryDirectory()
        let record = directory + "/session.jsonl"
        let session = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: 100, height: 30,
            recording: try JournalRecorder(path: record, truncating: true))
        send(
            session,
            [.tab, .character("+"), .character("n"), .enter, .character("l"), .tab, .tab, .enter, .escape])
        send(
            session, [.character("e")] + InputEvent.typing("7") + [.enter, .character("u"), .character("U")])
        session.finish(clean: true)
        let replayed = GraphDocument(graph: .demoCalculator())
        let steps = replayed.replay(try Journal.read(path: record))
        #expect(steps.allSatisfy { !$0.isRefused })
        #expect(replayed.graph == session.document.graph)
    }

    @Test func aCycleIsRefusedWithItsPathOnTheStatusLine() {
        let session = demoSession()
        send(session, [.character("/")] + InputEvent.typing("Multiply") + [.enter, .escape, .character("l")])
        // Add's first input row, found on screen, clicked in link mode.
        let rows = session.frame().rows
        let row = rows.firstIndex { $0.contains("x: 1") }!
        let column = rows[row].distance(
            from: rows[row].startIndex, to: rows[row].range(of: "x: 1")!.lowerBound)
        send(session, [.mousePress(x: column, y: row), .mouseRelease(x: column, y: row)])
        #expect(statusLine(session).contains("refused: would create a cycle: Add → Multiply → Add"))
    }

    @Test func aNewNodeIsBroughtIntoViewWithTheCursorOnIt() {
        let session = demoSession()
        send(session, [.tab, .character("n"), .enter])
        let node = try! #require(session.canvas.state.cursorNode)
        let frame = session.canvas.scene.layouts[node]!.frame
        let origin = session.canvas.state.scaledOrigin
        let visible = session.canvas.area.offsetBy(dx: origin.x, dy: origin.y)
        #expect(visible.contains(frame))
    }

    @Test func aTinyTerminalShowsANoticeAndStillQuits() {
        let session = demoSession(width: 20, height: 5)
        let rows = session.frame().rows
        #expect(rows.contains { $0.contains("terminal too small") })
        #expect(rows.contains { $0.contains("20×5, needs 32×8") })
        session.handle(.character("x"))
        #expect(session.document.graph.count == 6)
        session.handle(.resize(width: 100, height: 30))
        #expect(session.frame().rows.contains { $0.contains("Multiply") })
        session.handle(.resize(width: 20, height: 5))
        session.handle(.character("q"))
        #expect(session.isFinished)
    }

    @Test func atTenByFourTheNoticeSaysTooSmallAndTheSizeOnLinesOfTheirOwnCentered() {
        let session = demoSession(width: 10, height: 4)
        #expect(session.frame().rows == ["too small ", "   10×4   ", " q quits  ", "          "])
    }

    @Test func theTooSmallNoticeIsWholeAndCenteredAtEverySizeBelowTheMinimum() {
        for width in 1...40 {
            for height in 1...12 where width < 32 || height < 8 {
                let rows = demoSession(width: width, height: height).frame().rows
                let shown = rows.filter { !$0.allSatisfy { $0 == " " } }
                #expect(width < 5 || !shown.isEmpty, "nothing shown at \(width)×\(height)")
                for row in shown {
                    let left = row.prefix { $0 == " " }.count
                    let right = row.reversed().prefix { $0 == " " }.count
                    #expect(abs(left - right) <= 1, "'\(row)' is not centered at \(width)×\(height)")
                    #expect(!row.contains("…"), "'\(row)' is cut at \(width)×\(height)")
                }
            }
        }
    }

    @Test func aCopyInOneSessionPastesIntoAnotherFileInAnotherSession() throws {
        let directory = try temporaryDirectory()
        let clipboard = ClipboardFile(path: directory + "/state/nodeui-tui/clipboard.json")
        let first = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: 100, height: 30,
            clipboard: clipboard)
        var copied: [String] = []
        first.terminalClipboard = { copied.append($0) }
        first.canvas.send(.nodeChosen("add"))
        first.handle(.character("y"))
        let fragment = try GraphFile.loadFragment(path: clipboard.path)
        #expect(fragment.graph.count == 1, "the clipboard is a graph file fragment")
        #expect(
            fragment.outsideInputs == [
                .link(from: "one", to: "add", slot: 0), .link(from: "two", to: "add", slot: 1),
            ],
            "in the same file, its inputs from outside")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory + "/state/nodeui-tui") == [
                "clipboard.json"
            ])
        #expect(copied.count == 1 && copied[0].contains("\"kind\": \"add\""), "OSC 52 gets the same text")
        first.finish(clean: true)

        let file = directory + "/other.json"
        var graph = Graph()
        try graph.addNode("one", kind: "number", name: "One", at: Position(x: 2, y: 1), value: .number(5))
        try GraphFile.save(graph, to: file)
        let second = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: try GraphFile.load(path: file)),
            file: file, width: 100,
            height: 30,
            clipboard: clipboard)
        second.handle(.character("P"))
        #expect(
            second.document.graph.inputs(of: "add") == ["one", nil, nil],
            "One exists here: kept; Two does not")
        #expect(second.document.graph.value(of: "add") == .number(5))
        #expect(statusLine(second).contains("pasted 1 node with their inputs"))
    }

    @Test func aCopiedGroupPastesIntoAnotherSessionWithItsDefinition() throws {
        let directory = try temporaryDirectory()
        let clipboard = ClipboardFile(path: directory + "/clipboard.json")
        var graph = Graph.demoCalculator()
        try graph.group(["add", "subtract", "multiply"], kind: "combine", name: "Combine", id: "combine")
        let first = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: graph), file: nil, width: 100,
            height: 30, clipboard: clipboard)
        first.canvas.send(.nodeChosen("combine"))
        first.handle(.character("y"))
        #expect(statusLine(first).contains("copied 1 node"))
        first.finish(clean: true)

        let second = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: 100, height: 30, clipboard: clipboard)
        second.handle(.character("P"))
        let pasted = second.document.graph
        #expect(pasted.definition(named: "combine")?.name == "Combine")
        #expect(pasted.value(of: "combine") == .number(6), "(One + Two) × (Three − One), from the nodes here")
        second.handle(.character("u"))
        #expect(second.document.graph.definitions.isEmpty, "the paste, definition included, is one undo step")
    }

    @Test func pastingWithNothingCopiedSaysTheClipboardIsEmpty() throws {
        let clipboard = ClipboardFile(path: try temporaryDirectory() + "/clipboard.json")
        let session = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: 100, height: 30,
            clipboard: clipboard)
        session.handle(.character("p"))
        #expect(statusLine(session).contains("the clipboard is empty"))
    }
}

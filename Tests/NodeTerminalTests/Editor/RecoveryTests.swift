import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

@testable import NodeTerminal

/// Recovery is never lost by a quit: a journal left for later stays untouched until a `y` or `n`
/// in some later session, and a session's own edits go to a fresh journal.
@Suite struct RecoveryTests {
    /// A fresh folder holding `calc.json`, the demo calculator.
    func calculatorFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recovery-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        return file
    }

    func session(file: String) throws -> EditorSession {
        EditorSession(
            configuration: .calculator, document: GraphDocument(graph: try GraphFile.load(path: file)),
            file: file, width: 100, height: 30)
    }

    func offer(_ session: EditorSession) -> RecoveryOffer? {
        if case .recover(let offer) = session.prompt { offer } else { nil }
    }

    func send(_ session: EditorSession, _ events: [InputEvent]) {
        for event in events { session.handle(event) }
    }

    /// Presses Tab until the cursor is on `node`.
    func select(_ node: NodeID, in session: EditorSession) {
        for _ in 0..<20 where session.canvas.state.cursorNode != node { session.handle(.tab) }
    }

    /// A session on `file` that steps One up `count` times, then ends as after `kill -9`.
    func crash(on file: String, steps count: Int) throws {
        let session = try session(file: file)
        send(session, [.tab] + Array(repeating: .character("+"), count: count))
        session.finish(clean: false)
    }

    @Test func aRecoveryLeftForLaterSurvivesAQuitAndIsOfferedAgain() throws {
        let file = try calculatorFile()
        try crash(on: file, steps: 1)
        let journal = EditorSession.autosavePath(for: file)
        let before = try String(contentsOfFile: journal, encoding: .utf8)

        let second = try session(file: file)
        #expect(offer(second)?.editCount == 1)
        second.handle(.escape)
        #expect(second.prompt == nil)
        second.handle(.character("q"))
        #expect(second.isFinished)
        #expect(
            try String(contentsOfFile: journal, encoding: .utf8) == before,
            "the deferred journal is untouched")

        let third = try session(file: file)
        #expect(offer(third)?.journal == journal)
        #expect(offer(third)?.editCount == 1)
        third.handle(.character("y"))
        #expect(third.document.graph.value(of: "one") == .number(2))
    }

    @Test func editsAfterDeferringGoToAFreshJournalAndBothAreOfferedOldestFirst() throws {
        let file = try calculatorFile()
        try crash(on: file, steps: 1)
        let deferred = EditorSession.autosavePath(for: file)
        let before = try String(contentsOfFile: deferred, encoding: .utf8)

        let second = try session(file: file)
        second.handle(.escape)
        select("two", in: second)
        send(second, [.character("+"), .character("+")])  // Two: 2 → 4
        #expect(try String(contentsOfFile: deferred, encoding: .utf8) == before)
        let fresh = try #require(second.journalPath)
        #expect(fresh == AutosaveJournals(base: deferred).path(number: 2))
        #expect(try Journal.read(path: fresh).count == 2)
        second.handle(.character("q"))
        second.handle(.character("y"))  // quit without saving: only its own journal goes
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(try String(contentsOfFile: deferred, encoding: .utf8) == before)
    }

    @Test func everyJournalLeftBehindIsOfferedOldestFirstAndEachAppliedOnce() throws {
        let file = try calculatorFile()
        try crash(on: file, steps: 1)  // One: 1 → 2
        let second = try session(file: file)
        second.handle(.escape)
        select("two", in: second)
        send(second, [.character("+")])  // Two: 2 → 3, in a second journal
        second.finish(clean: false)

        let third = try session(file: file)
        let journals = AutosaveJournals(base: EditorSession.autosavePath(for: file))
        #expect(offer(third)?.journal == journals.path(number: 1))
        #expect(offer(third)?.laterJournals == 1)
        #expect(
            third.frame().rows.last?.contains("1 unsaved edit (1 more journal after these) · y recovers")
                == true)
        third.handle(.character("y"))
        #expect(offer(third)?.journal == journals.path(number: 2))
        third.handle(.character("y"))
        #expect(third.prompt == nil)
        #expect(third.frame().rows.last?.contains("recovered 2 edits from 2 journals: s saves them") == true)
        #expect(third.document.graph.value(of: "one") == .number(2))
        #expect(third.document.graph.value(of: "two") == .number(3))
        third.finish(clean: false)  // both are now this session's, and stay for the next open

        let fourth = try session(file: file)
        send(fourth, [.character("y"), .character("y")])
        #expect(fourth.document.graph == third.document.graph, "each journal is applied once")
        fourth.handle(.character("s"))
        #expect(journals.existing().isEmpty, "a save removes the journals it recovered")
    }

    @Test func aLineThatCouldNotBeAppliedIsStillSaidAfterTheLastJournal() throws {
        let file = try calculatorFile()
        let journals = AutosaveJournals(base: EditorSession.autosavePath(for: file))
        try Data(
            (#"{"op":"setValue","node":"gone","value":5}"# + "\n"
                + #"{"op":"setValue","node":"one","value":5}"# + "\n")
                .utf8
        ).write(to: URL(fileURLWithPath: journals.path(number: 1)))
        try Data((#"{"op":"setValue","node":"two","value":7}"# + "\n").utf8).write(
            to: URL(fileURLWithPath: journals.path(number: 2)))
        let session = try session(file: file)
        send(session, [.character("y"), .character("y")])
        let status = session.frame().rows.last ?? ""
        #expect(status.contains("recovered 2 edits from 2 journals (1 could not be applied)"), "\(status)")
        #expect(session.document.graph.value(of: "one") == .number(5))
        #expect(session.document.graph.value(of: "two") == .number(7))
    }

    @Test func decliningRemovesOnlyTheJournalAskedAbout() throws {
        let file = try calculatorFile()
        try crash(on: file, steps: 1)
        let second = try session(file: file)
        second.handle(.escape)
        select("two", in: second)
        send(second, [.character("+")])
        second.finish(clean: false)

        let third = try session(file: file)
        let journals = AutosaveJournals(base: EditorSession.autosavePath(for: file))
        third.handle(.character("n"))
        #expect(journals.existing() == [journals.path(number: 2)])
        #expect(offer(third)?.journal == journals.path(number: 2))
        third.handle(.escape)
        third.handle(.character("q"))
        #expect(journals.existing() == [journals.path(number: 2)], "a quit keeps the journal left for later")
    }

    @Test func quittingAfterRecoveringDiscardsTheRecoveredEditsOnPurpose() throws {
        let file = try calculatorFile()
        try crash(on: file, steps: 2)
        let second = try session(file: file)
        second.handle(.character("y"))
        second.handle(.character("q"))
        #expect(second.prompt == .quitWithUnsavedChanges)
        second.handle(.character("y"))
        #expect(AutosaveJournals(base: EditorSession.autosavePath(for: file)).existing().isEmpty)
    }
}

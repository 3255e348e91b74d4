import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

@testable import NodeTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Two sessions on one file, or two demos: the second opens read-only and leaves the first one's
/// journal alone. (flock locks belong to an open file, so two sessions in one process collide
/// as two processes do.)
extension EditorSessionTests {
    /// A saved calculator file and a first session on it with two edits in its journal.
    private func fileWithAnEditingSession() throws -> (file: String, first: EditorSession) {
        let file = try temporaryDirectory() + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let first = try session(file: file)
        send(first, [.tab, .character("+"), .character("+")])
        return (file, first)
    }

    private var readOnlyMessage: String { "read-only: open in another nodeui-tui (pid \(getpid()))" }

    @Test func aSecondSessionOnTheSameFileOpensReadOnlyAndSaysWhoHasIt() throws {
        let (file, first) = try fileWithAnEditingSession()
        let second = try session(file: file)
        #expect(second.isReadOnly)
        #expect(!first.isReadOnly)
        #expect(statusLine(second).contains(readOnlyMessage))
        #expect(second.fileTag == "calc.json · read-only")
        #expect(second.prompt == nil, "no recovery of the first session's live edits")
    }

    @Test func aReadOnlySessionRefusesEditsAndSaves() throws {
        let (file, first) = try fileWithAnEditingSession()
        defer { withExtendedLifetime(first) {} }
        let saved = try Data(contentsOf: URL(fileURLWithPath: file))
        let second = try session(file: file)
        let before = second.document.graph
        send(second, [.tab, .character("+")])
        #expect(second.document.graph == before)
        #expect(statusLine(second).contains("refused: " + readOnlyMessage))
        send(second, [.character("x"), .character("s")])
        #expect(second.document.graph == before)
        #expect(statusLine(second).contains(readOnlyMessage))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == saved)
    }

    @Test(arguments: ["n", "l", "r", "e", "m"])
    func aReadOnlySessionRefusesAnEditingKeyWhenPressedBeforeAnyPromptOrModeOpens(key: Character) throws {
        let (file, first) = try fileWithAnEditingSession()
        defer { withExtendedLifetime(first) {} }
        let second = try session(file: file)
        #expect(second.canvas.state.readOnlyReason == readOnlyMessage)
        let before = second.document.graph
        send(second, [.tab, .character(key)])
        #expect(second.canvas.state.mode == .normal, "\(key) opened \(second.canvas.state.mode.name)")
        #expect(statusLine(second).contains("NORMAL"))
        #expect(statusLine(second).contains("refused: " + readOnlyMessage))
        send(second, [.right, .down])  // after m, in move mode, these would move One
        #expect(second.document.graph == before)
        #expect(!second.document.isModified)
        #expect(!statusLine(second).contains("modified"))
    }

    @Test func aReadOnlySessionRefusesADragWithoutMarkingAnythingModified() throws {
        let (file, first) = try fileWithAnEditingSession()
        defer { withExtendedLifetime(first) {} }
        let second = try session(file: file)
        send(second, [.tab])
        _ = second.frame()
        let one = try #require(second.canvas.lastFrame.nodes.first { $0.id == "one" }?.frame)
        let before = second.document.graph
        send(
            second,
            [
                .mousePress(x: one.minX + 1, y: one.minY + 1), .mouseDrag(x: one.minX + 4, y: one.minY + 3),
                .mouseRelease(x: one.minX + 4, y: one.minY + 3),
            ])
        #expect(second.document.graph == before)
        #expect(!statusLine(second).contains("modified"))
        #expect(statusLine(second).contains("refused: " + readOnlyMessage))
    }

    @Test func aReadOnlySessionNeverTouchesTheFirstOnesJournalWhichStaysWritten() throws {
        let (file, first) = try fileWithAnEditingSession()
        let journal = EditorSession.autosavePath(for: file)
        let written = try Data(contentsOf: URL(fileURLWithPath: journal))
        let second = try session(file: file)
        send(second, [.character("q")])
        #expect(second.isFinished)
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == written)
        send(first, [.character("+")])
        #expect(try Journal.read(path: journal).count == 3)
    }

    @Test func aSecondDemoOpensReadOnly() throws {
        let journal = try temporaryDirectory() + "/state/nodeui-tui/demo.autosave.jsonl"
        let first = demoSession(journal: journal)
        send(first, [.tab, .character("+")])
        let second = demoSession(journal: journal)
        #expect(second.isReadOnly)
        #expect(statusLine(second).contains(readOnlyMessage))
        #expect(second.prompt == nil)
        send(second, [.character("q")])
        #expect(try Journal.read(path: journal).count == 1)
    }

    @Test func savingAsAFileThatAnotherSessionHasOpenIsRefused() throws {
        let (file, first) = try fileWithAnEditingSession()
        defer { withExtendedLifetime(first) {} }
        let saved = try Data(contentsOf: URL(fileURLWithPath: file))
        let demo = demoSession(journal: try temporaryDirectory() + "/demo.autosave.jsonl")
        send(demo, [.character("s")])
        typeFileName(file, into: demo)
        send(demo, [.character("y")])  // replace it: still refused
        #expect(
            demo.canvas.state.message?.text
                == "not saved: \(file) is open in another nodeui-tui (pid \(getpid()))")
        #expect(demo.file == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == saved)
    }

    @Test func theLockGoesWithTheSessionSoTheNextOneEditsAndLeavesNoLockFile() throws {
        let (file, first) = try fileWithAnEditingSession()
        let lock = EditorSession.lockPath(forJournal: EditorSession.autosavePath(for: file))
        #expect(lock.hasSuffix("/calc.json.autosave.lock"))
        #expect(try String(contentsOfFile: lock, encoding: .utf8) == "\(getpid())\n")
        first.finish(clean: false)  // as after a signal: the journal stays, the lock goes
        #expect(!FileManager.default.fileExists(atPath: lock))
        let next = try session(file: file)
        #expect(!next.isReadOnly)
        #expect(next.prompt != nil, "the journal the first session left is offered")
    }

    @Test func savingTheDemoMovesItsLockToTheFile() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/mine.json"
        let demo = demoSession(journal: directory + "/state/demo.autosave.jsonl")
        send(demo, [.character("s")])
        typeFileName(file, into: demo)
        #expect(demo.file == file)
        #expect(!FileManager.default.fileExists(atPath: directory + "/state/demo.autosave.lock"))
        #expect(try session(file: file).isReadOnly)
        #expect(!demoSession(journal: directory + "/state/demo.autosave.jsonl").isReadOnly)
    }
}

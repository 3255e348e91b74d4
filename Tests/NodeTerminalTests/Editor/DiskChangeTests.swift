import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

@testable import NodeTerminal

/// The open file changed on disk (another program wrote it): the session notices, says so, and
/// `s` asks instead of overwriting it silently.
@Suite struct DiskChangeTests {
    /// A fresh folder holding `calc.json`, the demo calculator, and a session on it that stepped
    /// One from 1 to 2.
    func sessionWithAnEdit() throws -> (EditorSession, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "disk-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let session = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: try GraphFile.load(path: file)),
            file: file, width: 120, height: 30)
        for event: InputEvent in [.tab, .character("+")] { session.handle(event) }
        return (session, file)
    }

    /// Another program's version of the file: Two set to 20.
    func writeAnotherVersion(of file: String) throws -> Data {
        let document = GraphDocument(graph: .demoCalculator())
        _ = try document.apply(.setValue(node: "two", value: .number(20)))
        try GraphFile.save(document.graph, to: file)
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    func statusLine(_ session: EditorSession) -> String { session.frame().rows.last ?? "" }

    @Test func savingOverAFileChangedOnDiskAsksInsteadOfOverwritingIt() throws {
        let (session, file) = try sessionWithAnEdit()
        let theirs = try writeAnotherVersion(of: file)
        session.handle(.character("s"))
        #expect(session.prompt == .changedOnDisk(path: file, thenQuit: false))
        #expect(
            statusLine(session).contains(
                "changed on disk · o overwrites · r reloads · a saves as · Esc cancels"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == theirs)
        session.handle(.escape)
        #expect(session.prompt == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == theirs, "Esc saves nothing")
        #expect(session.document.isModified)
    }

    @Test func oOverwritesTheFileWithThisSessionsGraph() throws {
        let (session, file) = try sessionWithAnEdit()
        _ = try writeAnotherVersion(of: file)
        session.handle(.character("s"))
        session.handle(.character("o"))
        let saved = try GraphFile.load(path: file)
        #expect(saved.value(of: "one") == .number(2))
        #expect(saved.value(of: "two") == .number(2))
        #expect(!session.document.isModified)
        session.handle(.character("+"))
        session.handle(.character("s"))
        #expect(session.prompt == nil, "the session's own save is not a change on disk")
        #expect(try GraphFile.load(path: file).value(of: "one") == .number(3))
    }

    @Test func saveAndQuitAsksTooAndQuitsOnceOverwritten() throws {
        let (session, file) = try sessionWithAnEdit()
        _ = try writeAnotherVersion(of: file)
        session.handle(.character("q"))
        session.handle(.character("s"))  // at the quit question: save, then quit
        #expect(session.prompt == .changedOnDisk(path: file, thenQuit: true))
        #expect(!session.isFinished)
        session.handle(.character("o"))
        #expect(session.isFinished)
        #expect(try GraphFile.load(path: file).value(of: "two") == .number(2))
    }

    @Test func rReloadsTheFileAndOffersThisSessionsEditsAsRecovery() throws {
        let (session, file) = try sessionWithAnEdit()
        _ = try writeAnotherVersion(of: file)
        session.handle(.character("s"))
        session.handle(.character("r"))
        #expect(session.document.graph.value(of: "two") == .number(20))
        #expect(session.document.graph.value(of: "one") == .number(1))
        #expect(!session.document.isModified)
        guard case .recover(let offer) = session.prompt else {
            Issue.record("no recovery offered: \(String(describing: session.prompt))")
            return
        }
        #expect(offer.journal == EditorSession.autosavePath(for: file))
        #expect(offer.editCount == 1)
        session.handle(.character("y"))
        #expect(session.document.graph.value(of: "one") == .number(2))
        #expect(session.document.graph.value(of: "two") == .number(20))
        session.handle(.character("s"))
        #expect(session.prompt == nil, "after a reload the file on disk is the one loaded")
        let saved = try GraphFile.load(path: file)
        #expect(saved.value(of: "one") == .number(2) && saved.value(of: "two") == .number(20))
    }

    @Test func aSavesAsAnotherFileAndLeavesTheChangedOneAlone() throws {
        let (session, file) = try sessionWithAnEdit()
        let theirs = try writeAnotherVersion(of: file)
        session.handle(.character("s"))
        session.handle(.character("a"))
        #expect(saveAsText(session, thenQuit: false) == file)
        let other = (file as NSString).deletingLastPathComponent + "/mine.json"
        for event in InputEvent.typing(other) + [.enter] { session.handle(event) }
        #expect(session.file == other)
        #expect(try GraphFile.load(path: other).value(of: "one") == .number(2))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == theirs)
    }

    @Test func theIdleTickSaysOnceWhenTheFileChangesOnDisk() throws {
        let (session, file) = try sessionWithAnEdit()
        #expect(!session.idle())
        _ = try writeAnotherVersion(of: file)
        #expect(session.idle(), "the frame changes: the status line says so")
        #expect(session.isChangedOnDisk)
        #expect(
            statusLine(session).contains(
                "calc.json changed on disk: s asks whether to overwrite it or reload it"))
        #expect(!session.idle(), "noticed once")
    }

    @Test func aTouchThatKeepsTheContentIsNotAChange() throws {
        let (session, file) = try sessionWithAnEdit()
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: file)
        #expect(!session.idle())
        session.handle(.character("s"))
        #expect(session.prompt == nil)
        #expect(try GraphFile.load(path: file).value(of: "one") == .number(2))
    }

    @Test func aFileRemovedOnDiskIsNoticedAndSavingAsks() throws {
        let (session, file) = try sessionWithAnEdit()
        try FileManager.default.removeItem(atPath: file)
        #expect(session.idle())
        #expect(statusLine(session).contains("calc.json was removed on disk"))
        session.handle(.character("s"))
        session.handle(.character("o"))
        #expect(try GraphFile.load(path: file).value(of: "one") == .number(2))
    }

    /// The text of the open "save as", when it is open (and quits afterwards as `thenQuit` says).
    func saveAsText(_ session: EditorSession, thenQuit: Bool) -> String? {
        guard case .saveAs(let editor, thenQuit)? = session.prompt else { return nil }
        return editor.text
    }
}

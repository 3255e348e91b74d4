import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

@testable import NodeTerminal

/// A failed save says why on the status line, and "save as" replaces its proposal when typed into.
@Suite struct SaveFailureTests {
    func demoSession(width: Int = 120, height: Int = 36) -> EditorSession {
        EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: width, height: height)
    }

    func statusLine(_ session: EditorSession) -> String { session.frame().rows.last ?? "" }

    func send(_ session: EditorSession, _ events: [InputEvent]) {
        for event in events { session.handle(event) }
    }

    @Test func typingIntoSaveAsReplacesTheProposedName() {
        let session = demoSession()
        send(session, [.tab, .character("+"), .character("s")] + InputEvent.typing("nodir/x.json"))
        #expect(saveAsText(session, thenQuit: false) == "nodir/x.json")
    }

    @Test func anArrowKeepsTheProposedNameToEditIt() {
        let session = demoSession()
        send(session, [.character("s"), .right] + InputEvent.typing(".bak"))
        #expect(saveAsText(session, thenQuit: false) == "calculator.json.bak")
    }

    @Test func backspaceInAFreshSaveAsClearsTheWholeName() {
        let session = demoSession()
        send(session, [.character("s"), .backspace])
        #expect(saveAsText(session, thenQuit: false) == "")
    }

    @Test func aSaveAsIntoAMissingFolderSaysWhyOnTheStatusLine() {
        let session = demoSession()
        send(
            session, [.tab, .character("+"), .character("s")] + InputEvent.typing("nodir/x.json") + [.enter])
        let status = statusLine(session)
        #expect(
            status.contains("not saved: cannot open the directory 'nodir': No such file or directory"),
            "\(status)")
        #expect(
            saveAsText(session, thenQuit: false) == "nodir/x.json", "the name stays to be corrected"
        )
        #expect(session.document.isModified)
    }

    @Test func aSaveAsIntoAMissingFolderSaysWhyEvenOnANarrowScreen() {
        let session = demoSession(width: 80, height: 24)
        send(session, [.character("s")] + InputEvent.typing("nodir/x.json") + [.enter])
        #expect(statusLine(session).contains("not saved: cannot open the directory 'nodir'"))
    }

    /// The text of the open "save as", when it is open (and quits afterwards as `thenQuit` says).
    func saveAsText(_ session: EditorSession, thenQuit: Bool) -> String? {
        guard case .saveAs(let editor, thenQuit)? = session.prompt else { return nil }
        return editor.text
    }
}

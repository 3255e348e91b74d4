import Foundation
import NodeCanvas
import NodeGraph
import Testing

@testable import NodeTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The event loop on the in-memory terminal tests use, and the editor on it as a person sees it.
@MainActor
@Suite struct TestTerminalTests {
    @Test func theLoopShowsTheFrameAndAnswersQueuedKeysInOrder() {
        let terminal = TestTerminal(width: 20, height: 3)
        let program = RecordingProgram()
        let loop = EventLoop(terminal: terminal, program: program)
        #expect(loop.runUntilIdle() == nil)
        #expect(terminal.rows[0].hasPrefix("frame 1"))
        terminal.type("ab")
        terminal.send(.tab)
        #expect(loop.runUntilIdle() == nil)
        #expect(program.events == [.input(.character("a")), .input(.character("b")), .input(.tab)])
        // One frame for the three keys, cut to the terminal's size.
        #expect(
            terminal.rows == [
                "frame 2" + String(repeating: " ", count: 13), String(repeating: " ", count: 20),
                String(repeating: " ", count: 20),
            ])
        #expect(terminal.framesPresented == 2)
        terminal.type("q")
        #expect(loop.runUntilIdle() == .finished)
        #expect(terminal.isStopped)
    }

    @Test func aBurstOfKeysIsAnsweredBeforeTheNextFrame() {
        let terminal = TestTerminal(width: 10, height: 1)
        let program = BurstProgram(finishAfter: 100)
        terminal.type(String(repeating: "+", count: 100))
        #expect(EventLoop(terminal: terminal, program: program).run() == .finished)
        #expect(program.keysShownByFrame == [0, 100])
    }

    @Test func aMessagePostedFromAnotherThreadWakesTheWaitingLoop() {
        let terminal = TestTerminal(width: 10, height: 1)
        expectPostedMessagesArriveInOrder(on: terminal)
        #expect(terminal.isStopped)
    }

    @Test func aHangUpStopsTheProgramAndTheTerminal() {
        let terminal = TestTerminal(width: 10, height: 1)
        let program = RecordingProgram()
        terminal.type("a")
        terminal.hangUp()
        #expect(EventLoop(terminal: terminal, program: program).run() == .signal(SIGHUP))
        #expect(program.stoppedBy == SIGHUP)
        #expect(program.events == [.input(.character("a"))])
        #expect(terminal.isStopped)
    }

    @Test func aResizeReachesTheProgramAndRepaintsEveryCell() {
        let terminal = TestTerminal(width: 10, height: 1)
        let program = RecordingProgram()
        let loop = EventLoop(terminal: terminal, program: program)
        loop.runUntilIdle()
        terminal.resize(width: 12, height: 2)
        loop.runUntilIdle()
        #expect(program.events == [.input(.resize(width: 12, height: 2))])
        #expect(terminal.rows.count == 2 && terminal.rows[0].count == 12)
        #expect(terminal.fullRepaints == 2)
    }

    func demoEditor(width: Int = 100, height: Int = 30) -> (TestTerminal, EventLoop<EditorSession>) {
        let terminal = TestTerminal(width: width, height: height)
        let session = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
            width: width, height: height)
        return (terminal, EventLoop(terminal: terminal, program: session))
    }

    @Test func theEditorOnATestTerminalShowsTheDemoAndAnswersKeys() {
        let (terminal, loop) = demoEditor()
        loop.runUntilIdle()
        #expect(terminal.rows.contains { $0.contains("╭ Add ") })
        #expect(terminal.rows.last?.contains("? help") == true)
        terminal.type("?")
        loop.runUntilIdle()
        #expect(terminal.rows[0].hasPrefix("╭ Keys "))
        #expect(terminal.rows.joined().contains("select every node"))
        terminal.send(.escape)
        terminal.type("q")
        #expect(loop.runUntilIdle() == .finished)
    }

    @Test func ctrlLRepaintsEveryCellInAnyModeAndChangesNothingElse() {
        let (terminal, loop) = demoEditor()
        loop.runUntilIdle()
        #expect(terminal.fullRepaints == 1)
        terminal.type("j")
        loop.runUntilIdle()
        #expect(terminal.fullRepaints == 1, "a key writes only what changed")
        let before = terminal.rows
        terminal.send(.control("l"))
        loop.runUntilIdle()
        #expect(terminal.fullRepaints == 2)
        #expect(terminal.rows == before)
        // In a prompt too (`/` finds), and the prompt stays open with what was typed.
        terminal.type("/Ad")
        terminal.send(.control("l"))
        loop.runUntilIdle()
        #expect(terminal.fullRepaints == 3)
        #expect(terminal.rows.last?.contains("Ad") == true)
    }

    @Test func ctrlLStillRepaintsOnAScreenTooSmallForTheCanvas() {
        let (terminal, loop) = demoEditor(width: 10, height: 3)
        loop.runUntilIdle()
        terminal.send(.control("l"))
        loop.runUntilIdle()
        #expect(terminal.fullRepaints == 2)
    }
}

import Foundation
import NodeCanvas
import NodeGraph
import Testing

@testable import NodeTerminal

/// A program that records what it was told and finishes on `q` or on the message 0.
final class RecordingProgram: TerminalProgram {
    var events: [TerminalEvent] = []
    var messages: [Int] = []
    var frames = 0
    var stoppedBy: Int32?
    var isFinished = false

    func respond(to event: TerminalEvent) -> Bool {
        events.append(event)
        if event == .input(.character("q")) { isFinished = true }
        return true
    }

    func receive(_ message: Int) {
        messages.append(message)
        if message == 0 { isFinished = true }
    }

    func frame() -> Surface {
        frames += 1
        return Surface(rows: ["frame \(frames)"])
    }

    func stop(bySignal signal: Int32) {
        stoppedBy = signal
        isFinished = true
    }
}

/// A program that finishes once a frame shows `finishAfter` keys, recording how many keys each
/// frame showed.
final class BurstProgram: TerminalProgram {
    let finishAfter: Int
    var keys = 0
    var keysShownByFrame: [Int] = []
    var isFinished = false

    init(finishAfter: Int) { self.finishAfter = finishAfter }

    func respond(to event: TerminalEvent) -> Bool {
        keys += 1
        return true
    }

    func frame() -> Surface {
        keysShownByFrame.append(keys)
        if keys >= finishAfter { isFinished = true }
        return Surface(rows: ["\(keys) keys"])
    }

    func stop(bySignal signal: Int32) { isFinished = true }
}

/// Runs a recording program on `terminal` while another thread posts 3, 2, 1 and 0 (which
/// finishes it): the messages arrive in order, without a key, and the mailbox is closed
/// afterwards. (How many frames they bring depends on how they batch under load.)
@MainActor func expectPostedMessagesArriveInOrder(on terminal: any TerminalBackend) {
    let program = RecordingProgram()
    let loop = EventLoop(terminal: terminal, program: program)
    let mailbox = loop.mailbox
    let poster = Thread {
        for message in [3, 2, 1, 0] {
            usleep(5_000)
            mailbox.post(message)
        }
    }
    poster.start()
    #expect(loop.run() == .finished)
    #expect(program.messages == [3, 2, 1, 0])
    #expect(program.events.isEmpty)
    #expect(!mailbox.post(4))
}

extension TerminalBackendTests {
    /// Starts a screen whose input is a pipe; `body` gets the screen and a function that types
    /// into the pipe. With `closesInput`, the pipe is closed after `typed`, as a terminal that hangs
    /// up; otherwise it stays open, so the screen waits.
    func withPipedScreen(
        typed: String = "", closesInput: Bool = false,
        _ body: (TerminalScreen, _ type: @escaping @Sendable (String) -> Void) throws -> Void
    ) throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let writeEnd = descriptors[1]
        let type: @Sendable (String) -> Void = { text in
            _ = text.utf8CString.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress, $0.count - 1) }
        }
        type(typed)
        if closesInput { close(writeEnd) }
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fdopen(descriptors[0], "r"))
        defer {
            if !closesInput { close(writeEnd) }
            fclose(output)
            fclose(input)
        }
        let options = TerminalScreen.Options(
            terminalType: "xterm-256color", installsSignalHandlers: false, size: (80, 24), locale: "C.UTF-8")
        let screen = try TerminalScreen(output: output, input: input, options: options)
        defer { screen.stop() }
        try body(screen, type)
    }

    @Test func aWakeUpFromAnotherThreadEndsTheWait() throws {
        try withPipedScreen { screen, _ in
            let waker = Thread { [screen] in
                usleep(20_000)
                screen.wakeUp()
            }
            waker.start()
            #expect(screen.nextEvent(timeoutMilliseconds: 10_000) == .wakeUp)
            #expect(screen.nextEvent(timeoutMilliseconds: 0) == .none)
        }
    }

    @Test func theEndOfTheInputIsAHangUp() throws {
        try withPipedScreen(typed: "a", closesInput: true) { screen, _ in
            #expect(screen.nextEvent(timeoutMilliseconds: 1_000) == .input(.character("a")))
            #expect(screen.nextEvent(timeoutMilliseconds: 1_000) == .terminationRequested(signal: SIGHUP))
        }
    }

    @Test func theLoopDeliversPostedMessagesInOrderWithoutAKey() throws {
        try withPipedScreen { screen, _ in
            expectPostedMessagesArriveInOrder(on: screen)
            #expect(screen.isStopped)
        }
    }

    @Test func aBurstOfKeysIsAnsweredBeforeTheNextFrame() throws {
        try withPipedScreen(typed: String(repeating: "+", count: 100)) { screen, _ in
            let program = BurstProgram(finishAfter: 100)
            #expect(EventLoop(terminal: screen, program: program).run() == .finished)
            // The first frame, then one showing all hundred keys: none drawn in between.
            #expect(program.keysShownByFrame == [0, 100])
        }
    }

    @Test func theLoopHandsEveryKeyToTheProgramCtrlLIncluded() throws {
        try withPipedScreen(typed: "a\u{0C}q") { screen, _ in
            let program = RecordingProgram()
            #expect(EventLoop(terminal: screen, program: program).run() == .finished)
            #expect(
                program.events == [.input(.character("a")), .input(.control("l")), .input(.character("q"))])
        }
    }

    @Test func theLoopStopsTheProgramWhenTheTerminalGoesAway() throws {
        try withPipedScreen(typed: "a", closesInput: true) { screen, _ in
            let program = RecordingProgram()
            #expect(EventLoop(terminal: screen, program: program).run() == .signal(SIGHUP))
            #expect(program.stoppedBy == SIGHUP)
            #expect(program.events == [.input(.character("a"))])
        }
    }

    @Test func afterASuspendAndResumeAQuickClickStillArrivesAsAPressAndARelease() throws {
        try withPipedScreen { screen, type in
            screen.suspend()
            screen.resume()  // ncurses turns its own mouse parsing back on here; the screen takes it back
            type("\u{1B}[<0;5;5M\u{1B}[<0;5;5m")
            #expect(
                [screen.nextEvent(timeoutMilliseconds: 1_000), screen.nextEvent(timeoutMilliseconds: 1_000)]
                    == [
                        .input(.mousePress(x: 4, y: 4)),
                        .input(.mouseRelease(x: 4, y: 4)),
                    ])
        }
    }
}

/// A program with work ahead: `slices` slices of it, after each of which `afterSlice` runs with
/// the slice's number (a test types a key or posts a message there); it logs its frames, slices,
/// keys and messages in order, and finishes on `q` or the message 0.
final class WorkingProgram: TerminalProgram {
    var remaining: Int
    var afterSlice: (Int) -> Void = { _ in }
    var log: [String] = []
    var isFinished = false
    private var slices = 0

    init(slices: Int) { remaining = slices }

    func respond(to event: TerminalEvent) -> Bool {
        log.append("key")
        if event == .input(.character("q")) { isFinished = true }
        return true
    }

    func receive(_ message: Int) {
        log.append("message")
        if message == 0 { isFinished = true }
    }

    func frame() -> Surface {
        log.append("frame")
        return Surface(rows: ["working"])
    }

    func stop(bySignal signal: Int32) { isFinished = true }

    func workAhead() -> Bool {
        log.append("slice")
        remaining -= 1
        slices += 1
        afterSlice(slices)
        return remaining > 0
    }
}

/// After a frame, while no key waits, the loop lets the program work ahead a slice at a time.
@MainActor @Suite struct WorkAheadTests {
    @Test func aKeyArrivingWhileTheProgramWorksAheadIsAnsweredAfterTheSliceUnderWay() {
        let terminal = TestTerminal(width: 10, height: 1)
        let program = WorkingProgram(slices: 100)
        program.afterSlice = { slice in
            if slice == 3 { MainActor.assumeIsolated { terminal.type("q") } }
        }
        let loop = EventLoop(terminal: terminal, program: program)
        #expect(loop.run() == .finished)
        #expect(program.log == ["frame", "slice", "slice", "slice", "key"])
        #expect(loop.workAheadSliceCount == 3)
    }

    @Test func aKeyWaitingAfterTheFrameIsAnsweredBeforeAnyWorkAhead() {
        let terminal = TestTerminal(width: 10, height: 1)
        let program = WorkingProgram(slices: 100)
        let loop = EventLoop(terminal: terminal, program: program)
        terminal.type("q")
        #expect(loop.run() == .finished)
        #expect(program.log == ["frame", "key"])
    }

    @Test func theProgramWorksAheadOnlyOnceNoInputCameForTheQuietPeriod() throws {
        let terminal = TestTerminal(width: 10, height: 1)
        let program = WorkingProgram(slices: 100)
        let started = ContinuousClock.now
        var firstSlice: Duration?
        program.afterSlice = { slice in
            firstSlice = ContinuousClock.now - started
            MainActor.assumeIsolated { terminal.type("q") }
        }
        let loop = EventLoop(terminal: terminal, program: program)
        loop.quietMilliseconds = 150
        #expect(loop.run() == .finished)
        #expect(program.log == ["frame", "slice", "key"])
        #expect(try #require(firstSlice) >= .milliseconds(150))
    }

    @Test func theEditorRoutesAheadBetweenKeysAndDrawsTheFramesItDrawsWithout() {
        func editor() -> (TestTerminal, EventLoop<EditorSession>) {
            let terminal = TestTerminal(width: 100, height: 30)
            let session = EditorSession(
                configuration: .calculator, document: GraphDocument(graph: .demoCalculator()), file: nil,
                width: 100, height: 30)
            return (terminal, EventLoop(terminal: terminal, program: session))
        }
        let (terminal, loop) = editor()
        let (plainTerminal, plainLoop) = editor()
        loop.runUntilIdle()
        plainLoop.runUntilIdle()
        let canvas = loop.program.canvas
        let routed = canvas.routingCount
        // No key waits: the loop gives slices until the four windows a pan enters and the view
        // at the two other levels of detail are routed.
        #expect(loop.workAhead() == .none)
        #expect(canvas.routedAheadCount == 6)
        #expect(canvas.routingCount == routed + 6)
        #expect(!canvas.hasWorkAhead)
        // Eight pans right enter the window routed ahead: no routing on the frame, and the
        // frame the editor that did not route ahead shows.
        for _ in 0..<8 {
            terminal.type("L")
            plainTerminal.type("L")
            loop.runUntilIdle()
            plainLoop.runUntilIdle()
        }
        #expect(canvas.routingCount == routed + 6)
        #expect(terminal.rows == plainTerminal.rows)
        #expect(plainLoop.program.canvas.routedAheadCount == 0)
    }
}

extension TerminalBackendTests {
    @Test func aKeyArrivingDuringTheQuietPeriodIsAnsweredAtOnceWithoutWorkAhead() throws {
        try withPipedScreen { screen, type in
            let program = WorkingProgram(slices: 100)
            let loop = EventLoop(terminal: screen, program: program)
            // A quiet period far longer than the key takes to arrive: the key ends it.
            loop.quietMilliseconds = 20_000
            let typist = Thread {
                usleep(20_000)
                type("q")
            }
            let started = ContinuousClock.now
            typist.start()
            #expect(loop.run() == .finished)
            #expect(ContinuousClock.now - started < .seconds(10))
            #expect(program.log == ["frame", "key"])
            #expect(loop.workAheadSliceCount == 0)
        }
    }

    /// A terminal screen polled without waiting does not look at its wake-up pipe: the loop
    /// looks at the mailbox itself between slices.
    @Test func aMessagePostedWhileTheProgramWorksAheadIsDeliveredAfterTheSliceUnderWay() throws {
        try withPipedScreen { screen, _ in
            let program = WorkingProgram(slices: 100)
            let loop = EventLoop(terminal: screen, program: program)
            let mailbox = loop.mailbox
            program.afterSlice = { slice in
                if slice == 2 { mailbox.post(0) }
            }
            #expect(loop.run() == .finished)
            #expect(program.log == ["frame", "slice", "slice", "message"])
        }
    }
}

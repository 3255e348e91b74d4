import Foundation
import NodeCanvas
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
        if event == .character("q") { isFinished = true }
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

extension TerminalBackendTests {
    /// Starts a screen whose input is a pipe; `typed` is written to it, and the write end stays
    /// open (so the screen waits) unless `closesInput`.
    func withPipedScreen(
        typed: String = "", closesInput: Bool = false, _ body: (TerminalScreen) throws -> Void
    ) throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        _ = typed.utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress, $0.count - 1) }
        if closesInput { close(descriptors[1]) }
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fdopen(descriptors[0], "r"))
        defer {
            if !closesInput { close(descriptors[1]) }
            fclose(output)
            fclose(input)
        }
        let options = TerminalScreen.Options(
            terminalType: "xterm-256color", installsSignalHandlers: false, size: (20, 4), locale: "C.UTF-8")
        let screen = try TerminalScreen(output: output, input: input, options: options)
        defer { screen.stop() }
        try body(screen)
    }

    @Test func aWakeUpFromAnotherThreadEndsTheWait() throws {
        try withPipedScreen { screen in
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
        try withPipedScreen(typed: "a", closesInput: true) { screen in
            #expect(screen.nextEvent(timeoutMilliseconds: 1_000) == .character("a"))
            #expect(screen.nextEvent(timeoutMilliseconds: 1_000) == .terminationRequested(signal: SIGHUP))
        }
    }

    @Test func theLoopDeliversPostedMessagesInOrderWithoutAKey() throws {
        try withPipedScreen { screen in
            let program = RecordingProgram()
            let loop = EventLoop(screen: screen, program: program)
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
            #expect(program.frames >= 2)
            #expect(screen.isStopped)
            #expect(!mailbox.post(4))
        }
    }

    @Test func theLoopAnswersKeysAndKeepsCtrlLForItself() throws {
        try withPipedScreen(typed: "a\u{0C}q") { screen in
            let program = RecordingProgram()
            #expect(EventLoop(screen: screen, program: program).run() == .finished)
            #expect(program.events == [.character("a"), .character("q")])
        }
    }

    @Test func theLoopStopsTheProgramWhenTheTerminalGoesAway() throws {
        try withPipedScreen(typed: "a", closesInput: true) { screen in
            let program = RecordingProgram()
            #expect(EventLoop(screen: screen, program: program).run() == .signal(SIGHUP))
            #expect(program.stoppedBy == SIGHUP)
            #expect(program.events == [.character("a")])
        }
    }

    @Test func afterASuspendAndResumeAQuickClickStillArrivesAsAPressAndARelease() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[1]) }
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fdopen(descriptors[0], "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let options = TerminalScreen.Options(
            terminalType: "xterm-256color", installsSignalHandlers: false, size: (20, 4), locale: "C.UTF-8")
        let screen = try TerminalScreen(output: output, input: input, options: options)
        defer { screen.stop() }
        screen.suspend()
        screen.resume()  // ncurses turns its own mouse parsing back on here; the screen takes it back
        let click = "\u{1B}[<0;5;5M\u{1B}[<0;5;5m"
        _ = click.utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress, $0.count - 1) }
        #expect(
            [screen.nextEvent(timeoutMilliseconds: 1_000), screen.nextEvent(timeoutMilliseconds: 1_000)] == [
                .mouse(MouseEvent(kind: .press, button: .left, x: 4, y: 4)),
                .mouse(MouseEvent(kind: .release, button: .left, x: 4, y: 4)),
            ])
    }
}

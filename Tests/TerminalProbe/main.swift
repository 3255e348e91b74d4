// nodeterminal-probe [--tick MILLISECONDS]: a small TerminalProgram on NodeTerminal's EventLoop,
// for the end-to-end tests. It shows the last key and how many ticks another thread posted
// (with --tick, one every MILLISECONDS); `!` crashes with a real bad-pointer dereference, so the
// tests see the terminal restored after a fault; `q` quits. A test tool: not part of any product.
import Foundation
import NodeCanvas
import NodeTerminal

final class Probe: TerminalProgram {
    enum Message: Sendable { case tick }

    var ticks = 0
    var lastEvent = "none"
    var isFinished = false
    var size: (width: Int, height: Int)

    init(size: (width: Int, height: Int)) { self.size = size }

    func respond(to event: TerminalEvent) -> Bool {
        switch event {
        case .input(.character("q")): isFinished = true
        case .input(.character("!")): crash()
        case .input(.resize(let width, let height)): size = (width, height)
        default: break
        }
        lastEvent = "\(event)"
        return true
    }

    func receive(_ message: Message) { ticks += 1 }

    func frame() -> Surface {
        var surface = Surface(width: size.width, height: size.height)
        for (row, line) in [
            "nodeterminal-probe", "ticks: \(ticks)", "last: \(lastEvent)", "q quits, ! crashes",
        ]
        .enumerated() where row < size.height {
            surface.put(line, x: 1, y: row, style: CellStyle(bold: row == 0))
        }
        return surface
    }

    func stop(bySignal signal: Int32) { isFinished = true }

    private func crash() -> Never {
        let pointer = UnsafeMutablePointer<Int>(bitPattern: 8)!
        pointer.pointee = 1  // SIGSEGV, a real fault: the terminal guard restores, Swift reports
        fatalError("unreachable after a forced crash")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let tick = arguments.first == "--tick" ? arguments.dropFirst().first.flatMap { UInt32($0) } : nil
let status: Int32 = MainActor.assumeIsolated {
    do throws(TerminalError) {
        try TerminalScreen.requireTerminal()
        let screen = try TerminalScreen()
        let loop = EventLoop(terminal: screen, program: Probe(size: screen.size))
        if let tick {
            let mailbox = loop.mailbox
            Thread.detachNewThread {
                while mailbox.post(.tick) { usleep(tick * 1_000) }
            }
        }
        switch loop.run() {
        case .finished: return 0
        case .signal(let signal): return TerminalGuard.exitStatus(forSignal: signal)
        }
    } catch {
        FileHandle.standardError.write(Data("nodeterminal-probe: \(error)\n".utf8))
        return 1
    }
}
exit(status)

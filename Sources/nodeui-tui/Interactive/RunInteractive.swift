import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import NodeTerminal

/// Runs the interactive canvas and returns the exit status: 0 after a quit, 1 when it cannot
/// start (no terminal, unknown TERM, a file that does not load), 128 + the signal after SIGINT,
/// SIGTERM, SIGHUP or SIGQUIT. Every problem is one line on standard error, printed while
/// ncurses is not running.
/// - Parameter options: The file and the options.
/// - Returns: The process exit status.
func runInteractive(_ options: InteractiveOptions) -> Int32 {
    MainActor.assumeIsolated { InteractiveLauncher.run(options) }
}

/// Starts the pieces in order: checks, log, document, recording, screen, session, loop.
@MainActor
enum InteractiveLauncher {
    /// Where to turn without a terminal.
    static let headlessHint =
        "for headless use run `nodeui-tui eval FILE`, `nodeui-tui render FILE`, "
        + "`nodeui-tui replay FILE --edits EDITS.jsonl` or `nodeui-tui check FILE`"

    /// The line printed when the terminal cannot be used: the cause, then the headless commands.
    /// - Parameter error: Why the screen could not start.
    /// - Returns: One line.
    static func message(for error: TerminalError) -> String {
        switch error {
        case .notATerminal, .unknownTerminalType, .cannotAddressCursor:
            "nodeui-tui: \(error); \(headlessHint)"
        case .alreadyStarted, .cannotCreateWakeup:
            "nodeui-tui: \(error)"
        }
    }

    static func run(_ options: InteractiveOptions) -> Int32 {
        do throws(TerminalError) {
            try TerminalScreen.requireTerminal()
        } catch {
            StandardError.write(message(for: error))
            return 1
        }
        let log: AppLog
        let document: GraphDocument
        let recording: JournalRecorder?
        do throws(InteractiveError) {
            log = if let path = options.logPath { try AppLog(path: path) } else { .disabled }
            document = try openDocument(options.file)
            recording = if let path = options.recordPath { try openRecording(path) } else { nil }
        } catch {
            StandardError.write(error.description)
            return 1
        }
        let screen: TerminalScreen
        do throws(TerminalError) {
            var screenOptions = TerminalScreen.Options()
            screenOptions.drawsASCIIOnly = options.drawsASCIIOnly
            screen = try TerminalScreen(options: screenOptions)
        } catch {
            StandardError.write(message(for: error))
            return 1
        }
        let capabilities = screen.capabilities
        log.write(
            "started on a \(screen.size.width)×\(screen.size.height) terminal: \(capabilities.colorDepth), "
                + "\(capabilities.supportsUTF8 ? "UTF-8" : "ASCII"), mouse \(capabilities.mouseProtocol)")
        let session = InteractiveSession(
            document: document, file: options.file, width: screen.size.width, height: screen.size.height,
            theme: theme(for: screen.capabilities), recording: recording, log: log,
            demoJournal: options.file == nil ? InteractiveSession.defaultDemoJournalPath() : nil)
        session.terminalClipboard = { text in screen.copyToClipboard(text) }
        session.presentWhileBusy = { surface in _ = screen.present(surface) }
        switch EventLoop(screen: screen, program: session).run() {
        case .finished:
            return 0
        case .signal(let signal):
            if let journal = session.journalPath, document.isModified {
                StandardError.write(
                    "nodeui-tui: stopped by signal \(signal); unsaved edits are kept in \(journal) "
                        + "and offered at the next open")
            }
            return TerminalGuard.exitStatus(forSignal: signal)
        }
    }

    /// The document to edit: the file's graph, an empty graph for a file not yet created, or the
    /// demo calculator. A file that does not load is reported problem by problem.
    private static func openDocument(_ file: String?) throws(InteractiveError) -> GraphDocument {
        guard let file else { return GraphDocument(graph: .demoCalculator()) }
        if FileManager.default.fileExists(atPath: file) {
            do throws(GraphFileError) {
                return GraphDocument(graph: try GraphFile.load(path: file))
            } catch {
                throw .doesNotLoad(path: file, problems: error.problems.map { "\($0)" })
            }
        }
        let directory = (file as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !directory.isEmpty,
            !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
                || !isDirectory.boolValue
        {
            throw .noSuchDirectory(path: file, directory: directory)
        }
        return GraphDocument(graph: Graph(registry: .standard))
    }

    private static func openRecording(_ path: String) throws(InteractiveError) -> JournalRecorder {
        do throws(JournalRecorderError) {
            return try JournalRecorder(path: path, truncating: true)
        } catch {
            throw .cannotOpen(path: path, purpose: "record", reason: error.reason)
        }
    }

    /// The theme the terminal can show: box drawing on UTF-8, ASCII otherwise; colors unless the
    /// terminal has none.
    static func theme(for capabilities: TerminalScreen.Capabilities) -> Theme {
        let glyphs: Glyphs = capabilities.supportsUTF8 ? .unicode : .ascii
        return capabilities.colorDepth == .monochrome ? .monochrome(glyphs: glyphs) : Theme(glyphs: glyphs)
    }
}

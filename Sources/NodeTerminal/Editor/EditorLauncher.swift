import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import NodeGraphSources

extension EditorConfiguration {
    /// Runs the editor on the terminal and returns the exit status: 0 after a quit; 2 when the
    /// keys file (``keysFilePath(environment:)``) does not read, with one line per problem; 1 when it
    /// cannot start (no terminal, an unknown `TERM` or one that cannot move the cursor, a file
    /// that does not load, a log or record file that cannot be opened); 128 + the signal after
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT, with the terminal given back and unsaved edits kept in
    /// the autosave journal. Every problem is one line on standard error, printed while the
    /// screen is not up. Call it on the main thread.
    /// - Parameter options: The file to open, and the command line's options.
    /// - Returns: The process exit status.
    public func run(_ options: EditorOptions) -> Int32 {
        MainActor.assumeIsolated { EditorLauncher(configuration: self).run(options) }
    }

    /// The line printed when the terminal cannot be used: the cause, then `headlessHint`.
    /// - Parameter error: Why the screen could not start.
    /// - Returns: One line, starting with the tool's name.
    package func message(for error: TerminalError) -> String {
        switch error {
        case .notATerminal, .unknownTerminalType, .cannotAddressCursor:
            "\(toolName): \(error)" + (headlessHint.map { "; " + $0 } ?? "")
        case .alreadyStarted, .cannotCreateWakeup:
            "\(toolName): \(error)"
        }
    }
}

/// Starts the pieces in order: checks, log, document, recording, screen, session, loop.
@MainActor
struct EditorLauncher {
    let configuration: EditorConfiguration

    func run(_ options: EditorOptions) -> Int32 {
        // A write past the file-size limit (`ulimit -f`) then fails with EFBIG, which a save or
        // the journal reports, instead of killing the program with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        var configuration = self.configuration
        do throws(KeysFileError) {
            configuration.keyTable = try configuration.effectiveKeys()
        } catch {
            writeError(error.description)
            return 2
        }
        do throws(TerminalError) {
            try TerminalScreen.requireTerminal()
        } catch {
            writeError(configuration.message(for: error))
            return 1
        }
        let log: EditorLog
        let document: GraphDocument
        let recording: JournalRecorder?
        do throws(EditorError) {
            log = if let path = options.logPath { try EditorLog(path: path) } else { .disabled }
            document = try openDocument(options.file, limits: options.fileLimits)
            recording = if let path = options.recordPath { try openRecording(path) } else { nil }
        } catch {
            writeError(error.description)
            return 1
        }
        let screen: TerminalScreen
        do throws(TerminalError) {
            var screenOptions = TerminalScreen.Options()
            screenOptions.drawsASCIIOnly = options.drawsASCIIOnly
            screen = try TerminalScreen(options: screenOptions)
        } catch {
            writeError(configuration.message(for: error))
            return 1
        }
        let capabilities = screen.capabilities
        log.write(
            "started on a \(screen.size.width)×\(screen.size.height) terminal: \(capabilities.colorDepth), "
                + "\(capabilities.supportsUTF8 ? "UTF-8" : "ASCII"), mouse \(capabilities.mouseProtocol)")
        let session = EditorSession(
            configuration: configuration, document: document, file: options.file, width: screen.size.width,
            height: screen.size.height, theme: configuration.theme(for: capabilities), recording: recording,
            log: log, demoJournal: options.file == nil ? configuration.demoJournalPath() : nil,
            clipboard: configuration.clipboard())
        session.terminalClipboard = { text in screen.copyToClipboard(text) }
        session.presentWhileBusy = { surface in _ = screen.present(surface) }
        let loop = EventLoop(terminal: screen, program: session)
        let folder = options.file.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        let sources = LiveSources(
            folder: folder.isEmpty ? FileManager.default.currentDirectoryPath : folder,
            allowsOutside: options.allowsOutside, runners: configuration.liveSourceRunners)
        session.attach(sources)
        let mailbox = loop.mailbox
        sources.start { mailbox.post(.sourcesUpdated) }
        defer { sources.stop() }
        let background = BackgroundRunner()
        background.start { mailbox.post(.backgroundCompleted) }
        defer { background.cancelAll() }
        session.attach(background)
        switch loop.run() {
        case .finished:
            return 0
        case .signal(let signal):
            let journals = session.sessionJournals
            if !journals.isEmpty, document.isModified {
                writeError(
                    "\(configuration.toolName): stopped by signal \(signal); unsaved edits are kept in "
                        + "\(journals.joined(separator: ", ")) and offered at the next open")
            }
            return TerminalGuard.exitStatus(forSignal: signal)
        }
    }

    /// The document to edit: the file's graph, an empty graph for a file not yet created, or the
    /// demo. A file that does not load is reported problem by problem.
    private func openDocument(_ file: String?, limits: GraphFile.Limits) throws(EditorError) -> GraphDocument
    {
        guard let file else { return GraphDocument(graph: configuration.demo.graph) }
        if FileManager.default.fileExists(atPath: file) {
            do throws(GraphFileError) {
                return GraphDocument(
                    graph: try GraphFile.load(path: file, registry: configuration.registry, limits: limits))
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
        return GraphDocument(graph: Graph(registry: configuration.registry))
    }

    private func openRecording(_ path: String) throws(EditorError) -> JournalRecorder {
        do throws(JournalRecorderError) {
            return try JournalRecorder(path: path, truncating: true)
        } catch {
            throw .cannotOpen(path: path, purpose: "record", reason: error.reason)
        }
    }

    /// One or more lines on standard error (the screen is not up).
    private func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// The interactive calculator without the terminal: the canvas, the file it edits, the
/// questions on the status line, the autosave journal and the session recording.
///
/// The event loop feeds it canvas events (``handle(_:)``) and shows its ``frame()``; tests do the
/// same without ncurses. Every edit reaches the autosave journal beside the file as it happens;
/// a save, or a quit that discards the changes on purpose, removes the journal, so one that is
/// still there when a session opens the file holds unsaved work, which the session offers to
/// recover (the canvas's ``Prompt/recover(_:)`` question) before anything else. Every question
/// is a canvas mode: the session answers the canvas's effects (save, quit, recover) and tells
/// the canvas what happened.
final class InteractiveSession {
    /// The smallest screen the canvas is drawn on; below it a notice asks for a larger one.
    static let minimumSize = (width: 32, height: 8)
    /// The file name "save as" proposes for the demo calculator.
    static let demoFileName = "calculator.json"

    /// The canvas, with the document it edits.
    let canvas: Canvas
    /// The file saves go to; `nil` for the demo until it is saved.
    private(set) var file: String?
    /// The open question, which takes the keys until answered.
    var prompt: Prompt? {
        if case .prompt(let prompt) = canvas.state.mode { prompt } else { nil }
    }
    /// Whether the session ended (quit); the loop then stops.
    private(set) var isFinished = false
    /// The log (`--log`), or a disabled one.
    let log: AppLog
    /// The clipboard `y` writes and `p` reads, shared by every session; `nil`: none.
    let clipboard: ClipboardFile?
    /// Puts text on the terminal's own clipboard (OSC 52), when the session runs on one.
    var terminalClipboard: ((String) -> Void)?
    /// Shows a frame at once, while the session is busy answering one event (a long recovery's
    /// progress line); `nil` when there is no terminal.
    var presentWhileBusy: ((Surface) -> Void)?
    /// How long a recovery runs before its progress shows (see ``replayShowingProgress(_:)``).
    var recoveryProgressDelay = Duration.milliseconds(250)

    var document: GraphDocument { canvas.document }
    /// The autosave journal of the current file, opened at the first edit after an open or a save.
    private var autosave: JournalRecorder?
    /// The demo's autosave journal (see ``init``); unused once the session has a file.
    private let demoJournal: String?
    /// Whether edits skip the autosave journal (while replaying it).
    private var isAutosaveSuspended = false
    /// Whether the autosave journal failed to write (reported once).
    private var autosaveFailed = false
    /// The `--record` journal.
    private var recording: JournalRecorder?
    /// Whether the `--record` journal failed to write (reported once).
    private var recordingFailed = false
    /// The journal lines waiting for the answer to the recovery question.
    private var pendingRecovery: [Journal.Line] = []
    private var observation: ObservationToken?
    /// The latest status-line message written to the log, so a message is logged once.
    private var loggedMessage: String?
    /// Whether this session holds its file's lock, or opened read-only (``SessionAccess``).
    var access = SessionAccess.unlocked

    /// Starts a session on a document.
    /// - Parameters:
    ///   - document: The graph to edit: the demo, a loaded file, or an empty graph for a new file.
    ///   - file: Where saves go; `nil` for the demo.
    ///   - width: The screen's columns.
    ///   - height: The screen's rows.
    ///   - theme: How the canvas looks on this terminal.
    ///   - recording: The `--record` journal, which hears every edit from now on.
    ///   - log: Where to log.
    ///   - demoJournal: The autosave journal of the demo, which has no file until its first save
    ///     (``defaultDemoJournalPath()`` in the app); `nil`: the demo is not autosaved.
    ///   - clipboard: The clipboard shared by every session.
    init(
        document: GraphDocument, file: String?, width: Int, height: Int, theme: Theme = .unicode,
        recording: JournalRecorder? = nil, log: AppLog = .disabled, demoJournal: String? = nil,
        clipboard: ClipboardFile? = ClipboardFile.standard()
    ) {
        self.clipboard = clipboard
        canvas = Canvas(document: document, width: width, height: height, theme: theme)
        self.file = file
        self.demoJournal = demoJournal
        self.log = log
        self.recording = recording
        recording?.follow(document) { [weak self] error in
            guard let self, !self.isFinished, !self.recordingFailed else { return }
            self.recordingFailed = true
            self.report("cannot record the session: \(error)")
        }
        observation = document.observe { [weak self] change in self?.autosaveRecord(change) }
        canvas.delegate = self
        access = claimAccess()
        canvas.send(.documentOpened(welcome: welcome()))
        if !isReadOnly, let journal = journalPath { offerRecovery(from: journal) }
    }

    deinit {
        if let observation { document.removeObserver(observation) }
    }

    /// The autosave journal's path for a graph file: `FILE.autosave.jsonl`.
    /// - Parameter file: The graph file.
    /// - Returns: The journal's path, in the same directory.
    static func autosavePath(for file: String) -> String { file + ".autosave.jsonl" }

    /// Where the demo's edits are journaled until it is saved:
    /// `$XDG_STATE_HOME/nodeui-tui/demo.autosave.jsonl`, or `~/.local/state/…` without it.
    /// - Returns: The path, or `nil` when neither variable is set.
    static func defaultDemoJournalPath() -> String? {
        stateDirectory().map { $0 + "/demo.autosave.jsonl" }
    }

    /// The autosave journal in use: the file's, or the demo's while there is no file.
    var journalPath: String? { file.map(Self.autosavePath(for:)) ?? demoJournal }

    // MARK: Starting

    /// The first message: what was opened.
    private func welcome() -> StatusMessage {
        let graph = document.graph
        let nodes = graph.count == 1 ? "1 node" : "\(graph.count) nodes"
        log.write("opened \(file ?? "the demo calculator") with \(nodes)")
        if let readOnlyMessage { return StatusMessage(readOnlyMessage, isError: true) }
        let dot = " \(canvas.theme.glyphs.separator) "
        if let file {
            if FileManager.default.fileExists(atPath: file) {
                return StatusMessage("opened \(file) (\(nodes))\(dot)Tab selects\(dot)? help")
            }
            return StatusMessage("new file \(file)\(dot)n adds a node\(dot)s saves\(dot)? help")
        }
        return StatusMessage("demo calculator\(dot)Tab selects\(dot)n adds a node\(dot)? help")
    }

    private func offerRecovery(from journal: String) {
        guard FileManager.default.fileExists(atPath: journal) else { return }
        do throws(LoadProblem) {
            let lines = try Journal.read(path: journal)
            guard !lines.isEmpty else { return }
            pendingRecovery = lines
            let preview = lines.prefix(Self.recoveryPreviewLines).map { describe($0) }
            canvas.send(
                .recoveryFound(RecoveryOffer(journal: journal, editCount: lines.count, preview: preview)))
            log.write("found \(lines.count) unsaved edits in \(journal)")
        } catch {
            report("cannot read the autosave journal \(journal): \(error)")
        }
    }

    /// How many of the recovered edits the question lists.
    static let recoveryPreviewLines = 5

    /// A journal line in words, for the recovery question: `line 3: delete Add`.
    private func describe(_ line: Journal.Line) -> String {
        switch line.entry {
        case .success(.edit(let edit)):
            "\(CanvasText.summary(of: edit, in: document.graph, arrow: canvas.theme.glyphs.arrow))"
        case .success(.undo): "undo"
        case .success(.redo): "redo"
        case .failure: "line \(line.number): cannot be read (skipped)"
        }
    }

    // MARK: Events

    /// Answers one input event (see ``handle(_:)-(CanvasAction)``).
    /// - Parameter event: What the person did.
    func handle(_ event: InputEvent) { handle(.input(event)) }

    /// Answers one action: the canvas answers it, and the effects it returns (save, quit,
    /// recover) are carried out here, each answered back to the canvas.
    /// - Parameter action: What happened.
    func handle(_ action: CanvasAction) {
        guard !isFinished else { return }
        if case .input(let event) = action {
            var isResize = false
            if case .resize = event { isResize = true }
            // Below the smallest size only `q` and the answers to an open question count.
            if isTooSmall && !isResize && prompt == nil && event != .character("q") { return }
        }
        perform(canvas.send(action))
        logMessageIfNew()
    }

    /// Carries out the canvas's effects for the host, in order.
    func perform(_ effects: [CanvasEffect]) {
        for effect in effects where !isFinished {
            switch effect {
            case .save(let thenQuit): requestSave(thenQuit: thenQuit)
            case .saveAs(let path, let replacing, let thenQuit):
                saveAs(path, replacing: replacing, thenQuit: thenQuit)
            case .quit: finish(clean: true)
            case .recover: recover()
            case .discardRecovery:
                pendingRecovery = []
                if let journal = journalPath { removeAutosaveJournal(at: journal) }
            case .copy(let contents): copy(contents)
            case .paste(let keepingOutsideInputs): paste(keepingOutsideInputs: keepingOutsideInputs)
            default: break
            }
        }
    }

    /// Ends the session: closes the journals, and when `clean` (a quit the person chose) removes
    /// the autosave journal. After a signal the journal stays, for recovery at the next open.
    /// - Parameter clean: Whether the person chose to quit.
    func finish(clean: Bool) {
        guard !isFinished else { return }
        isFinished = true
        autosave?.close()
        autosave = nil
        recording?.close()
        if clean, !isReadOnly, let journal = journalPath {
            removeAutosaveJournal(at: journal)
        }
        releaseLock()
        log.write(clean ? "quit" : "stopped; unsaved edits stay in the autosave journal")
    }

    /// Whether the screen is below ``minimumSize``.
    var isTooSmall: Bool {
        let viewport = canvas.state.viewport
        return viewport.width < Self.minimumSize.width || viewport.height < Self.minimumSize.height
    }

    // MARK: Recovery

    private func recover() {
        let lines = pendingRecovery
        pendingRecovery = []
        isAutosaveSuspended = true
        // One bulk application: the canvas takes in every recovered edit at once.
        let steps = replayShowingProgress(lines)
        isAutosaveSuspended = false
        let refused = steps.filter(\.isRefused)
        for step in refused {
            if case .refused(let reason) = step.outcome {
                log.write("recovery: line \(step.line) refused: \(reason)")
            }
        }
        let applied = steps.count - refused.count
        let edits = applied == 1 ? "1 edit" : "\(applied) edits"
        let note = refused.isEmpty ? "" : " (\(refused.count) could not be applied)"
        canvas.send(
            .noticeArrived(
                StatusMessage(
                    "recovered \(edits)\(note): s saves them \(canvas.theme.glyphs.separator) u undoes",
                    isError: !refused.isEmpty)
            ))
        log.write("recovered \(applied) edits, \(refused.count) refused")
    }

    // MARK: Autosave

    private func autosaveRecord(_ change: Change) {
        guard let journal = journalPath, !isAutosaveSuspended, !autosaveFailed, !isReadOnly else { return }
        do throws(JournalRecorderError) {
            if autosave == nil {
                if file == nil {  // the demo's journal lives in a state directory that may not exist yet
                    try? FileManager.default.createDirectory(
                        atPath: (journal as NSString).deletingLastPathComponent,
                        withIntermediateDirectories: true)
                }
                autosave = try JournalRecorder(path: journal)
            }
            try autosave?.record(change)
        } catch {
            autosaveFailed = true
            report("autosave is off: \(error)")
        }
    }

    /// Closes and deletes the autosave journal at `path`.
    func removeAutosaveJournal(at path: String) {
        autosave?.close()
        autosave = nil
        if unlink(path) != 0 && errno != ENOENT {
            log.write("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func logMessageIfNew() {
        let message = canvas.state.message
        guard message?.text != loggedMessage else { return }
        loggedMessage = message?.text
        if let message {
            log.write((message.isError ? "status (error): " : "status: ") + message.text)
        }
    }

    /// Makes `path` the file saves go to (after "save as").
    func adoptFile(_ path: String) {
        if file != path { log.write("the session's file is now \(path)") }
        file = path
    }

    /// Shows a problem on the status line and logs it.
    func report(_ message: String) {
        canvas.send(.noticeArrived(StatusMessage(message, isError: true)))
        loggedMessage = message
        log.write("error: " + message)
    }
}

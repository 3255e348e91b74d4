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
/// recover (``SessionPrompt/recover(journal:editCount:)``) before anything else.
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
    private(set) var prompt: SessionPrompt?
    /// Whether the session ended (quit); the loop then stops.
    private(set) var isFinished = false
    /// The log (`--log`), or a disabled one.
    let log: AppLog
    /// Whether `!` crashes on purpose, to test that the terminal is restored (`NODEUI_TEST_CRASH=1`).
    var allowsForcedCrash = false

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
    /// The journal lines waiting for the answer to ``SessionPrompt/recover(journal:editCount:)``.
    private var pendingRecovery: [Journal.Line] = []
    private var observation: ObservationToken?
    /// The latest status-line message written to the log, so a message is logged once.
    private var loggedMessage: String?

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
    init(
        document: GraphDocument, file: String?, width: Int, height: Int, theme: Theme = .unicode,
        recording: JournalRecorder? = nil, log: AppLog = .disabled, demoJournal: String? = nil
    ) {
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
        placeView()
        welcome()
        if let journal = journalPath { offerRecovery(from: journal) }
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
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.local/state" }
        return state.map { $0 + "/nodeui-tui/demo.autosave.jsonl" }
    }

    /// The autosave journal in use: the file's, or the demo's while there is no file.
    var journalPath: String? { file.map(Self.autosavePath(for:)) ?? demoJournal }

    // MARK: Starting

    /// Centers the graph on the screen when it fits, else shows its top left.
    func placeView() {
        canvas.fitTopLeft()
        let frames = canvas.scene.layouts.values.map(\.frame)
        guard let first = frames.first else {
            canvas.updateState { $0.cursor = Position(x: 2, y: 1) }  // where the first node goes
            return
        }
        let bounds = frames.dropFirst().reduce(first) { $0.union($1) }
        let area = canvas.area
        guard bounds.width <= area.width - 2, bounds.height <= area.height - 1 else { return }
        let origin = Position(
            x: bounds.minX - (area.width - bounds.width) / 2,
            y: bounds.minY - (area.height - bounds.height) / 2)
        canvas.updateState { state in
            state.viewport.origin = origin
            state.cursor = Position(x: bounds.minX, y: max(bounds.minY - 1, origin.y))
        }
    }

    private func welcome() {
        let graph = document.graph
        let nodes = graph.count == 1 ? "1 node" : "\(graph.count) nodes"
        if let file {
            if FileManager.default.fileExists(atPath: file) {
                canvas.post("opened \(file) (\(nodes)) · Tab selects · ? help", isError: false)
            } else {
                canvas.post("new file \(file) · n adds a node · s saves · ? help", isError: false)
            }
        } else {
            canvas.post("demo calculator · Tab selects · n adds a node · ? help", isError: false)
        }
        log.write("opened \(file ?? "the demo calculator") with \(nodes)")
    }

    private func offerRecovery(from journal: String) {
        guard FileManager.default.fileExists(atPath: journal) else { return }
        do throws(LoadProblem) {
            let lines = try Journal.read(path: journal)
            guard !lines.isEmpty else { return }
            pendingRecovery = lines
            prompt = .recover(journal: journal, editCount: lines.count)
            log.write("found \(lines.count) unsaved edits in \(journal)")
        } catch {
            report("cannot read the autosave journal \(journal): \(error)")
        }
    }

    // MARK: Events

    /// Answers one canvas event: the open question takes it, else the canvas does, and the
    /// effects it returns (save, quit) are carried out here.
    /// - Parameter event: What the person did.
    func handle(_ event: InputEvent) {
        guard !isFinished else { return }
        if case .resize = event {
            canvas.send(event)
            return
        }
        if let prompt {
            answer(prompt, with: event)
            return
        }
        if isTooSmall {
            if event == .character("q") { requestQuit() }
            return
        }
        if allowsForcedCrash && event == .character("!") {
            log.write("crashing on purpose (NODEUI_TEST_CRASH)")
            forceCrash()
        }
        for effect in canvas.send(event) {
            switch effect {
            case .save: requestSave(thenQuit: false)
            case .quit: requestQuit()
            }
        }
        logMessageIfNew()
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
        if clean, let journal = journalPath {
            removeAutosaveJournal(at: journal)
        }
        log.write(clean ? "quit" : "stopped; unsaved edits stay in the autosave journal")
    }

    /// Whether the screen is below ``minimumSize``.
    var isTooSmall: Bool {
        let viewport = canvas.state.viewport
        return viewport.width < Self.minimumSize.width || viewport.height < Self.minimumSize.height
    }

    // MARK: Quitting and the questions

    private func requestQuit() {
        if document.isModified {
            prompt = .quitWithUnsavedChanges
        } else {
            finish(clean: true)
        }
    }

    private func answer(_ question: SessionPrompt, with event: InputEvent) {
        switch (question, event) {
        case (.recover, .character("y")), (.recover, .character("Y")):
            prompt = nil
            recover()
        case (.recover, .character("n")), (.recover, .character("N")):
            prompt = nil
            pendingRecovery = []
            if let journal = journalPath { removeAutosaveJournal(at: journal) }
            canvas.post("discarded the unsaved edits", isError: false)
        case (.quitWithUnsavedChanges, .character("y")), (.quitWithUnsavedChanges, .character("Y")):
            prompt = nil
            finish(clean: true)
        case (.quitWithUnsavedChanges, .character("n")), (.quitWithUnsavedChanges, .character("N")),
            (.quitWithUnsavedChanges, .escape):
            prompt = nil
            canvas.post("still here: s saves, q quits", isError: false)
        case (.quitWithUnsavedChanges, .character("s")), (.quitWithUnsavedChanges, .character("S")):
            prompt = nil
            requestSave(thenQuit: true)
        case (.saveAs(let text, let thenQuit), _):
            answerSaveAs(text: text, thenQuit: thenQuit, event: event)
        case (.overwrite(let path, let thenQuit), .character("y")),
            (.overwrite(let path, let thenQuit), .character("Y")):
            prompt = nil
            if save(to: path), thenQuit { finish(clean: true) }
        case (.overwrite(let path, let thenQuit), .character("n")),
            (.overwrite(let path, let thenQuit), .character("N")),
            (.overwrite(let path, let thenQuit), .escape):
            prompt = .saveAs(text: path, thenQuit: thenQuit)
        default:
            break
        }
    }

    private func recover() {
        let lines = pendingRecovery
        pendingRecovery = []
        isAutosaveSuspended = true
        let steps = document.replay(lines)
        isAutosaveSuspended = false
        canvas.reload()
        let refused = steps.filter(\.isRefused)
        for step in refused {
            if case .refused(let reason) = step.outcome {
                log.write("recovery: line \(step.line) refused: \(reason)")
            }
        }
        let applied = steps.count - refused.count
        let edits = applied == 1 ? "1 edit" : "\(applied) edits"
        let note = refused.isEmpty ? "" : " (\(refused.count) could not be applied)"
        canvas.post("recovered \(edits)\(note): s saves them · u undoes", isError: !refused.isEmpty)
        log.write("recovered \(applied) edits, \(refused.count) refused")
    }

    // MARK: Autosave

    private func autosaveRecord(_ change: Change) {
        guard let journal = journalPath, !isAutosaveSuspended, !autosaveFailed else { return }
        do throws(JournalRecorderError) {
            if autosave == nil {
                if file == nil {  // the demo's journal lives in a state directory that may not exist yet
                    try? FileManager.default.createDirectory(
                        atPath: (journal as NSString).deletingLastPathComponent,
                        withIntermediateDirectories: true)
                }
                autosave = try JournalRecorder(path: journal)
            }
            try autosave?.record(.edit(change.edit))
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
        guard message != loggedMessage else { return }
        loggedMessage = message
        if let message {
            log.write((canvas.state.messageIsError ? "status (error): " : "status: ") + message)
        }
    }

    /// Opens a question on the status line, or closes it (`nil`).
    func setPrompt(_ prompt: SessionPrompt?) { self.prompt = prompt }

    /// Makes `path` the file saves go to (after "save as").
    func adoptFile(_ path: String) {
        if file != path { log.write("the session's file is now \(path)") }
        file = path
    }

    /// Shows a problem on the status line and logs it.
    func report(_ message: String) {
        canvas.post(message, isError: true)
        loggedMessage = message
        log.write("error: " + message)
    }

    // MARK: Test hooks

    private func forceCrash() -> Never {
        let pointer = UnsafeMutablePointer<Int>(bitPattern: 8)!
        pointer.pointee = 1  // SIGSEGV: the terminal guard restores the terminal, Swift reports
        fatalError("unreachable after a forced crash")
    }
}

extension InteractiveSession: CanvasDelegate {
    /// Brings a node made from the palette into view, with the cursor on it, since the palette
    /// may have placed it below the screen to keep it clear of other nodes.
    func canvasDidCreate(_ node: NodeID) {
        guard let frame = canvas.scene.layouts[node]?.frame else { return }
        let area = canvas.area
        canvas.updateState { state in
            let scaleX = state.levelOfDetail.horizontalScale, scaleY = state.levelOfDetail.verticalScale
            var origin = state.scaledOrigin
            let visible = area.offsetBy(dx: origin.x, dy: origin.y)
            if frame.maxX > visible.maxX { origin.x += frame.maxX - visible.maxX }
            if frame.maxY > visible.maxY { origin.y += frame.maxY - visible.maxY }
            if frame.minX < origin.x + area.minX { origin.x = frame.minX - area.minX }
            if frame.minY < origin.y + area.minY { origin.y = frame.minY - area.minY }
            state.viewport.origin = Position(x: origin.x * scaleX, y: origin.y * scaleY)
            let contentX = state.levelOfDetail == .dot ? frame.minX : frame.minX + 2
            let contentY = state.levelOfDetail == .dot ? frame.minY : frame.minY + 1
            state.cursor = Position(x: contentX * scaleX, y: contentY * scaleY)
        }
    }
}

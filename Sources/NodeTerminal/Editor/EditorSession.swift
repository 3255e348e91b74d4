import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import NodeGraphSources

/// One editing session of a tool's graph, without the terminal: the canvas, the file it edits,
/// the questions on the status line, the autosave journal, recovery, the lock, the clipboard and
/// the session recording.
///
/// ``EditorConfiguration/run(_:)`` runs it on a terminal; tests (and tools checking their own
/// editor) feed it canvas events (``handle(_:)-(InputEvent)``) and read its ``frame()``, with no
/// terminal at all:
///
/// ```swift
/// let session = EditorSession(
///     configuration: editor, document: GraphDocument(graph: editor.demo.graph), file: nil,
///     width: 100, height: 30)
/// session.handle(.tab)
/// session.handle(.enter)          // a toggle flips, a number opens its editor
/// print(session.frame().text)
/// ```
///
/// Every edit reaches this session's own autosave journal beside the file as it happens (a fresh
/// one, ``AutosaveJournals``); a save, or a quit that discards the changes on purpose, removes it,
/// so a journal still there when a session opens the file holds unsaved work, which the session
/// offers to recover (the canvas's `Prompt.recover` question, one journal at a time, oldest
/// first) before anything else. `y` applies a journal and makes it the session's own, `n`
/// removes it, Esc leaves it and every later one untouched for a later session. A second session on a file another session
/// has open is read-only (``SessionAccess``). Every question is a canvas mode: the session
/// answers the canvas's effects (save, quit, recover, copy, paste) and tells the canvas what
/// happened.
public final class EditorSession {
    /// The tool this session belongs to.
    package let configuration: EditorConfiguration
    /// The canvas, with the document it edits.
    package let canvas: Canvas
    /// The file saves go to; `nil` for the demo until it is saved.
    public private(set) var file: String?
    /// The open question, which takes the keys until answered.
    package var prompt: Prompt? {
        if case .prompt(let prompt) = canvas.state.mode { prompt } else { nil }
    }
    /// Whether the session ended (quit); the loop then stops.
    public private(set) var isFinished = false
    /// The panel a tool's commands show at the right (``EditorCommandContext/showPanel(_:)``).
    package let panels = PanelPlugin()
    /// The log (`--log`), or a disabled one.
    package let log: EditorLog
    /// The clipboard `y` writes and `p` reads, shared by every session of the tool; `nil`: none.
    package let clipboard: ClipboardFile?
    /// Puts text on the terminal's own clipboard (OSC 52), when the session runs on one.
    package var terminalClipboard: ((String) -> Void)?
    /// Shows a frame at once, while the session is busy answering one event (a long recovery's
    /// progress line); `nil` when there is no terminal.
    package var presentWhileBusy: ((Surface) -> Void)?
    /// How long a recovery runs before its progress line shows.
    package var recoveryProgressDelay = Duration.milliseconds(250)
    /// Whether this session holds its file's lock, or opened read-only.
    package internal(set) var access = SessionAccess.unlocked

    /// The document edited.
    package var document: GraphDocument { canvas.document }
    /// This session's own autosave journal, opened (fresh) at the first edit after an open or a
    /// save.
    var autosave: JournalRecorder?
    /// The path of this session's own journal once an edit opened it; kept after it is closed.
    var ownJournal: String?
    /// Journals a crash left behind that this session recovered (`y`): their edits are this
    /// session's unsaved edits now, so a save or a quit removes them with its own journal.
    var adoptedJournals: [String] = []
    /// The journal the recovery question is about.
    var offeredJournal: String?
    /// The journals left behind still to be offered after the one asked about, oldest first.
    var pendingOffers: [String] = []
    /// What the `y` answers of this round of questions recovered, said once the last is answered.
    var recoveryTally = RecoveryTally()
    /// The demo's autosave journal (see ``init(configuration:document:file:width:height:theme:recording:log:demoJournal:clipboard:)``);
    /// unused once the session has a file.
    private let demoJournal: String?
    /// Whether edits skip the autosave journal (while replaying it).
    var isAutosaveSuspended = false
    /// Whether the autosave journal failed to write at the latest edit.
    var autosaveFailed = false
    /// Journal lines that could not be written yet, oldest first: written before the next edit's.
    var autosaveBacklog: [JournalEntry] = []
    /// The file as this session last loaded or saved it; `nil`: there was no file.
    var diskStamp: FileStamp?
    /// Whether the file's content changed on disk since (noticed at `s` and between keys).
    package internal(set) var isChangedOnDisk = false
    /// The file's size and time when the change was noticed, so it is not read again until it
    /// changes again.
    var changeSeen: FileStamp?
    /// The system calls saves and journals make: the real ones, or a test's failing ones.
    var fileOperations: any FileOperations = SystemFileOperations()
    /// The `--record` journal.
    private var recording: JournalRecorder?
    /// Whether the `--record` journal failed to write (reported once).
    private var recordingFailed = false
    /// The journal lines waiting for the answer to the recovery question.
    var pendingRecovery: [Journal.Line] = []
    private var observation: ObservationToken?
    /// The graph's running live sources (`attach(_:)` with a `LiveSources`); `nil` when none are run.
    var liveSources: LiveSources?
    /// The runner of the graph's background computations (`attach(_:)` with a `BackgroundRunner`);
    /// `nil` when none are run.
    var backgroundRunner: BackgroundRunner?
    /// The latest status-line message written to the log, so a message is logged once.
    private var loggedMessage: String?
    /// Whether the canvas asked for the terminal to be repainted (Ctrl-L) since the loop asked.
    var repaintRequested = false

    /// Starts a session on a document.
    /// - Parameters:
    ///   - configuration: The tool.
    ///   - document: The graph to edit: the demo, a loaded file, or an empty graph for a new file.
    ///   - file: Where saves go; `nil` for the demo.
    ///   - width: The screen's columns.
    ///   - height: The screen's rows.
    ///   - theme: How the canvas looks on this terminal; the tool's theme by default.
    ///   - recording: The `--record` journal, which hears every edit from now on.
    ///   - log: Where to log.
    ///   - demoJournal: The autosave journal of the demo, which has no file until its first save
    ///     (`EditorConfiguration/demoJournalPath(environment:)` on a terminal); `nil`: the demo
    ///     is not autosaved.
    ///   - clipboard: The clipboard shared by every session of the tool
    ///     (`EditorConfiguration/clipboard(environment:)` on a terminal); `nil`: none.
    public init(
        configuration: EditorConfiguration, document: GraphDocument, file: String?, width: Int, height: Int,
        theme: Theme? = nil, recording: JournalRecorder? = nil, log: EditorLog = .disabled,
        demoJournal: String? = nil, clipboard: ClipboardFile? = nil
    ) {
        self.configuration = configuration
        self.clipboard = clipboard
        if let rule = configuration.editRule { document.rule = rule }
        canvas = Canvas(
            document: document, width: width, height: height, theme: theme ?? configuration.theme,
            dataSource: configuration.makeDataSource(),
            plugins: Canvas.standardPlugins() + [panels] + configuration.makePlugins())
        // The launcher's table (keys.json read over `keys()`) holds the tool's commands already.
        let keys = configuration.keyTable
        canvas.keyTable =
            configuration.commands.allSatisfy { keys.command(named: $0.name) != nil }
            ? keys : (try? configuration.keys()) ?? keys
        self.file = file
        self.demoJournal = demoJournal
        self.log = log
        self.recording = recording
        recording?.follow(document) { [weak self] error in
            guard let self, !self.isFinished, !self.recordingFailed else { return }
            self.recordingFailed = true
            self.report("cannot record the session: \(error)")
        }
        observation = document.observe { [weak self] change in
            self?.autosaveRecord(change)
            self?.followSources(after: change)
            self?.followBackground(after: change.recomputed)
        }
        canvas.delegate = self
        canvas.title = title
        access = claimAccess()
        canvas.send(.accessDecided(readOnlyReason: readOnlyMessage))
        diskStamp = file.flatMap(FileStamp.read)
        canvas.send(.documentOpened(welcome: welcome()))
        if !isReadOnly { offerJournalsLeftBehind() }
    }

    deinit {
        if let observation { document.removeObserver(observation) }
    }

    /// The autosave journal's path for a graph file: `FILE.autosave.jsonl`.
    /// - Parameter file: The graph file.
    /// - Returns: The journal's path, in the same directory.
    package static func autosavePath(for file: String) -> String { file + ".autosave.jsonl" }

    /// The autosave journals of the current file, or the demo's while there is no file; `nil`:
    /// the session is not autosaved.
    package var journals: AutosaveJournals? {
        (file.map(Self.autosavePath(for:)) ?? demoJournal).map(AutosaveJournals.init(base:))
    }

    /// The journal this session's edits go to: its own, opened at the first edit; before that,
    /// the fresh path the first edit would open.
    package var journalPath: String? { ownJournal ?? journals?.fresh() }

    /// The journals holding this session's unsaved edits: those it recovered, then its own.
    var sessionJournals: [String] { adoptedJournals + (ownJournal.map { [$0] } ?? []) }

    /// The first message: what was opened.
    private func welcome() -> StatusMessage {
        let graph = document.graph
        let nodes = graph.count == 1 ? "1 node" : "\(graph.count) nodes"
        log.write("opened \(file ?? "the \(configuration.demo.title)") with \(nodes)")
        if let readOnlyMessage { return StatusMessage(readOnlyMessage, isError: true) }
        let dot = " \(canvas.theme.glyphs.separator) "
        if let file {
            if FileManager.default.fileExists(atPath: file) {
                return StatusMessage("opened \(file) (\(nodes))\(dot)Tab selects\(dot)? help")
            }
            return StatusMessage("new file \(file)\(dot)n adds a node\(dot)s saves\(dot)? help")
        }
        return StatusMessage("\(configuration.demo.title)\(dot)Tab selects\(dot)n adds a node\(dot)? help")
    }

    // MARK: Events

    /// Answers one input event (see ``handle(_:)-(CanvasAction)``).
    /// - Parameter event: What the person did.
    public func handle(_ event: InputEvent) { handle(.input(event)) }

    /// Answers one action: the canvas answers it, and the effects it returns (save, quit,
    /// recover) are carried out here, each answered back to the canvas.
    /// - Parameter action: What happened.
    public func handle(_ action: CanvasAction) {
        guard !isFinished else { return }
        if case .input(let event) = action {
            var isResize = false
            if case .resize = event { isResize = true }
            // Below the smallest size only quitting, Ctrl-L and the answers to an open question count.
            if isTooSmall && !isResize && prompt == nil && canvas.keyTable.name(for: event) != "quit"
                && KeyBindings.screenEffect(for: event) == nil
            {
                return
            }
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
            case .overwrite(let thenQuit):
                if let file, save(to: file), thenQuit { finish(clean: true) }
            case .reload: reloadFromDisk()
            case .quit: finish(clean: true)
            case .recover: recover()
            case .discardRecovery: discardRecovery()
            case .copy(let contents): copy(contents)
            case .paste(let keepingOutsideInputs): paste(keepingOutsideInputs: keepingOutsideInputs)
            case .runToolCommand(let name):
                configuration.command(named: name)?.action(EditorCommandContext(session: self))
            case .repaint: repaintRequested = true
            default: break
            }
        }
    }

    /// Ends the session: closes the journals, and when `clean` (a quit the person chose) removes
    /// this session's journals (its own and those it recovered); a journal left for later stays.
    /// After a signal every journal stays, for recovery at the next open (with one last try at
    /// writing the edits that were waiting for the journal).
    /// - Parameter clean: Whether the person chose to quit.
    public func finish(clean: Bool) {
        guard !isFinished else { return }
        isFinished = true
        if !clean { writeAutosaveBacklog() }
        autosave?.close()
        autosave = nil
        recording?.close()
        if clean, !isReadOnly { removeSessionJournals() }
        releaseLock()
        log.write(clean ? "quit" : "stopped; unsaved edits stay in the autosave journal")
    }

    /// Whether the screen is below the tool's `EditorConfiguration/minimumSize`.
    package var isTooSmall: Bool {
        let viewport = canvas.state.viewport
        let minimum = configuration.minimumSize
        return viewport.width < minimum.width || viewport.height < minimum.height
    }

    // MARK: Messages

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
        canvas.title = title
    }

    /// Shows a problem on the status line and logs it.
    /// - Parameter message: The problem, in one line.
    package func report(_ message: String) {
        canvas.send(.noticeArrived(StatusMessage(message, isError: true)))
        loggedMessage = message
        log.write("error: " + message)
    }
}

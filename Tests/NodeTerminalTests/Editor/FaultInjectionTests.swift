import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import Testing

@testable import NodeTerminal

/// System calls that fail on demand, the way a full disk, a file-size limit, a read-only folder
/// or a failing rename would; every other call is the real one.
final class FaultyFileOperations: FileOperations, @unchecked Sendable {
    /// A call that fails, and the `errno` it fails with.
    enum Fault: Equatable {
        /// Every `write` fails.
        case write(Int32)
        /// A `write` writes half of what it is given, then the next one fails.
        case halfWriteThen(Int32)
        /// Creating a file in a folder (`openat`, the temporary file of a save) fails.
        case create(Int32)
        /// Opening a file (`open`, a journal) fails.
        case open(Int32)
        /// The rename over the saved file fails.
        case rename(Int32)
    }

    private let lock = NSLock()
    private var current: Fault?
    private var wroteHalf = false

    /// The fault now in force; `nil`: every call is the real one.
    var fault: Fault? {
        get { lock.withLock { current } }
        set {
            lock.withLock {
                current = newValue
                wroteHalf = false
            }
        }
    }

    private func failing(_ code: Int32) -> Int32 {
        errno = code
        return -1
    }

    func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        if case .open(let code) = fault, flags & O_DIRECTORY == 0 { return failing(code) }
        return Foundation.open(path, flags, mode)
    }

    func openat(_ directory: Int32, _ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        if case .create(let code) = fault { return failing(code) }
        return Foundation.openat(directory, path, flags, mode)
    }

    func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        switch fault {
        case .write(let code):
            return Int(failing(code))
        case .halfWriteThen(let code):
            let half = lock.withLock { () -> Bool in
                defer { wroteHalf = true }
                return !wroteHalf
            }
            guard half, count > 1 else { return Int(failing(code)) }
            return Foundation.write(descriptor, buffer, count / 2)
        default:
            return Foundation.write(descriptor, buffer, count)
        }
    }

    func renameat(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String) -> Int32 {
        if case .rename(let code) = fault { return failing(code) }
        return Foundation.renameat(fromDirectory, from, toDirectory, to)
    }
}

/// Saves and journals under injected failures: nothing is half-written, the reason is on the
/// status line, and the journal still holds every edit.
@Suite struct FaultInjectionTests {
    /// A fresh folder holding `calc.json`, the demo calculator, and a session on it with two
    /// edits journaled and the failing calls put in.
    func sessionWithTwoEdits() throws -> (EditorSession, String, FaultyFileOperations) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "faults-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/calc.json"
        try GraphFile.save(.demoCalculator(), to: file)
        let session = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: try GraphFile.load(path: file)),
            file: file, width: 120, height: 30)
        let files = FaultyFileOperations()
        session.fileOperations = files
        for event: InputEvent in [.tab, .character("+"), .character("+")] { session.handle(event) }
        return (session, file, files)
    }

    func statusLine(_ session: EditorSession) -> String { session.frame().rows.last ?? "" }

    /// The folder's entries, sorted.
    func entries(beside file: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (file as NSString).deletingLastPathComponent)
            .sorted()
    }

    static let saveFaults: [(FaultyFileOperations.Fault, String)] = [
        (.write(ENOSPC), "not saved: cannot write the file: No space left on device"),
        (.write(EFBIG), "not saved: cannot write the file: File too large"),
        (.halfWriteThen(ENOSPC), "not saved: cannot write the file: No space left on device"),
        (.create(EACCES), "not saved: cannot create a temporary file: Permission denied"),
        (.create(EROFS), "not saved: cannot create a temporary file: Read-only file system"),
        (
            .rename(EXDEV),
            "not saved: cannot rename the temporary file over the file: Invalid cross-device link"
        ),
    ]

    @Test(arguments: saveFaults.indices)
    func aFailedSaveLeavesTheFileWholeSaysWhyAndKeepsEveryEditInTheJournal(_ index: Int) throws {
        let (fault, message) = Self.saveFaults[index]
        let (session, file, files) = try sessionWithTwoEdits()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let entriesBefore = try entries(beside: file)
        files.fault = fault
        session.handle(.character("s"))
        #expect(statusLine(session).contains(message), "\(statusLine(session))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "the file is as it was")
        #expect(try entries(beside: file) == entriesBefore, "no temporary file is left behind")
        #expect(try Journal.read(path: EditorSession.autosavePath(for: file)).count == 2)
        #expect(session.document.isModified)

        files.fault = nil
        session.handle(.character("s"))
        #expect(try GraphFile.load(path: file).value(of: "one") == .number(3))
        #expect(!FileManager.default.fileExists(atPath: EditorSession.autosavePath(for: file)))
    }

    static let journalFaults: [(FaultyFileOperations.Fault, String)] = [
        (.write(ENOSPC), "No space left on device"),
        (.halfWriteThen(ENOSPC), "No space left on device"),
        (.write(EFBIG), "File too large"),
    ]

    @Test(arguments: journalFaults.indices)
    func aJournalThatCannotBeWrittenHoldsNoHalfLineAndCatchesUpWhenItCan(_ index: Int) throws {
        let (fault, reason) = Self.journalFaults[index]
        let (session, file, files) = try sessionWithTwoEdits()
        let journal = EditorSession.autosavePath(for: file)
        let before = try String(contentsOfFile: journal, encoding: .utf8)
        files.fault = fault
        session.handle(.character("+"))
        session.handle(.character("+"))
        #expect(statusLine(session).contains("autosave failing: \(reason)"), "\(statusLine(session))")
        #expect(statusLine(session).contains("2 edits wait until it works again"))
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == before, "no half line is left")

        files.fault = nil
        session.handle(.character("+"))
        #expect(statusLine(session).contains("autosave works again"))
        #expect(try Journal.read(path: journal).count == 5, "the edits that waited are written, in order")
        let expected = session.document.graph
        session.finish(clean: false)
        let next = EditorSession(
            configuration: .calculator, document: GraphDocument(graph: try GraphFile.load(path: file)),
            file: file, width: 120, height: 30)
        next.handle(.character("y"))
        #expect(next.document.graph == expected)
    }

    @Test func editsWaitingForTheJournalAreWrittenAsTheSessionStops() throws {
        let (session, file, files) = try sessionWithTwoEdits()
        files.fault = .write(ENOSPC)
        session.handle(.character("+"))
        files.fault = nil  // space was freed, then a signal came before the next edit
        session.finish(clean: false)
        #expect(try Journal.read(path: EditorSession.autosavePath(for: file)).count == 3)
    }

    @Test func aJournalInAReadOnlyFolderSaysWhyAndTheEditsWait() throws {
        let (session, file, files) = try sessionWithTwoEdits()
        session.handle(.character("s"))  // the file holds the two edits; the journal is gone
        files.fault = .open(EROFS)
        session.handle(.character("+"))
        #expect(statusLine(session).contains("autosave failing: Read-only file system"))
        #expect(!FileManager.default.fileExists(atPath: EditorSession.autosavePath(for: file)))
        files.fault = nil
        session.handle(.character("+"))
        #expect(try Journal.read(path: EditorSession.autosavePath(for: file)).count == 2)
    }
}

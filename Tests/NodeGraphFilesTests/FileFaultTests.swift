import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// System calls that fail like a full disk or a failing rename: a write writes `allowed` bytes
/// at most, then fails with `code`; a rename fails with `code` when `failsRename`.
private final class FailingCalls: FileOperations, @unchecked Sendable {
    let code: Int32
    let failsRename: Bool
    private let lock = NSLock()
    private var allowed: Int

    init(code: Int32, allowed: Int = .max, failsRename: Bool = false) {
        self.code = code
        self.allowed = allowed
        self.failsRename = failsRename
    }

    func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        let room = lock.withLock { allowed }
        guard room > 0 else {
            errno = code
            return -1
        }
        let written = Foundation.write(descriptor, buffer, min(count, room))
        if written > 0 { lock.withLock { allowed -= written } }
        return written
    }

    func renameat(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String) -> Int32 {
        guard !failsRename else {
            errno = code
            return -1
        }
        return Foundation.renameat(fromDirectory, from, toDirectory, to)
    }
}

/// Saves and journal lines under failing system calls: nothing is ever half-written.
@Suite struct FileFaultTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "faults-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aJournalWriteThatStopsPartWayIsTakenBackToItsLastWholeLine() throws {
        let path = try folder() + "/edits.jsonl"
        try JournalRecorder(path: path).record(.edit(.setValue(node: "one", value: .number(2))))
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let recorder = try JournalRecorder(path: path, using: FailingCalls(code: ENOSPC, allowed: 10))
        let error = #expect(throws: JournalRecorderError.self) {
            try recorder.record([.edit(.setValue(node: "one", value: .number(3))), .undo])
        }
        #expect(error?.reason == "No space left on device")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test(
        arguments: [
            (FailingCalls(code: ENOSPC, allowed: 100), "cannot write the file: No space left on device"),
            (FailingCalls(code: EFBIG, allowed: 0), "cannot write the file: File too large"),
            (
                FailingCalls(code: EXDEV, failsRename: true),
                "cannot rename the temporary file over the file: Invalid cross-device link"
            ),
        ] as [(FailingCalls, String)])
    fileprivate func aSaveThatFailsLeavesTheOldFileAndNoTemporaryFile(calls: FailingCalls, reason: String)
        throws
    {
        let directory = try folder()
        let path = directory + "/graph.json"
        try GraphFile.save(.demoCalculator(), to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var graph = Graph.demoCalculator()
        _ = try graph.apply(.setValue(node: "one", value: .number(5)))
        #expect(throws: SaveError(path: path, reason: reason)) {
            try GraphFile.save(graph, to: path, using: calls)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["graph.json"])
    }
}

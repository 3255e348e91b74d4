import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Kills a process that saves over a file, again and again, at random moments: the file must
/// always hold one document or the other, and no temporary file may stay behind.
@Suite struct CrashSafeSaveTests {
    /// A graph with `count` numbers; big enough that a save takes a while.
    func numbers(_ count: Int, value: Double) throws -> Graph {
        var graph = Graph()
        graph.reserveCapacity(nodes: count, slots: 0)
        for index in 0..<count {
            try graph.addNode(
                NodeID("n\(index)"), kind: "number", name: "Number \(index)", value: .number(value))
        }
        return graph
    }

    /// When `log` first holds the line `line`, or `nil` if it does not within 20 seconds.
    func whenLogShows(_ line: String, _ log: String) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains(line + "\n") {
                return .now
            }
            usleep(200)
        }
        return nil
    }

    @Test func aSaveKilledAtRandomMomentsLeavesTheOldOrTheNewFileAndNoTemporaryFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try GraphFile.encode(try numbers(1_000, value: 1))
        let second = try GraphFile.encode(try numbers(700, value: 2))
        let firstPath = directory.appendingPathComponent("first.json").path
        let secondPath = directory.appendingPathComponent("second.json").path
        let target = directory.appendingPathComponent("target.json").path
        try first.write(to: URL(fileURLWithPath: firstPath))
        try second.write(to: URL(fileURLWithPath: secondPath))
        try first.write(to: URL(fileURLWithPath: target))
        let log = directory.appendingPathComponent("log").path

        var generator = SystemRandomNumberGenerator()
        var sawSecond = false
        // Orphans counted once each: one left by a kill stays until the next saver's first save,
        // and that saver may itself be killed before it, so the same file is seen again.
        var orphans = Set<String>()
        for attempt in 0..<50 {
            let pid = try ChildProcess.spawn(
                ChildProcess.saveStress, [target, firstPath, secondPath], standardOutput: log,
                standardError: log)
            // Let one to three saves finish, then kill somewhere in the next ones: the moment is
            // paced by how long the first save took in this very run, so a machine that is busy
            // (or sanitized) now still has its kills land inside saves, not before any.
            let finished = Int.random(in: 1...3, using: &generator)
            let readyAt = whenLogShows("ready", log)
            let firstSavedAt = whenLogShows("saved 1", log)
            let finishedAt = whenLogShows("saved \(finished)", log)
            #expect(
                readyAt != nil && firstSavedAt != nil && finishedAt != nil,
                "attempt \(attempt): the saver did not save")
            let save = readyAt.flatMap { ready in firstSavedAt.map { $0 - ready } } ?? .milliseconds(60)
            let microseconds =
                save.components.seconds * 1_000_000 + save.components.attoseconds / 1_000_000_000_000
            usleep(UInt32.random(in: 0...UInt32(min(2 * microseconds + 1_000, 3_000_000)), using: &generator))
            kill(pid, SIGKILL)
            let status = ChildProcess.wait(pid)
            #expect(status == 128 + SIGKILL, "attempt \(attempt): the saver ended by itself: \(status)")
            let contents = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(
                contents == first || contents == second, "attempt \(attempt): the file is neither document")
            if contents == second { sawSecond = true }
            orphans.formUnion(try temporaryFiles(in: directory))
        }
        #expect(sawSecond, "no kill found the second document in place: the test proved nothing")
        // A temporary file can only be abandoned in the instant between naming it and renaming
        // it; the next save of the same file removes it.
        try GraphFile.save(Graph(), to: target)
        #expect(try temporaryFiles(in: directory).isEmpty)
        print("crash-safe save: \(orphans.count) temporary files orphaned by 50 kills")
        #expect(orphans.count <= 5, "\(orphans.count) temporary files were abandoned in 50 kills")
    }
}

/// Names in `directory` that look like temporary files of a save.
func temporaryFiles(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
}

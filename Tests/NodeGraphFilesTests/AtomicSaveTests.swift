import Foundation
import NodeGraph
import NodeGraphFiles
import Testing

/// Names in `directory` that look like temporary files of a save.
func temporaryFiles(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
}

@Suite struct AtomicSaveTests {
    @Test func savingWritesTheCanonicalTextAndLeavesNoTemporaryFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("graph.json")
        try GraphFile.save(Graph.demoCalculator(), to: file.path)
        try GraphFile.save(Graph.demoCalculator(), to: file.path)
        #expect(try Data(contentsOf: file) == GraphFile.encode(Graph.demoCalculator()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["graph.json"])
    }

    @Test func savingKeepsTheOldFilesPermissions() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("private.json")
        try GraphFile.save(Graph(), to: file.path)
        #expect(chmod(file.path, 0o640) == 0)
        try GraphFile.save(Graph.demoCalculator(), to: file.path)
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
    }

    @Test func aNewFileGetsTheUsualPermissions() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("new.json")
        let mask = umask(0o022)
        defer { umask(mask) }
        try GraphFile.save(Graph(), to: file.path)
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o644)
    }

    @Test func aFailedSaveLeavesTheOldFileAndNoTemporaryFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A directory where the file should be: the rename fails after the temporary is written.
        let target = directory.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        #expect(throws: SaveError.self) { try GraphFile.save(Graph.demoCalculator(), to: target.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
    }

    @Test func savingIntoAMissingDirectorySaysWhy() throws {
        do {
            try GraphFile.save(Graph(), to: "/nonexistent-directory/graph.json")
            Issue.record("the save should have failed")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "cannot save '/nonexistent-directory/graph.json': cannot open the directory"))
        }
    }

    @Test func savingThroughASymbolicLinkReplacesTheFileItPointsTo() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = directory.appendingPathComponent("real.json")
        let link = directory.appendingPathComponent("link.json")
        try GraphFile.save(Graph(), to: real.path)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try GraphFile.save(Graph.demoCalculator(), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try Data(contentsOf: real) == GraphFile.encode(Graph.demoCalculator()))
    }

    @Test func aTemporaryFileAbandonedByADeadProcessIsRemovedByTheNextSave() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var deadPID: Int32 = 4_000_000
        while kill(deadPID, 0) == 0 || errno != ESRCH { deadPID -= 1 }
        let abandoned = directory.appendingPathComponent(".graph.json.nodegraph-\(deadPID)-abc.tmp")
        let unrelated = directory.appendingPathComponent(".other.json.nodegraph-\(deadPID)-abc.tmp")
        try Data("partial".utf8).write(to: abandoned)
        try Data("partial".utf8).write(to: unrelated)
        try GraphFile.save(Graph(), to: directory.appendingPathComponent("graph.json").path)
        #expect(try temporaryFiles(in: directory) == [unrelated.lastPathComponent])
    }

    @Test func writingRawBytesIsAtomicToo() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try AtomicFile.write(Data("first".utf8), to: file.path)
        try AtomicFile.write(Data("second".utf8), to: file.path)
        #expect(try String(contentsOf: file, encoding: .utf8) == "second")
    }
}

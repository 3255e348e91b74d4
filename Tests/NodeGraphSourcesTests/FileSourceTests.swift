import Clocks
import Foundation
import NodeGraph
import NodeGraphSources
import Testing

@Suite struct FileSourceTests {
    @Test func aFileSourceReadsTheFirstNumberInTheFile() throws {
        let folder = try makeFolder()
        try write("load average: -1.5e1 (of 4 cores)\n", to: folder + "/load.txt")
        let (sources, _) = testSources(try fileGraph("load.txt"), folder: folder)
        #expect(sources.takeUpdates() == [number("f", -15)])
    }

    @Test func aMissingFileIsAnErrorNamingThePath() throws {
        let folder = try makeFolder()
        let (sources, _) = testSources(try fileGraph("missing.txt"), folder: folder)
        #expect(sources.takeUpdates() == [failure("f", "cannot read 'missing.txt'")])
        #expect(sources.status.failing == ["f": "cannot read 'missing.txt'"])
    }

    @Test func aFileWithoutANumberSaysSoWithoutShowingItsContents() throws {
        let folder = try makeFolder()
        try write("password: hunter\n", to: folder + "/secret.txt")
        let (sources, _) = testSources(try fileGraph("secret.txt"), folder: folder)
        let updates = sources.takeUpdates()
        #expect(updates == [failure("f", "no number in 'secret.txt'")])
        #expect(!"\(updates)".contains("hunter"))
    }

    @Test func aFolderIsUnreadableAsASource() throws {
        let folder = try makeFolder()
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        let (sources, _) = testSources(try fileGraph("sub"), folder: folder)
        #expect(sources.takeUpdates() == [failure("f", "cannot read 'sub'")])
    }

    @Test(arguments: ["../outside.txt", "inner/../../outside.txt"])
    func aPathLeadingOutOfTheFolderIsRefusedWithoutReadingIt(path: String) throws {
        let parent = try makeFolder()
        let folder = parent + "/graphs"
        try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
        try write("7", to: parent + "/outside.txt")
        let (sources, _) = testSources(try fileGraph(path), folder: folder)
        #expect(
            sources.takeUpdates() == [
                failure("f", "'\(path)' is outside the graph file's folder (--allow-outside reads it)")
            ])
        let (allowed, _) = testSources(try fileGraph(path), folder: folder, allowsOutside: true)
        #expect(allowed.takeUpdates() == [number("f", 7)])
    }

    @Test func anAbsolutePathOutsideTheFolderIsRefused() throws {
        let folder = try makeFolder()
        let outside = try makeFolder() + "/n.txt"
        try write("3", to: outside)
        let (sources, _) = testSources(try fileGraph(outside), folder: folder)
        #expect(sources.takeUpdates().first?.value.error != nil)
    }

    @Test func aSymbolicLinkPointingOutOfTheFolderIsRefused() throws {
        let parent = try makeFolder()
        let folder = parent + "/graphs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("7", to: parent + "/outside.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.txt", withDestinationPath: "../outside.txt")
        let (sources, _) = testSources(try fileGraph("link.txt"), folder: folder)
        #expect(
            sources.takeUpdates() == [
                failure("f", "'link.txt' is outside the graph file's folder (--allow-outside reads it)")
            ])
    }

    @Test func aSymbolicLinkTurnedToPointOutOfTheFolderIsRefusedFromThenOn() throws {
        let parent = try makeFolder()
        let folder = parent + "/graphs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("9", to: folder + "/real.txt")
        try write("7", to: parent + "/outside.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.txt", withDestinationPath: "real.txt")
        let (sources, _) = testSources(try fileGraph("link.txt"), folder: folder)
        #expect(sources.takeUpdates() == [number("f", 9)])
        try FileManager.default.removeItem(atPath: folder + "/link.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.txt", withDestinationPath: "../outside.txt")
        sources.poll()
        #expect(
            sources.takeUpdates() == [
                failure("f", "'link.txt' is outside the graph file's folder (--allow-outside reads it)")
            ])
    }

    @Test func aSymbolicLinkPointingInsideTheFolderIsFollowed() throws {
        let folder = try makeFolder()
        try write("9", to: folder + "/real.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.txt", withDestinationPath: "real.txt")
        let (sources, _) = testSources(try fileGraph("link.txt"), folder: folder)
        #expect(sources.takeUpdates() == [number("f", 9)])
    }

    @Test(arguments: [true, false])
    func aFileReplacedTruncatedDeletedAndRecreatedIsFollowed(usesNotifications: Bool) async throws {
        let folder = try makeFolder()
        let path = folder + "/n.txt"
        try write("1", to: path)
        let (sources, clock) = testSources(
            try fileGraph("n.txt"), folder: folder, usesNotifications: usesNotifications)
        #expect(sources.takeUpdates() == [number("f", 1)])
        /// What the source shows once the change is noticed: at once when notified; polled,
        /// after two readings that agree.
        func noticed() async -> [SourceUpdate] {
            if !usesNotifications {
                await clock.advance(by: .milliseconds(250))
                sources.poll()
                #expect(sources.takeUpdates().isEmpty, "one reading is not taken yet")
                await clock.advance(by: .milliseconds(250))
            }
            sources.poll()
            return sources.takeUpdates()
        }
        try replace(path, with: "2")
        #expect(await noticed() == [number("f", 2)])
        try write("", to: path)
        #expect(await noticed() == [failure("f", "no number in 'n.txt'")])
        try FileManager.default.removeItem(atPath: path)
        #expect(await noticed() == [failure("f", "cannot read 'n.txt'")])
        try write("4", to: path)
        #expect(await noticed() == [number("f", 4)])
    }

    @Test func aFileBeingWrittenIsReadOnlyOnceItsWriterClosesIt() throws {
        let folder = try makeFolder()
        let path = folder + "/n.txt"
        try write("1", to: path)
        let (sources, _) = testSources(try fileGraph("n.txt"), folder: folder)
        _ = sources.takeUpdates()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.truncateFile(atOffset: 0)
        handle.write(Data("12".utf8))
        sources.poll()
        #expect(sources.takeUpdates().isEmpty)
        handle.write(Data("34".utf8))
        handle.closeFile()
        sources.poll()
        #expect(sources.takeUpdates() == [number("f", 1234)])
    }

    @Test func aFileLinkedIntoPlaceIsReadAtOnce() throws {
        let folder = try makeFolder()
        try write("6", to: folder + "/ready.txt")
        let (sources, _) = testSources(try fileGraph("n.txt"), folder: folder)
        #expect(sources.takeUpdates() == [failure("f", "cannot read 'n.txt'")])
        #expect(link(folder + "/ready.txt", folder + "/n.txt") == 0)
        sources.poll()
        #expect(sources.takeUpdates() == [number("f", 6)])
    }

    @Test func aPolledFileWrittenSlowlyNeverShowsHalfANumber() async throws {
        let folder = try makeFolder()
        let path = folder + "/n.txt"
        try write("1", to: path)
        let (sources, clock) = testSources(try fileGraph("n.txt"), folder: folder, usesNotifications: false)
        _ = sources.takeUpdates()
        var seen: [SourceUpdate] = []
        for text in ["2", "25", "250", "250"] {
            try write(text, to: path)
            await clock.advance(by: .milliseconds(250))
            sources.poll()
            seen += sources.takeUpdates()
        }
        #expect(seen == [number("f", 250)])
    }

    @Test func aKernelFileThatChangesFasterThanItIsPolledShowsEachReading() async throws {
        // /proc/uptime changes every 10 ms: two readings 0.25 s apart never agree.
        let (sources, clock) = testSources(try fileGraph("/proc/uptime"))
        var seen = sources.takeUpdates()
        for _ in 0..<3 {
            try await Task.sleep(for: .milliseconds(30))
            await clock.advance(by: .milliseconds(250))
            sources.poll()
            seen += sources.takeUpdates()
        }
        let uptimes = seen.compactMap { update -> Double? in
            guard case .number(let seconds) = update.value else { return nil }
            return seconds
        }
        #expect(seen.count == 4 && uptimes.count == 4, "\(seen)")
        #expect(uptimes == uptimes.sorted() && Set(uptimes).count == 4, "\(uptimes)")
    }

    @Test func aFileInAFolderThatDoesNotExistYetIsPolledUntilItAppears() async throws {
        let folder = try makeFolder()
        let (sources, clock) = testSources(try fileGraph("later/n.txt"), folder: folder)
        #expect(sources.takeUpdates() == [failure("f", "cannot read 'later/n.txt'")])
        try FileManager.default.createDirectory(atPath: folder + "/later", withIntermediateDirectories: true)
        try write("5", to: folder + "/later/n.txt")
        for _ in 0..<2 {
            await clock.advance(by: .milliseconds(250))
            sources.poll()
        }
        #expect(sources.takeUpdates() == [number("f", 5)])
    }

    @Test func anUnchangedFileLeavesNoUpdate() throws {
        let folder = try makeFolder()
        let path = folder + "/n.txt"
        try write("3", to: path)
        let (sources, _) = testSources(try fileGraph("n.txt"), folder: folder)
        _ = sources.takeUpdates()
        try write("3\n", to: path)
        sources.poll()
        #expect(sources.takeUpdates().isEmpty)
    }

    @Test func aChangeTheKernelDroppedFromAnOverflowingQueueIsStillRead() throws {
        let folder = try makeFolder()
        for name in ["busy", "quiet"] {
            try FileManager.default.createDirectory(
                atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        for name in ["busy/n.txt", "busy/a", "busy/b", "quiet/n.txt"] {
            try write("1", to: folder + "/" + name)
        }
        var graph = try fileGraph("busy/n.txt")
        try graph.addNode("g", kind: "file", value: FileKind.path("quiet/n.txt"))
        let (sources, _) = testSources(graph, folder: folder)
        _ = sources.takeUpdates()
        // More events in the busy folder than the kernel queues (alternating files, so that none
        // merge): the quiet folder's change that follows is dropped.
        let queued =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
        for index in 0...queued { chmod(folder + (index.isMultiple(of: 2) ? "/busy/a" : "/busy/b"), 0o600) }
        try write("2", to: folder + "/quiet/n.txt")
        sources.poll()
        #expect(sources.takeUpdates() == [number("g", 2)])
    }

    @Test func theThreadWakesItsOwnerWhenAWatchedFileChanges() throws {
        let folder = try makeFolder()
        let path = folder + "/n.txt"
        try write("1", to: path)
        let sources = LiveSources(folder: folder)
        sources.follow(try fileGraph("n.txt"))
        _ = sources.takeUpdates()
        let woken = DispatchSemaphore(value: 0)
        sources.start { woken.signal() }
        defer { sources.stop() }
        try write("8", to: path)
        // Waits for the wake-up the change causes (not for time to pass); the bound only keeps
        // a broken watcher from hanging the suite.
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(sources.takeUpdates() == [number("f", 8)])
    }
}

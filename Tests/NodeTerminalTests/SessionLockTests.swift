import Foundation
import NodeTerminal
import Testing

/// The lock that keeps two sessions off one file.
@Suite struct SessionLockTests {
    private func lockPath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("graph.json.autosave.lock").path
    }

    @Test func theFirstTakesTheLockAndASecondLearnsWhoHoldsIt() throws {
        let path = try lockPath()
        guard case .acquired(let lock) = SessionLock.acquire(path: path) else {
            Issue.record("the first could not take the lock")
            return
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        guard case .heldElsewhere(let pid) = SessionLock.acquire(path: path) else {
            Issue.record("a second took the same lock")
            return
        }
        #expect(pid == getpid())
        lock.release()
    }

    @Test func releasingRemovesTheFileAndFreesTheLock() throws {
        let path = try lockPath()
        guard case .acquired(let lock) = SessionLock.acquire(path: path) else {
            Issue.record("the first could not take the lock")
            return
        }
        lock.release()
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: path))
        guard case .acquired(let next) = SessionLock.acquire(path: path) else {
            Issue.record("the lock was not freed")
            return
        }
        next.release()
    }

    @Test func aLockFileLeftByAProcessThatDiedIsTaken() throws {
        let path = try lockPath()
        try "999999\n".write(toFile: path, atomically: false, encoding: .utf8)  // no flock on it
        guard case .acquired(let lock) = SessionLock.acquire(path: path) else {
            Issue.record("a lock file without a holder was not taken")
            return
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        lock.release()
    }

    @Test func aFolderThatDoesNotExistLeavesNoLock() throws {
        let path = try lockPath() + "-missing/graph.lock"
        guard case .unavailable(let reason) = SessionLock.acquire(path: path) else {
            Issue.record("a lock in a missing folder")
            return
        }
        #expect(reason == "No such file or directory")
    }
}

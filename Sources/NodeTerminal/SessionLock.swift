#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive claim on a file for one editing session, so two sessions never share an autosave
/// journal: the first takes the lock, a second learns who holds it and opens read-only.
///
/// The lock is `flock` on a small file (beside the journal) that holds the owner's process id.
/// The kernel releases it when the process ends in any way, a crash or `kill -9` included, so a
/// lock is never stale; the file left behind by a crash is simply taken by the next session.
/// `release()` (or deinit) removes the file while still holding the lock.
///
/// ```swift
/// switch SessionLock.acquire(path: "graph.json.autosave.lock") {
/// case .acquired(let lock): keptUntilQuit = lock  // and released by the system on any exit
/// case .heldElsewhere(let pid): status = "read-only: open in another session (pid \(pid ?? 0))"
/// case .unavailable(let reason): log("editing without a lock: \(reason)")
/// }
/// ```
public final class SessionLock {
    /// What `acquire(path:)` found.
    package enum Outcome {
        /// The lock is this session's until `release()`.
        case acquired(SessionLock)
        /// Another process holds it; its process id when it could be read.
        case heldElsewhere(pid: Int32?)
        /// The lock file could not be opened (a missing or read-only directory); the reason.
        case unavailable(reason: String)
    }

    /// The lock file.
    package let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Takes the lock at `path` without waiting, creating the file if needed, and writes this
    /// process's id into it.
    /// - Parameter path: The lock file.
    /// - Returns: The lock, who holds it, or why there is none.
    package static func acquire(path: String) -> Outcome {
        // A holder that releases unlinks the file under its lock: a file opened just before that
        // is no longer the one at `path`, so try again (a few times; the race is brief).
        for _ in 0..<8 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return .unavailable(reason: String(cString: strerror(errno))) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let holder = readProcessID(descriptor)
                close(descriptor)
                return .heldElsewhere(pid: holder)
            }
            guard refersToTheFileAtPath(descriptor, path) else {
                close(descriptor)
                continue
            }
            let text = "\(getpid())\n"
            _ = ftruncate(descriptor, 0)
            _ = text.utf8CString.withUnsafeBufferPointer {
                pwrite(descriptor, $0.baseAddress, $0.count - 1, 0)
            }
            return .acquired(SessionLock(path: path, descriptor: descriptor))
        }
        return .unavailable(reason: "the lock file keeps being replaced")
    }

    /// Removes the lock file and gives the lock up. Calling it again does nothing.
    package func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    /// The process id the holder wrote, waiting briefly for a holder that has just taken the lock.
    private static func readProcessID(_ descriptor: Int32) -> Int32? {
        for attempt in 0..<20 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
            if let pid = text.split(whereSeparator: \.isWhitespace).first.flatMap({ Int32($0) }), pid > 0 {
                return pid
            }
            if attempt < 19 { usleep(5_000) }
        }
        return nil
    }

    private static func refersToTheFileAtPath(_ descriptor: Int32, _ path: String) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}

import Foundation

/// Why a file could not be saved. The previous file, if any, is left as it was.
public struct SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was being saved.
    public var path: String
    /// What went wrong, e.g. `No space left on device`.
    public var reason: String

    /// Creates a save error.
    /// - Parameters:
    ///   - path: The file that was being saved.
    ///   - reason: What went wrong.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot save 'graph.json': reason`, on one line: anything unprintable in the path is shown
    /// escaped (`'a\nb.json'`).
    public var description: String { "cannot save '\(path.escapedForMessage)': \(reason)" }
}

/// Replaces a file's contents so that, whatever happens — a full disk, a crash, a power cut —
/// the file holds either its old contents or its new contents, never a mix.
///
/// ``write(_:to:)`` writes a temporary file in the same directory, flushes it to disk, gives it
/// the old file's permissions, renames it over the target and flushes the directory. On Linux the
/// temporary file has no name until just before the rename (`O_TMPFILE`), so a process killed
/// while writing leaves nothing behind; a temporary file abandoned by a killed process in the
/// instant between naming and renaming is removed by the next save of the same file.
public enum AtomicFile {
    /// Replaces the file at `path` with `data`, atomically and durably.
    ///
    /// A symbolic link is followed: the file it points to is replaced. A new file gets the
    /// permissions `0666` less the process's umask; an existing file keeps its permissions.
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The file to replace or create.
    /// - Throws: ``SaveError`` saying why; the previous file is then intact and no temporary
    ///   file is left behind.
    /// - Complexity: O(*n*) in the size of `data`, plus two flushes to disk.
    public static func write(_ data: Data, to path: String) throws(SaveError) {
        try write(data, to: path, using: SystemFileOperations())
    }

    /// Replaces the file at `path` with `data`, atomically and durably, through `files` (a test's
    /// failing system calls; see ``write(_:to:)``).
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The file to replace or create.
    ///   - files: The system calls to make.
    /// - Throws: ``SaveError`` saying why; the previous file is then intact and no temporary
    ///   file is left behind.
    /// - Complexity: O(*n*) in the size of `data`, plus two flushes to disk.
    package static func write(_ data: Data, to path: String, using files: any FileOperations)
        throws(SaveError)
    {
        let target = resolvingSymbolicLink(path)
        let (directory, name) = split(target)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw SaveError(path: path, reason: "the path does not name a file")
        }
        let directoryDescriptor = files.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard directoryDescriptor >= 0 else {
            throw SaveError(
                path: path,
                reason: "cannot open the directory '\(directory.escapedForMessage)': \(systemError())")
        }
        defer { close(directoryDescriptor) }
        removeAbandonedTemporaries(of: name, in: directory, descriptor: directoryDescriptor)

        var old = stat()
        let exists = fstatat(directoryDescriptor, name, &old, 0) == 0
        if exists && (old.st_mode & S_IFMT) == S_IFDIR {
            throw SaveError(path: path, reason: "a directory has that name")
        }
        let temporary = Temporary(
            files: files, directory: directoryDescriptor,
            name: ".\(name)\(temporaryMarker)\(getpid())-\(randomSuffix()).tmp")
        try temporary.write(data, keeping: exists ? old : nil, path: path, unnamedFirst: true)
        guard files.renameat(directoryDescriptor, temporary.name, directoryDescriptor, name) == 0 else {
            let reason = systemError()
            unlinkat(directoryDescriptor, temporary.name, 0)
            throw SaveError(path: path, reason: "cannot rename the temporary file over the file: \(reason)")
        }
        guard files.fsync(directoryDescriptor) == 0 else {
            throw SaveError(
                path: path,
                reason: "the file was replaced, but the directory could not be flushed: \(systemError())")
        }
    }

    /// What temporary files' names hold between the target's name and the writer's process id.
    static let temporaryMarker = ".nodegraph-"

    /// A temporary file being written in the target's directory.
    private struct Temporary {
        let files: any FileOperations
        let directory: Int32
        let name: String

        /// Writes, sets permissions and flushes the temporary file, and gives it its name;
        /// removes it on any failure.
        func write(_ data: Data, keeping old: stat?, path: String, unnamedFirst: Bool) throws(SaveError) {
            var named = false
            var descriptor: Int32 = -1
            #if os(Linux)
                if unnamedFirst {
                    descriptor = files.openat(directory, ".", oTmpFile | O_WRONLY | O_CLOEXEC, 0o666)
                }
            #endif
            if descriptor < 0 {
                descriptor = files.openat(directory, name, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
                guard descriptor >= 0 else {
                    throw SaveError(path: path, reason: "cannot create a temporary file: \(systemError())")
                }
                named = true
            }
            var open = true
            do throws(SaveError) {
                try writeAll(data, to: descriptor, path: path, using: files)
                if let old {
                    if old.st_uid != geteuid() || old.st_gid != getegid() {
                        _ = fchown(descriptor, old.st_uid, old.st_gid)  // only possible with privileges
                    }
                    guard fchmod(descriptor, old.st_mode & 0o7777) == 0 else {
                        throw SaveError(
                            path: path, reason: "cannot keep the file's permissions: \(systemError())")
                    }
                }
                guard files.fsync(descriptor) == 0 else {
                    throw SaveError(path: path, reason: "cannot flush the file to disk: \(systemError())")
                }
                if !named {
                    guard
                        linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", directory, name, AT_SYMLINK_FOLLOW)
                            == 0
                    else {
                        // No /proc: start again with a named temporary file.
                        close(descriptor)
                        open = false
                        return try write(data, keeping: old, path: path, unnamedFirst: false)
                    }
                    named = true
                }
                open = false
                guard close(descriptor) == 0 else {
                    throw SaveError(path: path, reason: "cannot write the file: \(systemError())")
                }
            } catch {
                if open { close(descriptor) }
                if named { unlinkat(directory, name, 0) }
                throw error
            }
        }
    }

    private static func writeAll(
        _ data: Data, to descriptor: Int32, path: String, using files: any FileOperations
    )
        throws(SaveError)
    {
        let failure: SaveError? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = files.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return SaveError(path: path, reason: "cannot write the file: \(systemError())")
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    #if os(Linux)
        /// `O_TMPFILE`, which Swift does not import (it is a macro of two flags).
        private static let oTmpFile: Int32 = 0o2000_0000 | O_DIRECTORY
    #endif

    /// Removes temporary files of `name` left by processes that no longer run.
    private static func removeAbandonedTemporaries(of name: String, in directory: String, descriptor: Int32) {
        let prefix = ".\(name)\(temporaryMarker)"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            let rest = entry.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }), pid != getpid() else {
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH { unlinkat(descriptor, entry, 0) }
        }
    }

    /// The file a symbolic link points to, or `path` itself.
    private static func resolvingSymbolicLink(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
            let resolved = realpath(path, nil)
        else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The directory part and the file name of a path.
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private static func randomSuffix() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}

/// The text of `errno`.
func systemError() -> String { String(cString: strerror(errno)) }

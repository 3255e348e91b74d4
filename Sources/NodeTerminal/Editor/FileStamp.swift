import Foundation

/// What a file held when a session last read or wrote it: its size, modification time and a hash
/// of its bytes, to notice when another program changes it.
///
/// ``hasChanged(at:)`` costs one `stat` while size and modification time stay the same; when
/// either differs it reads the file and compares hashes, so a `touch` is not a change.
struct FileStamp: Equatable {
    var size: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    var device: UInt64
    var inode: UInt64
    /// The bytes' hash; `nil` when the file could not be read.
    var hash: Int?

    /// The stamp of the file at `path` now; `nil` when there is no file there.
    /// - Complexity: O(*n*) in the size of the file.
    static func read(_ path: String) -> FileStamp? {
        guard var stamp = status(path) else { return nil }
        stamp.hash = contentHash(path)
        return stamp
    }

    /// Whether the file at `path` holds other content than the stamp recorded (or is gone, or
    /// appeared where there was none).
    /// - Parameters:
    ///   - stamp: The stamp recorded; `nil`: there was no file.
    ///   - path: The file.
    /// - Returns: Whether it changed, and the stamp to keep (renewed when only its time changed).
    static func check(_ stamp: FileStamp?, at path: String) -> (changed: Bool, stamp: FileStamp?) {
        guard let now = status(path) else { return (stamp != nil, stamp) }
        guard let stamp else { return (true, stamp) }
        if now.hasSameStatus(as: stamp) { return (false, stamp) }
        var renewed = now
        renewed.hash = contentHash(path)
        guard renewed.size == stamp.size, renewed.hash != nil, renewed.hash == stamp.hash else {
            return (true, stamp)
        }
        return (false, renewed)
    }

    /// Whether two stamps agree on size, time and file, hash aside.
    func hasSameStatus(as other: FileStamp) -> Bool {
        size == other.size && modifiedSeconds == other.modifiedSeconds
            && modifiedNanoseconds == other.modifiedNanoseconds && device == other.device
            && inode == other.inode
    }

    /// The stamp of the file at `path` without its hash (one `stat`); `nil` when there is none.
    static func status(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(
            size: Int(status.st_size), modifiedSeconds: Int(status.st_mtim.tv_sec),
            modifiedNanoseconds: Int(status.st_mtim.tv_nsec), device: UInt64(status.st_dev),
            inode: UInt64(status.st_ino), hash: nil)
    }

    /// A hash of the file's bytes, read a megabyte at a time; `nil` when it cannot be read.
    private static func contentHash(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var hasher = Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress, $0.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return hasher.finalize() }
            buffer.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }
}

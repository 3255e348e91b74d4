import Foundation

/// The system calls through which saves (``AtomicFile``) and journals (``JournalRecorder``) write:
/// the real ones by default (``SystemFileOperations``); a test puts in one that fails a chosen
/// call the way a full disk (`ENOSPC`), a file-size limit (`EFBIG`), a read-only folder (`EACCES`,
/// `EROFS`) or a failing rename would, and checks that nothing is half-written.
///
/// Each call answers as the C call does: a result, or -1 with `errno` set.
package protocol FileOperations: Sendable {
    /// `open(2)`.
    func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `openat(2)`.
    func openat(_ directory: Int32, _ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `write(2)`.
    func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int
    /// `fsync(2)`.
    func fsync(_ descriptor: Int32) -> Int32
    /// `renameat(2)`.
    func renameat(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String) -> Int32
}

extension FileOperations {
    package func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Foundation.open(path, flags, mode)
    }

    package func openat(_ directory: Int32, _ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Foundation.openat(directory, path, flags, mode)
    }

    package func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        Foundation.write(descriptor, buffer, count)
    }

    package func fsync(_ descriptor: Int32) -> Int32 { Foundation.fsync(descriptor) }

    package func renameat(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String) -> Int32
    {
        Foundation.renameat(fromDirectory, from, toDirectory, to)
    }
}

/// The real system calls.
package struct SystemFileOperations: FileOperations {
    /// The real system calls.
    package init() {}
}

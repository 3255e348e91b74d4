import Foundation

/// Reading a whole file into memory, within a size limit: how graph files and journals are read.
package enum TextFile {
    /// Reads a whole file, refusing directories and files over `limit` bytes.
    ///
    /// A regular file is read into a buffer one byte larger than its size (the first read takes
    /// it all, the second sees the end); the buffer grows if the file does while it is read.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - limit: The most bytes accepted.
    ///   - what: What the file should be, for the message when it is a directory (`a graph file`).
    ///   - option: The command-line option that raises `limit`, named when it is passed.
    /// - Returns: The file's bytes.
    /// - Throws: ``LoadProblem`` of kind ``LoadProblem/Kind/unreadable`` or
    ///   ``LoadProblem/Kind/fileTooLarge``.
    /// - Complexity: O(*n*) in the size of the file.
    package static func read(
        _ path: String, limit: Int, what: String, raisedBy option: String? = nil
    ) throws(LoadProblem) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LoadProblem(
                .unreadable, reason: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var expected = 1 << 16
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw LoadProblem(.unreadable, reason: "this is a directory, not \(what)")
            }
            if (status.st_mode & S_IFMT) == S_IFREG {
                if Int(status.st_size) > limit { throw tooLarge(limit, raisedBy: option) }
                expected = Int(status.st_size) + 1  // one more byte, to see the end in one read
            }
        }
        let cap = limit < Int.max ? limit + 1 : limit  // reading one byte past the limit shows it is passed
        var bytes = [UInt8](repeating: 0, count: min(expected, cap))
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { throw tooLarge(limit, raisedBy: option) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 1 << 16), cap - count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw LoadProblem(
                    .unreadable, reason: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            count += got
        }
        if count > limit { throw tooLarge(limit, raisedBy: option) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The problem of a text over its size limit: `the file is larger than the limit of 64 MiB`,
    /// then `(--max-file-size raises it)` when an option does.
    static func tooLarge(_ limit: Int, raisedBy option: String? = nil) -> LoadProblem {
        LoadProblem(
            .fileTooLarge,
            reason: "the file is larger than the limit of \(byteCount(limit))"
                + (option.map { " (\($0) raises it)" } ?? ""))
    }

    /// `64 MiB`, `10 KiB`, `10 bytes`.
    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

import Glibc
import NodeGraph

/// Where a file source's path leads, and what reading it gives: the first number in the file,
/// or an error value naming the path as written — never the file's contents.
struct SourceFile {
    /// The most bytes read from a file: the first number must be within them.
    static let readLimit = 64 * 1024

    /// The path as the node holds it (relative to the folder, or absolute).
    let path: String
    /// The path joined to the folder, not yet resolved.
    let joined: String
    /// The graph file's folder, resolved (no symbolic links, no `..`).
    let folder: String
    /// Whether a path resolving outside the folder may be read.
    let allowsOutside: Bool

    init(path: String, folder: String, allowsOutside: Bool) {
        self.path = path
        self.joined = path.hasPrefix("/") ? path : (folder == "/" ? "/" : folder + "/") + path
        self.folder = folder
        self.allowsOutside = allowsOutside
    }

    /// The error a file source shows, origin left for the graph to fill in.
    static func failure(_ reason: String) -> Value {
        .error(ValueError(reason: reason, origin: NodeID("")))
    }

    /// `cannot read 'PATH'`.
    var unreadable: Value { SourceFile.failure("cannot read '\(path.escapedForMessage)'") }
    /// `no number in 'PATH'`.
    var numberless: Value { SourceFile.failure("no number in '\(path.escapedForMessage)'") }
    /// The refusal of a path leading outside the folder.
    var outside: Value {
        SourceFile.failure(
            "'\(path.escapedForMessage)' is outside the graph file's folder (--allow-outside reads it)")
    }

    /// The path with every symbolic link and `..` resolved: the file's own when it exists, else
    /// its folder's followed by its name (a file not created yet).
    var resolved: String? {
        if let whole = SourceFile.realPath(joined) { return whole }
        let slash = joined.lastIndex(of: "/")!
        let parent = slash == joined.startIndex ? "/" : String(joined[..<slash])
        let name = joined[joined.index(after: slash)...]
        guard name != "..", name != ".", let folder = SourceFile.realPath(parent) else { return nil }
        return (folder == "/" ? "" : folder) + "/" + name
    }

    /// Whether a resolved path is the folder or inside it.
    func isInside(_ resolved: String) -> Bool {
        resolved == folder || resolved.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// The folders to watch for this file: the one its path names and, through a symbolic
    /// link, the one it leads to.
    var folders: [String] {
        var result: [String] = []
        for path in [joined, resolved].compactMap({ $0 }) {
            let slash = path.lastIndex(of: "/")!
            let folder = slash == path.startIndex ? "/" : String(path[..<slash])
            if !result.contains(folder) { result.append(folder) }
        }
        return result
    }

    /// Reads the file: its first number, or the error saying why there is none.
    func read() -> Value {
        guard let resolved else { return unreadable }
        if !allowsOutside && !isInside(resolved) { return outside }
        // Non-blocking, so that a FIFO cannot hold the reader; only regular files and devices.
        let descriptor = open(resolved, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return unreadable }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return unreadable }
        var bytes = [UInt8](repeating: 0, count: SourceFile.readLimit)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0 && errno == EINTR { continue }
            if read < 0 && errno != EAGAIN { return unreadable }
            if read <= 0 { break }
            count += read
        }
        guard let number = SourceFile.firstNumber(in: bytes[..<count]) else { return numberless }
        return .number(number)
    }

    /// The first decimal number in some text (`-12`, `3.5`, `.5`, `2e3`), when finite.
    static func firstNumber(in bytes: ArraySlice<UInt8>) -> Double? {
        func isDigit(_ index: Int) -> Bool { index < bytes.endIndex && (0x30...0x39).contains(bytes[index]) }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let startsNumber =
                isDigit(index) || (bytes[index] == UInt8(ascii: ".") && isDigit(index + 1))
            guard startsNumber else {
                index += 1
                continue
            }
            var start = index
            if start > bytes.startIndex,
                bytes[start - 1] == UInt8(ascii: "-") || bytes[start - 1] == UInt8(ascii: "+")
            {
                start -= 1
            }
            var end = index
            while isDigit(end) { end += 1 }
            if end < bytes.endIndex && bytes[end] == UInt8(ascii: ".") {
                end += 1
                while isDigit(end) { end += 1 }
            }
            if end < bytes.endIndex && (bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E")) {
                var exponent = end + 1
                if exponent < bytes.endIndex
                    && (bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+"))
                {
                    exponent += 1
                }
                if isDigit(exponent) {
                    end = exponent
                    while isDigit(end) { end += 1 }
                }
            }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            guard let number = Double(text), number.isFinite else { return nil }
            return number
        }
        return nil
    }

    /// `realpath`, as a Swift string.
    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the folder is on a file system whose files change without notifications
    /// (`/proc`, `/sys`): its files must be polled.
    static func isOnPseudoFileSystem(_ folder: String) -> Bool {
        ["/proc", "/sys"].contains { folder == $0 || folder.hasPrefix($0 + "/") }
    }
}

import Foundation

/// Writes whole lines to standard output, unbuffered by Swift's `print`.
///
/// Output that cannot be written (standard output closed, a full disk) ends the program with
/// status 1 and one line on standard error saying why, rather than a crash.
enum StandardOutput {
    /// Writes `text` and a line end.
    static func write(_ text: String) {
        StandardStreams.writeOrExit(text + "\n", to: STDOUT_FILENO, naming: "standard output")
    }

    /// Writes many lines at once.
    static func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        StandardStreams.writeOrExit(
            lines.joined(separator: "\n") + "\n", to: STDOUT_FILENO, naming: "standard output")
    }
}

/// Standard output gathered into blocks: lines are appended to a buffer that is written each
/// time it holds ``blockSize`` bytes, so that a million lines (`eval` of a large graph) cost a
/// few hundred writes and never a copy of the whole output.
///
/// Output that cannot be written ends the program as ``StandardOutput`` does.
struct BufferedOutput {
    /// The bytes gathered before they are written.
    static let blockSize = 1 << 16

    private var buffer: [UInt8] = []
    private let descriptor: Int32
    /// The number of writes made so far (each of at most ``blockSize`` bytes but the last).
    private(set) var blocksWritten = 0

    /// Output to `descriptor`, standard output by default.
    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        buffer.reserveCapacity(BufferedOutput.blockSize + 256)
    }

    /// Appends `text` and a line end, writing the buffer when it is full.
    mutating func append(line text: String) {
        append(text)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= BufferedOutput.blockSize { flush() }
    }

    /// Appends `text` without a line end.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// Writes what the buffer holds.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        StandardStreams.writeOrExit(buffer[...], to: descriptor, naming: "standard output")
        blocksWritten += 1
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes whole lines to standard error.
enum StandardError {
    /// Writes `text` and a line end; nothing happens when standard error cannot be written.
    static func write(_ text: String) {
        _ = StandardStreams.write(text + "\n", to: STDERR_FILENO)
    }

    /// Writes many lines at once; nothing happens when standard error cannot be written.
    static func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        _ = StandardStreams.write(lines.joined(separator: "\n") + "\n", to: STDERR_FILENO)
    }
}

/// The signal that asked the program to end (SIGINT, SIGTERM), set by a handler that lets the
/// program end on its own (`watch`); 0 until then. A write blocked on a reader that stopped
/// reading gives up once it is set, and the program ends with status 0, as the signal asked.
nonisolated(unsafe) var endingSignal: Int32 = 0

/// The program's standard input, output and error descriptors.
enum StandardStreams {
    /// Opens `/dev/null`, read-only, on each of descriptors 0, 1 and 2 the program was started
    /// without, so that no file, pipe or notification descriptor opened later takes a standard
    /// stream's number: a closed standard input then reads as empty, and writing to a closed
    /// standard output or error fails as before.
    static func holdClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes all of `text` to `descriptor`, waiting while a non-blocking one is full.
    /// - Returns: `nil`, or the reason the text could not be written (`interrupted` when a
    ///   signal asked the program to end while it waited: see ``endingSignal``).
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> String? {
        write(Array(text.utf8)[...], to: descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, as ``write(_:to:)-(String,_)`` writes text.
    @discardableResult
    static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> String? {
        var bytes = bytes
        while !bytes.isEmpty {
            if endingSignal != 0 { return interrupted }
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                bytes = bytes.dropFirst(written)
                continue
            }
            if errno == EAGAIN {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else if errno != EINTR {
                return String(cString: strerror(errno))
            }
        }
        return nil
    }

    /// What ``write(_:to:)`` says when a signal asked the program to end while it waited.
    static let interrupted = "interrupted"

    /// Writes all of `text` to `descriptor`, or ends the program with status 1 and a line on
    /// standard error naming `stream` and the reason; with status 0 and nothing more when a
    /// signal asked the program to end while the write waited.
    static func writeOrExit(_ text: String, to descriptor: Int32, naming stream: String) {
        writeOrExit(Array(text.utf8)[...], to: descriptor, naming: stream)
    }

    /// Writes all of `bytes` to `descriptor`, or ends the program as ``writeOrExit(_:to:naming:)-(String,_,_)``.
    static func writeOrExit(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, naming stream: String) {
        guard let reason = write(bytes, to: descriptor) else { return }
        if reason == interrupted { exit(0) }
        write("cannot write to \(stream): \(reason)\n", to: STDERR_FILENO)
        exit(1)
    }
}

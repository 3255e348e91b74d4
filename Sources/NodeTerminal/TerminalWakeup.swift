#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A self-pipe that wakes an event loop asleep in `poll`: any thread (or a signal handler) writes
/// a byte, the loop sees the read end readable and drains it.
///
/// Both ends are non-blocking and closed when the last reference goes, so a thread still
/// holding one (through ``EventLoopMailbox``) never writes to a descriptor that was closed and
/// reused.
final class TerminalWakeup: Sendable {
    /// The end the loop watches.
    let readDescriptor: Int32
    /// The end ``wake()`` writes to.
    let writeDescriptor: Int32

    /// Creates the pipe.
    /// - Throws: ``TerminalError/cannotCreateWakeup(reason:)`` when the system refuses a pipe.
    init() throws(TerminalError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw .cannotCreateWakeup(reason: String(cString: strerror(errno)))
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes the read end readable. Safe from any thread; a full pipe means a wake is pending.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Reads every pending byte, so the next `poll` sleeps until the next ``wake()``.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}

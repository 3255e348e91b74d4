import Synchronization

/// Where other threads leave messages for the program on an ``EventLoop``: ``post(_:)`` queues
/// a message and wakes the loop, which delivers every queued message in order on the main actor
/// (``TerminalProgram/receive(_:)``) and draws a frame.
///
/// A live source updating a value, a file watcher or a timer holds the mailbox, not the program:
///
/// ```swift
/// let mailbox = loop.mailbox
/// Thread.detachNewThread {
///     while mailbox.post(.tick) { sleep(1) }
/// }
/// ```
public final class EventLoopMailbox<Message: Sendable>: Sendable {
    private struct Queue {
        var messages: [Message] = []
        var isOpen = true
    }

    private let queue = Mutex(Queue())
    private let waker: TerminalWaker

    init(waker: TerminalWaker) {
        self.waker = waker
    }

    /// Queues `message` for the program and wakes the loop. Safe from any thread.
    /// - Parameter message: What to deliver.
    /// - Returns: `false` when the loop has ended and the message was dropped.
    /// - Complexity: Amortized O(1).
    @discardableResult
    public func post(_ message: Message) -> Bool {
        let queued = queue.withLock { queue in
            guard queue.isOpen else { return false }
            queue.messages.append(message)
            return true
        }
        if queued { waker.wake() }
        return queued
    }

    /// Takes every queued message, oldest first.
    func takeAll() -> [Message] {
        queue.withLock { queue in
            guard !queue.messages.isEmpty else { return [] }
            defer { queue.messages.removeAll(keepingCapacity: true) }
            return queue.messages
        }
    }

    /// Whether a message is queued.
    var hasMessages: Bool { queue.withLock { !$0.messages.isEmpty } }

    /// Refuses further messages and drops the queued ones.
    func close() {
        queue.withLock { queue in
            queue.isOpen = false
            queue.messages.removeAll()
        }
    }
}

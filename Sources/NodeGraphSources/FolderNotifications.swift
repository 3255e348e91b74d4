import Glibc

/// The kernel's notifications of changes in folders (inotify), for the folders file sources
/// are in. A folder is watched rather than the file, so that a file replaced by a rename (an
/// atomic save), deleted and created again, or reached through a symbolic link is still followed.
///
/// A file being written is read once its writer closes it (or renames it into place), never
/// half-written: the notifications of each write in progress are not asked for.
final class FolderNotifications {
    /// The notification descriptor, non-blocking; `nil` when the kernel offers none.
    let descriptor: Int32?
    private var watchByFolder: [String: (watch: Int32, users: Int)] = [:]
    private var folderByWatch: [Int32: String] = [:]

    /// What a watched folder reports: a file closed after writing, moved in or out, deleted,
    /// created (a symbolic or hard link appears at once), its attributes changed (it became
    /// unreadable), and the folder itself deleted or moved.
    private static let events = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB | IN_DELETE_SELF
            | IN_MOVE_SELF)

    init() {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        self.descriptor = descriptor >= 0 ? descriptor : nil
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Starts (or shares) watching a folder.
    /// - Returns: Whether the folder is watched; `false` when it does not exist or the kernel
    ///   refuses (the caller then polls).
    func watch(_ folder: String) -> Bool {
        guard let descriptor else { return false }
        if let existing = watchByFolder[folder] {
            watchByFolder[folder] = (existing.watch, existing.users + 1)
            return true
        }
        let watch = inotify_add_watch(descriptor, folder, FolderNotifications.events)
        guard watch >= 0 else { return false }
        watchByFolder[folder] = (watch, 1)
        folderByWatch[watch] = folder
        return true
    }

    /// Stops one use of a folder's watch; the watch ends with its last user.
    func unwatch(_ folder: String) {
        guard let descriptor, let existing = watchByFolder[folder] else { return }
        if existing.users > 1 {
            watchByFolder[folder] = (existing.watch, existing.users - 1)
            return
        }
        watchByFolder[folder] = nil
        folderByWatch[existing.watch] = nil
        inotify_rm_watch(descriptor, existing.watch)
    }

    /// The folders where something happened since the last call, and the folders whose watch
    /// the kernel ended (deleted, or their file system unmounted); every watched folder when the
    /// kernel's queue overflowed and dropped events. Never blocks.
    func takeEvents() -> (changed: Set<String>, lost: Set<String>) {
        guard let descriptor else { return ([], []) }
        var changed: Set<String> = []
        var lost: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let name = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                offset += header + length
                // The kernel's queue overflowed: what happened since is unknown, so anything may
                // have changed.
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changed.formUnion(watchByFolder.keys)
                    continue
                }
                guard let folder = folderByWatch[watch] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    lost.insert(folder)
                    folderByWatch[watch] = nil
                    watchByFolder[folder] = nil
                    continue
                }
                // A new file is read when its writer closes it; a new symbolic link, or a hard
                // link to a file already written, at once.
                if mask & UInt32(IN_CREATE) != 0 {
                    var status = stat()
                    let path = folder + "/" + String(decoding: name, as: UTF8.self)
                    guard lstat(path, &status) == 0 else { continue }
                    let type = status.st_mode & S_IFMT
                    guard type == S_IFLNK || (type == S_IFREG && status.st_nlink > 1) else { continue }
                }
                changed.insert(folder)
            }
        }
        return (changed, lost)
    }
}

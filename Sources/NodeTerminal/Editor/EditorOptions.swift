import NodeGraphFiles

/// What one run of the editor is asked for: the file, and the command line's options.
public struct EditorOptions: Hashable, Sendable {
    /// The graph file to open, created on first save if missing; `nil` for the demo.
    public var file: String?
    /// Where to write the session's edits as a journal (`--record`).
    var recordPath: String?
    /// Where to append the session's log (`--log`).
    var logPath: String?
    /// Whether every character drawn is ASCII (`--ascii`).
    public var drawsASCIIOnly: Bool
    /// Whether file sources may read outside the graph file's folder (`--allow-outside`).
    package var allowsOutside: Bool
    /// The limits the file is opened within (`--max-file-size`).
    var fileLimits: GraphFile.Limits

    /// Creates options.
    /// - Parameters:
    ///   - file: The graph file to open; `nil` for the demo.
    ///   - recordPath: Where to record the session's edits.
    ///   - logPath: Where to log.
    ///   - drawsASCIIOnly: Whether every character drawn is ASCII.
    ///   - allowsOutside: Whether file sources may read outside the graph file's folder.
    ///   - fileLimits: The limits the file is opened within; the standard ones by default.
    public init(
        file: String? = nil, recordPath: String? = nil, logPath: String? = nil, drawsASCIIOnly: Bool = false,
        allowsOutside: Bool = false, fileLimits: GraphFile.Limits = .standard
    ) {
        self.allowsOutside = allowsOutside
        self.fileLimits = fileLimits
        self.file = file
        self.recordPath = recordPath
        self.logPath = logPath
        self.drawsASCIIOnly = drawsASCIIOnly
    }
}

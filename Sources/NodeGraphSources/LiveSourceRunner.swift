import NodeGraph

/// Runs a tool's own live-source kind: how often a node of the kind is read, and what each
/// reading gives. Registered once (`EditorConfiguration.liveSourceRunners`, which the command
/// line shares), it runs in the editor, `watch` and `eval` exactly as `clock` and `file` do: a
/// first reading at once when the source starts (on the thread that calls
/// ``LiveSources/follow(_:)``), later ones on the sources' thread, each left in the inbox for the
/// graph's owner (a reading equal to the last is not); errors as values; file paths refused
/// outside the graph file's folder without `--allow-outside`
/// (``LiveSourceReading/readNumber(fromFile:)``). `read` runs under the sources' lock: keep it
/// quick.
///
/// ```swift
/// // A bit that toggles every `interval` seconds.
/// let pulse = LiveSourceRunner(kind: "pulse", interval: { $0?.number }) { reading in
///     bit(reading.tick % 2 == 1)
/// }
/// let sources = LiveSources(folder: folder, runners: [pulse])
/// ```
public struct LiveSourceRunner: Sendable {
    /// The live-source kind it runs (a `LiveSourceKind`'s name).
    public var kind: String
    /// Seconds between readings for a node's setting (its held value), at least
    /// `ClockKind.minimumInterval`; `nil` reads once, when the source starts or its setting
    /// changes.
    public var interval: @Sendable (_ setting: Value?) -> Double?
    /// One reading: the node's value. An error value (``LiveSourceReading/failure(_:)``) shows
    /// on the node and everything downstream, as a file source's does.
    public var read: @Sendable (_ reading: LiveSourceReading) -> Value

    /// Describes a runner.
    /// - Parameters:
    ///   - kind: The kind it runs.
    ///   - interval: Seconds between readings for a setting; `nil`: read once.
    ///   - read: One reading.
    public init(
        kind: String, interval: @escaping @Sendable (_ setting: Value?) -> Double?,
        read: @escaping @Sendable (_ reading: LiveSourceReading) -> Value
    ) {
        self.kind = kind
        self.interval = interval
        self.read = read
    }
}

/// What a runner's reading knows: the node's setting, which tick it is, and where files are.
public struct LiveSourceReading: Sendable {
    /// The node.
    public var node: NodeID
    /// The node's setting (its held value).
    public var setting: Value?
    /// The tick: readings since the graph opened, at the runner's interval (`seconds / interval`
    /// rounded down); 0 for a runner that reads once.
    public var tick: Int
    /// Seconds since the graph opened.
    public var seconds: Double
    /// The graph file's folder, resolved.
    public var folder: String
    /// Whether files outside the folder may be read (`--allow-outside`).
    public var allowsOutside: Bool

    /// Creates a reading's context.
    /// - Parameters:
    ///   - node: The node.
    ///   - setting: Its setting.
    ///   - tick: The tick.
    ///   - seconds: Seconds since the graph opened.
    ///   - folder: The graph file's folder.
    ///   - allowsOutside: Whether files outside it may be read.
    public init(
        node: NodeID, setting: Value?, tick: Int, seconds: Double, folder: String, allowsOutside: Bool
    ) {
        self.node = node
        self.setting = setting
        self.tick = tick
        self.seconds = seconds
        self.folder = folder
        self.allowsOutside = allowsOutside
    }

    /// The first number in a file, as a `file` source reads it: relative to the graph file's
    /// folder, refused outside it unless allowed, and an error naming the path (never the
    /// file's contents) when it cannot be read or holds no number.
    /// - Parameter path: The path, relative to ``folder`` or absolute.
    /// - Returns: The number, or the error.
    public func readNumber(fromFile path: String) -> Value {
        SourceFile(path: path, folder: folder, allowsOutside: allowsOutside).read()
    }

    /// An error value for a reading that failed.
    /// - Parameter reason: Why, in one line.
    /// - Returns: The error; the graph names the node as its origin.
    public static func failure(_ reason: String) -> Value { SourceFile.failure(reason) }
}

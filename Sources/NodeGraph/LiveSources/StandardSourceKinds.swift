/// A live source counting the seconds since the graph was opened, every `interval` seconds.
///
/// It holds its interval (a number of seconds, at least ``minimumInterval``; 1 by default),
/// saved in graph files as `"interval"`. Its value is pushed by whatever runs the clock (the
/// `NodeGraphSources` library's `LiveSources`); before the first tick it is 0.
public struct ClockKind: LiveSourceKind {
    /// `clock`.
    public let name = "clock"
    /// `Clock`.
    public let title = "Clock"
    /// `◷`.
    public let symbol = "◷"
    /// Seconds, a number.
    public let outputType = ValueType.number
    /// Holds its interval in seconds.
    public let parameterType: ValueType? = .number
    /// A new clock ticks every second.
    public let defaultParameter: Value? = .number(1)
    /// The shortest interval a clock accepts, in seconds.
    public static let minimumInterval = 0.05

    /// Creates the kind.
    public init() {}

    /// `interval`.
    public var heldValueName: String { "interval" }

    /// Refuses an interval shorter than ``minimumInterval``.
    /// - Parameter value: The interval.
    /// - Returns: The reason, or `nil`.
    public func heldValueProblem(_ value: Value) -> String? {
        guard let seconds = value.number, seconds >= ClockKind.minimumInterval else {
            return "must be at least \(Value.format(ClockKind.minimumInterval)) seconds"
        }
        return nil
    }

    /// The seconds pushed by the clock's last tick; 0 before the first.
    /// - Parameter inputs: The pushed value.
    /// - Returns: The seconds.
    /// - Throws: Never.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        inputs.pushed ?? .number(0)
    }
}

/// A live source following the first number in a file.
///
/// It holds the file's path, relative to the graph file's folder (a value of ``pathType``),
/// saved in graph files as `"path"`. Its value is pushed by whatever watches the file (the
/// `NodeGraphSources` library's `LiveSources`): the first number in the file, or an error
/// naming the path — never the file's contents.
public struct FileKind: LiveSourceKind {
    /// The type of the path a file source holds: text (``Payload/string(_:)``).
    public static let pathType = ValueType("path")
    /// The longest path accepted, in bytes of UTF-8.
    public static let maximumPathLength = 4096

    /// `file`.
    public let name = "file"
    /// `File`.
    public let title = "File"
    /// `▤`.
    public let symbol = "▤"
    /// The number read, a number.
    public let outputType = ValueType.number
    /// Holds a path.
    public let parameterType: ValueType? = FileKind.pathType
    /// A new file source reads `number.txt`.
    public let defaultParameter: Value? = FileKind.path("number.txt")

    /// Creates the kind.
    public init() {}

    /// `path`.
    public var heldValueName: String { "path" }

    /// The path is typed in as text.
    public var valueEditor: ValueEditor { .text }

    /// A path as the value a file source holds.
    /// - Parameter text: The path.
    /// - Returns: The value.
    public static func path(_ text: String) -> Value {
        .custom(CustomValue(type: pathType, payload: .string(text)))
    }

    /// The path a held value names, when it is one.
    /// - Parameter value: A held value.
    /// - Returns: The path, or `nil`.
    public static func path(in value: Value?) -> String? {
        guard case .custom(let custom)? = value, custom.type == pathType,
            case .string(let text) = custom.payload
        else { return nil }
        return text
    }

    /// Refuses an empty path, one with control characters, and one longer than
    /// ``maximumPathLength`` bytes.
    /// - Parameter value: The path.
    /// - Returns: The reason, or `nil`.
    public func heldValueProblem(_ value: Value) -> String? {
        guard let path = FileKind.path(in: value) else { return "must be text" }
        if path.isEmpty { return "a path must not be empty" }
        if path.utf8.count > FileKind.maximumPathLength {
            return "a path must be at most \(FileKind.maximumPathLength) bytes"
        }
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a path must not contain control characters"
        }
        return nil
    }
}

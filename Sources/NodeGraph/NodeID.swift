/// The stable public identifier of a node, as written in graph files and journals.
///
/// Identifiers are strings chosen by the author of a graph (`"sum"`, `"n7"`). The graph stores
/// nodes densely by integer index inside and maps identifiers to indices, so an identifier stays
/// valid across any number of edits while the node exists.
public struct NodeID: Hashable, Comparable, Sendable, Codable, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier from its text.
    /// - Parameter rawValue: The identifier's text. Use ``validationProblem`` to check it.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal.
    /// - Parameter value: The identifier's text.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Creates an identifier from an interpolated string, e.g. `"n\(index)"`.
    /// - Parameter stringInterpolation: The interpolation.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.rawValue = String(stringInterpolation: stringInterpolation)
    }

    /// Decodes an identifier from a single JSON string.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the identifier as a single JSON string.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Errors from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Orders identifiers by their text.
    /// - Parameters:
    ///   - lhs: An identifier.
    ///   - rhs: Another identifier.
    /// - Returns: Whether `lhs` sorts before `rhs`.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The longest identifier accepted, in UTF-8 bytes.
    public static let maximumLength = 256

    /// Why this identifier is not acceptable, or `nil` when it is.
    ///
    /// An identifier must be non-empty, at most ``maximumLength`` UTF-8 bytes, and free of
    /// control characters.
    /// - Complexity: O(*m*), where *m* is the identifier's length.
    public var validationProblem: String? {
        var text = rawValue
        return text.withUTF8 { NodeID.validationProblem($0, self) }
    }

    /// ``validationProblem`` of `id`, whose UTF-8 bytes are `bytes`.
    static func validationProblem(_ bytes: UnsafeBufferPointer<UInt8>, _ id: NodeID) -> String? {
        if bytes.isEmpty { return "a node id must not be empty" }
        if bytes.count > NodeID.maximumLength {
            return "a node id must be at most \(NodeID.maximumLength) bytes"
        }
        // Printable ASCII (the usual case) has no control characters: skip the Unicode lookup.
        var printableASCII = true
        for byte in bytes where byte < 0x20 || byte >= 0x7F {
            printableASCII = false
            break
        }
        if printableASCII { return nil }
        if id.rawValue.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a node id must not contain control characters"
        }
        return nil
    }
}

/// A position on the canvas, in character cells.
public struct Position: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The column, growing to the right.
    public var x: Int
    /// The row, growing downwards.
    public var y: Int

    /// Creates a position.
    /// - Parameters:
    ///   - x: The column.
    ///   - y: The row.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Position(x: 0, y: 0)

    /// The range of coordinates a position may take.
    public static let validRange = -1_000_000_000...1_000_000_000

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A value as written in graph files, journals and `--json` output: a number, `"#rrggbb"` for
/// a color, `{"error": reason, "from": id}` for an error, and the payload of a tool-defined value.
public enum JSONValue: Hashable, Sendable, Codable {
    /// A JSON number.
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON boolean.
    case bool(Bool)
    /// A JSON array.
    case list([JSONValue])
    /// An error object.
    case error(reason: String, from: String)

    /// The JSON form of a value.
    /// - Parameter value: The value.
    public init(_ value: Value) {
        switch value {
        case .number(let number): self = .number(number)
        case .color(let color): self = .string(color.hex)
        case .error(let error): self = .error(reason: error.reason, from: error.origin.rawValue)
        case .custom(let custom): self = JSONValue(custom.payload)
        }
    }

    /// The JSON form of a payload.
    /// - Parameter payload: The payload.
    public init(_ payload: Payload) {
        switch payload {
        case .string(let string): self = .string(string)
        case .number(let number): self = .number(number)
        case .bool(let bool): self = .bool(bool)
        case .list(let items): self = .list(items.map(JSONValue.init))
        }
    }

    /// The value this JSON denotes when nothing says its type: numbers are numbers, `#rrggbb`
    /// strings are colors, other strings, booleans and lists are `text`, `bool` and `list`
    /// custom values (the graph retypes them to the node's type when it sets them).
    /// - Returns: The value.
    public func value() -> Value {
        switch self {
        case .number(let number): return .number(number)
        case .string(let string):
            if let color = Color(hex: string) { return .color(color) }
            return .custom(CustomValue(type: ValueType("text"), payload: .string(string)))
        case .bool(let bool): return .custom(CustomValue(type: ValueType("bool"), payload: .bool(bool)))
        case .list: return .custom(CustomValue(type: ValueType("list"), payload: payload ?? .list([])))
        case .error(let reason, let from): return .error(ValueError(reason: reason, origin: NodeID(from)))
        }
    }

    /// The payload this JSON denotes; `nil` for an error object.
    public var payload: Payload? {
        switch self {
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .bool(let bool): .bool(bool)
        case .list(let items):
            items.map(\.payload).contains(nil) ? nil : .list(items.compactMap(\.payload))
        case .error: nil
        }
    }

    private enum ErrorKey: String, CodingKey { case error, from }

    /// Decodes any JSON scalar, array, or error object.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for `null` or another object.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: ErrorKey.self), object.contains(.error) {
            self = .error(
                reason: try object.decode(String.self, forKey: .error),
                from: try object.decodeIfPresent(String.self, forKey: .from) ?? "")
            return
        }
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let list = try? container.decode([JSONValue].self) {
            self = .list(list)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a number, a string, a boolean or a list")
        }
    }

    /// Encodes the JSON form.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` for a number that is not finite.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .error(let reason, let from):
            var object = encoder.container(keyedBy: ErrorKey.self)
            try object.encode(reason, forKey: .error)
            try object.encode(from, forKey: .from)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if number == number.rounded(), abs(number) < 9.007_199_254_740_992e15 {
                try container.encode(Int64(number))
            } else {
                try container.encode(number)
            }
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .list(let items):
            var container = encoder.singleValueContainer()
            try container.encode(items)
        }
    }
}

import NodeGraph

/// A value as written in graph files, journals and `--json` output: a number, `"#rrggbb"` for
/// a color, `{"error": reason, "from": id}` for an error (with `"path"` inside an instance),
/// `{"pending":true}` for a pending value, and the payload of a tool-defined value.
public enum JSONValue: Hashable, Sendable {
    /// A JSON number.
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON boolean.
    case bool(Bool)
    /// A JSON array.
    case list([JSONValue])
    /// An error object: its reason, the node where it arose (the instance, for an error inside
    /// one), and for an error inside an instance the way to the inner node (`["avg", "half"]`).
    case error(reason: String, from: String, path: [String] = [])
    /// `{"pending":true}`: a value a background computation has not delivered yet (in `--json`
    /// output only; never in a graph file or a journal).
    case pending

    /// The JSON form of a value.
    /// - Parameter value: The value.
    public init(_ value: Value) {
        switch value {
        case .number(let number): self = .number(number)
        case .color(let color): self = .string(color.hex)
        case .error(let error):
            self = .error(
                reason: error.reason, from: error.origin.rawValue,
                path: error.path.count > 1 ? error.path.map(\.rawValue) : [])
        case .custom(let custom): self = JSONValue(custom.payload)
        case .pending: self = .pending
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
        case .error(let reason, let from, let path):
            return .error(
                ValueError(
                    reason: reason, origin: NodeID(from), innerPath: path.dropFirst().map { NodeID($0) }))
        case .pending: return .pending
        }
    }

    /// The payload this JSON denotes; `nil` for an error object or a pending value.
    public var payload: Payload? {
        switch self {
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .bool(let bool): .bool(bool)
        case .list(let items):
            // Each item's payload once: asking twice per level would take 2^depth steps.
            Self.payloads(of: items).map(Payload.list)
        case .error, .pending: nil
        }
    }

    private static func payloads(of items: [JSONValue]) -> [Payload]? {
        var payloads: [Payload] = []
        payloads.reserveCapacity(items.count)
        for item in items {
            guard let payload = item.payload else { return nil }
            payloads.append(payload)
        }
        return payloads
    }

    /// The value as compact JSON text, the same on every run: `3`, `2.5`, `"#ff8000"`,
    /// `{"error":"division by zero","from":"d"}`, and inside an instance
    /// `{"error":"division by zero","from":"avg","path":["avg","half"]}`.
    ///
    /// Whole numbers are written without a fraction (`3`, not `3.0`); other numbers in the
    /// shortest form that reads back as the same `Double`. A number that is not finite (which a
    /// graph never holds) is written as `null`.
    /// - Complexity: O(*m*), the size of the value.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.append(self)
        return writer.text
    }

    /// Whether every number inside is finite.
    var isFinite: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .list(let items): items.allSatisfy(\.isFinite)
        case .string, .bool, .error, .pending: true
        }
    }

    /// The value at `element`, when it is a number, a string, a boolean, or a list of those;
    /// `nil` for `null` and objects. Numbers too large to be finite are kept as infinity, for
    /// the caller to refuse by field.
    init?(_ element: JSONElement, in document: JSONDocument) {
        switch document.kind(of: element) {
        case .number: self = .number(document.number(element)!)
        case .string: self = .string(document.string(element)!)
        case .true: self = .bool(true)
        case .false: self = .bool(false)
        case .array:
            var items: [JSONValue] = []
            items.reserveCapacity(document.count(of: element))
            for item in document.items(of: element) {
                guard let value = JSONValue(item, in: document) else { return nil }
                items.append(value)
            }
            self = .list(items)
        case .object, .null: return nil
        }
    }
}

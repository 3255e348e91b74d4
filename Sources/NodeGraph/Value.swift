/// The type of a value flowing along links: what a slot accepts and what a node produces.
///
/// NodeGraph ships ``number`` and ``color``; a tool defines its own types by name
/// (`ValueType("text")`) and carries their values as ``Value/custom(_:)``.
public struct ValueType: Hashable, Sendable, CustomStringConvertible {
    /// The type's name, as shown in messages (`number`).
    public let name: String

    /// Creates a value type.
    /// - Parameter name: The type's name.
    public init(_ name: String) { self.name = name }

    /// A finite floating-point number.
    public static let number = ValueType("number")
    /// An RGB color with 8-bit channels.
    public static let color = ValueType("color")

    /// The type's name.
    public var description: String { name }
}

/// An RGB color with 8-bit channels.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red channel, 0–255.
    public var red: UInt8
    /// The green channel, 0–255.
    public var green: UInt8
    /// The blue channel, 0–255.
    public var blue: UInt8

    /// Creates a color from its channels.
    /// - Parameters:
    ///   - red: The red channel.
    ///   - green: The green channel.
    ///   - blue: The blue channel.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Black, the value an unconnected color slot reads.
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// The color as `#rrggbb`, lowercase.
    public var hex: String {
        func twoDigits(_ channel: UInt8) -> String {
            let digits = String(channel, radix: 16)
            return channel < 16 ? "0" + digits : digits
        }
        return "#" + twoDigits(red) + twoDigits(green) + twoDigits(blue)
    }

    /// Parses `#rrggbb` (either case).
    /// - Parameter hex: The text to parse.
    /// - Returns: The color, or `nil` when the text is not of that form.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
            let value = UInt32(String(decoding: digits[1...], as: UTF8.self), radix: 16)
        else { return nil }
        self.init(
            red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// The color as `#rrggbb`.
    public var description: String { hex }

    var packed: UInt64 { UInt64(red) << 16 | UInt64(green) << 8 | UInt64(blue) }

    init(packed: UInt64) {
        self.init(
            red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
            blue: UInt8(truncatingIfNeeded: packed))
    }
}

/// An evaluation failure carried as a value: why, and the node where it arose.
///
/// A node whose input is an error does not evaluate; it takes on the same error, so everything
/// downstream of a division by zero shows which node blocks it.
public struct ValueError: Hashable, Sendable, CustomStringConvertible {
    /// Why evaluation failed, e.g. `division by zero`.
    public var reason: String
    /// The way to the node where the error arose: its origin, then, inside an instance, the nodes
    /// leading to it (`["avg", "half"]`). Never empty. (One list holds both, which keeps a
    /// ``Value`` small.)
    public private(set) var path: [NodeID]

    /// Creates an error value.
    /// - Parameters:
    ///   - reason: Why evaluation failed.
    ///   - origin: The node where the error arose (the instance, for an error inside one).
    ///   - innerPath: Inside an instance, the nodes leading to where the error arose.
    public init(reason: String, origin: NodeID, innerPath: [NodeID] = []) {
        self.reason = reason
        self.path = [origin] + innerPath
    }

    /// The node where the error arose; for an error inside an instance of a definition (a
    /// group), the instance.
    public var origin: NodeID {
        get { path[0] }
        set { path[0] = newValue }
    }

    /// For an error that arose inside an instance: the nodes from the instance's definition down
    /// to the node where it arose (an instance inside, then a node inside that…); empty when the
    /// error arose at ``origin`` itself.
    public var innerPath: [NodeID] { Array(path.dropFirst()) }

    /// `reason (at origin)`, or `reason (at avg › half)` inside an instance.
    public var description: String {
        "\(reason) (at \(path.map(\.rawValue).joined(separator: " › ")))"
    }
}

/// The payload of a value of a tool-defined type: a small JSON-like tree.
///
/// Not `indirect`: a list already keeps its items out of line, and a boxed case would cost an
/// allocation for every bit or number (and its pointer, tagged with the case, is one that leak
/// checkers do not recognize).
public enum Payload: Hashable, Sendable {
    /// Text.
    case string(String)
    /// A finite number.
    case number(Double)
    /// A truth value.
    case bool(Bool)
    /// An ordered list of payloads.
    case list([Payload])
}

/// A value of a tool-defined type (see ``ValueType``).
public struct CustomValue: Hashable, Sendable, CustomStringConvertible {
    /// The value's type.
    public var type: ValueType
    /// The value's data.
    public var payload: Payload

    /// Creates a custom value.
    /// - Parameters:
    ///   - type: The value's type.
    ///   - payload: The value's data.
    public init(type: ValueType, payload: Payload) {
        self.type = type
        self.payload = payload
    }

    /// The payload in a readable form.
    public var description: String { payload.text }
}

extension Payload {
    /// The payload in a readable form: strings as they are, lists in brackets.
    public var text: String {
        switch self {
        case .string(let string): string
        case .number(let number): Value.format(number)
        case .bool(let bool): bool ? "true" : "false"
        case .list(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        }
    }
}

/// A value produced by a node or held by a source node.
public enum Value: Hashable, Sendable, CustomStringConvertible {
    /// A finite number. NodeGraph never stores `inf` or `NaN`; such results become errors.
    case number(Double)
    /// A color.
    case color(Color)
    /// An evaluation failure, with its reason and origin.
    case error(ValueError)
    /// A value of a tool-defined type.
    case custom(CustomValue)
    /// Not known yet: a background computation (``BackgroundKind``) has not delivered it, on
    /// this node or on one it depends on. Shown `…`. Never saved, journaled or undone: it is
    /// what a node shows while its result is on its way.
    case pending

    /// The value's type; `nil` for an error or a pending value, which have none of their own.
    public var type: ValueType? {
        switch self {
        case .number: .number
        case .color: .color
        case .error, .pending: nil
        case .custom(let custom): custom.type
        }
    }

    /// Whether this is ``pending``.
    public var isPending: Bool {
        if case .pending = self { return true }
        return false
    }

    /// Whether a node fed this value takes it on instead of evaluating: an error or a pending
    /// value passes on downstream as it is.
    @inline(__always) var passesOn: Bool {
        switch self {
        case .error, .pending: true
        default: false
        }
    }

    /// The number, when this is a number.
    public var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The color, when this is a color.
    public var color: Color? {
        if case .color(let color) = self { return color }
        return nil
    }

    /// The error, when this is an error.
    public var error: ValueError? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// The value as a person reads it: `3`, `2.5`, `#ff8000`, `error: division by zero`, `…`
    /// (pending).
    public var description: String {
        switch self {
        case .number(let number): Value.format(number)
        case .color(let color): color.hex
        case .error(let error): "error: \(error.reason)"
        case .custom(let custom): custom.description
        case .pending: "…"
        }
    }

    /// Formats a number without a trailing `.0` for whole numbers and with at most 12
    /// significant digits otherwise.
    /// - Parameter number: The number to format.
    /// - Returns: The number's text.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return number.isNaN ? "not a number" : "infinite" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        var text = String(number)
        if text.count > 14 {
            let rounded = (number * 1e10).rounded() / 1e10
            if rounded != 0, rounded.isFinite, String(rounded).count < text.count { text = String(rounded) }
        }
        return text
    }
}

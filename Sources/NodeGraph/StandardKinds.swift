/// A source node holding a number.
public struct NumberKind: NodeKind {
    /// `number`.
    public let name = "number"
    /// `Number`.
    public let title = "Number"
    /// `#`.
    public let symbol = "#"
    /// `source`.
    public let category = "source"
    /// No inputs.
    public let inputs: [SlotSpec] = []
    /// A number.
    public let outputType = ValueType.number
    /// Holds a number.
    public let parameterType: ValueType? = .number
    /// A new number node holds 0.
    public let defaultParameter: Value? = .number(0)

    /// Creates the kind.
    public init() {}

    /// Produces the held number.
    /// - Parameter inputs: The held value.
    /// - Returns: The held number.
    /// - Throws: Never for a well-formed node.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        guard case .number(let number)? = inputs.parameter else {
            throw EvaluationFailure("a number node must hold a number")
        }
        return .number(number)
    }
}

/// The four calculator operators: add (three slots), subtract, multiply and divide.
public struct ArithmeticKind: NodeKind {
    /// The kind's name, e.g. `add`.
    public let name: String
    /// The display name, e.g. `Add`.
    public let title: String
    /// The operator symbol, e.g. `+`.
    public let symbol: String
    /// `arithmetic`.
    public let category = "arithmetic"
    /// The number slots.
    public let inputs: [SlotSpec]
    /// A number.
    public let outputType = ValueType.number
    /// The operation, which the graph may also run directly.
    public let operation: NumericKernel

    /// `x + y + z`.
    public static let add = ArithmeticKind(
        name: "add", title: "Add", symbol: "+", slots: ["x", "y", "z"], operation: .sum)
    /// `x − y`.
    public static let subtract = ArithmeticKind(
        name: "subtract", title: "Subtract", symbol: "−", slots: ["x", "y"], operation: .difference)
    /// `x × y`.
    public static let multiply = ArithmeticKind(
        name: "multiply", title: "Multiply", symbol: "×", slots: ["x", "y"], operation: .product)
    /// `x ÷ y`; a zero divisor gives the error value `division by zero`.
    public static let divide = ArithmeticKind(
        name: "divide", title: "Divide", symbol: "÷", slots: ["x", "y"], operation: .quotient)

    /// Creates an arithmetic kind.
    /// - Parameters:
    ///   - name: The kind's name.
    ///   - title: The display name.
    ///   - symbol: The operator symbol.
    ///   - slots: The labels of the number slots.
    ///   - operation: What the kind computes.
    public init(name: String, title: String, symbol: String, slots: [String], operation: NumericKernel) {
        self.name = name
        self.title = title
        self.symbol = symbol
        self.inputs = slots.map { SlotSpec($0, .number) }
        self.operation = operation
    }

    /// The graph runs the operation directly on numbers.
    public var numericKernel: NumericKernel? { operation }

    /// Applies the operation to the slots.
    /// - Parameter inputs: One number per slot.
    /// - Returns: The result.
    /// - Throws: `division by zero`, or `result is not a finite number` on overflow.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        // The engine's kernels (the same the graph runs on stored numbers).
        let result: Double
        switch operation {
        case .sum: result = Kernel.add(count: inputs.values.count) { inputs.number($0) }
        case .difference: result = Kernel.subtract(inputs.number(0), inputs.number(1))
        case .product: result = Kernel.multiply(inputs.number(0), inputs.number(1))
        case .quotient:
            guard let quotient = Kernel.divide(inputs.number(0), inputs.number(1)) else {
                throw EvaluationFailure("division by zero")
            }
            result = quotient
        }
        guard result.isFinite else { throw EvaluationFailure("result is not a finite number") }
        return .number(result)
    }
}

/// Makes a color from red, green and blue numbers 0–255.
public struct ColorKind: NodeKind {
    /// `color`.
    public let name = "color"
    /// `Color`.
    public let title = "Color"
    /// `■`.
    public let symbol = "■"
    /// `color`.
    public let category = "color"
    /// Red, green and blue numbers.
    public let inputs = [SlotSpec("red", .number), SlotSpec("green", .number), SlotSpec("blue", .number)]
    /// A color.
    public let outputType = ValueType.color

    /// Creates the kind.
    public init() {}

    /// Rounds each channel and checks it is within 0–255.
    /// - Parameter inputs: Red, green and blue.
    /// - Returns: The color.
    /// - Throws: A failure naming the first channel outside 0–255.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        var channels: [UInt8] = []
        for (slot, spec) in self.inputs.enumerated() {
            let rounded = inputs.number(slot).rounded()
            guard rounded >= 0, rounded <= 255 else {
                throw EvaluationFailure("\(spec.label) \(Value.format(rounded)) is outside 0–255")
            }
            channels.append(UInt8(rounded))
        }
        return .color(Color(red: channels[0], green: channels[1], blue: channels[2]))
    }
}

/// Scales each channel of a color by a number.
public struct ColorAdjustKind: NodeKind {
    /// `colorAdjust`.
    public let name = "colorAdjust"
    /// `Adjust`.
    public let title = "Adjust"
    /// `◐`.
    public let symbol = "◐"
    /// `color`.
    public let category = "color"
    /// A color and a multiplier.
    public let inputs = [SlotSpec("color", .color), SlotSpec("multiplier", .number)]
    /// A color.
    public let outputType = ValueType.color

    /// Creates the kind.
    public init() {}

    /// Multiplies each channel, rounds, and clamps to 0–255.
    /// - Parameter inputs: The color and the multiplier.
    /// - Returns: The adjusted color.
    /// - Throws: Never.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        let color = inputs.color(0)
        let multiplier = inputs.number(1)
        func scale(_ channel: UInt8) -> UInt8 {
            UInt8(min(255, max(0, (Double(channel) * multiplier).rounded())))
        }
        return .color(Color(red: scale(color.red), green: scale(color.green), blue: scale(color.blue)))
    }
}

/// The kinds a graph can contain, by name, so documents and journals can be loaded.
public struct KindRegistry: Sendable {
    private var kindsByName: [String: any NodeKind] = [:]
    /// The registered kind names, in registration order.
    public private(set) var names: [String] = []

    /// Creates an empty registry.
    public init() {}

    /// The calculator's kinds: number, add, subtract, multiply, divide, color, colorAdjust, the
    /// live sources clock and file, formula, and plot.
    public static let standard: KindRegistry = {
        var registry = KindRegistry()
        for kind: any NodeKind in [
            NumberKind(), ArithmeticKind.add, ArithmeticKind.subtract, ArithmeticKind.multiply,
            ArithmeticKind.divide, ColorKind(), ColorAdjustKind(), ClockKind(), FileKind(), FormulaKind(),
            PlotKind(),
        ] {
            registry.register(kind)
        }
        return registry
    }()

    /// Adds a kind, or replaces the kind registered under the same name.
    /// - Parameter kind: The kind to register.
    public mutating func register(_ kind: any NodeKind) {
        if kindsByName.updateValue(kind, forKey: kind.name) == nil { names.append(kind.name) }
    }

    /// The kind registered under a name.
    /// - Parameter name: The kind's name.
    /// - Returns: The kind, or `nil` if none has that name.
    public func kind(named name: String) -> (any NodeKind)? { kindsByName[name] }

    /// Every registered kind, in registration order.
    public var kinds: [any NodeKind] { names.map { kindsByName[$0]! } }
}

/// A node that shows its input's recent values as a chart: its value is its input.
///
/// It holds how many of the last values the chart shows, `samples` (a whole number from
/// ``minimumSamples`` to ``maximumSamples``; ``defaultSamples`` by default), saved in graph files
/// as `"samples"`. The values themselves are not part of the graph: a canvas keeps them as view
/// state (not saved, not journaled, cleared on open).
public struct PlotKind: NodeKind {
    /// `plot`: the kind's name.
    public static let kindName = "plot"
    /// `plot`.
    public let name = PlotKind.kindName
    /// `Plot`.
    public let title = "Plot"
    /// `∿`.
    public let symbol = "∿"
    /// `view`: a kind that shows its input.
    public let category = "view"
    /// One number, `x`.
    public let inputs = [SlotSpec("x", .number)]
    /// A number: the input.
    public let outputType = ValueType.number
    /// Holds the number of samples shown.
    public let parameterType: ValueType? = .number
    /// A new plot shows the last 60 values.
    public let defaultParameter: Value? = .number(Double(PlotKind.defaultSamples))
    /// The fewest samples a plot shows.
    public static let minimumSamples = 2
    /// The most samples a plot shows.
    public static let maximumSamples = 1000
    /// The samples a new plot shows.
    public static let defaultSamples = 60

    /// Creates the kind.
    public init() {}

    /// `samples`.
    public var heldValueName: String { "samples" }

    /// Refuses a number of samples that is not whole or outside 2–1000.
    /// - Parameter value: The number of samples.
    /// - Returns: The reason, or `nil`.
    public func heldValueProblem(_ value: Value) -> String? {
        guard let samples = value.number, samples.rounded() == samples,
            samples >= Double(PlotKind.minimumSamples), samples <= Double(PlotKind.maximumSamples)
        else {
            return "must be a whole number from \(PlotKind.minimumSamples) to \(PlotKind.maximumSamples)"
        }
        return nil
    }

    /// The input, as it is.
    /// - Parameter inputs: The input's value.
    /// - Returns: The input.
    /// - Throws: Never.
    public func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        inputs.values.first ?? .number(0)
    }

    /// The number of samples a plot node holding `parameter` shows.
    /// - Parameter parameter: The node's held value.
    /// - Returns: The number of samples; the default for anything else.
    public static func samples(in parameter: Value?) -> Int {
        guard let number = parameter?.number, number.isFinite else { return defaultSamples }
        return Swift.min(Swift.max(Int(number), minimumSamples), maximumSamples)
    }
}

import NodeGraph

/// What a full-detail box measures apart from its node's name: the widest row of its content
/// and its rows, which the standard renderers take from the node's kind and slots alone.
struct BoxMeasure {
    /// The widest of the body, the input rows and the output row, without edges or padding.
    var contentWidth: Int
    /// The width of the compact box's value text.
    var compactValueWidth: Int
    /// The box's rows and height (its width is 0: it follows the name).
    var shape: BoxShape

    /// The measure of a node's model as `NodeWidgetModel/measured` gives it.
    init(measured node: NodeWidgetModel, renderers: NodeRenderers, context: WidgetDrawingContext) {
        let content = NodeLayout.fullDetailContent(of: node, renderers: renderers, context: context)
        contentWidth = content.width
        compactValueWidth = displayWidth(of: compactValueText(node, context.theme.glyphs))
        var rows: [Int] = []
        rows.reserveCapacity(content.rowHeights.count)
        var row = 1 + content.bodyHeight
        for height in content.rowHeights {
            rows.append(row)
            row += height
        }
        shape = BoxShape(
            width: 0, height: row + 2, bodyHeight: content.bodyHeight, inputRows: rows, outputRow: row)
    }

    /// The full-detail width of a box with this measure and a name of some width.
    func width(nameWidth: Int, theme: Theme) -> Int {
        min(max(contentWidth + 4, nameWidth + 8, theme.minimumNodeWidth), theme.maximumNodeWidth)
    }

    /// The compact width of a box with this measure and a name of some width (see
    /// `NodeLayout/compactWidth(measured:theme:)`).
    func compactWidth(nameWidth: Int, theme: Theme) -> Int {
        min(max(nameWidth + 8, compactValueWidth + 4, 10), theme.maximumNodeWidth)
    }
}

/// The measures of boxes alike, each taken once from a model and found again by what the
/// standard renderers measure: the kind, whether its value and held value are numbers or colors
/// (a box measures a placeholder of that type, never the value), and each slot's state
/// (unconnected, or reading a number or a color).
///
/// So opening a graph measures each node's box without building its model: a node costs a few
/// lookups in the graph and the width of its name. Nodes whose boxes the standard renderers
/// measure from more than this (formulas, groups, group inputs, plots, live sources, values of
/// a tool's own types) and every node under a data source of a tool's own are measured from
/// their models.
struct BoxMeasures {
    /// What the standard renderers measure of a node besides its name.
    struct Key: Hashable {
        var kind: String
        var slotCount: Int
        /// The placeholder type of the value and of the held value (0: none, 1: number, 2: color).
        var value: UInt8
        var parameter: UInt8
        /// Two bits a slot: 0 unconnected, 1 reading a number, 2 reading a color.
        var slots: UInt64
    }

    private var numbers: [Key: Int32] = [:]
    private(set) var measures: [BoxMeasure] = []
    /// How many models were built to measure a box, by either way (for tests and diagnostics).
    private(set) var measuringModelCount = 0

    /// The most slots a node measured by its key may have (two bits each in `Key/slots`).
    static let maximumSlots = 32
    /// The kinds lately asked about by name, and whether their boxes are measured by key.
    private var recentKinds: [(name: String, isMeasured: Bool)] = []
    /// The most kinds `recentKinds` remembers.
    private static let recentKindLimit = 8

    /// Forgets every measure (the theme or the graph changed).
    mutating func removeAll() {
        numbers.removeAll(keepingCapacity: true)
        recentKinds.removeAll()
        measures.removeAll(keepingCapacity: true)
    }

    /// Counts a model built to measure a box from.
    mutating func countMeasuringModel() { measuringModelCount += 1 }

    /// The number of the measure of a node's box, taken from its model when no node alike was
    /// measured yet; `nil` when its box is not measured by kind and slots alone.
    /// - Complexity: O(*s*), the node's slots.
    mutating func number(of id: NodeID, facts: Graph.NodeFacts, in graph: Graph, theme: Theme) -> Int32? {
        guard let key = key(of: facts) else { return nil }
        if let number = numbers[key] { return number }
        guard let model = NodeWidgetModel(node: id, in: graph) else { return nil }
        measuringModelCount += 1
        let measured = model.measured
        let number = Int32(measures.count)
        measures.append(
            BoxMeasure(
                measured: measured, renderers: StandardRenderers.renderers(for: measured),
                context: WidgetDrawingContext(theme: theme)))
        numbers[key] = number
        return number
    }

    subscript(number: Int32) -> BoxMeasure { measures[Int(number)] }

    /// What the standard renderers measure of a node besides its name, or `nil` when they
    /// measure more (see the type's summary).
    /// - Parameter facts: The node's kind, values and inputs (`Graph/facts(of:)`).
    mutating func key(of facts: Graph.NodeFacts) -> Key? {
        let kind = facts.kind
        guard isMeasuredByKey(kind), !facts.isInstance,
            let valueType = Self.placeholderType(of: facts.value, of: kind.outputType)
        else { return nil }
        var parameterType: UInt8 = 0
        if let parameter = facts.parameter {
            guard let type = Self.placeholderType(of: parameter, of: kind.outputType) else { return nil }
            parameterType = type
        }
        var slots: UInt64 = 0
        for (slot, spec) in kind.inputs.enumerated() {
            guard slot < facts.inputs.count, facts.inputs[slot] != nil else { continue }
            guard
                let type = Self.placeholderType(
                    of: facts.inputValues[slot] ?? spec.defaultValue, of: spec.type)
            else { return nil }
            slots |= UInt64(type) << (2 * UInt64(slot))
        }
        return Key(
            kind: kind.name, slotCount: kind.inputs.count, value: valueType, parameter: parameterType,
            slots: slots)
    }

    /// Whether boxes of a kind may be measured by their key: not a live source, a formula, a plot
    /// or a group's input, and not more slots than a key holds. Remembered by kind name for the
    /// last few kinds asked about (a graph has few kinds; the check casts the kind each time).
    private mutating func isMeasuredByKey(_ kind: any NodeKind) -> Bool {
        let name = kind.name
        if let known = recentKinds.first(where: { $0.name == name }) { return known.isMeasured }
        let isMeasured =
            !(kind is any LiveSourceKind) && kind.inputs.count <= Self.maximumSlots
            && name != FormulaKind.kindName && name != PlotKind.kindName
            && !name.hasPrefix(GroupInputKind.kindName)
        if recentKinds.count == Self.recentKindLimit { recentKinds.removeFirst() }
        recentKinds.append((name, isMeasured))
        return isMeasured
    }

    /// The type of the placeholder a box measures for a value (see `NodeWidgetModel/measured`):
    /// 1 a number, 2 a color; `nil` for a value of a tool's own type, measured as it is.
    private static func placeholderType(of value: Value, of type: ValueType) -> UInt8? {
        switch value {
        case .number: 1
        case .color: 2
        case .custom: nil
        case .error, .pending: type == .color ? 2 : 1
        }
    }
}

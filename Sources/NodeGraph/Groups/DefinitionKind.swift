/// The kind of an instance of a definition: slots from the definition's group inputs, the
/// output's type, and evaluation by the definition's compiled plan.
///
/// A graph makes one whenever a definition changes and puts it in its kind table in place of the
/// previous one, so an instance always evaluates the current definition.
struct DefinitionKind: NodeKind {
    let name: String
    let title: String
    let symbol = "▣"
    let inputs: [SlotSpec]
    let outputType: ValueType
    let plan: DefinitionPlan
    /// The number of nodes inside the definition.
    let nodeCount: Int

    init(_ definition: Definition) {
        name = definition.kind
        title = definition.name
        inputs = definition.slots
        outputType = definition.outputType
        plan = definition.plan
        nodeCount = definition.graph.count
    }

    /// Each definition is a category of its own: the canvas cycles an operator's kind within
    /// its category, and an instance has no other kind to cycle to.
    var category: String { "definition " + name }

    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        plan.evaluate(inputs.values)
    }
}

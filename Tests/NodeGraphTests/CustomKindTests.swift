import NodeGraph
import Testing

let text = ValueType("text")

func textValue(_ string: String) -> Value { .custom(CustomValue(type: text, payload: .string(string))) }

struct TextSource: NodeKind {
    let name = "text"
    let title = "Text"
    let inputs: [SlotSpec] = []
    let outputType = text
    let parameterType: ValueType? = text
    let defaultParameter: Value? = textValue("")
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        inputs.parameter ?? textValue("")
    }
}

struct Uppercase: NodeKind {
    let name = "uppercase"
    let title = "Uppercase"
    let inputs = [SlotSpec("text", text, default: textValue(""))]
    let outputType = text
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        guard case .custom(let value) = inputs[0], case .string(let string) = value.payload else {
            throw EvaluationFailure("expected text")
        }
        if string.isEmpty { throw EvaluationFailure("nothing to shout") }
        return textValue(string.uppercased())
    }
}

/// A sum whose unconnected second slot reads 10, not 0.
struct SumWithOffset: NodeKind {
    let name = "sumWithOffset"
    let title = "Sum + offset"
    let inputs = [SlotSpec("x", .number), SlotSpec("offset", .number, default: .number(10))]
    let outputType = ValueType.number
    var numericKernel: NumericKernel? { .sum }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        guard case .number(let x) = inputs[0], case .number(let offset) = inputs[1] else {
            throw EvaluationFailure("expected numbers")
        }
        return .number(x + offset)
    }
}

@Suite struct CustomKindTests {
    func registry() -> KindRegistry {
        var registry = KindRegistry.standard
        registry.register(TextSource())
        registry.register(Uppercase())
        return registry
    }

    @Test func aToolRegistersItsOwnKindsAndTypes() throws {
        var graph = Graph(registry: registry())
        try graph.addNode("greeting", kind: "text", value: textValue("hello"))
        try graph.addNode("loud", kind: "uppercase", inputs: ["greeting"])
        #expect(graph.value(of: "loud") == textValue("HELLO"))
        let change = try graph.setValue(textValue("bye"), of: "greeting")
        #expect(change.recomputed == ["greeting", "loud"])
        #expect(graph.value(of: "loud")?.description == "BYE")
    }

    @Test func anUnconnectedSlotReadsItsOwnDefaultEvenUnderANumericKernel() throws {
        var registry = KindRegistry.standard
        registry.register(SumWithOffset())
        var graph = Graph(registry: registry)
        try graph.addNode("a", kind: "number", value: .number(1))
        try graph.addNode("sum", kind: "sumWithOffset", inputs: ["a"])
        #expect(graph.value(of: "sum") == .number(11))
        try graph.setValue(.number(2), of: "a")
        #expect(graph.value(of: "sum") == .number(12))
        #expect(graph.valuesFromScratch()["sum"] == .number(12))
    }

    @Test func customTypesAreCheckedOnLinks() throws {
        var graph = Graph(registry: registry())
        try graph.addNode("n", kind: "number")
        try graph.addNode("loud", kind: "uppercase")
        #expect(
            throws: GraphError.slotTypeMismatch(
                from: "n", produces: .number, to: "loud", slot: 0, label: "text", accepts: text)
        ) {
            try graph.link(from: "n", to: "loud", slot: 0)
        }
    }

    @Test func aThrowingKindGivesAnErrorValueFromItsNode() throws {
        var graph = Graph(registry: registry())
        try graph.addNode("loud", kind: "uppercase")
        #expect(graph.value(of: "loud") == .error(ValueError(reason: "nothing to shout", origin: "loud")))
    }

    @Test func theStandardRegistryDoesNotKnowAnotherToolsKinds() throws {
        var graph = Graph()
        #expect(throws: GraphError.unknownKind("uppercase")) { try graph.addNode("u", kind: "uppercase") }
    }
}

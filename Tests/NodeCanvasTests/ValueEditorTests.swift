import NodeCanvas
import NodeGraph
import Testing

private let flag = ValueType("flag")
private let label = ValueType("label")
private let on = Value.custom(CustomValue(type: flag, payload: .bool(true)))
private let off = Value.custom(CustomValue(type: flag, payload: .bool(false)))

private func labelValue(_ text: String) -> Value { .custom(CustomValue(type: label, payload: .string(text))) }

/// A source flipped by Enter.
private struct FlagSource: NodeKind {
    let name = "flag"
    let title = "Flag"
    let category = "source"
    let inputs: [SlotSpec] = []
    let outputType = flag
    var parameterType: ValueType? { flag }
    var defaultParameter: Value? { off }
    var valueEditor: ValueEditor { .toggle(off: off, on: on) }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value { inputs.parameter ?? off }
}

/// A source whose text is typed in.
private struct LabelSource: NodeKind {
    let name = "label"
    let title = "Label"
    let category = "source"
    let inputs: [SlotSpec] = []
    let outputType = label
    var parameterType: ValueType? { label }
    var defaultParameter: Value? { labelValue("") }
    var valueEditor: ValueEditor { .text }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        inputs.parameter ?? labelValue("")
    }
}

/// A source that holds a value no one types (the default editor of a tool-defined type).
private struct SealedSource: NodeKind {
    let name = "sealed"
    let title = "Sealed"
    let inputs: [SlotSpec] = []
    let outputType = label
    var parameterType: ValueType? { label }
    var defaultParameter: Value? { labelValue("fixed") }
    func evaluate(_ inputs: KindInputs) throws(EvaluationFailure) -> Value {
        inputs.parameter ?? labelValue("")
    }
}

/// A kind says how its held value is edited (`NodeKind.valueEditor`), and the canvas opens that
/// editor: custom sources are editable, and Enter on a toggle flips it.
@Suite struct ValueEditorTests {
    private func canvas(with kind: any NodeKind, value: Value) throws -> Canvas {
        var registry = KindRegistry()
        registry.register(kind)
        var graph = Graph(registry: registry)
        try graph.addNode("source", kind: kind.name, name: kind.title, at: Position(x: 2, y: 1), value: value)
        let canvas = makeCanvas(graph)
        canvas.send(.nodeChosen("source"))
        return canvas
    }

    @Test func enterOnAToggleSourceFlipsItAndAgainFlipsItBack() throws {
        let canvas = try canvas(with: FlagSource(), value: off)
        canvas.send(.enter)
        #expect(canvas.document.graph.value(of: "source") == on)
        #expect(canvas.state.mode == .normal)
        canvas.send(.enter)
        #expect(canvas.document.graph.value(of: "source") == off)
    }

    @Test func eOnAToggleSourceFlipsItAsOneUndoStep() throws {
        let canvas = try canvas(with: FlagSource(), value: off)
        canvas.send(.character("e"))
        #expect(canvas.document.graph.value(of: "source") == on)
        canvas.send(.character("u"))
        #expect(canvas.document.graph.value(of: "source") == off)
    }

    @Test func aTextSourceIsTypedInAndEnterSetsTheText() throws {
        let canvas = try canvas(with: LabelSource(), value: labelValue("old"))
        canvas.send(.character("e"))
        #expect(
            canvas.state.mode
                == .editValue(ValueEditState(node: "source", editor: LineEditor("old", limit: 256))))
        canvas.send(InputEvent.typing("new words, 1,5") + [.enter])
        #expect(canvas.document.graph.value(of: "source") == labelValue("new words, 1,5"))
        #expect(canvas.state.mode == .normal)
    }

    @Test func theTextBeingTypedShowsInTheNodesBody() throws {
        let canvas = try canvas(with: LabelSource(), value: labelValue("old"))
        canvas.send([.character("e")] + InputEvent.typing("abc"))
        #expect(screen(canvas.render()).contains { $0.contains("abc▏") })
    }

    @Test func aSourceWithoutAnEditorSaysSoInsteadOfOpeningOne() throws {
        let canvas = try canvas(with: SealedSource(), value: labelValue("fixed"))
        canvas.send(.character("e"))
        #expect(canvas.state.mode == .normal)
        #expect(canvas.state.message == StatusMessage("Sealed has no value to type in", isError: true))
    }

    @Test func plusDoesNotStepAToggle() throws {
        let canvas = try canvas(with: FlagSource(), value: off)
        canvas.send(.character("+"))
        #expect(canvas.document.graph.value(of: "source") == off)
        #expect(canvas.state.message?.isError == true)
    }

    @Test func theStatusLineOffersEnterOnAToggle() throws {
        let canvas = try canvas(with: FlagSource(), value: off)
        #expect(canvas.status.contains("Enter flips"))
        #expect(!canvas.status.contains("+/- step"))
    }

    @Test func kindsHoldingNumbersAreTypedInAndOthersAreNotByDefault() {
        #expect(NumberKind().valueEditor == .number)
        #expect(ArithmeticKind.add.valueEditor == .none)
        #expect(SealedSource().valueEditor == .none)
    }

    @Test func theStatusLineOffersOWhereTheKindsCategoryHasAnotherKindAndNotOnSources() throws {
        var graph = Graph()
        try graph.addNode("red", kind: "number", name: "Red", at: Position(x: 2, y: 1), value: .number(1))
        try graph.addNode("mix", kind: "color", name: "Mix", at: Position(x: 30, y: 1), inputs: ["red"])
        let canvas = makeCanvas(graph)
        canvas.send(.nodeChosen("mix"))
        #expect(canvas.status.contains("o operator"), "color and colorAdjust share a category")
        canvas.send(.nodeChosen("red"))
        #expect(!canvas.status.contains("o operator"))
    }
}

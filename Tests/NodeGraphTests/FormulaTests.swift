import NodeGraph
import Testing

/// The value of a formula whose variables read `values` in order of first appearance.
private func value(_ text: String, _ values: [Double] = []) throws -> Result<Double, FormulaFailure> {
    let formula = try Formula(text)
    return formula.evaluate { values[$0] }
}

/// The number a formula gives, or `nil` when it fails.
private func number(_ text: String, _ values: [Double] = []) throws -> Double? {
    try value(text, values).get()
}

/// The parse error of a formula, as a person reads it.
private func parseError(_ text: String) -> String? {
    do throws(FormulaError) {
        _ = try Formula(text)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct FormulaGrammarTests {
    @Test func variablesAreTheSlotsInOrderOfFirstAppearance() throws {
        #expect(try Formula("pi * r^2 + max(a, b) - r").variables == ["r", "a", "b"])
        #expect(try Formula("2 * pi + e").variables == [])
        #expect(try Formula("_x1 + X_2").variables == ["_x1", "X_2"])
    }

    @Test func precedenceRunsFromPowerThroughSignsAndProductsToSums() throws {
        #expect(try number("1 + 2 * 3") == 7)
        #expect(try number("(1 + 2) * 3") == 9)
        #expect(try number("10 - 4 - 3") == 3)
        #expect(try number("2 ^ 3 ^ 2") == 512)  // right-associative
        #expect(try number("-a^2", [3]) == -9)  // -(a^2)
        #expect(try number("2^-1") == 0.5)
        #expect(try number("-2 * -3") == 6)
        #expect(try number("+4 - -4") == 8)
        #expect(try number("12 / 4 / 3") == 1)
        #expect(try number("7 % 4 * 2") == 6)
    }

    @Test func numbersAreReadAsInJSONWithALeadingPoint() throws {
        #expect(try number(".5") == 0.5)
        #expect(try number("2.5e3") == 2500)
        #expect(try number("1E-2") == 0.01)
        #expect(try number("0.25") == 0.25)
        #expect(parseError("01") == "a number must not start with 0 at column 1")
        #expect(parseError("1.") == "expected a digit after '.' at column 3")
        #expect(parseError("2e") == "expected a digit in the exponent at column 3")
    }

    @Test func everyFunctionComputesWhatItsNameSays() throws {
        #expect(try number("abs(-3)") == 3)
        #expect(try number("sqrt(16)") == 4)
        #expect(try number("exp(0)") == 1)
        #expect(try number("ln(e)") == 1)
        #expect(try number("log10(1000)") == 3)
        #expect(try number("sin(0)") == 0)
        #expect(try number("cos(0)") == 1)
        #expect(try number("tan(0)") == 0)
        #expect(try number("asin(1)") == Double.pi / 2)
        #expect(try number("acos(1)") == 0)
        #expect(try number("atan(1)") == Double.pi / 4)
        #expect(try number("floor(-2.5)") == -3)
        #expect(try number("ceil(-2.5)") == -2)
        #expect(try number("atan2(1, 1)") == Double.pi / 4)
        #expect(try number("pow(2, 10)") == 1024)
        #expect(try number("min(3, 1, 2)") == 1)
        #expect(try number("max(3)") == 3)
        #expect(try number("max(3, 7, 5)") == 7)
        #expect(try number("clamp(12, 0, 10)") == 10)
        #expect(try number("clamp(-1, 0, 10)") == 0)
        #expect(try number("clamp(4, 0, 10)") == 4)
        #expect(try number("pi") == Double.pi)
        #expect(try number("e") == 2.718_281_828_459_045)
    }

    @Test func roundGoesHalfAwayFromZeroAndRemainderKeepsTheDividendsSign() throws {
        #expect(try number("round(2.5)") == 3)
        #expect(try number("round(-2.5)") == -3)
        #expect(try number("round(2.4)") == 2)
        #expect(try number("-7 % 3") == -1)
        #expect(try number("7 % -3") == 1)
        #expect(try number("5.5 % 2") == 1.5)
    }

    @Test func eachErrorValueNamesItsReason() throws {
        #expect(try value("x / 0", [1]) == .failure(.divisionByZero))
        #expect(try value("x % 0", [1]) == .failure(.divisionByZero))
        #expect(try value("sqrt(-1)") == .failure(.outsideDomain(.sqrt)))
        #expect(try value("ln(0)") == .failure(.outsideDomain(.ln)))
        #expect(try value("log10(-2)") == .failure(.outsideDomain(.log10)))
        #expect(try value("asin(1.5)") == .failure(.outsideDomain(.asin)))
        #expect(try value("acos(-1.01)") == .failure(.outsideDomain(.acos)))
        #expect(try value("(-8) ^ 0.5") == .failure(.outsideDomain(.pow)))
        #expect(try value("pow(-8, 1.5)") == .failure(.outsideDomain(.pow)))
        #expect(try value("exp(1000)") == .failure(.overflow))
        #expect(try value("0^-1") == .failure(.overflow))
        #expect(try value("1e999") == .failure(.overflow))
        #expect(try number("(-8) ^ 3") == -512)  // a whole exponent is fine
        #expect(FormulaFailure.outsideDomain(.sqrt).description == "outside the domain of sqrt")
        #expect(FormulaFailure.divisionByZero.description == "division by zero")
        #expect(FormulaFailure.overflow.description == "overflow")
    }

    @Test func theFirstErrorMetLeftToRightIsTheValue() throws {
        #expect(try value("sqrt(-1) + 1/0") == .failure(.outsideDomain(.sqrt)))
        #expect(try value("1/0 + sqrt(-1)") == .failure(.divisionByZero))
        #expect(try value("max(ln(0), exp(1000))") == .failure(.outsideDomain(.ln)))
        #expect(try value("pow(exp(1000), 1 % 0)") == .failure(.overflow))
    }

    @Test func aFormulaThatDoesNotParseNamesTheColumn() {
        #expect(parseError("(a + b))") == "unexpected ')' at column 8")
        #expect(parseError("a * (b + )") == "unexpected ')' at column 10")
        #expect(parseError("") == "unexpected end of formula at column 1")
        #expect(parseError("a +") == "unexpected end of formula at column 4")
        #expect(parseError("(a") == "expected ')' at column 3")
        #expect(parseError("2 x") == "unexpected 'x' at column 3")
        #expect(parseError("a # b") == "unexpected '#' at column 3")
        #expect(parseError("a\u{7}") == "unexpected character U+0007 at column 2")
        #expect(parseError("foo(1)") == "unknown function 'foo' at column 1")
        #expect(parseError("1 + sin") == "expected '(' after the function 'sin' at column 5")
        #expect(parseError("pi(2)") == "'pi' is a constant, not a function at column 1")
        #expect(parseError("atan2(1)") == "'atan2' takes 2 arguments, not 1 at column 1")
        #expect(parseError("max()") == "'max' takes at least 1 argument, not 0 at column 1")
        #expect(parseError("clamp(1, 2)") == "'clamp' takes 3 arguments, not 2 at column 1")
    }

    @Test func formulasAreLimitedInLengthAndNesting() throws {
        let deepest = String(repeating: "(", count: 64) + "1" + String(repeating: ")", count: 64)
        #expect(try number(deepest) == 1)
        let tooDeep = String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65)
        #expect(parseError(tooDeep) == "nested deeper than 64 levels at column 65")
        let calls = String(repeating: "abs(", count: 65) + "1" + String(repeating: ")", count: 65)
        #expect(parseError(calls) == "nested deeper than 64 levels at column 260")
        let longest = "1" + String(repeating: "+1", count: 499) + " "
        #expect(longest.count == 1000)
        #expect(try number(longest) == 500)
        #expect(parseError(longest + "1") == "a formula must be at most 1000 characters at column 1001")
        // Long chains of signs and powers stay within the limits without deep recursion.
        #expect(try number(String(repeating: "-", count: 998) + "1") == 1)
        #expect(try number("1" + String(repeating: "^1", count: 499)) == 1)
    }
}

@Suite struct FormulaNodeTests {
    /// `r` = 2, `a` = 3, `b` = 7, and `area` = `pi * r^2 + max(a, b)` fed by them.
    private func areaGraph() throws -> Graph {
        var graph = Graph()
        try graph.addNode("r", kind: "number", value: .number(2))
        try graph.addNode("a", kind: "number", value: .number(3))
        try graph.addNode("b", kind: "number", value: .number(7))
        try graph.addNode(
            "area", kind: "formula", name: "Area", value: FormulaKind.formula("pi * r^2 + max(a, b)"),
            inputs: ["r", "a", "b"])
        return graph
    }

    @Test func aFormulaNodesSlotsAreItsVariablesAndItComputesItsValue() throws {
        let graph = try areaGraph()
        #expect(graph.kind(of: "area")?.inputs.map(\.label) == ["r", "a", "b"])
        #expect(graph.value(of: "area") == .number(Double.pi * 4 + 7))
        #expect(graph.parameter(of: "area") == FormulaKind.formula("pi * r^2 + max(a, b)"))
        #expect(graph.formula(of: "area")?.text == "pi * r^2 + max(a, b)")
        try graph.checkInvariants()
    }

    @Test func aNewFormulaNodeHoldsTheDefaultFormulaAndAConstantOneHasNoSlots() throws {
        var graph = Graph()
        try graph.addNode("f", kind: "formula")
        #expect(graph.parameter(of: "f") == FormulaKind.formula("a + b"))
        #expect(graph.inputs(of: "f") == [nil, nil])
        #expect(graph.value(of: "f") == .number(0))
        try graph.addNode("c", kind: "formula", value: FormulaKind.formula("2 * pi"))
        #expect(graph.inputs(of: "c") == [])
        #expect(graph.value(of: "c") == .number(2 * Double.pi))
    }

    @Test func anErrorInAFormulaIsTheNodesErrorValueAndFlowsDownstream() throws {
        var graph = Graph()
        try graph.addNode("x", kind: "number", value: .number(-4))
        try graph.addNode("root", kind: "formula", value: FormulaKind.formula("sqrt(x)"), inputs: ["x"])
        try graph.addNode("twice", kind: "formula", value: FormulaKind.formula("2 * y"), inputs: ["root"])
        #expect(graph.value(of: "root")?.error?.reason == "outside the domain of sqrt")
        #expect(graph.value(of: "twice")?.error?.reason == "outside the domain of sqrt")
        #expect(graph.value(of: "twice")?.error?.origin == "root")
        try graph.setValue(.number(16), of: "x")
        #expect(graph.value(of: "twice") == .number(8))
    }

    @Test func aFormulaThatDoesNotParseIsRefusedNamingTheColumn() throws {
        var graph = try areaGraph()
        let before = graph
        let error = FormulaError("unexpected ')'", column: 8)
        #expect(throws: GraphError.invalidFormula(node: "area", error)) {
            try graph.setFormula(of: "area", to: "(a + b))")
        }
        #expect(
            GraphError.invalidFormula(node: "area", error).description
                == "invalid formula for 'area': unexpected ')' at column 8")
        #expect(
            throws: GraphError.invalidFormula(node: "g", FormulaError("unexpected end of formula", column: 4))
        ) {
            try graph.addNode("g", kind: "formula", value: FormulaKind.formula("a *"))
        }
        #expect(graph == before)
    }

    @Test func changingTheFormulaKeepsTheLinksOfRemainingVariablesAndUndoRestoresTheRest() throws {
        var graph = try areaGraph()
        let before = graph
        let change = try graph.setFormula(of: "area", to: "b * r")
        #expect(graph.inputs(of: "area") == ["b", "r"])
        #expect(graph.value(of: "area") == .number(14))
        #expect(change.recomputed == ["area"])
        #expect(
            change.inverse
                == .batch([
                    .setFormula(node: "area", formula: "pi * r^2 + max(a, b)"),
                    .link(from: "a", to: "area", slot: 1),
                ]))
        try graph.checkInvariants()
        try graph.apply(change.inverse)
        #expect(graph == before)
        #expect(graph.value(of: "area") == before.value(of: "area"))
    }

    @Test func settingTheSameFormulaChangesNothing() throws {
        var graph = try areaGraph()
        let change = try graph.setFormula(of: "area", to: "pi * r^2 + max(a, b)")
        #expect(change.recomputed.isEmpty)
        #expect(graph.inputs(of: "area") == ["r", "a", "b"])
    }

    @Test func aFormulaIsSetOnlyOnAFormulaNode() throws {
        var graph = try areaGraph()
        #expect(throws: GraphError.notAFormula("r", kind: "number")) {
            try graph.setFormula(of: "r", to: "a")
        }
        #expect(
            GraphError.notAFormula("sum", kind: "add").description
                == "'sum' is an add node, not a formula node")
        // A formula's text set as a value does the same as setFormula; another value is refused.
        let before = graph
        let change = try graph.apply(.setValue(node: "area", value: FormulaKind.formula("a - b")))
        #expect(graph.inputs(of: "area") == ["a", "b"])
        #expect(throws: GraphError.self) { try graph.setValue(.number(3), of: "area") }
        try graph.apply(change.inverse)
        #expect(graph == before)
        #expect(throws: GraphError.unknownNode("nope")) { try graph.setFormula(of: "nope", to: "a") }
    }

    @Test func changingKindToOrFromAFormulaDropsInputLinksAndUndoBringsThemBack() throws {
        var graph = try areaGraph()
        let before = graph
        let away = try graph.setKind("add", of: "area")
        #expect(graph.inputs(of: "area") == [nil, nil, nil])
        try graph.apply(away.inverse)
        #expect(graph == before)
        try graph.addNode("sum", kind: "add", inputs: ["r", "a"])
        let withSum = graph
        let into = try graph.setKind("formula", of: "sum")
        #expect(graph.inputs(of: "sum") == [nil, nil])
        #expect(graph.parameter(of: "sum") == FormulaKind.formula("a + b"))
        try graph.apply(into.inverse)
        #expect(graph == withSum)
        // `formula` on a formula node keeps its formula.
        #expect(try graph.setKind("formula", of: "area").recomputed.isEmpty)
        #expect(graph.formula(of: "area")?.text == "pi * r^2 + max(a, b)")
    }

    @Test func aFormulaInsideAGroupIsEditedThroughItsDefinition() throws {
        var graph = Graph()
        try graph.addNode("x", kind: "number", value: .number(3))
        try graph.addNode("sq", kind: "formula", value: FormulaKind.formula("v * v"), inputs: ["x"])
        try graph.apply(.group(nodes: ["sq"], kind: "square", name: "Square", id: "g"))
        #expect(graph.value(of: "g") == .number(9))
        let before = graph
        let change = try graph.apply(
            .inside(definition: "square", .setFormula(node: "sq", formula: "v + v + 1")))
        #expect(graph.value(of: "g") == .number(7))
        try graph.checkInvariants()
        try graph.apply(change.inverse)
        #expect(graph == before)
    }

    @Test func aFormulaNodeRecomputesAfterEachInputChange() throws {
        var graph = try areaGraph()
        try graph.setValue(.number(10), of: "a")
        #expect(graph.value(of: "area") == .number(Double.pi * 4 + 10))
        try graph.unlink(to: "area", slot: 0)
        #expect(graph.value(of: "area") == .number(10))  // an unconnected variable reads 0
        try graph.checkInvariants()
    }
}

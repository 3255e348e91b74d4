import NodeGraph

extension FuzzTarget {
    /// Any bytes as a formula's text: parsing never crashes and never recurses without bound; a
    /// refused formula names a column within the text (or one past its end); an accepted one
    /// evaluates, on a few sets of inputs, to a finite number or one of its three error reasons,
    /// and as a formula node in a graph gets one slot per variable.
    public static let formula = FuzzTarget(name: "formula") { input in
        let text = String(decoding: input, as: UTF8.self)
        let formula: Formula
        do throws(FormulaError) {
            formula = try Formula(text)
        } catch {
            let limit = max(text.unicodeScalars.count, Formula.maximumLength) + 1
            guard (1...limit).contains(error.column) else {
                return ["\(text.debugDescription): the error names column \(error.column): \(error)"]
            }
            guard error.description.hasSuffix(" at column \(error.column)") else {
                return ["\(text.debugDescription): the error does not name its column: \(error)"]
            }
            return []
        }
        var problems: [String] = []
        for inputs in [0.0, 1, -2.5, 1e308] {
            switch formula.evaluate({ _ in inputs }) {
            case .success(let value) where !value.isFinite:
                problems.append("\(text.debugDescription) gives \(value) for \(inputs)")
            default: break
            }
        }
        var graph = Graph()
        do {
            try graph.addNode("f", kind: "formula", value: FormulaKind.formula(text))
            if graph.inputs(of: "f").count != formula.variables.count {
                problems.append("\(text.debugDescription): the node's slots are not its variables")
            }
        } catch {
            problems.append("\(text.debugDescription) parses but a formula node refuses it: \(error)")
        }
        return problems
    }
}

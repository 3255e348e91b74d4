extension Graph {
    /// Changes a formula node's formula (``Edit/setFormula(node:formula:)``). The link of every
    /// variable that remains (by name) is kept; the others are dropped. Undo restores the old
    /// formula and its links.
    ///
    /// A journal writes it as `{"op":"setFormula","node":"f","formula":"a*b"}`. A
    /// ``Edit/setValue(node:value:)`` of ``FormulaKind/formula(_:)`` (or of a string) on a formula
    /// node does the same.
    /// - Parameters:
    ///   - id: The formula node.
    ///   - text: The new formula.
    /// - Returns: The change; its inverse sets the old formula back and relinks the dropped links.
    /// - Throws: ``GraphError/invalidFormula(node:_:)`` naming the column when the text does not
    ///   parse; ``GraphError/notAFormula(_:kind:)`` when the node is not a formula node; an
    ///   unknown node.
    /// - Complexity: O(*n* + *a*): the formula's length, plus the nodes recomputed.
    @discardableResult
    public mutating func setFormula(of id: NodeID, to text: String) throws(GraphError) -> Change {
        try apply(.setFormula(node: id, formula: text))
    }

    /// The formula a formula node holds; `nil` for another node or an unknown one.
    /// - Parameter id: The node.
    /// - Returns: The compiled formula.
    public func formula(of id: NodeID) -> Formula? {
        guard let node = store.index(of: id) else { return nil }
        return store.entry(of: node).formula
    }

    /// Sets the formula of a formula node: parses it once, moves the node to its formula's kind
    /// and carries each remaining variable's link to its new slot.
    mutating func performSetFormula(_ text: String, of id: NodeID, roots: inout [Int32]) throws(GraphError)
        -> Edit
    {
        let node = try index(of: id)
        guard store.entry(of: node).formula != nil else {
            throw .notAFormula(id, kind: store.entry(of: node).name)
        }
        let formula: Formula
        do throws(FormulaError) { formula = try Formula(text) } catch {
            throw .invalidFormula(node: id, error)
        }
        let oldIndex = store.nodes.kind[node]
        let old = store.kinds[Int(oldIndex)]
        let oldText = old.formula!.text
        guard let newIndex = store.kindIndex(for: formula) else {
            throw .invalidHeldValue(
                node: id, name: "formula", reason: "the graph holds as many different kinds as it can")
        }
        if newIndex == store.unbypassedKind(of: oldIndex) { return .setFormula(node: id, formula: oldText) }
        let new = store.kinds[Int(newIndex)]
        // A bypassed node stays bypassed, unless its new formula has no variable to pass through.
        var target = newIndex
        var restoreBypass: [Edit] = []
        if old.bypassed {
            if new.bypassProblem == nil, let variant = store.bypassVariant(of: newIndex) {
                target = variant
            } else {
                restoreBypass = [.setBypass(node: id, bypassed: true)]
            }
        }

        let (newStart, upstreams) = store.replaceSlots(
            of: node, oldCount: old.slotCount, newCount: new.slotCount)
        var dropped: [Edit] = []
        for (slot, upstream) in upstreams.enumerated() where upstream >= 0 {
            if let newSlot = formula.variables.firstIndex(of: old.slots[slot].label) {
                store.attach(newStart + Int32(newSlot), to: upstream)
            } else {
                dropped.append(.link(from: store.ids[Int(upstream)], to: id, slot: slot))
            }
        }
        store.nodes.kind[node] = target
        store.setParameter(FormulaKind.formula(text), of: node)
        roots.append(node)
        return .batch([.setFormula(node: id, formula: oldText)] + restoreBypass + dropped)
    }
}

/// Computes one node's value from its inputs, by the quickest route its kind allows, and stores
/// it. Holds the columns it reads (plain views), taken from the store once per pass.
///
/// The routes (``Kernel``), quickest first: the calculator's add (``Kernel/addThree``), inlined
/// into the passes; the other arithmetic kernels and a number source's held number
/// (``arithmeticResult(_:_:)``); a formula's program; and the kind's own `evaluate`, through
/// `Value`s (``NodeStore/evaluateThroughKind(_:_:)``), which is also where any input that is not
/// a number, and any result that is not finite, ends up.
struct Evaluator {
    /// Unowned: an evaluator lives within one pass, while its graph holds the store.
    unowned(unsafe) let store: NodeStore
    let kind: Column<UInt16>
    let kernel: Column<UInt8>
    let slotCount: Column<Int32>
    let slotStart: Column<Int32>
    let source: Column<Int32>
    let payload: Column<Double>
    /// ``NodeStore/changedNumbers`` (which a pass does not change): read here, not through
    /// ``store``, whose every use from an evaluator costs a retain and a release.
    let changedNumbers: UnsafeMutableBufferPointer<Int32>

    @inline(__always) init(_ store: NodeStore) {
        self.store = store
        kind = store.nodes.kind
        kernel = store.kindColumns.kernel
        slotCount = store.kindColumns.slotCount
        slotStart = store.nodes.slotStart
        source = store.slots.source
        payload = store.nodes.payload
        changedNumbers = store.changedNumbers.elements
    }

    /// ``Kernel/addThree(_:_:_:)`` over three slots' payloads. An empty slot (-1) reads the
    /// payload column's guard, 0; an input that is not a number makes the sum not finite.
    @inline(__always)
    static func addThree(_ slots: UnsafeMutablePointer<Int32>, _ payload: UnsafeMutablePointer<Double>)
        -> Double
    {
        Kernel.addThree(payload[Int(slots[0])], payload[Int(slots[1])], payload[Int(slots[2])])
    }

    /// What a sum computed by ``addThree(_:_:)`` means for the value it would replace.
    enum SumOutcome {
        /// The same number (0 and -0 are the same value, as `Value ==` says): nothing to store.
        case unchanged
        /// A new number, replacing a number: store it.
        case changed
        /// Not a number (an input that is not one, an overflow), or replacing a value that is
        /// not a number (whose box must be released): for the out-of-line route.
        case outOfLine
    }

    /// See ``SumOutcome``. One comparison and one finiteness check, whatever the case.
    @inline(__always) static func outcome(of sum: Double, replacing old: Double) -> SumOutcome {
        if old == sum { return .unchanged }
        // Finite exactly when both are numbers (or, harmlessly, not when two huge numbers of
        // opposite signs overflow: the out-of-line route then stores the sum).
        return (sum - old).isFinite ? .changed : .outOfLine
    }

    /// Recomputes `node`; returns whether its value changed. The add is inlined here, marked as
    /// the likely route (so that a pass saves what the call of the others needs only on their
    /// way); every other route is out of line.
    @inline(__always) @discardableResult
    func recompute(_ node: Int32) -> Bool {
        let kindIndex = Int(kind[node])
        if _fastPath(kernel[kindIndex] == Kernel.addThree.rawValue) {
            let sum = Evaluator.addThree(source.base + Int(slotStart[node]), payload.base)
            switch Evaluator.outcome(of: sum, replacing: payload[node]) {
            case .unchanged: return false
            case .changed:
                payload[node] = sum
                return true
            case .outOfLine: break
            }
        }
        return recomputeOutOfLine(node, kindIndex)
    }

    /// Stores a finite number; returns whether the value changed.
    @inline(__always)
    func storeNumber(_ number: Double, at node: Int32) -> Bool {
        let old = payload[node]
        // Numerically: 0 and -0 are the same value (as `Value ==` says), so no change.
        if old == number { return false }
        if StoredValue.isBoxed(old) { store.boxed[node] = nil }
        payload[node] = number
        return true
    }

    /// ``recompute(_:)`` by a numeric kernel when it has a finite result, otherwise by the kind.
    @inline(never) @discardableResult
    func recomputeOutOfLine(_ node: Int32, _ kindIndex: Int) -> Bool {
        let kernel = self.kernel[kindIndex]
        // A number source's value is its held number, which the edit that changed it stored.
        if kernel == Kernel.heldNumber.rawValue { return changedNumbers.contains(node) }
        if kernel == Kernel.bypass.rawValue {
            return store.setValue(store.bypassedValue(of: node, store.kinds[kindIndex]), of: node)
        }
        if kernel == Kernel.formula.rawValue, let changed = recomputeFormula(node, kindIndex) {
            return changed
        }
        if kernel <= Kernel.add.rawValue, let number = arithmeticResult(node, kernel) {
            return storeNumber(number, at: node)
        }
        return store.setValue(store.evaluateThroughKind(node, store.kinds[kindIndex]), of: node)
    }

    /// Runs a formula node's compiled formula on its inputs' stored numbers (an empty slot reads
    /// the payload column's guard, 0) and stores the result or its error; `nil`, storing nothing,
    /// when an input is not a number (the kind passes the error on). Allocates nothing but an
    /// error value.
    func recomputeFormula(_ node: Int32, _ kindIndex: Int) -> Bool? {
        // Read through the buffer: no retain of the entry, its formula or its program.
        let program = store.kinds.withUnsafeBufferPointer { $0[kindIndex].formulaProgram! }
        let slots = source.base + Int(slotStart[node])
        let payload = self.payload
        for offset in 0..<Int(slotCount[kindIndex]) where !payload[slots[offset]].isFinite { return nil }
        switch program.evaluate({ payload[slots[$0]] }) {
        case .success(let number): return storeNumber(number, at: node)
        case .failure(let failure):
            let error = ValueError(reason: failure.description, origin: store.ids[Int(node)])
            return store.setValue(.error(error), of: node)
        }
    }

    /// An arithmetic kernel's result, or `nil` when it is not finite (an input that is not a
    /// number, an overflow) or a divisor is zero: the kind then says what the value is.
    func arithmeticResult(_ node: Int32, _ kernel: UInt8) -> Double? {
        let slots = source.base + Int(slotStart[node])
        let payload = self.payload
        @inline(__always) func input(_ offset: Int) -> Double { payload[slots[offset]] }
        // Dispatched on the raw byte, as the passes read it (no optional `Kernel` to unwrap).
        let result: Double
        switch kernel {
        case Kernel.addThree.rawValue: result = Kernel.addThree(input(0), input(1), input(2))
        case Kernel.add.rawValue: result = Kernel.add(count: Int(slotCount[Int(kind[node])]), input)
        case Kernel.subtract.rawValue: result = Kernel.subtract(input(0), input(1))
        case Kernel.multiply.rawValue: result = Kernel.multiply(input(0), input(1))
        case Kernel.divide.rawValue:
            guard let quotient = Kernel.divide(input(0), input(1)) else { return nil }
            result = quotient
        default: return nil
        }
        return result.isFinite ? result : nil
    }
}

extension NodeStore {
    /// A node's value computed by its kind's `evaluate`: inputs gathered as values (an
    /// unconnected slot reads its default), a live source's pushed value, an error input passed
    /// on as it is, the kind's
    /// failure, a result that is not finite or not of the kind's type turned into an error.
    func evaluateThroughKind(_ node: Int32, _ entry: KindEntry) -> Value {
        // An instance of a definition evaluates the definition, its slots read where they are.
        if let plan = entry.plan { return plan.evaluate(instance: node, in: self) }
        let start = nodes.slotStart[node]
        var values: [Value] = []
        values.reserveCapacity(entry.slotCount)
        for offset in 0..<entry.slotCount {
            let upstream = slots.source[start + Int32(offset)]
            if upstream < 0 {
                values.append(entry.slots[offset].defaultValue)
                continue
            }
            let value = value(of: upstream)
            if value.passesOn { return value }
            values.append(value)
        }
        if entry.isBackground { return backgroundValue(of: node, inputs: values) }
        return entry.value(
            of: values, parameter: parameter(of: node), pushed: entry.isLive ? pushedValues[node] : nil,
            origin: ids[Int(node)])
    }

    /// A background node's value: what its kind makes of the result delivered for exactly these
    /// inputs and held value (``KindInputs/pushed``); pending until one is.
    func backgroundValue(of node: Int32, inputs: [Value]) -> Value {
        let parameter = parameter(of: node)
        guard let result = backgroundResults[node], result.inputs == inputs, result.parameter == parameter
        else { return .pending }
        return entry(of: node).value(
            of: inputs, parameter: parameter, pushed: result.value, origin: ids[Int(node)])
    }
}

extension NodeStore {
    /// A bypassed node's value: the value of its first connected slot of its output type, or,
    /// with none, what such a slot reads while unconnected (an error passes through as it is).
    /// - Complexity: O(*s*), the kind's slot count.
    func bypassedValue(of node: Int32, _ entry: KindEntry) -> Value {
        let start = nodes.slotStart[node]
        for (offset, slot) in entry.slots.enumerated() where slot.type == entry.outputType {
            let upstream = slots.source[start + Int32(offset)]
            if upstream >= 0 { return value(of: upstream) }
        }
        return entry.bypassDefault
            ?? .error(
                ValueError(
                    reason: "bypassed, with no input of type \(entry.outputType) to pass through",
                    origin: ids[Int(node)]))
    }
}

extension KindEntry {
    /// The value a node of this kind holds when its slots read `inputs` (none an error or
    /// pending): what the kind's `evaluate` returns, or an error value arising at `origin` (the
    /// kind's failure, a result that is not finite, a value of the wrong type).
    func value(of inputs: [Value], parameter: Value?, pushed: Value? = nil, origin: NodeID) -> Value {
        let result: Value
        do {
            result = try kind.evaluate(KindInputs(values: inputs, parameter: parameter, pushed: pushed))
        } catch {
            return .error(ValueError(reason: error.reason, origin: origin))
        }
        if case .number(let number) = result, !number.isFinite {
            return .error(ValueError(reason: "result is not a finite number", origin: origin))
        }
        if case .error(var error) = result {
            if error.origin.rawValue.isEmpty { error.origin = origin }
            return .error(error)
        }
        if result.type != outputType {
            return .error(
                ValueError(
                    reason: "\(name) produced a \(result.type?.name ?? "value"), not a \(outputType)",
                    origin: origin))
        }
        return result
    }
}

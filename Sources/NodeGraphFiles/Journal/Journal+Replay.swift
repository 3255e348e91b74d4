import NodeGraph

/// What replaying one journal line did.
public struct ReplayStep: Hashable, Sendable {
    /// Applied, with the nodes recomputed; or refused, with the reason.
    public enum Outcome: Hashable, Sendable {
        /// The line was applied; these nodes were recomputed, in order.
        case applied(recomputed: NodeList)
        /// The line was refused and changed nothing.
        case refused(reason: String)
    }

    /// The line's number in the journal, from 1.
    public var line: Int
    /// The operation the line names (`link`, `undo`…), when it could be read.
    public var operationName: String?
    /// What happened.
    public var outcome: Outcome

    /// Creates a step.
    /// - Parameters:
    ///   - line: The line's number.
    ///   - operationName: The operation the line names.
    ///   - outcome: What happened.
    public init(line: Int, operationName: String?, outcome: Outcome) {
        self.line = line
        self.operationName = operationName
        self.outcome = outcome
    }

    /// Whether the line was refused.
    public var isRefused: Bool {
        if case .refused = outcome { return true }
        return false
    }
}

extension GraphDocument {
    /// Applies one journal line: an edit through `apply(_:)`, `undo` and `redo` through the
    /// history. A line that cannot be read, or whose edit is refused, changes nothing.
    /// - Parameter line: The line.
    /// - Returns: What the line did.
    /// - Complexity: As `apply(_:)`.
    @discardableResult
    public func replay(_ line: Journal.Line) -> ReplayStep {
        func step(_ outcome: ReplayStep.Outcome) -> ReplayStep {
            ReplayStep(line: line.number, operationName: line.operationName, outcome: outcome)
        }
        let entry: JournalEntry
        switch line.entry {
        case .success(let value): entry = value
        case .failure(let error): return step(.refused(reason: error.reason))
        }
        do throws(GraphError) {
            let change: Change
            switch entry {
            case .edit(let edit): change = try apply(edit)
            case .undo: change = try undo()
            case .redo: change = try redo()
            }
            return step(.applied(recomputed: change.recomputed))
        } catch {
            return step(.refused(reason: error.description))
        }
    }

    /// Applies every line of a journal in order, in bulk (`applyInBulk(_:)`: observers hear
    /// of every applied line at once, at the end); refused lines are reported and skipped.
    /// - Parameter lines: The journal's lines, from ``Journal/lines(in:)`` or ``Journal/read(path:)``.
    /// - Returns: One step per line.
    /// - Complexity: The sum of the lines' edits.
    @discardableResult
    public func replay(_ lines: [Journal.Line]) -> [ReplayStep] {
        applyInBulk { document in lines.map { document.replay($0) } }
    }
}

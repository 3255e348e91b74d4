import NodeCanvas
import NodeGraph

/// Background kinds: the session runs the computations its graph's pending nodes wait for, on
/// other threads, and applies each result as it comes (not an edit: not undone, journaled or
/// saved), so the editor answers keys while they run and redraws when one completes.
extension EditorSession {
    /// Makes `runner` compute for this session's graph: every pending background node starts
    /// now, and after each edit, source update or applied result, the nodes it touched follow
    /// (a newer input cancels a computation under way). Start it
    /// (`BackgroundRunner.start(onCompletion:)`) posting ``EditorMessage/backgroundCompleted`` to
    /// the session's event loop; a headless host calls `applyBackgroundResults()` itself.
    /// - Parameter runner: The runner.
    public func attach(_ runner: BackgroundRunner) {
        backgroundRunner = runner
        runner.follow(document.graph)
    }

    /// Applies every result the runner delivered, in one pass, and starts what they unblocked.
    package func applyBackgroundResults() {
        guard let runner = backgroundRunner else { return }
        let results = runner.takeResults()
        guard !results.isEmpty else { return }
        let change = document.applyBackgroundResults(results)
        runner.follow(document.graph, nodes: change.recomputed)
    }

    /// After a change (an edit, a source update): the background nodes it recomputed follow.
    func followBackground(after recomputed: NodeList) {
        backgroundRunner?.follow(document.graph, nodes: recomputed)
    }
}

import NodeCanvas
import NodeGraph
import NodeGraphSources

/// What other threads post to an editor session on its event loop.
public enum EditorMessage: Sendable, Hashable {
    /// Live sources left new values: the session applies them all, in one pass, and the frame
    /// follows without a key press.
    case sourcesUpdated
    /// Background computations delivered results: the session applies them all, in one pass,
    /// and the frame follows without a key press.
    case backgroundCompleted
}

/// Live sources: the session runs the graph's clocks and files, and applies their values as
/// they come (not edits: not undone, journaled or saved).
extension EditorSession {
    /// Makes `sources` follow this session's graph: every live source starts now (their first
    /// values show at once), and after each edit, added, changed and removed sources follow.
    /// Start them (`LiveSources.start(onUpdate:)`) posting ``EditorMessage/sourcesUpdated`` to
    /// the session's event loop; a headless host calls `applySourceUpdates()` itself.
    /// - Parameter sources: The sources, created for the graph file's folder.
    public func attach(_ sources: LiveSources) {
        liveSources = sources
        sources.follow(document.graph)
        applySourceUpdates()
        reportLiveSources()
    }

    /// Applies every value the live sources left, in one pass, and shows how many run and which
    /// fail.
    package func applySourceUpdates() {
        guard let sources = liveSources else { return }
        let updates = sources.takeUpdates()
        guard !updates.isEmpty else { return }
        let change = document.applySourceUpdates(updates)
        followBackground(after: change.recomputed)
        reportLiveSources()
    }

    /// After an edit: the sources it added, changed or removed follow.
    func followSources(after change: Change) {
        guard let sources = liveSources else { return }
        sources.follow(document.graph, after: change)
        applySourceUpdates()
        reportLiveSources()
    }

    /// Tells the canvas the sources' status when it changed.
    private func reportLiveSources() {
        guard let status = liveSources?.status else { return }
        let reported = LiveSourceStatus(live: status.live, failing: status.failing)
        if canvas.state.liveSources ?? LiveSourceStatus(live: 0) != reported {
            canvas.send(.liveSourcesReported(reported))
        }
    }
}

import NodeCanvas
import NodeGraph
import NodeGraphFiles

extension InteractiveSession {
    /// How many recovered lines are replayed between two looks at the clock.
    static let recoveryProgressStride = 256

    /// Replays recovered journal lines as one bulk application (`GraphDocument.applyInBulk`):
    /// each line is its own undo step, and the canvas lays out and draws once, at the end. A
    /// replay still running after ``recoveryProgressDelay`` shows `recovering N of M edits…` on
    /// the status line of the frame shown before it began (through ``presentWhileBusy``),
    /// renewed every ``recoveryProgressStride`` lines, so a long one never looks frozen.
    /// - Parameter lines: The journal's lines.
    /// - Returns: What each line did.
    /// - Complexity: The sum of the lines' edits, plus one scene update.
    func replayShowingProgress(_ lines: [Journal.Line]) -> [ReplayStep] {
        let clock = ContinuousClock()
        let start = clock.now
        var backdrop: Surface?
        return document.applyInBulk { document in
            var steps: [ReplayStep] = []
            steps.reserveCapacity(lines.count)
            for line in lines {
                steps.append(document.replay(line))
                guard steps.count % Self.recoveryProgressStride == 0, steps.count < lines.count,
                    let present = presentWhileBusy, clock.now - start >= recoveryProgressDelay
                else { continue }
                // The scene takes the edits in at the end: until then the frame shown is the one
                // from before, with the progress on its status line.
                if backdrop == nil { backdrop = frame() }
                present(progressFrame(on: backdrop!, done: steps.count, of: lines.count))
            }
            return steps
        }
    }

    /// A frame with `recovering N of M edits…` on its status line.
    private func progressFrame(on backdrop: Surface, done: Int, of total: Int) -> Surface {
        var surface = backdrop
        let styles = canvas.theme.styles
        let y = surface.height - 1
        guard y >= 0 else { return surface }
        surface.fill(Rect(x: 0, y: y, width: surface.width, height: 1), with: " ", style: styles.status)
        let x = surface.put(" RECOVER ", x: 0, y: y, style: styles.statusMode)
        surface.put(
            "recovering \(done) of \(total) edits\(canvas.theme.glyphs.ellipsis)",
            in: Rect(x: x + 1, y: y, width: surface.width - x - 2, height: 1), style: styles.status,
            ellipsis: canvas.theme.glyphs.ellipsis)
        return surface
    }
}

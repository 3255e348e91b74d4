import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles

/// Recovery: every journal left by a session that did not end on purpose is offered at the next
/// open, oldest first, with a preview, and replayed in bulk when the person agrees (`y`: the
/// journal becomes this session's), removed when they decline (`n`), or left untouched with every
/// later one (Esc) for a later session to decide.
extension EditorSession {
    /// How many recovered lines are replayed between two looks at the clock.
    static let recoveryProgressStride = 256
    /// How many of the recovered edits the question lists.
    static let recoveryPreviewLines = 5

    /// Offers the journals left behind by earlier sessions, oldest first, one question each.
    func offerJournalsLeftBehind() {
        pendingOffers = journals?.existing() ?? []
        offerNextJournal()
    }

    /// Asks about the next journal left behind that holds edits. An empty one (nothing was
    /// written before the crash) is removed; one that cannot be read is reported and left alone.
    func offerNextJournal() {
        offeredJournal = nil
        pendingRecovery = []
        while !pendingOffers.isEmpty {
            let journal = pendingOffers.removeFirst()
            do throws(LoadProblem) {
                let lines = try Journal.read(path: journal)
                guard !lines.isEmpty else {
                    removeJournal(at: journal)
                    continue
                }
                pendingRecovery = lines
                offeredJournal = journal
                let preview = lines.prefix(Self.recoveryPreviewLines).map { describe($0) }
                canvas.send(
                    .recoveryFound(
                        RecoveryOffer(
                            journal: journal, editCount: lines.count, preview: preview,
                            laterJournals: pendingOffers.count)))
                log.write("found \(lines.count) unsaved edits in \(journal)")
                return
            } catch {
                report("cannot read the autosave journal \(journal): \(error)")
            }
        }
    }

    /// What the `y` answers of one round of recovery questions did.
    struct RecoveryTally {
        var journals = 0
        var applied = 0
        var refused = 0
    }

    /// `n` to the recovery question: removes the journal asked about, then asks about the next.
    func discardRecovery() {
        if let journal = offeredJournal {
            removeJournal(at: journal)
            log.write("discarded the unsaved edits of \(journal)")
        }
        offerNextJournal()
    }

    /// A journal line in words, for the recovery question: `delete Add`.
    private func describe(_ line: Journal.Line) -> String {
        switch line.entry {
        case .success(.edit(let edit)):
            "\(CanvasText.summary(of: edit, in: document.graph, arrow: canvas.theme.glyphs.arrow))"
        case .success(.undo): "undo"
        case .success(.redo): "redo"
        case .failure: "line \(line.number): cannot be read (skipped)"
        }
    }

    /// `y` to the recovery question: replays the offered lines, says how many applied, makes the
    /// journal this session's (a save or a quit removes it; a crash leaves it to be offered again,
    /// so its edits are applied once either way), then asks about the next journal.
    func recover() {
        let lines = pendingRecovery
        pendingRecovery = []
        if let journal = offeredJournal { adoptedJournals.append(journal) }
        isAutosaveSuspended = true
        // One bulk application: the canvas takes in every recovered edit at once.
        let steps = replayShowingProgress(lines)
        isAutosaveSuspended = false
        let refused = steps.filter(\.isRefused)
        for step in refused {
            if case .refused(let reason) = step.outcome {
                log.write("recovery: line \(step.line) refused: \(reason)")
            }
        }
        let applied = steps.count - refused.count
        log.write("recovered \(applied) edits, \(refused.count) refused")
        recoveryTally.journals += 1
        recoveryTally.applied += applied
        recoveryTally.refused += refused.count
        offerNextJournal()
        guard offeredJournal == nil else { return }  // said after the last question
        let tally = recoveryTally
        recoveryTally = RecoveryTally()
        let edits = tally.applied == 1 ? "1 edit" : "\(tally.applied) edits"
        let from = tally.journals > 1 ? " from \(tally.journals) journals" : ""
        let note = tally.refused == 0 ? "" : " (\(tally.refused) could not be applied)"
        canvas.send(
            .noticeArrived(
                StatusMessage(
                    "recovered \(edits)\(from)\(note): s saves them \(canvas.theme.glyphs.separator) u undoes",
                    isError: tally.refused > 0)
            ))
    }

    /// Replays recovered journal lines as one bulk application (`GraphDocument.applyInBulk`):
    /// each line is its own undo step, and the canvas lays out and draws once, at the end. A
    /// replay still running after `recoveryProgressDelay` shows `recovering N of M edits…` on
    /// the status line of the frame shown before it began (through `presentWhileBusy`),
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

import NodeGraph

/// Draws the questions that need more than the status line: recovering unsaved edits (what
/// would be applied), quitting with unsaved changes and saving over a file changed on disk, each
/// in a panel over the canvas.
enum PromptOverlay {
    static func draw(_ prompt: Prompt, canvas: Canvas, on surface: inout Surface) {
        let lines: [String]
        let title: String
        switch prompt {
        case .recover(let offer):
            title = "Recover unsaved edits?"
            let edits = offer.editCount == 1 ? "1 unsaved edit" : "\(offer.editCount) unsaved edits"
            var body = ["\(edits) from a session that ended abruptly,", "kept in \(offer.journal):", ""]
            body += offer.preview.map { "  " + $0 }
            if offer.editCount > offer.preview.count {
                body.append("  … and \(offer.editCount - offer.preview.count) more")
            }
            body += [
                "", "y  recover them (u undoes each)", "n  discard them",
                "Esc  decide later: the next open asks again",
            ]
            if offer.laterJournals > 0 {
                let more =
                    offer.laterJournals == 1 ? "1 more journal" : "\(offer.laterJournals) more journals"
                let pronoun = offer.laterJournals == 1 ? "it" : "them"
                body += [
                    "", "\(more) left behind will be asked about next",
                    "(Esc leaves \(pronoun) for later too).",
                ]
            }
            lines = body
        case .quitWithUnsavedChanges:
            title = "Quit without saving?"
            lines = [
                "The graph has changes that are not saved.", "", "y  quit without saving", "n  stay",
                "s  save, then quit",
            ]
        case .changedOnDisk(let path, _):
            title = "The file changed on disk"
            lines = [
                "\(path) was changed by another program", "since it was opened or last saved.", "",
                "o  overwrite it with this graph", "r  reload it: the unsaved edits stay in the journal,",
                "   offered as recovery", "a  save as another file", "Esc  cancel",
            ]
        case .saveAs, .replace, .groupName:
            return
        }
        let area = canvas.area
        let theme = canvas.theme
        let widest = max(displayWidth(of: title) + 4, lines.map { displayWidth(of: $0) }.max() ?? 0)
        let width = min(area.width, widest + 4)
        let height = min(area.height, lines.count + 2)
        guard width > 10, height > 2 else { return }
        let box = Rect(
            x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2,
            width: width, height: height)
        drawPanel(box, title: title, theme: theme, on: &surface)
        for (index, line) in lines.prefix(height - 2).enumerated() {
            surface.put(
                line, in: Rect(x: box.minX + 2, y: box.minY + 1 + index, width: box.width - 4, height: 1),
                style: theme.styles.panel, ellipsis: theme.glyphs.ellipsis)
        }
    }
}

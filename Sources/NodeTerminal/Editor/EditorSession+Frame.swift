import NodeCanvas
import NodeGraph

/// The frame: the canvas, the file's name, and a notice on a screen too small for the canvas.
extension EditorSession {
    /// The frame to show: the canvas (open questions included) with the file's name at the top
    /// right; or, below the tool's `EditorConfiguration/minimumSize`, a notice asking for a
    /// larger terminal.
    /// - Returns: A surface the size of the screen.
    /// - Complexity: As `Canvas.render()`: proportional to the screen and what is visible.
    public func frame() -> Surface {
        guard !isTooSmall else { return tooSmallNotice() }
        var surface = canvas.render()
        drawFileTag(on: &surface)
        if document.graph.isEmpty && canvas.state.mode == .normal { drawEmptyGraphHint(on: &surface) }
        return surface
    }

    /// What the top right corner says: the file (or that this is the demo) and whether it has
    /// unsaved changes.
    /// Inside an opened group it shows the path there instead (`demo › Average`).
    package var fileTag: String {
        let name =
            StatusBarPlugin.breadcrumb(for: canvas)
            ?? file.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? configuration.demo.title
        let dot = canvas.theme.glyphs.separator
        if isReadOnly { return "\(name) \(dot) read-only" }
        if file == nil { return document.isModified ? "\(name) \(dot) not saved" : name }
        return document.isModified ? "\(name) \(dot) modified" : name
    }

    /// The graph's name, where the breadcrumb inside a group starts: the file's name without
    /// the tool's extension (`groups` for `Examples/graphs/groups.json`), or the demo's title.
    var title: String {
        guard let file else { return configuration.demo.title }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let suffix = "." + configuration.fileExtension
        return name.hasSuffix(suffix) && name.count > suffix.count
            ? String(name.dropLast(suffix.count)) : name
    }

    /// Draws the file tag at the top right of the canvas, over empty cells of its first row only:
    /// where a box, a link or the cursor is near the corner, the tag is shortened to the empty
    /// cells right of them (or left out when fewer than 8 are left); it never covers a box.
    private func drawFileTag(on surface: inout Surface) {
        switch canvas.state.mode {
        case .help, .messages: return
        default: break
        }
        let area = canvas.area
        guard area.height > 0, area.width > 0 else { return }
        let y = area.minY
        let boxes = canvas.lastFrame.nodes.map(\.frame).filter { $0.minY <= y && y < $0.maxY }
        func isEmpty(_ x: Int) -> Bool {
            let cell = surface[x, y]
            return cell.character == " " && !cell.style.reverse && !boxes.contains { $0.contains(x: x, y: y) }
        }
        // The empty run ending one cell left of the area's right edge, at most half the width.
        let right = area.maxX - 1
        var left = right
        while left > area.minX + area.width / 2, isEmpty(left - 1) { left -= 1 }
        guard right > area.minX, isEmpty(right) else { return }
        // One empty cell is kept on each side of the tag.
        let room = right - left - 1
        guard room >= 8 else { return }
        let text = " " + fileTag.truncated(toWidth: room - 2, ellipsis: canvas.theme.glyphs.ellipsis) + " "
        surface.put(text, x: right - displayWidth(of: text), y: y, style: canvas.theme.styles.secondary)
    }

    private func drawEmptyGraphHint(on surface: inout Surface) {
        let area = canvas.area
        let lines = ["This graph is empty.", "Press n to add a node, ? for every key."]
        let top = area.minY + max(0, area.height / 2 - 1)
        for (index, line) in lines.enumerated() {
            surface.put(
                line, in: Rect(x: area.minX, y: top + index, width: area.width, height: 1),
                style: canvas.theme.styles.secondary, alignment: .center,
                ellipsis: canvas.theme.glyphs.ellipsis)
        }
    }

    /// Below the minimum size: what is wrong, the size, and what to do, each line in the longest
    /// wording that fits, centered; lines that fit no wording, or find no row, are left out.
    private func tooSmallNotice() -> Surface {
        let viewport = canvas.state.viewport
        var surface = Surface(width: viewport.width, height: viewport.height)
        let styles = canvas.theme.styles
        let times = canvas.theme.glyphs.isASCII ? "x" : "×"
        let size = "\(viewport.width)\(times)\(viewport.height)"
        let needed = "\(configuration.minimumSize.width)\(times)\(configuration.minimumSize.height)"
        let quits = "enlarge it \(canvas.theme.glyphs.separator) q quits"
        let wordings: [([String], CellStyle)] = [
            (["terminal too small", "too small"], styles.statusError),
            (["\(size), needs \(needed)", size], styles.text),
            (prompt.map { [$0.shortText, $0.answerKeys] } ?? [quits, "q quits"], styles.text),
        ]
        let lines = wordings.compactMap { variants, style in
            variants.first { displayWidth(of: $0) <= viewport.width }.map { ($0, style) }
        }.prefix(viewport.height)
        let top = (viewport.height - lines.count) / 2
        for (index, (text, style)) in lines.enumerated() {
            let x = (viewport.width - displayWidth(of: text)) / 2
            surface.put(text, x: x, y: top + index, style: style)
        }
        return surface
    }
}

extension Prompt {
    /// The keys that answer the question, for a screen too small for `shortText`.
    fileprivate var answerKeys: String {
        switch self {
        case .recover: "y/n/Esc"
        case .quitWithUnsavedChanges: "y/n/s"
        case .saveAs, .groupName: "Enter/Esc"
        case .replace: "y/n"
        case .changedOnDisk: "o/r/a/Esc"
        }
    }
}

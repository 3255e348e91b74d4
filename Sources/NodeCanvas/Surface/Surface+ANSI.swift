extension Surface {
    /// The rows as text with ANSI escape codes (SGR) for colors and attributes, as a terminal
    /// would show them: `cat` them to a terminal, or `less -R`.
    ///
    /// Each row starts in the plain style, switches style only where it changes, and ends
    /// reset (`ESC[0m`). Trailing cells that a terminal would show as nothing (plain spaces) are
    /// left out; a colored background is kept.
    /// - Returns: One string per row.
    /// - Complexity: O(`width` × `height`).
    public func ansiRows() -> [String] {
        (0..<height).map { y in
            let row = cells[(y * width)..<((y + 1) * width)]
            let end = row.lastIndex { !($0.character == " " && $0.style.showsNothingOnBlank) }.map { $0 + 1 }
            var line = ""
            var current = CellStyle.plain
            for cell in row[row.startIndex..<(end ?? row.startIndex)] where !cell.isContinuation {
                if cell.style != current {
                    line += cell.style.selectGraphicRendition
                    current = cell.style
                }
                line.append(cell.character)
            }
            return current == .plain ? line : line + CellStyle.plain.selectGraphicRendition
        }
    }
}

extension CellStyle {
    /// Whether a space in this style shows as nothing: no background, not reversed, not
    /// underlined.
    var showsNothingOnBlank: Bool { background == .default && !reverse && !underline }

    /// The escape code that sets exactly this style: a reset, then its attributes and colors.
    var selectGraphicRendition: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        codes += foreground.selectGraphicRendition(isForeground: true)
        codes += background.selectGraphicRendition(isForeground: false)
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

extension TerminalColor {
    /// The SGR parameters that select this color: none for the default (after a reset).
    fileprivate func selectGraphicRendition(isForeground: Bool) -> [String] {
        let base = isForeground ? 30 : 40
        switch self {
        case .default: return []
        case .ansi(let value):
            let color = Int(value % 16)
            return [String(color < 8 ? base + color : base + 60 + color - 8)]
        case .indexed(let value): return [String(base + 8), "5", String(value)]
        case .rgb(let red, let green, let blue):
            return [String(base + 8), "2", String(red), String(green), String(blue)]
        }
    }
}

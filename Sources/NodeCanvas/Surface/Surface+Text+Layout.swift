/// How text sits in a region wider than it.
public enum TextAlignment: Sendable {
    /// Against the left edge.
    case leading
    /// Centred.
    case center
    /// Against the right edge.
    case trailing
}

extension String {
    /// The string cut to at most `width` columns, ending with `ellipsis` when cut.
    /// - Parameters:
    ///   - width: The most columns the result may take.
    ///   - ellipsis: The mark of a cut.
    /// - Returns: The string, whole or cut.
    /// - Complexity: O(*n*).
    package func truncated(toWidth width: Int, ellipsis: Character = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth(of: self) <= width { return self }
        var result = ""
        var used = 0
        let room = width - displayWidth(of: ellipsis)
        for character in self {
            let columns = displayWidth(of: character)
            if used + columns > room { break }
            result.append(character)
            used += columns
        }
        result.append(ellipsis)
        return result
    }

    /// The string broken into lines of at most `width` columns, at spaces where it can be; a word
    /// longer than a line is broken inside it. Line breaks in the string are kept.
    /// - Parameter width: The most columns a line may take (at least 1).
    /// - Returns: The lines, at least one.
    /// - Complexity: O(*n*).
    package func wrapped(toWidth width: Int) -> [String] {
        let width = Swift.max(1, width)
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", used = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = Substring(word), wordWidth = displayWidth(of: word)
                if used > 0 && used + 1 + wordWidth <= width {
                    line += " " + word
                    used += 1 + wordWidth
                    continue
                }
                if used > 0 {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                // A word longer than a line fills whole lines first.
                while wordWidth > width {
                    var head = "", headWidth = 0
                    while let character = word.first, headWidth + displayWidth(of: character) <= width {
                        head.append(character)
                        headWidth += displayWidth(of: character)
                        word = word.dropFirst()
                    }
                    if head.isEmpty, let character = word.first {  // wider than the line itself
                        head.append(character)
                        word = word.dropFirst()
                    }
                    lines.append(head)
                    wordWidth = displayWidth(of: word)
                }
                line = String(word)
                used = wordWidth
            }
            lines.append(line)
        }
        return lines
    }
}

extension Surface {
    /// Writes text inside a region on one row, aligned and cut with an ellipsis when too long.
    /// - Parameters:
    ///   - string: The text.
    ///   - region: The region; the text goes on its first row unless `y` is given.
    ///   - y: The row, when not the region's first.
    ///   - style: The text's style.
    ///   - alignment: Where the text sits.
    ///   - ellipsis: The mark of a cut.
    /// - Returns: The column after the text.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func put(
        _ string: String, in region: Rect, y: Int? = nil, style: CellStyle = .plain,
        alignment: TextAlignment = .leading, ellipsis: Character = "…"
    ) -> Int {
        let text = string.truncated(toWidth: region.width, ellipsis: ellipsis)
        let width = displayWidth(of: text)
        let x: Int
        switch alignment {
        case .leading: x = region.minX
        case .center: x = region.minX + (region.width - width) / 2
        case .trailing: x = region.maxX - width
        }
        return put(text, x: x, y: y ?? region.minY, style: style, clip: region)
    }
}

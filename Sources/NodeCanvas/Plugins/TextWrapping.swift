extension String {
    /// The string broken into lines of at most `width` columns: between words where it can,
    /// inside a word longer than a line; a line break in the string starts a new line. Lines
    /// after the first of a paragraph start with `indent` spaces.
    /// - Parameters:
    ///   - width: The most columns a line may take.
    ///   - indent: The spaces that start each continued line (at most half the width).
    /// - Returns: The lines, at least one; nothing of the text is left out.
    /// - Complexity: O(*n*).
    package func wrapped(toWidth width: Int, indent: Int = 0) -> [String] {
        guard width > 0 else { return [self] }
        let pad = String(repeating: " ", count: max(0, min(indent, width / 2)))
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            lines += Self.wrap(paragraph, width: width, pad: pad)
        }
        return lines
    }

    private static func wrap(_ paragraph: Substring, width: Int, pad: String) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        var isFresh = true  // the line holds nothing but its indent
        func breakLine() {
            while line.last == " " { line.removeLast() }
            lines.append(line)
            line = pad
            used = pad.count
            isFresh = true
        }
        for token in tokens(of: paragraph) {
            let columns = displayWidth(of: token)
            if token.first == " " {
                if isFresh && !lines.isEmpty { continue }  // no spaces after the indent
                if used + columns <= width {
                    line += token
                    used += columns
                } else {
                    breakLine()
                }
                continue
            }
            if used + columns > width && !isFresh { breakLine() }
            for character in token {
                let characterColumns = displayWidth(of: character)
                if used + characterColumns > width && !isFresh { breakLine() }
                line.append(character)
                used += characterColumns
                isFresh = false
            }
        }
        while line.last == " " { line.removeLast() }
        lines.append(line)
        return lines
    }

    /// Runs of spaces and runs of anything else, in order.
    private static func tokens(of text: Substring) -> [Substring] {
        var tokens: [Substring] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            let next = text.index(after: index)
            if next == text.endIndex || (text[next] == " ") != (text[index] == " ") {
                tokens.append(text[start..<next])
                start = next
            }
            index = next
        }
        return tokens
    }
}

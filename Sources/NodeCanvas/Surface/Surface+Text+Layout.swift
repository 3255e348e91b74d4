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
    public func truncated(toWidth width: Int, ellipsis: Character = "…") -> String {
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

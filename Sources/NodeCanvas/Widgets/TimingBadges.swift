import NodeGraph

/// The timing badges (`t`): on each shown node's bottom edge, its recomputations since the file
/// was opened and its last compute time, ` 3× 1.2µs `. A badge is drawn only where the edge is
/// the node's own (no other box over it) and only as much as the edge has room for.
enum TimingBadges {
    /// The badge of a node: `3×`, then the last compute time when it was timed.
    /// - Parameters:
    ///   - entry: The node's figures, or `nil` when it was never recomputed.
    ///   - glyphs: The theme's glyphs (ASCII writes `x` and `us`).
    /// - Returns: The badge's text, spaces around it.
    static func text(of entry: ComputeProfile.Entry?, glyphs: Glyphs) -> String {
        let ascii = glyphs.ellipsis.isASCII
        let count = "\(entry?.recomputations ?? 0)" + (ascii ? "x" : "×")
        guard let last = entry?.last else { return " \(count) " }
        return " \(count) \(text(of: last, glyphs: glyphs)) "
    }

    /// A duration as ``ComputeProfile/text(of:)`` writes it, `µs` as `us` with ASCII glyphs.
    static func text(of duration: Duration, glyphs: Glyphs) -> String {
        let text = ComputeProfile.text(of: duration)
        return glyphs.ellipsis.isASCII ? text.replacingOccurrences(of: "µ", with: "u") : text
    }

    /// Draws the badges of the nodes shown.
    /// - Parameters:
    ///   - nodes: The shown nodes' layouts, in surface coordinates, in drawing order.
    ///   - timings: The figures.
    ///   - area: The cells the scene is drawn in.
    ///   - surface: The surface.
    ///   - theme: The theme.
    static func draw(
        _ nodes: [NodeLayout], timings: ComputeProfile, area: Rect, on surface: inout Surface, theme: Theme
    ) {
        for (index, layout) in nodes.enumerated() where layout.frame.width >= 8 && layout.frame.height >= 3 {
            let frame = layout.frame
            let edge = Rect(x: frame.minX + 2, y: frame.maxY - 1, width: frame.width - 4, height: 1)
            // A box drawn later (or any box placed over this edge) keeps its cells.
            let covered = nodes.indices.contains { $0 != index && nodes[$0].frame.intersects(edge) }
            guard !covered, edge.intersects(area) else { continue }
            var style = theme.styles.secondary
            style.reverse = true
            let text = text(of: timings.entry(for: layout.id), glyphs: theme.glyphs)
            surface.put(
                text.truncated(toWidth: edge.width, ellipsis: theme.glyphs.ellipsis), x: edge.minX,
                y: edge.minY,
                style: style, clip: area)
        }
    }
}

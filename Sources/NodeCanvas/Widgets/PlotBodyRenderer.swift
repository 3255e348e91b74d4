import Foundation
import NodeGraph

/// Shows a plot node's recent values as a chart, with the largest and smallest written beside
/// it: braille dots (two columns and four rows of dots per cell), or ASCII marks (`_ - '`, three
/// heights per row) with the ASCII theme. The box's size is fixed, whatever the values.
public struct PlotBodyRenderer: NodeBodyRenderer {
    /// The chart's columns.
    public static let chartWidth = 16
    /// The chart's rows.
    public static let chartHeight = 3

    /// Creates the renderer.
    public init() {}

    /// The chart and, beside it, room for two numbers.
    public func size(of node: NodeWidgetModel, context: WidgetDrawingContext) -> Size {
        Size(width: Self.chartWidth + 1 + NodeWidgetModel.measuredNumberWidth, height: Self.chartHeight)
    }

    /// Draws the chart of the recent values the canvas keeps for the node (the node's value alone when there
    /// are none), the maximum on its first row and the minimum on its last.
    public func draw(
        _ node: NodeWidgetModel, in region: Rect, on surface: inout Surface, context: WidgetDrawingContext
    ) {
        if drawErrorBody(node, in: region, on: &surface, context: context) { return }
        let styles = context.theme.styles
        let ellipsis = context.theme.glyphs.ellipsis
        var values = context.plotValues ?? []
        if values.isEmpty, let number = node.value.number { values = [number] }
        let numbers = values.filter(\.isFinite)
        let labelWidth = max(0, region.width - Self.chartWidth - 1)
        let chartRegion = Rect(
            x: region.x, y: region.y, width: min(Self.chartWidth, region.width), height: region.height)
        guard let low = numbers.min(), let high = numbers.max() else { return }
        let rows = Self.chart(
            values, width: chartRegion.width, height: chartRegion.height, low: low, high: high,
            braille: !context.theme.glyphs.ellipsis.isASCII)
        for (offset, row) in rows.enumerated() {
            surface.put(row, x: chartRegion.x, y: chartRegion.y + offset, style: styles.text)
        }
        guard labelWidth > 0 else { return }
        let labels = Rect(x: region.maxX - labelWidth, y: region.y, width: labelWidth, height: 1)
        surface.put(
            Self.label(high, width: labelWidth), in: labels, style: styles.secondary, ellipsis: ellipsis)
        surface.put(
            Self.label(low, width: labelWidth), in: labels.offsetBy(dx: 0, dy: region.height - 1),
            style: styles.secondary, ellipsis: ellipsis)
    }

    /// A number in at most `width` characters, never cut where a cut would change what it reads:
    /// fewer decimals first (`0.0001` reads `0`), then a power of ten (`1.2e8`).
    /// - Parameters:
    ///   - number: The number.
    ///   - width: The room.
    /// - Returns: The text; longer than `width` only when even the power of ten does not fit.
    public static func label(_ number: Double, width: Int) -> String {
        let plain = Value.format(number)
        if plain.count <= width { return plain }
        var scale = 1000.0
        while scale >= 1 {
            let rounded = Value.format((number * scale).rounded() / scale)
            if rounded.count <= width && abs(number) < 1e15 && rounded != "-0" { return rounded }
            scale /= 10
        }
        let exponent = Int(Foundation.log10(abs(number)).rounded(.down))
        let mantissa = Value.format((number / Foundation.pow(10, Double(exponent)) * 10).rounded() / 10)
        let short = "\(mantissa)e\(exponent)"
        if short.count <= width { return short }
        return "\(Value.format((number / Foundation.pow(10, Double(exponent))).rounded()))e\(exponent)"
    }

    /// The chart's rows of text: the values, one per dot column (braille: two per cell; ASCII:
    /// one), each at its height between `low` and `high`, the newest in the last column; with more
    /// values than columns, each column shows the last of its share; a value that is not a number
    /// leaves its column empty.
    /// - Parameters:
    ///   - values: The values, oldest first.
    ///   - width: The columns.
    ///   - height: The rows.
    ///   - low: The value at the bottom.
    ///   - high: The value at the top.
    ///   - braille: Braille dots, or ASCII marks.
    /// - Returns: `height` rows of `width` characters, the top row first.
    /// - Complexity: O(*w* × *h* + *v*).
    public static func chart(
        _ values: [Double], width: Int, height: Int, low: Double, high: Double, braille: Bool
    ) -> [String] {
        guard width > 0, height > 0 else { return [] }
        let columns = braille ? width * 2 : width
        let levels = braille ? height * 4 : height * 3
        // More values than columns: each column shows the last value of its share of them.
        let shown: [Double] =
            values.count <= columns
            ? values : (0..<columns).map { values[($0 + 1) * values.count / columns - 1] }
        // Right-aligned: the newest value in the last column.
        let first = columns - shown.count
        func level(_ value: Double) -> Int? {
            guard value.isFinite else { return nil }
            guard high > low else { return levels / 2 }
            let scaled = (value - low) / (high - low) * Double(levels - 1)
            return min(levels - 1, max(0, Int(scaled.rounded())))
        }
        if braille {
            // Dot bits of a braille cell by dot row (top first), left and right column.
            let left: [UInt32] = [0x01, 0x02, 0x04, 0x40]
            let right: [UInt32] = [0x08, 0x10, 0x20, 0x80]
            var bits = [[UInt32]](repeating: [UInt32](repeating: 0, count: width), count: height)
            for (index, value) in shown.enumerated() {
                guard let level = level(value) else { continue }
                let column = first + index
                let dotRow = levels - 1 - level
                let cellRow = dotRow / 4
                bits[cellRow][column / 2] |= (column % 2 == 0 ? left : right)[dotRow % 4]
            }
            return bits.map { row in
                String(row.map { Character(Unicode.Scalar(0x2800 + $0)!) })
            }
        }
        let marks: [Character] = ["_", "-", "'"]
        var cells = [[Character]](repeating: [Character](repeating: " ", count: width), count: height)
        for (index, value) in shown.enumerated() {
            guard let level = level(value) else { continue }
            let row = height - 1 - level / 3
            cells[row][first + index] = marks[level % 3]
        }
        return cells.map { String($0) }
    }
}

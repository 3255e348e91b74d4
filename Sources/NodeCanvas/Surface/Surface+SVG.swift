import NodeGraph

/// How ``Surface/svg(_:)`` draws a surface: colors, the grid's metrics in pixels, and a title.
public struct SVGOptions: Hashable, Sendable {
    /// The terminal colors the picture shows.
    public var palette: SVGPalette
    /// A title for the picture (shown by viewers as its name), or `nil`.
    public var title: String?
    /// The font size, in pixels.
    public var fontSize: Int
    /// The width of one cell, in pixels: a monospace font's advance at ``fontSize``.
    public var cellWidth: Int
    /// The height of one row, in pixels.
    public var rowHeight: Int
    /// The margin around the grid, in pixels.
    public var padding: Int

    /// Creates options; every parameter has a default suited to a README.
    /// - Parameters:
    ///   - palette: The colors; a dark terminal by default.
    ///   - title: The picture's title.
    ///   - fontSize: The font size in pixels.
    ///   - cellWidth: A cell's width in pixels.
    ///   - rowHeight: A row's height in pixels.
    ///   - padding: The margin in pixels.
    public init(
        palette: SVGPalette = .dark, title: String? = nil, fontSize: Int = 15, cellWidth: Int = 9,
        rowHeight: Int = 20, padding: Int = 12
    ) {
        self.palette = palette
        self.title = title
        self.fontSize = max(1, fontSize)
        self.cellWidth = max(1, cellWidth)
        self.rowHeight = max(1, rowHeight)
        self.padding = max(0, padding)
    }
}

extension Surface {
    /// The surface as an SVG picture: a monospace grid of its cells in the palette's colors, as
    /// a terminal would show it — for a README or documentation.
    ///
    /// Cell (x, y) occupies the rectangle from (`padding` + x × `cellWidth`,
    /// `padding` + y × `rowHeight`). Each row's text is one `<text>` element whose `<tspan>`s
    /// start at their cell's left edge; box-drawing characters are drawn as lines (so boxes and
    /// links join whatever the viewer's font) and full blocks as rectangles. Bold, underline,
    /// reverse and dim are kept (dim as a color between the foreground and the background; bold
    /// in one of the 8 basic colors also brightens it, as most terminals show it).
    /// - Parameter options: Colors, metrics and title.
    /// - Returns: A standalone SVG document, ending with a line feed.
    /// - Complexity: O(`width` × `height`).
    public func svg(_ options: SVGOptions = SVGOptions()) -> String {
        var drawing = SVGDrawing(options: options)
        for y in 0..<height {
            drawing.addRow(y, cells: cells[(y * width)..<((y + 1) * width)])
        }
        return drawing.document(width: width, height: height)
    }
}

/// Builds the SVG of a surface row by row.
struct SVGDrawing {
    let options: SVGOptions
    private var backgrounds: [String] = []
    private var lines: [(key: String, path: String)] = []
    private var texts: [String] = []

    init(options: SVGOptions) { self.options = options }

    /// How a cell's style looks in the palette.
    struct Look: Equatable {
        var foreground: Color
        var background: Color?
        var bold: Bool
        var underline: Bool
    }

    func look(of style: CellStyle) -> Look {
        let palette = options.palette
        var foreground = palette.color(for: style.foreground) ?? palette.foreground
        if style.bold, case .ansi(let value) = style.foreground, value % 16 < 8 {
            foreground = palette.ansi[Int(value % 16) + 8]  // bold shows bright, as on most terminals
        }
        var background = palette.color(for: style.background)
        if style.reverse { (foreground, background) = (background ?? palette.background, foreground) }
        if style.dim { foreground = SVGDrawing.mix(foreground, background ?? palette.background) }
        return Look(
            foreground: foreground, background: background, bold: style.bold, underline: style.underline)
    }

    /// Adds one row: its backgrounds, its box-drawing lines and blocks, and its text.
    mutating func addRow(_ y: Int, cells row: ArraySlice<Cell>) {
        var background: (start: Int, color: Color)?
        var run: (start: Int, columns: Int, text: String, look: Look)?
        var x = 0
        for cell in row where !cell.isContinuation {
            let look = self.look(of: cell.style)
            if background?.color != look.background {
                if let open = background { addBackground(open.color, y: y, from: open.start, to: x) }
                background = look.background.map { (x, $0) }
            }
            let drawn = drawGlyph(cell.character, look: look, x: x, y: y)
            if drawn || run?.look != look {
                if let open = run {
                    addText(open.text, look: open.look, y: y, start: open.start, columns: open.columns)
                }
                run = drawn ? nil : (x, 0, "", look)
            }
            if !drawn {
                run?.text.append(cell.character)
                run?.columns += cell.width
            }
            x += cell.width
        }
        if let open = background { addBackground(open.color, y: y, from: open.start, to: x) }
        if let open = run {
            addText(open.text, look: open.look, y: y, start: open.start, columns: open.columns)
        }
    }

    /// Draws a box-drawing character as lines, or a full block as a rectangle.
    /// - Returns: Whether the character was drawn (and so is not text).
    private mutating func drawGlyph(_ character: Character, look: Look, x: Int, y: Int) -> Bool {
        let left = Double(options.padding + x * options.cellWidth)
        let top = Double(options.padding + y * options.rowHeight)
        let (width, height) = (Double(options.cellWidth), Double(options.rowHeight))
        if character == "█" {
            backgrounds.append(
                rectangle(x: left, y: top, width: width, height: height, fill: look.foreground))
            return true
        }
        guard let box = BoxDrawing(character) else { return false }
        let (centerX, centerY) = (left + width / 2, top + height / 2)
        if box.isRounded {
            // From the middle of one edge to the middle of the other, curving through the centre.
            let horizontalEnd = box.right != .none ? left + width : left
            let verticalEnd = box.down != .none ? top + height : top
            let curveEnd = box.down != .none ? centerY + width / 2 : centerY - width / 2
            addLine(
                "M\(n(horizontalEnd)) \(n(centerY))Q\(n(centerX)) \(n(centerY)) \(n(centerX)) \(n(curveEnd))"
                    + "V\(n(verticalEnd))",
                weight: .light, color: look.foreground)
            return true
        }
        let arms: [(BoxDrawing.Weight, String)] = [
            (box.up, "M\(n(centerX)) \(n(centerY))V\(n(top))"),
            (box.right, "M\(n(centerX)) \(n(centerY))H\(n(left + width))"),
            (box.down, "M\(n(centerX)) \(n(centerY))V\(n(top + height))"),
            (box.left, "M\(n(centerX)) \(n(centerY))H\(n(left))"),
        ]
        for (weight, path) in arms where weight != .none {
            addLine(path, weight: weight, color: look.foreground)
        }
        return true
    }

    private mutating func addLine(_ path: String, weight: BoxDrawing.Weight, color: Color) {
        let key = "stroke=\"\(color.hex)\" stroke-width=\"\(weight == .heavy ? "2.5" : "1.2")\""
        if let index = lines.firstIndex(where: { $0.key == key }) {
            lines[index].path += path
        } else {
            lines.append((key, path))
        }
    }

    private mutating func addBackground(_ color: Color, y: Int, from start: Int, to end: Int) {
        backgrounds.append(
            rectangle(
                x: Double(options.padding + start * options.cellWidth),
                y: Double(options.padding + y * options.rowHeight),
                width: Double((end - start) * options.cellWidth), height: Double(options.rowHeight),
                fill: color))
    }

    /// Adds a run of text in one look, without its leading and trailing spaces.
    private mutating func addText(_ text: String, look: Look, y: Int, start: Int, columns: Int) {
        let leading = text.prefix { $0 == " " }.count
        let trimmed = text.drop { $0 == " " }
        let trailing = trimmed.reversed().prefix { $0 == " " }.count
        let body = trimmed.dropLast(trailing)
        guard !body.isEmpty else { return }
        let width = (columns - leading - trailing) * options.cellWidth
        var tag = "<tspan x=\"\(options.padding + (start + leading) * options.cellWidth)\""
        if body.count > 1 { tag += " textLength=\"\(width)\"" }
        if look.foreground != options.palette.foreground { tag += " fill=\"\(look.foreground.hex)\"" }
        if look.bold { tag += " font-weight=\"bold\"" }
        if look.underline { tag += " text-decoration=\"underline\"" }
        texts.append("\(y)\u{0}" + tag + ">" + SVGDrawing.escaped(String(body)) + "</tspan>")
    }

    /// The whole document.
    func document(width: Int, height: Int) -> String {
        let pictureWidth = width * options.cellWidth + 2 * options.padding
        let pictureHeight = height * options.rowHeight + 2 * options.padding
        var svg = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(pictureWidth)\" height=\"\(pictureHeight)\" "
                + "viewBox=\"0 0 \(pictureWidth) \(pictureHeight)\">"
        ]
        if let title = options.title { svg.append("<title>\(SVGDrawing.escaped(title))</title>") }
        svg.append(
            rectangle(
                x: 0, y: 0, width: Double(pictureWidth), height: Double(pictureHeight),
                fill: options.palette.background,
                rounded: true))
        svg += backgrounds
        if !lines.isEmpty {
            svg.append("<g fill=\"none\" stroke-linecap=\"square\">")
            svg += lines.map { "<path \($0.key) d=\"\($0.path)\"/>" }
            svg.append("</g>")
        }
        svg.append(
            "<g font-family=\"ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace\" "
                + "font-size=\"\(options.fontSize)\" fill=\"\(options.palette.foreground.hex)\" "
                + "xml:space=\"preserve\" style=\"white-space:pre\">")
        var rows: [Int: [String]] = [:]
        for text in texts {
            let parts = text.split(separator: "\u{0}", maxSplits: 1)
            rows[Int(parts[0])!, default: []].append(String(parts[1]))
        }
        let baseline = (options.rowHeight + options.fontSize * 7 / 10) / 2
        for y in rows.keys.sorted() {
            svg.append(
                "<text y=\"\(options.padding + y * options.rowHeight + baseline)\">" + rows[y]!.joined()
                    + "</text>")
        }
        svg.append("</g>")
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    private func rectangle(
        x: Double, y: Double, width: Double, height: Double, fill: Color, rounded: Bool = false
    )
        -> String
    {
        "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\"\(rounded ? " rx=\"8\"" : "") "
            + "fill=\"\(fill.hex)\"/>"
    }

    /// A coordinate, a multiple of a half pixel, written shortly (`4`, `4.5`).
    private func n(_ value: Double) -> String {
        let halves = Int((value * 2).rounded())
        return halves % 2 == 0 ? String(halves / 2) : String(halves / 2) + ".5"
    }

    /// `color` moved 45 % of the way to `background`: how a dim color looks.
    static func mix(_ color: Color, _ background: Color) -> Color {
        func channel(_ first: UInt8, _ second: UInt8) -> UInt8 {
            UInt8((Int(first) * 55 + Int(second) * 45) / 100)
        }
        return Color(
            red: channel(color.red, background.red), green: channel(color.green, background.green),
            blue: channel(color.blue, background.blue))
    }

    /// Text as XML character data: markup characters escaped, and characters XML cannot hold
    /// replaced by U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\u{9}", "\u{A}", "\u{D}", "\u{20}"..."\u{D7FF}", "\u{E000}"..."\u{FFFD}",
                "\u{10000}"..."\u{10FFFF}":
                result.unicodeScalars.append(scalar)
            default: result += "\u{FFFD}"
            }
        }
        return result
    }
}

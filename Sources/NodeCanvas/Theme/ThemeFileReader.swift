import NodeGraph
import NodeGraphFiles

/// Reads a theme file's JSON over a theme, field by field, collecting every problem.
struct ThemeFileReader {
    let document: JSONDocument
    /// The theme read so far.
    var theme: Theme
    /// The problems found: where (a byte offset), the field, and what is wrong.
    var problems: [(offset: Int, field: String?, reason: String)] = []

    /// The styles a file may set, by name.
    static let styles: [(String, WritableKeyPath<Styles, CellStyle> & Sendable)] = [
        ("border", \.border), ("selectedBorder", \.selectedBorder), ("title", \.title),
        ("selectedTitle", \.selectedTitle), ("deleteMarker", \.deleteMarker), ("text", \.text),
        ("secondary", \.secondary), ("error", \.error), ("link", \.link), ("selectedLink", \.selectedLink),
        ("validTarget", \.validTarget), ("invalidTarget", \.invalidTarget),
        ("currentTarget", \.currentTarget),
        ("editing", \.editing), ("status", \.status), ("statusMode", \.statusMode),
        ("statusError", \.statusError), ("panel", \.panel), ("panelTitle", \.panelTitle),
        ("panelChoice", \.panelChoice),
    ]

    /// The one-cell glyphs a file may set, by name.
    static let characters: [(String, WritableKeyPath<Glyphs, Character> & Sendable)] = [
        ("topLeft", \.topLeft), ("topRight", \.topRight), ("bottomLeft", \.bottomLeft),
        ("bottomRight", \.bottomRight), ("selectedTopLeft", \.selectedTopLeft),
        ("selectedTopRight", \.selectedTopRight), ("selectedBottomLeft", \.selectedBottomLeft),
        ("selectedBottomRight", \.selectedBottomRight), ("selectedHorizontal", \.selectedHorizontal),
        ("selectedVertical", \.selectedVertical), ("selectedVerticalRight", \.selectedVerticalRight),
        ("selectedVerticalLeft", \.selectedVerticalLeft), ("horizontal", \.horizontal),
        ("vertical", \.vertical),
        ("downRight", \.downRight), ("downLeft", \.downLeft), ("upRight", \.upRight), ("upLeft", \.upLeft),
        ("verticalRight", \.verticalRight), ("verticalLeft", \.verticalLeft),
        ("horizontalDown", \.horizontalDown),
        ("horizontalUp", \.horizontalUp), ("cross", \.cross), ("deleteMarker", \.deleteMarker),
        ("dot", \.dot),
        ("selectedDot", \.selectedDot), ("validTarget", \.validTarget), ("currentTarget", \.currentTarget),
        ("invalidTarget", \.invalidTarget), ("errorMarker", \.errorMarker), ("ellipsis", \.ellipsis),
        ("textCursor", \.textCursor), ("swatch", \.swatch), ("separator", \.separator),
    ]

    /// The glyphs of up to three cells, by name.
    static let strings: [(String, WritableKeyPath<Glyphs, String> & Sendable)] = [
        ("arrow", \.arrow), ("unconnected", \.unconnected),
    ]

    /// The spacing families a file may name.
    static let spacings: [(String, SpacingFamily)] = [
        ("standard", .standard), ("compact", .compact), ("roomy", .roomy),
    ]

    /// The colors a file may name: the 16 of the terminal's palette, and its default.
    static let colors: [(String, TerminalColor)] =
        [("default", .default)]
        + ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"].enumerated().flatMap {
            index, name in
            [
                (name, TerminalColor.ansi(UInt8(index))),
                (
                    "bright" + name.prefix(1).uppercased() + name.dropFirst(),
                    TerminalColor.ansi(UInt8(index + 8))
                ),
            ]
        }

    // MARK: Reading

    mutating func read() {
        let root = document.root
        guard expectObject(root, field: nil) else { return }
        for (key, value) in fields(of: root, allowed: ["colors", "glyphs", "spacing"], path: nil) {
            switch key {
            case "colors": readColors(value)
            case "glyphs": readGlyphs(value)
            default: readSpacing(value)
            }
        }
    }

    private mutating func readColors(_ element: JSONElement) {
        guard expectObject(element, field: "colors") else { return }
        for (name, value) in fields(of: element, allowed: Self.styles.map(\.0), path: "colors") {
            let path = Self.styles.first { $0.0 == name }!.1
            if let style = readStyle(value, over: theme.styles[keyPath: path], field: "colors.\(name)") {
                theme.styles[keyPath: path] = style
            }
        }
    }

    /// A style: a color (the foreground), or an object of colors and attributes.
    private mutating func readStyle(_ element: JSONElement, over base: CellStyle, field: String) -> CellStyle?
    {
        if document.kind(of: element) != .object {
            return readColor(element, field: field).map { color in
                var style = base
                style.foreground = color
                return style
            }
        }
        var style = base
        let allowed = ["foreground", "background", "bold", "dim", "reverse", "underline"]
        for (name, value) in fields(of: element, allowed: allowed, path: field) {
            let field = "\(field).\(name)"
            switch name {
            case "foreground": readColor(value, field: field).map { style.foreground = $0 }
            case "background": readColor(value, field: field).map { style.background = $0 }
            default:
                guard let flag = document.bool(value) else {
                    report(
                        value, field: field,
                        "must be true or false, not \(document.typeDescription(of: value))")
                    continue
                }
                switch name {
                case "bold": style.bold = flag
                case "dim": style.dim = flag
                case "reverse": style.reverse = flag
                default: style.underline = flag
                }
            }
        }
        return style
    }

    /// A color: a name, `#rrggbb`, or 0–255.
    private mutating func readColor(_ element: JSONElement, field: String) -> TerminalColor? {
        let help = "(a name such as red or brightBlue, #rrggbb, or 0–255)"
        if let number = document.number(element) {
            guard let index = document.wholeNumber(element), (0...255).contains(index) else {
                report(element, field: field, "\(JSONValue.number(number).jsonText) is not a color \(help)")
                return nil
            }
            return .indexed(UInt8(index))
        }
        guard let text = document.string(element) else {
            report(
                element, field: field, "must be a color \(help), not \(document.typeDescription(of: element))"
            )
            return nil
        }
        if let named = Self.colors.first(where: { $0.0 == text }) { return named.1 }
        if let color = Color(hex: text) { return .rgb(red: color.red, green: color.green, blue: color.blue) }
        report(element, field: field, "'\(text.escapedForMessage)' is not a color \(help)")
        return nil
    }

    private mutating func readGlyphs(_ element: JSONElement) {
        guard expectObject(element, field: "glyphs") else { return }
        let names = Self.characters.map(\.0) + Self.strings.map(\.0)
        for (name, value) in fields(of: element, allowed: names, path: "glyphs") {
            let field = "glyphs.\(name)"
            guard let text = document.string(value) else {
                report(value, field: field, "must be a string, not \(document.typeDescription(of: value))")
                continue
            }
            let width = displayWidth(of: text)
            let isPrintable = text.allSatisfy { displayWidth(of: $0) > 0 }
            if let path = Self.characters.first(where: { $0.0 == name })?.1 {
                guard text.count == 1, width == 1, isPrintable, let character = text.first else {
                    report(
                        value, field: field, "'\(text.escapedForMessage)' is not one character one cell wide")
                    continue
                }
                theme.glyphs[keyPath: path] = character
            } else if let path = Self.strings.first(where: { $0.0 == name })?.1 {
                guard (1...3).contains(width), isPrintable else {
                    report(value, field: field, "'\(text.escapedForMessage)' must be 1 to 3 cells wide")
                    continue
                }
                theme.glyphs[keyPath: path] = text
            }
        }
    }

    private mutating func readSpacing(_ element: JSONElement) {
        if let name = document.string(element) {
            guard let family = Self.spacings.first(where: { $0.0 == name })?.1 else {
                let names = Self.spacings.map { "'\($0.0)'" }.joined(separator: ", ")
                report(
                    element, field: "spacing",
                    "'\(name.escapedForMessage)' is not a spacing family (\(names))")
                return
            }
            theme.spacing = family
            return
        }
        guard document.kind(of: element) == .object else {
            report(
                element, field: "spacing",
                "must be a family's name or an object, not \(document.typeDescription(of: element))")
            return
        }
        let ranges: [(String, ClosedRange<Int>, WritableKeyPath<SpacingFamily, Int>)] = [
            ("nodeGap", 0...20, \.nodeGap), ("layerGap", 2...40, \.layerGap),
            ("leftInset", 0...40, \.leftInset), ("topInset", 0...40, \.topInset),
        ]
        for (name, value) in fields(of: element, allowed: ranges.map(\.0), path: "spacing") {
            let (_, range, path) = ranges.first { $0.0 == name }!
            guard let number = document.wholeNumber(value), range.contains(number) else {
                report(
                    value, field: "spacing.\(name)",
                    "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                continue
            }
            theme.spacing[keyPath: path] = number
        }
    }

    // MARK: Shared steps

    /// The members of an object whose keys are allowed, each once; others are reported.
    private mutating func fields(of object: JSONElement, allowed: [String], path: String?) -> [(
        String, JSONElement
    )] {
        var seen: Set<String> = []
        var result: [(String, JSONElement)] = []
        for (key, value) in document.members(of: object) {
            let name = document.string(key) ?? ""
            let field = path.map { "\($0).\(name)" } ?? name
            guard allowed.contains(name) else {
                report(key, field: field, "unexpected field" + Self.hint(for: name, among: allowed))
                continue
            }
            guard seen.insert(name).inserted else {
                report(key, field: field, "the field appears more than once")
                continue
            }
            result.append((name, value))
        }
        return result
    }

    /// What an unexpected field might have meant: every name when there are few, else the
    /// name closest to it (at most two letters apart, ignoring case).
    static func hint(for name: String, among allowed: [String]) -> String {
        if allowed.count <= 6 { return " (expected \(allowed.map { "'\($0)'" }.joined(separator: ", ")))" }
        let scored = allowed.map { ($0, name.lowercased().editDistance(to: $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return "" }
        return "; did you mean '\(best.0)'?"
    }

    private mutating func expectObject(_ element: JSONElement, field: String?) -> Bool {
        guard document.kind(of: element) == .object else {
            let what = field == nil ? "a theme file must hold a JSON object" : "must be an object"
            report(element, field: field, "\(what), not \(document.typeDescription(of: element))")
            return false
        }
        return true
    }

    private mutating func report(_ element: JSONElement, field: String?, _ reason: String) {
        problems.append((document.offset(of: element), field, reason))
    }
}

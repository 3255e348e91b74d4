extension Glyphs {
    /// Whether every glyph is ASCII: a frame drawn with them is then made all ASCII by
    /// ``renderCanvas(_:width:height:lod:theme:dataSource:)`` (names and symbols included).
    public var isASCII: Bool {
        Mirror(reflecting: self).children.allSatisfy { child in
            switch child.value {
            case let character as Character: character.isASCII
            case let text as String: text.allSatisfy(\.isASCII)
            default: true
            }
        }
    }

    /// The ASCII character drawn in place of `character` where only ASCII can be shown (a
    /// terminal without a UTF-8 locale, `--ascii`), so lines and boxes still read as lines and
    /// boxes.
    /// - Parameter character: Any character.
    /// - Returns: The character itself when it is ASCII; `-` `|` `+` `/` `\` for box drawing,
    ///   `<` `>` `^` `v` for arrows and triangles, `#` for blocks, `*` `o` `@` for bullets and
    ///   circles (clock faces included), `#` for patterned squares, `.` for an ellipsis or a
    ///   middle dot, `x` `-` `/` for the operators `×` `−` `÷`,
    ///   `?` for anything else.
    public static func asciiStandIn(for character: Character) -> Character {
        guard let scalar = character.unicodeScalars.first else { return "?" }
        if scalar.isASCII { return character }
        switch scalar.value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578,
            0x257A, 0x257C, 0x257E:
            return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579,
            0x257B, 0x257D, 0x257F, 0x258F:
            return "|"
        case 0x2571: return "/"
        case 0x2572: return "\\"
        case 0x2500...0x257F: return "+"  // corners, tees, crosses, rounded corners
        case 0x2190, 0x25C0, 0x25C2, 0x25C4: return "<"
        case 0x2192, 0x25B6, 0x25B8, 0x25BA: return ">"
        case 0x2191, 0x25B2, 0x25B4: return "^"
        case 0x2193, 0x25BC, 0x25BE: return "v"
        case 0x2580...0x259F: return "#"  // blocks and shades
        case 0x2022, 0x25CF, 0x25A0, 0x25AA: return "*"
        case 0x25CB, 0x25E6, 0x25A1, 0x25D0, 0x25F4...0x25F7: return "o"  // circles, clock faces
        case 0x25A2...0x25A9: return "#"  // filled squares (the file source's ▤)
        case 0x25C9: return "@"
        case 0x2026, 0x00B7, 0x22EF: return "."
        case 0x00D7: return "x"
        case 0x2212, 0x2013, 0x2014: return "-"
        case 0x00F7: return "/"
        default: return "?"
        }
    }
}

extension Surface {
    /// The surface with every non-ASCII character replaced by its ASCII stand-in
    /// (``Glyphs/asciiStandIn(for:)``); a wide character becomes its stand-in and a space, so
    /// every column stays where it was.
    /// - Returns: A surface of the same size whose characters are all ASCII.
    /// - Complexity: O(`width` × `height`).
    public func asciiOnly() -> Surface {
        var result = self
        for y in 0..<height {
            for x in 0..<width {
                let cell = self[x, y]
                guard !cell.isContinuation, !cell.character.isASCII else { continue }
                result[x, y] = Cell(Glyphs.asciiStandIn(for: cell.character), style: cell.style)
            }
        }
        return result
    }
}

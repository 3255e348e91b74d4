/// The lines of a box-drawing character, as a picture draws them instead of the font's glyph so
/// that boxes and links join exactly: each arm runs from the cell's centre to one edge.
struct BoxDrawing: Hashable {
    /// How thick an arm is.
    enum Weight: UInt8 {
        case none = 0, light, heavy
    }

    var up: Weight
    var right: Weight
    var down: Weight
    var left: Weight
    /// Whether the two arms of a corner meet in a curve (`╭`) rather than a right angle (`┌`).
    var isRounded = false

    /// The lines of `character`, or `nil` when it is not a box-drawing character drawn this way.
    init?(_ character: Character) {
        guard let arms = BoxDrawing.arms[character] else { return nil }
        let weights = arms.map { Weight(rawValue: $0) ?? .none }
        (up, right, down, left) = (weights[0], weights[1], weights[2], weights[3])
        isRounded = "╭╮╰╯".contains(character)
    }

    /// Arms up, right, down, left: 0 none, 1 light, 2 heavy.
    private static let arms: [Character: [UInt8]] = [
        "─": [0, 1, 0, 1], "│": [1, 0, 1, 0], "┌": [0, 1, 1, 0], "┐": [0, 0, 1, 1], "└": [1, 1, 0, 0],
        "┘": [1, 0, 0, 1], "├": [1, 1, 1, 0], "┤": [1, 0, 1, 1], "┬": [0, 1, 1, 1], "┴": [1, 1, 0, 1],
        "┼": [1, 1, 1, 1], "╴": [0, 0, 0, 1], "╵": [1, 0, 0, 0], "╶": [0, 1, 0, 0], "╷": [0, 0, 1, 0],
        "━": [0, 2, 0, 2], "┃": [2, 0, 2, 0], "┏": [0, 2, 2, 0], "┓": [0, 0, 2, 2], "┗": [2, 2, 0, 0],
        "┛": [2, 0, 0, 2], "┣": [2, 2, 2, 0], "┫": [2, 0, 2, 2], "┳": [0, 2, 2, 2], "┻": [2, 2, 0, 2],
        "╋": [2, 2, 2, 2], "┠": [2, 1, 2, 0], "┨": [2, 0, 2, 1], "┝": [1, 2, 1, 0], "┥": [1, 0, 1, 2],
        "╭": [0, 1, 1, 0], "╮": [0, 0, 1, 1], "╰": [1, 1, 0, 0], "╯": [1, 0, 0, 1],
    ]
}

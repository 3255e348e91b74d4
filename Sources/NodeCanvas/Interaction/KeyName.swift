/// Keys by the names `keys.json`, help and the command line write them: letters and symbols as
/// typed (`d`, `/`, `+`), `Ctrl-A`…, `Tab`, `Shift-Tab`, `Enter`, `Esc`, `Backspace`, `Delete`,
/// `Space`, `Up`, `Down`, `Left`, `Right`, `PgUp`, `PgDn`, `Home`, `End`, `F1`…`F12`.
public enum KeyName {
    /// The named keys, by name.
    static let named: [(String, InputEvent)] = [
        ("Tab", .tab), ("Shift-Tab", .backTab), ("Enter", .enter), ("Esc", .escape),
        ("Backspace", .backspace), ("Delete", .delete), ("Space", .character(" ")), ("Up", .up),
        ("Down", .down), ("Left", .left), ("Right", .right), ("PgUp", .pageUp), ("PgDn", .pageDown),
        ("Home", .home), ("End", .end),
    ]

    /// How a key is written.
    /// - Parameter key: The key.
    /// - Returns: Its name (`Ctrl-A`, `PgUp`, `x`); a mouse event or a resize has none.
    public static func name(of key: InputEvent) -> String? {
        if let entry = named.first(where: { $0.1 == key }) { return entry.0 }
        switch key {
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .function(let number): return "F\(number)"
        default: return nil
        }
    }

    /// The key a name stands for, or why it stands for none.
    /// - Parameter name: The name (`Ctrl-S`, `d`, `F5`).
    /// - Returns: The key, or what is wrong with the name.
    package static func key(named name: String) -> Result<InputEvent, KeyNameProblem> {
        if let entry = named.first(where: { $0.0.lowercased() == name.lowercased() && name.count > 1 }) {
            return .success(entry.1)
        }
        if name.count == 1, let character = name.first {
            guard character != " " else { return .success(.character(" ")) }
            let isPrintable = displayWidth(of: character) > 0 && !character.isNewline
            return isPrintable ? .success(.character(character)) : .failure(.unknown(name))
        }
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), name.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter
        {
            switch letter {
            case "c", "z": return .failure(.neverArrives(name, "it stops the program"))
            case "h": return .failure(.neverArrives(name, "the terminal sends it as Backspace"))
            case "i": return .failure(.neverArrives(name, "the terminal sends it as Tab"))
            case "j", "m": return .failure(.neverArrives(name, "the terminal sends it as Enter"))
            case "l": return .failure(.neverArrives(name, "it repaints the screen"))
            default: return .success(.control(letter))
            }
        }
        if lower.hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number),
            !name.dropFirst().hasPrefix("0"), !name.dropFirst().hasPrefix("+")
        {
            return .success(.function(number))
        }
        return .failure(.unknown(name))
    }
}

/// Why a name stands for no key.
public enum KeyNameProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name is none of the key names.
    case unknown(String)
    /// The key exists but never reaches the editor as itself, and why.
    case neverArrives(String, String)

    /// The problem in words.
    public var description: String {
        switch self {
        case .unknown(let name):
            "'\(name.escapedForMessage)' is not a key (a letter or symbol as typed, Ctrl-A…Ctrl-Z, Tab, "
                + "Shift-Tab, Enter, Esc, Backspace, Delete, Space, Up, Down, Left, Right, PgUp, PgDn, "
                + "Home, End, F1…F12)"
        case .neverArrives(let name, let why):
            "'\(name.escapedForMessage)' cannot be bound: \(why)"
        }
    }
}

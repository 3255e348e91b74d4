import NodeGraph

/// The command line (`:`): every command by name, filtered as it is typed, best match first.
/// Up/Down choose, Tab completes the highlighted name, Enter runs the highlighted one, Esc leaves. A command that takes an argument
/// takes it after a space: `:save PATH` saves as PATH, `:find TEXT` finds, `:lod full|compact|dot`
/// (or `:level-of-detail dot`) picks a level of detail.
extension CanvasReducer {
    /// The longest command line a person may type.
    public static let maximumCommandLength = 4_096

    /// The commands the command line lists for what is typed: with nothing typed every command
    /// in table order; else those whose name holds the typed letters in order, best first
    /// (letters together, at the start of the name or of one of its words, score higher).
    /// - Parameters:
    ///   - query: The typed name, or part of it.
    ///   - keys: The keys in effect, which hold every command.
    /// - Returns: The matching commands, best first, ties in table order.
    /// - Complexity: O(*c* × *q* × *n*) for *c* commands of names *n* long and a query *q* long.
    package static func commandMatches(_ query: String, in keys: KeyTable) -> [NamedCommand] {
        let needle = Array(query.lowercased())
        guard !needle.isEmpty else { return keys.commands }
        let scored = keys.commands.enumerated().compactMap { index, command -> (Int, Int, NamedCommand)? in
            guard var score = fuzzyScore(needle, Array(command.name)) else { return nil }
            if command.name == query.lowercased() { score += 1_000 }
            return (score, index, command)
        }
        return scored.sorted { ($1.0, $0.1) < ($0.0, $1.1) }.map(\.2)
    }

    /// How well a query's letters match a name in order: `nil` when they do not all appear in
    /// order; else the best sum over the matched letters of 1, plus 4 at the start of a word
    /// (and 2 more at the start of the name), plus 5 right after the previous matched letter.
    static func fuzzyScore(_ query: [Character], _ name: [Character]) -> Int? {
        let none = Int.min / 4
        guard !query.isEmpty, query.count <= name.count else { return query.isEmpty ? 0 : nil }
        func bonus(_ j: Int) -> Int { 1 + (j == 0 ? 6 : name[j - 1] == "-" ? 4 : 0) }
        var previous = [Int](repeating: none, count: name.count)
        for (i, letter) in query.enumerated() {
            var current = [Int](repeating: none, count: name.count)
            var bestBefore = none  // the best of previous[0...j - 2]
            for j in name.indices {
                if j >= 2 { bestBefore = max(bestBefore, previous[j - 2]) }
                guard name[j] == letter else { continue }
                if i == 0 {
                    current[j] = bonus(j)
                } else {
                    let adjacent = j >= 1 && previous[j - 1] > none ? previous[j - 1] + 5 : none
                    let best = max(adjacent, bestBefore)
                    if best > none { current[j] = best + bonus(j) }
                }
            }
            previous = current
        }
        let best = previous.max() ?? none
        return best > none ? best : nil
    }

    /// A key on the command line.
    static func reduceCommandLine(
        _ state: inout CanvasState, _ line: CommandLineState, _ event: InputEvent, context: CanvasContext
    ) -> [CanvasEffect] {
        var line = line
        let count = commandMatches(line.typedName, in: context.keyTable).count
        switch event {
        case .up:
            line.choice = max(0, min(line.choice, count - 1) - 1)
            state.mode = .commandLine(line)
            return []
        case .down:
            line.choice = max(0, min(line.choice + 1, count - 1))
            state.mode = .commandLine(line)
            return []
        case .tab:
            // The highlighted name, then a space for an argument, the cursor at the end.
            let matches = commandMatches(line.typedName, in: context.keyTable)
            guard !matches.isEmpty else { return [] }
            var editor = LineEditor(
                matches[min(line.choice, matches.count - 1)].name + " ", limit: maximumCommandLength)
            _ = editor.handle(.end)
            state.mode = .commandLine(CommandLineState(editor: editor))
            return []
        default:
            break
        }
        let typed = line.editor.text
        switch edit(&line.editor, event, noun: "a command line", &state) {
        case .cancelled:
            state.mode = .normal
        case .accepted:
            return runCommandLine(&state, line, context: context)
        case .edited, .tooLong:
            if line.editor.text != typed { line.choice = 0 }
            state.mode = .commandLine(line)
        case .ignored:
            break
        }
        return []
    }

    /// Enter on the command line: the highlighted command, or the command named before an
    /// argument with that argument. A line that runs nothing says why and stays open.
    private static func runCommandLine(
        _ state: inout CanvasState, _ line: CommandLineState, context: CanvasContext
    )
        -> [CanvasEffect]
    {
        let keys = context.keyTable
        let argument = line.argument
        guard !argument.isEmpty else {
            let matches = commandMatches(line.typedName, in: keys)
            guard !matches.isEmpty else {
                say("no command matches '\(line.typedName)': Backspace, or Esc", error: true, &state)
                return []
            }
            state.mode = .normal
            return run(matches[min(line.choice, matches.count - 1)].command, &state, context: context)
        }
        let name = line.typedName == "lod" ? "level-of-detail" : line.typedName
        guard let command = keys.command(named: name) else {
            say(
                "no command named '\(line.typedName)' (:save PATH, :find TEXT, :lod full|compact|dot)",
                error: true, &state)
            return []
        }
        switch command.command {
        case .save:
            state.mode = .normal
            return [.saveAs(path: argument, replacing: false, thenQuit: false)]
        case .find:
            let find = FindState(editor: LineEditor(argument, limit: maximumQueryLength))
            state.mode = .find(find)
            return reduceFind(&state, find, .enter, context: context)
        case .cycleLevelOfDetail:
            guard let level = LevelOfDetail(rawValue: argument) else {
                say("'\(argument)' is not a level of detail: full, compact or dot", error: true, &state)
                return []
            }
            state.mode = .normal
            state.levelOfDetail = level
            followCursor(&state, area: context.area)
            say("level of detail: \(level.rawValue)", &state)
        default:
            say("\(command.name) takes no argument: Enter runs it alone", error: true, &state)
        }
        return []
    }
}

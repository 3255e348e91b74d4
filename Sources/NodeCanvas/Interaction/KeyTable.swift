/// The keys in effect: every command by name, and the command each key runs in normal mode.
///
/// The standard table binds ``KeyBindings/commands`` to their default keys; `keys.json` rebinds
/// or unbinds keys over it (``KeysFile``). The reducer runs it, help and the command line show
/// it, and the editor guide's table (docs/editor.md) is the standard one.
///
/// ```swift
/// var keys = KeyTable.standard
/// keys.bind(.character("d"), to: "delete")
/// keys.bind(.character("x"), to: nil)   // x now does nothing
/// canvas.keyTable = keys
/// ```
public struct KeyTable: Hashable, Sendable {
    /// Every command, in the order help and the command line list them.
    public let commands: [NamedCommand]
    /// The command each key runs, by name.
    private var nameByKey: [InputEvent: String] = [:]
    /// The keys of each command, in the order they were bound.
    private var keysByName: [String: [InputEvent]] = [:]

    /// The standard commands on their default keys.
    public static let standard = KeyTable(commands: KeyBindings.commands)

    /// Binds commands to their default keys, each key to the last command that claims it.
    init(commands: [NamedCommand]) {
        self.commands = commands
        for command in commands {
            for key in command.defaultKeys { bind(key, to: command.name) }
        }
    }

    /// The table with a tool's own commands added after its commands, each on its default keys.
    ///
    /// ```swift
    /// let keys = try KeyTable.standard.adding([
    ///     NamedCommand("truth-table", .tool("truth-table"), keys: [.character("T")], "the truth table")
    /// ])
    /// ```
    /// - Parameter tools: The tool's commands.
    /// - Returns: The table with them.
    /// - Throws: ``KeyTableError`` naming both commands when a key is claimed twice (by one of
    ///   this table's commands on its key in effect, or by two of `tools`), and every name used
    ///   twice; nothing is added then.
    /// - Complexity: O(*t* × (*c* + *t*)) for *t* tool commands and *c* commands.
    package func adding(_ tools: [NamedCommand]) throws(KeyTableError) -> KeyTable {
        var problems: [String] = []
        var claimed: [InputEvent: String] = nameByKey
        var names = Set(commands.map(\.name))
        for tool in tools {
            if !names.insert(tool.name).inserted {
                problems.append("two commands are named '\(tool.name)'")
                continue
            }
            for key in tool.defaultKeys {
                if let other = claimed[key] {
                    let keyName = KeyName.name(of: key) ?? "\(key)"
                    problems.append("key \(keyName) is claimed by both '\(other)' and '\(tool.name)'")
                } else {
                    claimed[key] = tool.name
                }
            }
        }
        guard problems.isEmpty else { throw KeyTableError(problems: problems) }
        var table = KeyTable(commands: commands + tools, bindings: self)
        for tool in tools {
            for key in tool.defaultKeys { table.bind(key, to: tool.name) }
        }
        return table
    }

    /// A table of more commands, keeping the keys another table gave the commands it has.
    private init(commands: [NamedCommand], bindings: KeyTable) {
        self.commands = commands
        nameByKey = bindings.nameByKey
        keysByName = bindings.keysByName
    }

    /// The command with a name.
    /// - Parameter name: The name (`delete`).
    /// - Returns: The command, or `nil` when there is none of that name.
    /// - Complexity: O(*n*) in the number of commands.
    public func command(named name: String) -> NamedCommand? { commands.first { $0.name == name } }

    /// The command a key runs in normal mode.
    /// - Parameter key: The key.
    /// - Returns: The command, or `nil` when the key does nothing there.
    public func command(for key: InputEvent) -> CanvasCommand? {
        nameByKey[key].flatMap { command(named: $0)?.command }
    }

    /// The name of the command a key runs.
    /// - Parameter key: The key.
    /// - Returns: The name, or `nil` when the key is not bound.
    public func name(for key: InputEvent) -> String? { nameByKey[key] }

    /// The keys that run a command, default keys first.
    /// - Parameter name: The command's name.
    /// - Returns: Its keys; empty when it has none (the command line still runs it).
    public func keys(of name: String) -> [InputEvent] { keysByName[name] ?? [] }

    /// The keys of a command as help writes them (`x / Delete`); `:NAME` without any.
    /// - Parameter name: The command's name.
    /// - Returns: The keys in words.
    public func label(of name: String) -> String {
        let keys = keys(of: name).compactMap(KeyName.name(of:))
        return keys.isEmpty ? ":" + name : keys.joined(separator: " / ")
    }

    /// Makes a key run a command, or nothing.
    /// - Parameters:
    ///   - key: The key; whatever it ran before, it no longer does.
    ///   - name: The command's name; `nil` unbinds the key. It must name one of ``commands``.
    package mutating func bind(_ key: InputEvent, to name: String?) {
        precondition(name.map { command(named: $0) != nil } ?? true, "no command named \(name ?? "")")
        if let old = nameByKey.removeValue(forKey: key) { keysByName[old]?.removeAll { $0 == key } }
        guard let name else { return }
        nameByKey[key] = name
        keysByName[name, default: []].append(key)
    }

    /// The rows help and the editor guide show, with the keys in effect: a row keeps its standard label
    /// while its commands have their default keys, else lists the keys it has (`:NAME` for a
    /// command without any).
    package var bindings: [KeyBinding] {
        KeyBindings.rows.map { row in
            let named = row.names.compactMap { command(named: $0) }
            let bound = named.flatMap { command in
                keys(of: command.name).map { KeyCommand($0, command.command) }
            }
            let isDefault = named.allSatisfy { keys(of: $0.name) == $0.defaultKeys }
            let written = isDefault ? row.label : named.map { label(of: $0.name) }.joined(separator: " / ")
            return KeyBinding(written, row.help, bound)
        } + extraBindings
    }

    /// Rows for commands no standard row lists (a tool's own), one each.
    private var extraBindings: [KeyBinding] {
        let listed = Set(KeyBindings.rows.flatMap(\.names))
        return commands.filter { !listed.contains($0.name) }.map { command in
            KeyBinding(
                label(of: command.name), command.help,
                keys(of: command.name).map { KeyCommand($0, command.command) })
        }
    }
}

/// Why a tool's commands cannot join a key table: keys claimed twice, names used twice.
public struct KeyTableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Each problem, in one line (`key T is claimed by both 'truth-table' and 'table'`).
    package var problems: [String]

    /// Creates an error.
    /// - Parameter problems: Each problem, in one line.
    public init(problems: [String]) { self.problems = problems }

    /// One line per problem.
    public var description: String { problems.joined(separator: "\n") }
}

import Foundation
import NodeGraph

/// A first argument that looks like a mistyped command rather than a file to open:
/// `nodeui-tui evl` is a usage error suggesting `eval`, not a new file called `evl`.
///
/// The rule: the first argument is not an option, is not an existing path, holds no `/` and no
/// `.`, and is within two edits of a command's name (a letter added, removed or changed, or two
/// neighbouring letters swapped; case ignored). A file name with an extension (`evl.json`) or a
/// path (`./evl`) always opens.
struct MistypedCommand: Equatable {
    /// The argument as typed.
    let typed: String
    /// The command it is closest to (the first listed, among equally close ones).
    let suggestion: String

    /// Edits allowed between a typed word and a command for the word to count as mistyped.
    static let maximumEdits = 2

    /// The mistyped command in `arguments`, if its first argument is one.
    /// - Parameters:
    ///   - arguments: The command-line arguments, without the program's name.
    ///   - commands: The command names, in the order ties are settled.
    ///   - pathExists: Whether a path names an existing file or folder.
    init?(
        arguments: [String], commands: [String],
        pathExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) {
        guard let first = arguments.first, !first.isEmpty, !first.hasPrefix("-"), !commands.contains(first),
            !first.contains("/"), !first.contains("."), !pathExists(first)
        else { return nil }
        let typed = first.lowercased()
        var best: (command: String, edits: Int)?
        for command in commands {
            let edits = typed.editDistance(to: command.lowercased())
            if edits <= MistypedCommand.maximumEdits && edits < (best?.edits ?? .max) {
                best = (command, edits)
            }
        }
        guard let best else { return nil }
        self.typed = first
        self.suggestion = best.command
    }

    /// The usage error for `help TOPIC` when TOPIC is not a command: the closest command when
    /// one is within two edits.
    /// - Parameters:
    ///   - topic: The word after `help`.
    ///   - commands: The command names, in the order ties are settled.
    ///   - toolName: The tool's name, for the pointer to its help.
    /// - Returns: The lines for standard error, or `nil` when `topic` is a command (or an option).
    static func unknownHelpTopic(_ topic: String, commands: [String], toolName: String) -> [String]? {
        guard !topic.hasPrefix("-"), !commands.contains(topic) else { return nil }
        let escaped = topic.escapedForMessage
        let pointer = "See '\(toolName) --help' for every command."
        guard let near = MistypedCommand(arguments: [topic], commands: commands, pathExists: { _ in false })
        else {
            return ["Error: unknown command '\(escaped)'. \(pointer)"]
        }
        return ["Error: unknown command '\(escaped)'; did you mean '\(near.suggestion)'? \(pointer)"]
    }

    /// The usage error: what was typed, the closest command, and how to open a file of that name.
    /// - Parameter toolName: The tool's name, for the pointer to its help.
    /// - Returns: Two lines for standard error.
    func message(toolName: String) -> [String] {
        let typed = self.typed.escapedForMessage
        return [
            "Error: unknown command '\(typed)'; did you mean '\(suggestion)'?",
            "  To open a new file called '\(typed)', write './\(typed)'. "
                + "See '\(toolName) --help' for every command.",
        ]
    }
}

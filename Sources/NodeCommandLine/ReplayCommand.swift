import ArgumentParser
import NodeGraph
import NodeGraphFiles

/// `TOOL replay FILE --edits EDITS.jsonl [--out OUT.json] [--trace] [--json] [--strict]`.
struct ReplayCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        let file = tool.exampleFile
        return CommandConfiguration(
            commandName: "replay",
            abstract: "Apply an edit journal to a graph file headlessly and print the final values.",
            discussion: """
                Applies the journal (JSON Lines, one edit per line; blank lines are skipped) line by \
                line. A line that is malformed or would break a rule is refused, changes nothing, and \
                is reported with its line number and reason: \
                "line 4: link refused: would create a cycle: sum → prod → sum". Later lines still \
                apply. With --trace, each applied line also prints the nodes it recomputed, in order. \
                Then every node's value is printed as by `eval`.

                With --json, prints one object per journal line, \
                {"line":N,"op":"link","status":"applied","recomputed":["sum","prod"]} or \
                {"line":N,"op":"link","status":"refused","reason":"…"}, then one object shaped like \
                `eval --json`.

                Refused lines are results, not failures: the exit status is 0 unless --strict is given \
                and some line was refused, or a file cannot be read or saved (1).

                Examples:
                """
                    + HelpText.exampleLines([
                        "\(tool.name) replay \(file) --edits edits.jsonl",
                        "\(tool.name) replay \(file) --edits edits.jsonl --trace",
                        "\(tool.name) replay \(file) --edits edits.jsonl --out result.\(tool.editor.fileExtension)",
                        "\(tool.name) replay \(file) --edits edits.jsonl --json --strict",
                    ]))
    }

    @Argument(help: "The graph file to start from.")
    var file: String

    @Option(help: ArgumentHelp("The edit journal to apply.", valueName: "edits.jsonl"))
    var edits: String

    @Option(help: ArgumentHelp("Save the resulting graph to this file.", valueName: "out.json"))
    var out: String?

    @Flag(help: "Print the nodes each applied line recomputed.")
    var trace = false

    @Flag(help: "Print JSON: one object per journal line, then the final values.")
    var json = false

    @Flag(help: "Exit 1 if any line was refused.")
    var strict = false

    @OptionGroup var fileSize: FileSizeOption

    func run() throws {
        let document = GraphDocument(graph: try fileSize.loadGraph(file))
        document.rule = ToolContext.current.editor.editRule
        let lines = try Journal.readForCommand(path: edits)
        var output: [String] = []
        var refused = 0
        for line in lines {
            let step = document.replay(line)
            if step.isRefused { refused += 1 }
            if json {
                output.append(HeadlessOutput.json(step))
            } else if trace || step.isRefused {
                output.append(HeadlessOutput.text(step))
            }
        }
        if json {
            output.append(HeadlessOutput.json(document.graph))
        } else {
            output += HeadlessOutput.textLines(document.graph)
        }
        StandardOutput.write(lines: output)
        if let out {
            do throws(SaveError) {
                try GraphFile.save(document.graph, to: out)
            } catch {
                StandardError.write("\(out.escapedForMessage): \(error.reason)")
                throw ExitCode(1)
            }
        }
        if strict && refused > 0 { throw ExitCode(1) }
    }
}

extension Journal {
    /// A journal's lines for a command that replays it; a journal that cannot be read is said on
    /// standard error, naming the file, and exits 1.
    static func readForCommand(path: String) throws -> [Journal.Line] {
        do throws(LoadProblem) {
            return try Journal.read(path: path)
        } catch {
            StandardError.write("\(path.escapedForMessage): \(error)")
            throw ExitCode(1)
        }
    }
}

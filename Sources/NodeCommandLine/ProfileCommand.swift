import ArgumentParser
import NodeGraph
import NodeGraphFiles

/// `TOOL profile FILE [--edits E.jsonl] [--json] [--top N]`: per node, how often it was
/// recomputed and how long computing it took.
struct ProfileCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolContext.current
        let file = tool.exampleFile
        var examples = ["\(tool.name) profile \(file)", "\(tool.name) profile \(file) --json --top 5"]
        if let journal = tool.exampleJournal {
            examples.append("\(tool.name) profile \(file) --edits \(journal)")
        }
        return CommandConfiguration(
            commandName: "profile",
            abstract:
                "Evaluate a graph file (then apply a journal) and print what each node's computing cost.",
            discussion: """
                Evaluates the graph (each node computed once), then applies the journal given with \
                --edits line by line as `replay` does, and prints per node, the longest total time \
                first: NAME (ID): N recomputations, total T, mean M. Each computation is timed by \
                computing the node from its inputs once more, so the figures are the nodes' own, \
                not the evaluator's bookkeeping. A refused journal line is reported on standard \
                error and changes nothing.

                With --json, prints one object: \
                {"nodes":[{"id":…,"name":…,"recomputations":N,"totalNanoseconds":T},…]}. \
                --top N prints only the first N nodes.

                Examples:
                """
                    + HelpText.exampleLines(examples))
    }

    @Argument(help: "The graph file to profile.")
    var file: String

    @Option(help: ArgumentHelp("An edit journal to apply after the evaluation.", valueName: "edits.jsonl"))
    var edits: String?

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Print only the first N nodes.", valueName: "n"))
    var top: Int?

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var fileSize: FileSizeOption

    func validate() throws {
        if let top, top < 1 { throw ValidationError("--top must be at least 1, not \(top)") }
    }

    func run() throws {
        let graph = sourceOptions.readingSourcesOnce(try fileSize.loadGraph(file), from: file)
        var profile = ComputeProfile()
        profile.record(graph.dependencyOrder(), in: graph)
        let document = GraphDocument(graph: graph)
        // The tool's rule refuses here what it refuses in the editor, `replay` and `watch`.
        document.rule = ToolContext.current.editor.editRule
        if let edits {
            let lines = try Journal.readForCommand(path: edits)
            for line in lines {
                let step = document.replay(line)
                switch step.outcome {
                case .applied(let recomputed): profile.record(recomputed, in: document.graph)
                case .refused: StandardError.write(HeadlessOutput.text(step))
                }
            }
        }
        let final = document.graph
        var rows = profile.byTotalTime.filter { final.node($0.id) != nil }
        if let top { rows = Array(rows.prefix(top)) }
        if json {
            StandardOutput.write(Self.json(rows, in: final))
        } else {
            StandardOutput.write(lines: rows.map { Self.text($0.id, $0.entry, in: final) })
        }
    }

    /// `Add (sum): 3 recomputations, total 1.2µs, mean 400ns`.
    static func text(_ id: NodeID, _ entry: ComputeProfile.Entry, in graph: Graph) -> String {
        let count = entry.recomputations == 1 ? "1 recomputation" : "\(entry.recomputations) recomputations"
        return "\(graph.name(of: id) ?? id.rawValue) (\(id)): \(count), total "
            + "\(ComputeProfile.text(of: entry.total)), mean \(ComputeProfile.text(of: entry.mean))"
    }

    /// `{"nodes":[{"id":…,"name":…,"recomputations":N,"totalNanoseconds":T},…]}`.
    static func json(_ rows: [(id: NodeID, entry: ComputeProfile.Entry)], in graph: Graph) -> String {
        let nodes = rows.map { id, entry in
            let total = entry.total.components
            let nanoseconds = total.seconds * 1_000_000_000 + total.attoseconds / 1_000_000_000
            return "{\"id\":" + JSONValue.string(id.rawValue).jsonText + ",\"name\":"
                + JSONValue.string(graph.name(of: id) ?? id.rawValue).jsonText
                + ",\"recomputations\":\(entry.recomputations),\"totalNanoseconds\":\(nanoseconds)}"
        }
        return "{\"nodes\":[" + nodes.joined(separator: ",") + "]}"
    }
}

import ArgumentParser
import NodeGraph
import NodeGraphFiles

/// A hidden command for the crash-safety test: saves two graphs over one file, alternately,
/// until killed (or `--count` saves are done). Prints `ready` once both graphs are loaded.
struct SaveStressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_save-stress",
        abstract: "Save two graphs alternately over one file (for crash-safety tests).",
        shouldDisplay: false)

    @Argument(help: "The file to save over.")
    var target: String

    @Argument(help: "The first graph file.")
    var first: String

    @Argument(help: "The second graph file.")
    var second: String

    @Option(help: "Stop after this many saves (default: until killed).")
    var count: Int?

    func run() throws {
        let graphs = [try loadGraphOrExit(first), try loadGraphOrExit(second)]
        StandardOutput.write("ready")
        var saved = 0
        while count.map({ saved < $0 }) ?? true {
            do throws(SaveError) {
                try GraphFile.save(graphs[saved % 2], to: target)
            } catch {
                StandardError.write("\(target): \(error.reason)")
                throw ExitCode(1)
            }
            saved += 1
        }
    }
}

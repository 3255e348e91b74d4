import ArgumentParser
import NodeGraph
import NodeGraphFiles

/// `--max-file-size SIZE`: the option of every command that reads a graph file, raising (or
/// lowering) the largest file it reads.
struct FileSizeOption: ParsableArguments {
    // Unconditional, so that `--max-file-size -1` reaches the check rather than reading as an
    // option and leaving the value missing.
    @Option(
        name: .customLong("max-file-size"), parsing: .unconditional,
        help: ArgumentHelp(
            "The largest graph file read: bytes, or with K, M or G (512M, 2G); 512M by default.",
            valueName: "size"),
        transform: FileSizeOption.bytes)
    var maximumBytes: Int?

    /// The limits a graph file is read within: the standard ones, with the size given (and, with
    /// it, the JSON values allowed).
    var limits: GraphFile.Limits {
        maximumBytes.map { GraphFile.Limits(maximumBytes: $0) } ?? .standard
    }

    /// Loads a graph file of the running tool's kinds within ``limits``, or prints each problem
    /// on standard error (`FILE: line 3, column 7: node 'sum', field 'inputs[1]': no node has id
    /// 'zz'`) and exits 1.
    /// - Parameter path: The file's path.
    /// - Returns: The graph.
    /// - Throws: `ExitCode(1)` after printing the problems.
    func loadGraph(_ path: String) throws -> Graph {
        do throws(GraphFileError) {
            return try GraphFile.load(
                path: path, registry: ToolContext.current.editor.registry, limits: limits)
        } catch {
            for problem in error.problems { StandardError.write("\(path.escapedForMessage): \(problem)") }
            throw ExitCode(1)
        }
    }

    /// A size as written: bytes (`1048576`), or a count of KiB, MiB or GiB (`512K`, `512M`,
    /// `2G`; `MB`, `MiB` and lower case read the same).
    /// - Parameter text: The option's value.
    /// - Returns: The bytes.
    /// - Throws: `ValidationError` saying what a size is.
    @Sendable static func bytes(_ text: String) throws -> Int {
        let units: [(suffixes: [String], shift: Int)] = [
            (["k", "kb", "kib"], 10), (["m", "mb", "mib"], 20), (["g", "gb", "gib"], 30), (["", "b"], 0),
        ]
        let lowered = text.lowercased()
        for unit in units {
            for suffix in unit.suffixes where lowered.hasSuffix(suffix) {
                guard let count = Int(lowered.dropLast(suffix.count)), count > 0 else { continue }
                let (bytes, overflow) = count.multipliedReportingOverflow(by: 1 << unit.shift)
                if !overflow { return bytes }
            }
        }
        throw ValidationError("it must be a size above 0: bytes, or a count with K, M or G (512M, 2G)")
    }
}

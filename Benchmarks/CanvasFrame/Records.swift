import Foundation

/// One figure, as a JSON line in the shape `nodegraph-bench` writes, so that
/// `Benchmarks/generate.sh` renders canvas and engine figures into one BENCHMARKS.md.
struct Figure {
    var workload: String
    var nodes: Int
    var op: String
    var milliseconds: Double
    var reps: Int
    var recomputes = 0.0
    /// Other measured numbers (milliseconds, counts), written as fields of their own.
    var numbers: [(String, Double)] = []

    var json: String {
        var fields = [
            #""engine":"nodegraph""#, #""workload":"\#(workload)""#, #""n":\#(nodes)"#, #""nodes":\#(nodes)"#,
            #""op":"\#(op)""#, #""seconds":\#(milliseconds / 1e3)"#, #""reps":\#(reps)"#,
            #""recomputes":\#(recomputes)"#, #""screen":"200x60""#,
        ]
        for (key, value) in numbers { fields.append(#""\#(key)":\#(value)"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// Where figures go: standard output as text, and a JSON Lines file with `--jsonl FILE`.
final class FigureLog {
    private let file: UnsafeMutablePointer<FILE>?

    init(jsonlPath: String?) {
        file = jsonlPath.flatMap { fopen($0, "a") }
        if jsonlPath != nil && file == nil { fatalError("cannot open \(jsonlPath!)") }
    }

    deinit { if let file { fclose(file) } }

    func record(_ figure: Figure) {
        guard let file else { return }
        fputs(figure.json + "\n", file)
        fflush(file)
    }
}

/// A number of milliseconds, short.
func ms(_ value: Double) -> String { String(format: value < 10 ? "%.2f ms" : "%.0f ms", value) }

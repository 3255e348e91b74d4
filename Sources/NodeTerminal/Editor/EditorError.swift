/// Why the editor could not start; printed on standard error before the screen starts.
public enum EditorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file given on the command line could not be opened (`purpose`: `log`, `record`).
    case cannotOpen(path: String, purpose: String, reason: String)
    /// The file to open exists but is not a valid graph file; one line per problem.
    case doesNotLoad(path: String, problems: [String])
    /// The file to open is in a directory that does not exist, so it could never be saved.
    case noSuchDirectory(path: String, directory: String)

    /// One line per problem, each naming the file and the reason.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let purpose, let reason):
            "\(path): cannot open the \(purpose) file: \(reason)"
        case .doesNotLoad(let path, let problems):
            problems.map { "\(path): \($0)" }.joined(separator: "\n")
        case .noSuchDirectory(let path, let directory):
            "\(path): the directory '\(directory)' does not exist; create it first, or pick another file"
        }
    }
}

extension CommandLineTool {
    /// The version of the NodeGraph package: what `--version` prints for `nodeui-tui`, and for
    /// any tool that names no version of its own. Kept here only; CHANGELOG.md names it on release.
    public static let packageVersion = "0.1.0"
}

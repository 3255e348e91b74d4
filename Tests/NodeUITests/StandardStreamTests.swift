import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The repository's `Examples/graphs/calculator.json`.
private let calculator = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/graphs/calculator.json").path

@Suite struct StandardStreamTests {
    @Test(arguments: [["eval"], ["watch", "--max-updates", "0"]])
    func outputThatCannotBeWrittenExits1WithAMessageRatherThanACrash(_ command: [String]) throws {
        let error = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID().uuidString)")
            .path
        defer { unlink(error) }
        let pid = try ChildProcess.spawn(
            ChildProcess.nodeUI, command + [calculator], standardOutput: "/dev/full", standardError: error)
        #expect(ChildProcess.wait(pid) == 1)
        #expect(
            (try String(contentsOfFile: error, encoding: .utf8))
                == "cannot write to standard output: No space left on device\n")
    }
}

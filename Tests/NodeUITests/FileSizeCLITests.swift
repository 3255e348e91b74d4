import Foundation
import Testing

/// The repository's `Examples/graphs` directory.
private let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/graphs")

/// A sparse file of `size` bytes (all zeros, taking no room on disk) in a fresh folder.
private func sparseFile(size: Int) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("size-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("big.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, off_t(size)) == 0)
    return path
}

/// The commands that read a graph file, as run on `file` (`replay` with an empty journal).
private func readingCommands(_ file: String) throws -> [[String]] {
    let journal = file + ".jsonl"
    #expect(FileManager.default.createFile(atPath: journal, contents: Data()))
    return [
        ["eval", file], ["render", file], ["replay", file, "--edits", journal], ["check", file],
        ["export", file], ["watch", file],
    ]
}

/// `--max-file-size` and the size limit of every command that reads a graph file.
@Suite struct FileSizeCLITests {
    @Test func aFileOverTheDefaultLimitOf512MiBIsRefusedNamingTheLimitAndTheOption() throws {
        let file = try sparseFile(size: (512 << 20) + 1)
        for command in try readingCommands(file) {
            let result = try ChildProcess.runNodeUI(command)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.standardError
                    == "\(file): the file is larger than the limit of 512 MiB (--max-file-size raises it)\n",
                "\(command)")
            #expect(result.standardOutput == "", "\(command)")
        }
    }

    @Test(arguments: [("2M", "2 MiB"), ("3K", "3 KiB"), ("1500", "1500 bytes")])
    func everyCommandThatReadsAGraphFileTakesMaxFileSize(_ size: String, _ named: String) throws {
        let file = try sparseFile(size: (2 << 20) + 1)
        for command in try readingCommands(file) {
            let result = try ChildProcess.runNodeUI(command + ["--max-file-size", size])
            #expect(result.status == 1, "\(command)")
            #expect(
                result.standardError
                    == "\(file): the file is larger than the limit of \(named) (--max-file-size raises it)\n",
                "\(command) \(result.standardError)")
        }
    }

    @Test func aLargerLimitReadsAFileOverTheSmallerOne() throws {
        let calculator = examples.appendingPathComponent("calculator.json").path
        let refused = try ChildProcess.runNodeUI(["eval", calculator, "--max-file-size", "100"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("larger than the limit of 100 bytes"))
        for size in ["1G", "2g", "512MiB", "1mb", "100000"] {
            let read = try ChildProcess.runNodeUI(["eval", calculator, "--max-file-size", size])
            #expect(read.status == 0, "\(size): \(read.standardError)")
            #expect(read.standardOutput.hasPrefix("One (one): 1\n"), "\(size)")
        }
    }

    @Test(arguments: ["0", "-1", "12X", "M", "1.5G", "99999999999999999999"])
    func aSizeThatIsNoSizeIsAUsageErrorSayingWhatASizeIs(_ size: String) throws {
        let result = try ChildProcess.runNodeUI(["eval", "x.json", "--max-file-size", size])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "Error: The value '\(size)' is invalid for '--max-file-size <size>': "
                    + "it must be a size above 0: bytes, or a count with K, M or G (512M, 2G)"),
            "\(result.standardError)")
    }
}

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A running `nodeui-tui watch`: its standard input is a pipe the test writes to, its standard
/// output a pipe the test reads line by line as they come.
private final class RunningWatch {
    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private var pending: [UInt8] = []
    private(set) var lines: [String] = []

    /// Starts `watch` with `arguments`; with `inputClosed`, without a standard input at all.
    init(_ arguments: [String], inputClosed: Bool = false) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw POSIXError(.EIO) }
        // Not inherited by programs other tests start meanwhile (which would hold them open).
        for end in toChild + fromChild { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if inputClosed {
            posix_spawn_file_actions_addclose(&actions, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for end in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, end) }
        defer {
            close(toChild[0])
            close(fromChild[1])
        }
        pid = try ChildProcess.launch(
            ChildProcess.nodeUI, ["watch"] + arguments, actions: &actions,
            environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
        input = toChild[1]
        output = fromChild[0]
    }

    deinit {
        closeInput()
        close(output)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Writes to the program's standard input.
    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(input, $0.baseAddress, $0.count - 1) }
    }

    /// Closes the program's standard input.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// The next line the program prints. Waits for it (the bound only keeps a broken program
    /// from hanging the suite); `nil` at the end of its output.
    func nextLine() -> String? {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                lines.append(line)
                return line
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20_000) > 0 else {
                Issue.record("no line from watch within 20 s")
                return nil
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }

    /// Every remaining line, until the program closes its output.
    func remainingLines() -> [String] {
        var result: [String] = []
        while let line = nextLine() { result.append(line) }
        return result
    }

    /// Waits for the program to end; its exit status, or 128 + the signal.
    func exitStatus() -> Int32 { ChildProcess.wait(pid) }
}

/// A folder holding a graph file `graph.json` with `nodes` (the inside of its list).
private func graphFolder(_ nodes: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"format": "nodegraph", "version": 1, "nodes": [\#(nodes)]}"#.utf8)
        .write(to: folder.appendingPathComponent("graph.json"))
    return folder
}

private let numbers =
    #"{"id": "a", "kind": "number", "value": 1}, {"id": "b", "kind": "add", "inputs": ["a", "a"]}"#

@Suite struct WatchCLITests {
    @Test func printsTheValuesThenWhatEachJournalLineChangesAndEndsAtTheEndOfInput() throws {
        let folder = try graphFolder(numbers)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path, "--json"])
        #expect(
            watch.nextLine()
                == #"{"nodes":[{"id":"a","name":"Number","kind":"number","value":1},{"id":"b","name":"Add","kind":"add","value":2}]}"#
        )
        watch.send(
            """
            {"op":"setValue","node":"a","value":4}
            {"op":"link","from":"b","to":"b","slot":0}

            {"op":"move","node":"b","x":3,"y":4}
            {"op":"removeNode","node":"b"}
            {"op":"undo"}
            nonsense

            """)
        watch.closeInput()
        #expect(
            watch.remainingLines() == [
                #"{"line":1,"changed":[{"id":"a","value":4},{"id":"b","value":8}]}"#,
                #"{"line":2,"status":"refused","reason":"would create a cycle: b → b"}"#,
                #"{"line":4,"changed":[]}"#,
                #"{"line":5,"changed":[{"id":"b","value":null}]}"#,
                #"{"line":6,"changed":[{"id":"b","value":8}]}"#,
                #"{"line":7,"status":"refused","reason":"malformed JSON at column 1: unexpected 'n'; expected a value"}"#,
            ])
        #expect(watch.exitStatus() == 0)
    }

    @Test func printsAFileSourcesNewValueWhenTheFileChanges() throws {
        let folder = try graphFolder(
            #"{"id": "f", "kind": "file", "path": "n.txt"}, {"id": "d", "kind": "add", "inputs": ["f", "f"]}"#
        )
        let file = folder.appendingPathComponent("n.txt")
        try Data("2\n".utf8).write(to: file)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path, "--json"])
        #expect(
            watch.nextLine()
                == #"{"nodes":[{"id":"f","name":"File","kind":"file","value":2},{"id":"d","name":"Add","kind":"add","value":4}]}"#
        )
        try Data("5\n".utf8).write(to: file)
        #expect(watch.nextLine() == #"{"source":"f","changed":[{"id":"f","value":5},{"id":"d","value":10}]}"#)
        try Data("nothing here\n".utf8).write(to: file)
        #expect(
            watch.nextLine()
                == #"{"source":"f","changed":[{"id":"f","value":{"error":"no number in 'n.txt'","from":"f"}},{"id":"d","value":{"error":"no number in 'n.txt'","from":"f"}}]}"#
        )
        // With a live source the end of input does not end it; SIGINT does, with status 0.
        watch.closeInput()
        kill(watch.pid, SIGINT)
        #expect(watch.remainingLines().isEmpty)
        #expect(watch.exitStatus() == 0)
    }

    @Test func aFileSourceAddedOrSetByAJournalLineShowsItsReadingOnThatLine() throws {
        let folder = try graphFolder(numbers)
        try Data("5\n".utf8).write(to: folder.appendingPathComponent("n.txt"))
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path, "--json"])
        _ = watch.nextLine()
        watch.send(
            """
            {"op":"addNode","id":"f","kind":"file","x":1,"y":1}
            {"op":"setValue","node":"f","value":"n.txt"}
            {"op":"link","from":"f","to":"b","slot":2}
            {"op":"removeNode","node":"f"}

            """)
        watch.closeInput()
        #expect(
            watch.remainingLines() == [
                #"{"line":1,"changed":[{"id":"f","value":{"error":"cannot read 'number.txt'","from":"f"}}]}"#,
                #"{"line":2,"changed":[{"id":"f","value":5}]}"#,
                #"{"line":3,"changed":[{"id":"b","value":7}]}"#,
                #"{"line":4,"changed":[{"id":"b","value":2},{"id":"f","value":null}]}"#,
            ])
        #expect(watch.exitStatus() == 0)
    }

    @Test func aClockTickingDuringABurstOfLinesIsPrintedAsItsOwnUpdateNeverAsALines() throws {
        let folder = try graphFolder(
            #"{"id": "t", "kind": "clock", "interval": 0.05}, \#(numbers)"#)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path])
        _ = watch.nextLine()
        watch.send((1...800).map { #"{"op":"setValue","node":"a","value":\#($0)}"# + "\n" }.joined())
        var lines: [String] = []
        while let line = watch.nextLine() {
            lines.append(line)
            if line.hasPrefix("line 800:") { break }
        }
        kill(watch.pid, SIGTERM)
        #expect(lines.last == "line 800: Number (a): 800; Add (b): 1600")
        #expect(lines.filter { $0.hasPrefix("line ") && $0.contains("Clock") } == [])
    }

    @Test func sigintEndsItWhileItWaitsForAReaderThatStoppedReading() throws {
        // Every tick changes 2,000 nodes: a line of about 40 KB, so the pipe (64 KB) fills at
        // once and nothing reads it.
        let adds = (0..<2000).map { #"{"id": "n\#($0)", "kind": "add", "inputs": ["t"]}"# }
        let folder = try graphFolder(
            #"{"id": "t", "kind": "clock", "interval": 0.05}, "# + adds.joined(separator: ", "))
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path])
        watch.closeInput()
        usleep(1_500_000)
        kill(watch.pid, SIGINT)
        #expect(ChildProcess.wait(watch.pid, timeout: .seconds(10)) == 0)
    }

    @Test func endsAfterTheLinesMaxUpdatesAllows() throws {
        let folder = try graphFolder(#"{"id": "t", "kind": "clock", "interval": 0.05}"#)
        let watch = try RunningWatch([
            folder.appendingPathComponent("graph.json").path, "--json", "--max-updates", "2",
        ])
        watch.closeInput()
        let lines = watch.remainingLines()
        #expect(watch.exitStatus() == 0)
        try #require(lines.count == 3)
        #expect(lines[0] == #"{"nodes":[{"id":"t","name":"Clock","kind":"clock","value":0}]}"#)
        // Each tick a later multiple of the interval (a busy machine may skip one).
        let ticks = lines.dropFirst().map { line -> Double in
            let prefix = #"{"source":"t","changed":[{"id":"t","value":"#
            #expect(line.hasPrefix(prefix) && line.hasSuffix("}]}"), "\(line)")
            return Double(line.dropFirst(prefix.count).dropLast(3)) ?? -1
        }
        #expect(ticks[0] > 0 && ticks[1] > ticks[0])
        for tick in ticks { #expect(abs((tick / 0.05).rounded() * 0.05 - tick) < 1e-9) }
    }

    @Test func endsOnSIGTERMWithStatusZero() throws {
        let folder = try graphFolder(#"{"id": "t", "kind": "clock", "interval": 60}"#)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path])
        #expect(watch.nextLine() == "Clock (t): 0")
        kill(watch.pid, SIGTERM)
        #expect(watch.remainingLines().isEmpty)
        #expect(watch.exitStatus() == 0)
    }

    @Test func printsTextLinesWithoutJSON() throws {
        let folder = try graphFolder(numbers)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path])
        watch.send(
            "{\"op\":\"setValue\",\"node\":\"a\",\"value\":2}\n{\"op\":\"unlink\",\"to\":\"b\",\"slot\":2}\n")
        watch.closeInput()
        #expect(
            watch.remainingLines() == [
                "Number (a): 1", "Add (b): 2", "line 1: Number (a): 2; Add (b): 4",
                "line 2: unlink refused: slot 2 of 'b' is not linked",
            ])
    }

    @Test func aFileSourceOutsideTheFolderIsReadOnlyWithAllowOutside() throws {
        let folder = try graphFolder(#"{"id": "f", "kind": "file", "path": "../outside.txt"}"#)
        try Data("7".utf8).write(to: folder.deletingLastPathComponent().appendingPathComponent("outside.txt"))
        let graph = folder.appendingPathComponent("graph.json").path
        let refused = try ChildProcess.runNodeUI(["eval", graph])
        #expect(
            refused.standardOutput
                == "File (f): error: '../outside.txt' is outside the graph file's folder (--allow-outside reads it) (from f)\n"
        )
        let allowed = try ChildProcess.runNodeUI(["eval", graph, "--allow-outside"])
        #expect(allowed.standardOutput == "File (f): 7\n")
    }

    @Test func anAppliedLineThatChangesNoValueSaysWhatItDid() throws {
        let folder = try graphFolder(numbers)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path])
        watch.send(
            """
            {"op":"rename","node":"b","name":"Total"}
            {"op":"move","node":"b","x":44,"y":6}
            {"op":"setValue","node":"a","value":1}

            """)
        watch.closeInput()
        #expect(
            watch.remainingLines() == [
                "Number (a): 1", "Add (b): 2",
                "line 1: renamed Add (b) to 'Total'; no value changed",
                "line 2: moved Total (b) to 44, 6; no value changed",
                "line 3: setValue applied; no value changed",
            ])
        #expect(watch.exitStatus() == 0)
    }

    @Test func anAppliedLineThatChangesNoValueIsAnEmptyChangeInJSON() throws {
        let folder = try graphFolder(numbers)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path, "--json"])
        watch.send(#"{"op":"rename","node":"b","name":"Total"}"# + "\n")
        watch.closeInput()
        #expect(watch.remainingLines().dropFirst() == [#"{"line":1,"changed":[]}"#])
    }

    @Test(arguments: [[String](), ["--max-updates", "1"], ["--json"]])
    func withStandardInputEndedAndOnlySourcesThatCanNeverUpdateItExits1SayingSo(_ options: [String]) throws {
        let folder = try graphFolder(
            #"{"id": "f", "kind": "file", "path": "../outside.txt"}, {"id": "g", "kind": "file", "path": "/proc/loadavg"}"#
        )
        let graph = folder.appendingPathComponent("graph.json").path
        let result = try ChildProcess.runShell(
            "'\(ChildProcess.nodeUI)' watch '\(graph)' \(options.joined(separator: " ")) < /dev/null")
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                \(graph): nothing left to watch: standard input has ended and no live source can ever update
                \(graph): node 'f' reads '../outside.txt', which is outside the graph file's folder (--allow-outside reads it)
                \(graph): node 'g' reads '/proc/loadavg', which is outside the graph file's folder (--allow-outside reads it)

                """)
    }

    @Test func aSourceThatCanStillUpdateKeepsItRunningAfterTheEndOfInput() throws {
        let folder = try graphFolder(
            #"{"id": "f", "kind": "file", "path": "../outside.txt"}, {"id": "t", "kind": "clock", "interval": 0.05}"#
        )
        let graph = folder.appendingPathComponent("graph.json").path
        let result = try ChildProcess.runShell(
            "'\(ChildProcess.nodeUI)' watch '\(graph)' --max-updates 2 < /dev/null")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("source t:") }.count == 2)
    }

    @Test func startedWithoutStandardInputItEndsAfterTheValuesAsAtTheEndOfInput() throws {
        let folder = try graphFolder(numbers)
        let watch = try RunningWatch([folder.appendingPathComponent("graph.json").path], inputClosed: true)
        #expect(watch.remainingLines() == ["Number (a): 1", "Add (b): 2"])
        #expect(watch.exitStatus() == 0)
    }

    @Test(arguments: [
        (["--max-updates=-1"], "-1"), (["--max-updates", "-1"], "-1"), (["--max-updates", "two"], "two"),
    ])
    func aMaxUpdatesThatIsNoCountIsAUsageErrorSayingWhatItMustBe(_ options: [String], _ given: String) throws
    {
        let result = try ChildProcess.runNodeUI(["watch", "x.json"] + options)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "The value '\(given)' is invalid for '--max-updates <N>': it must be a count of lines, 0 or more"
            ),
            "\(result.standardError)")
        #expect(!result.standardError.contains("Missing value"))
    }
}

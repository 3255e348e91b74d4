// nodegraph-fuzz TARGET [FILES-OR-DIRECTORIES… | libFuzzer options]
//
// Built normally, it runs each input file once through TARGET's checks (how CI replays the
// corpus and every saved failure). Built with `-sanitize=fuzzer` (see Fuzz/run.sh), it hands
// control to libFuzzer (the FUZZING condition, set by Fuzz/run.sh, links its entry point).
import Foundation
import FuzzTargets

typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

nonisolated(unsafe) var selected: FuzzTarget?

func failWithUsage(_ message: String) -> Never {
    FileHandle.standardError.write(
        Data(
            "nodegraph-fuzz: \(message)\nusage: nodegraph-fuzz \(FuzzTarget.all.map(\.name).joined(separator: "|")) [files or directories…]\n"
                .utf8))
    exit(2)
}

var arguments = CommandLine.arguments
guard arguments.count >= 2 else { failWithUsage("name a target") }
guard let target = FuzzTarget.named(arguments[1]) else { failWithUsage("unknown target '\(arguments[1])'") }
selected = target
arguments.remove(at: 1)

let testOneInput: TestOneInput = { data, size in
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = selected!.run(bytes)
    if !problems.isEmpty { fatalError("\(selected!.name): " + problems.joined(separator: "; ")) }
    return 0
}

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: TestOneInput
    ) -> Int32

    var argc = Int32(arguments.count)
    var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let status = cStrings.withUnsafeMutableBufferPointer { buffer -> Int32 in
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
        return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
    }
    exit(status)
#endif

// Replay: every file named, and every file in every directory named.
var files: [String] = []
for path in arguments.dropFirst() where !path.hasPrefix("-") {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        failWithUsage("no such file '\(path)'")
    }
    if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.sorted().filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }
    } else {
        files.append(path)
    }
}
var failures = 0
for file in files {
    let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
    let problems = target.run(bytes)
    if !problems.isEmpty {
        failures += 1
        print("FAIL \(file): \(problems.joined(separator: "; "))")
    }
}
print("\(target.name): \(files.count - failures) passed, \(failures) failed")
exit(failures == 0 ? 0 : 1)

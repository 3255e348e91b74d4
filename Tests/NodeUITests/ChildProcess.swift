import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished child process printed and how it ended.
struct ProcessResult {
    /// The exit status, or 128 + the signal's number when a signal ended it.
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Starts programs from tests with `posix_spawn`: an empty signal mask and default signal
/// handlers (the test runner blocks some signals, and `Foundation.Process` passes that on),
/// standard input from /dev/null, and output captured in files.
enum ChildProcess {
    /// The directory holding the built products, beside the running test bundle.
    static let productsDirectory: URL = {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }()

    /// The built `nodeui-tui`.
    static var nodeUI: String { productsDirectory.appendingPathComponent("nodeui-tui").path }

    /// The built test tool that saves over one file until killed (`Tests/SaveStress`).
    static var saveStress: String { productsDirectory.appendingPathComponent("nodegraph-save-stress").path }

    /// Starts `path` with `arguments`, writing its output to the given files.
    static func spawn(_ path: String, _ arguments: [String], standardOutput: String, standardError: String)
        throws
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return try launch(
            path, arguments, actions: &actions,
            environment: environment.map { "\($0.key)=\($0.value)" })
    }

    /// Starts `path` with `arguments`, the file `actions` and `environment` (`NAME=value`
    /// entries), with an empty signal mask and every signal's default handler.
    static func launch(
        _ path: String, _ arguments: [String], actions: inout posix_spawn_file_actions_t,
        environment: [String]
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO)
        }
        return pid
    }

    /// Waits for a child; kills it if it runs past `timeout`.
    /// - Returns: The exit status, or 128 + signal.
    static func wait(_ pid: pid_t, timeout: Duration = .seconds(30)) -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                Issue.record("the child process did not finish within \(timeout)")
                break
            }
            usleep(2_000)
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Runs `nodeui-tui` with `arguments` to completion.
    static func runNodeUI(_ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
        try runProduct("nodeui-tui", arguments)
    }

    /// Runs the built executable `product` (e.g. an example program) to completion.
    static func runProduct(_ product: String, _ arguments: [String] = []) throws -> ProcessResult {
        try run(productsDirectory.appendingPathComponent(product).path, arguments)
    }

    /// Runs a shell command line with `/bin/sh -c`, the built products first on `PATH`.
    static func runShell(_ commandLine: String) throws -> ProcessResult {
        let path = "PATH='\(productsDirectory.path)':\"$PATH\"; export PATH; "
        return try run("/bin/sh", ["-c", path + commandLine])
    }

    /// Runs the program at `path` with `arguments` to completion, capturing its output.
    static func run(_ path: String, _ arguments: [String]) throws -> ProcessResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nodeui-\(UUID().uuidString)")
        let output = scratch.path + ".out"
        let error = scratch.path + ".err"
        defer {
            unlink(output)
            unlink(error)
        }
        let pid = try spawn(path, arguments, standardOutput: output, standardError: error)
        let status = wait(pid)
        return ProcessResult(
            status: status,
            standardOutput: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: error, encoding: .utf8)) ?? "")
    }
}

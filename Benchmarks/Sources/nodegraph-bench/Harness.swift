#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@inline(__always) func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Keeps the optimizer from discarding a result.
@inline(never) func blackHole<T>(_ value: T) { _ = value }

struct Sampled {
    /// Median seconds per operation over the samples.
    var median: Double
    /// Operations executed while measuring.
    var reps: Int
    /// Recomputations per operation (mean over every measured operation).
    var recomputes: Double
}

struct Settings {
    var minSamples = 3
    var minSeconds = 0.5
}

nonisolated(unsafe) var settings = Settings()

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// Runs `body` (one operation, returning its recompute count) in batches until there are at
/// least `minSamples` samples and `minSeconds` of measurement; a sample is one batch, sized so
/// it lasts about 2 ms (clock overhead stays negligible for tiny operations).
func measure(_ body: () -> Int) -> Sampled {
    let t0 = now()
    blackHole(body())
    let first = max(now() - t0, 1e-9)
    let batch = max(1, min(1 << 20, Int(0.002 / first)))
    var samples: [Double] = []
    var total = 0.0, reps = 0, recomputes = 0
    while samples.count < settings.minSamples || total < settings.minSeconds {
        let start = now()
        for _ in 0..<batch { recomputes &+= body() }
        let elapsed = now() - start
        samples.append(elapsed / Double(batch))
        total += elapsed
        reps += batch
        if samples.count >= 100_000 { break }
    }
    return Sampled(median: median(samples), reps: reps, recomputes: Double(recomputes) / Double(reps))
}

/// Measures an operation that needs fresh state: `setup` (untimed) makes the input, `body`
/// (timed) consumes it, `teardown` (untimed) disposes of the result.
func measureFresh<State, Result>(
    setup: () -> State, body: (State) -> Result, teardown: (Result) -> Void
) -> Sampled {
    var samples: [Double] = []
    var total = 0.0
    while samples.count < settings.minSamples || total < settings.minSeconds {
        let state = setup()
        let start = now()
        let result = body(state)
        let elapsed = now() - start
        teardown(result)
        samples.append(elapsed)
        total += elapsed
        if samples.count >= 100_000 { break }
    }
    return Sampled(median: median(samples), reps: samples.count, recomputes: 0)
}

// MARK: Memory

/// A field of /proc/self/status in bytes (VmRSS, VmHWM), or -1.
func procStatus(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix(field + ":") {
            let digits = text.dropFirst(field.count + 1).filter { $0.isNumber }
            return (Int(String(digits)) ?? -1) * 1024
        }
    }
    return -1
}

/// Resets VmHWM to the current RSS (Linux ≥ 4.0); returns whether it worked.
func resetPeakRSS() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
}

/// Runs this executable again with `arguments` and returns its standard output.
func runChild(_ arguments: [String]) -> String {
    var pipeFDs: [Int32] = [0, 0]
    guard pipe(&pipeFDs) == 0 else { fatalError("pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
    let argv = (["/proc/self/exe"] + arguments).map { strdup($0) } + [nil]
    defer { for arg in argv { free(arg) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, environ)
    posix_spawn_file_actions_destroy(&actions)
    close(pipeFDs[1])
    guard status == 0 else { fatalError("posix_spawn failed: \(status)") }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipeFDs[0], &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[0..<count]
    }
    close(pipeFDs[0])
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    return String(decoding: output, as: UTF8.self)
}

// MARK: Machine

func machineDescription() -> (nproc: Int, cpu: String) {
    let nproc = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    var cpu = "unknown"
    if let file = fopen("/proc/cpuinfo", "r") {
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("model name") {
                cpu = String(text.split(separator: ":", maxSplits: 1).last ?? "")
                    .trimmingCharacters(in: " \n\t")
                break
            }
        }
    }
    return (nproc, cpu)
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var chars = Substring(self)
        while let f = chars.first, set.contains(f) { chars.removeFirst() }
        while let l = chars.last, set.contains(l) { chars.removeLast() }
        return String(chars)
    }
}

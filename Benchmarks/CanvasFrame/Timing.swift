import Foundation

/// The CPU time this thread has used, in milliseconds (steadier than wall time on a busy machine).
func threadMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

/// The CPU milliseconds `body` takes.
func cpuMilliseconds(_ body: () -> Void) -> Double {
    let start = threadMilliseconds()
    body()
    return threadMilliseconds() - start
}

/// The median of some timings.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Runs `trials` rounds of `samples` timings and keeps the round with the smallest median: other
/// work on a shared machine only ever adds time.
func bestMedian(trials: Int = 3, samples: Int, _ sample: (Int) -> Double) -> Double {
    var best = Double.infinity
    var index = 0
    for _ in 0..<trials {
        var times: [Double] = []
        for _ in 0..<samples {
            times.append(sample(index))
            index += 1
        }
        best = min(best, median(times))
    }
    return best
}

import Foundation

/// The autosave journals of one file (or of the demo): the first is `FILE.autosave.jsonl`, later
/// ones are numbered siblings, `FILE.autosave.2.jsonl`, `FILE.autosave.3.jsonl`, …
///
/// Each session writes its own edits to a fresh journal, numbered one past the highest number
/// left in the folder, so the number orders journals by age: recovery offers them oldest first.
/// A journal a crash left behind is never written again; only the answers to the recovery
/// question (`y` takes it into the session, `n` removes it) change what happens to it.
public struct AutosaveJournals: Hashable, Sendable {
    /// The first journal's path, `FILE.autosave.jsonl`: it names the family.
    package let base: String

    /// The journals beside `base`.
    /// - Parameter base: The first journal's path; it ends in `.jsonl`.
    public init(base: String) {
        self.base = base
    }

    /// The journal numbered `number`: `base` for 1, else `FILE.autosave.N.jsonl`.
    /// - Parameter number: The journal's number, from 1.
    /// - Returns: Its path.
    package func path(number: Int) -> String {
        guard number > 1 else { return base }
        return stem + ".\(number).jsonl"
    }

    /// The journals in the folder now, oldest (lowest number) first.
    /// - Returns: Their paths.
    /// - Complexity: O(*n* log *n*) in the entries of the folder.
    package func existing() -> [String] {
        numbers().map(path(number:))
    }

    /// The path for a new journal: one past the highest number in the folder (1 when none is).
    /// - Returns: A path no journal has now.
    /// - Complexity: O(*n* log *n*) in the entries of the folder.
    func fresh() -> String {
        path(number: (numbers().last ?? 0) + 1)
    }

    /// The base without `.jsonl`.
    private var stem: String { base.hasSuffix(".jsonl") ? String(base.dropLast(6)) : base }

    /// The numbers of the journals in the folder, ascending.
    private func numbers() -> [Int] {
        let directory = (base as NSString).deletingLastPathComponent
        let baseName = (base as NSString).lastPathComponent
        let stemName = (stem as NSString).lastPathComponent + "."
        guard
            let entries = try? FileManager.default.contentsOfDirectory(
                atPath: directory.isEmpty ? "." : directory)
        else { return [] }
        var found: [Int] = []
        for entry in entries {
            if entry == baseName {
                found.append(1)
                continue
            }
            guard entry.hasPrefix(stemName), entry.hasSuffix(".jsonl") else { continue }
            let middle = entry.dropFirst(stemName.count).dropLast(6)
            // Only a plain decimal number of 2 or more, written without leading zeros.
            guard let number = Int(middle), number > 1, String(number) == middle else { continue }
            found.append(number)
        }
        return found.sorted()
    }
}

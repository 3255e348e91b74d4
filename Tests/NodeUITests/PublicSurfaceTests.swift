import Foundation
import Testing

/// The repository's root.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The lines of the module's sources that declare `name` (`var name`, `func name(`, `struct name`).
private func declarations(of name: String, in module: String) throws -> [String] {
    let folder = repositoryRoot.appendingPathComponent("Sources/\(module)")
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    var found: [String] = []
    for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n").map(String.init) {
            let words = line.split(whereSeparator: { " (:<{".contains($0) }).map(String.init)
            guard let index = words.firstIndex(of: name), index > 0,
                ["var", "let", "func", "struct"].contains(words[index - 1])
            else { continue }
            found.append(line.trimmingCharacters(in: .whitespaces))
        }
    }
    return found
}

/// The test hooks of the canvas and the terminal are out of a tool's reach: `package`, not
/// `public`, so only this package's tests and benchmarks see them.
@Suite struct PublicSurfaceTests {
    @Test(arguments: [
        ("NodeCanvas", "layoutCount"), ("NodeCanvas", "buildCount"), ("NodeCanvas", "lastFrame"),
        ("NodeCanvas", "redrawn"), ("NodeCanvas", "hasPossiblyStaleNodes"),
        ("NodeTerminal", "cellOnScreen"), ("NodeTerminal", "rowsOnScreen"), ("NodeTerminal", "ScreenCell"),
        ("NodeTerminal", "colorsOfPair"),
    ])
    func aTestHookIsDeclaredAtPackageAccess(module: String, name: String) throws {
        let lines = try declarations(of: name, in: module)
        #expect(lines.count == 1, "\(module).\(name): \(lines)")
        for line in lines {
            #expect(line.hasPrefix("package "), "\(module): \(line)")
        }
    }

    @Test func theScreenCellIsNotInTheTerminalDocumentationTopics() throws {
        let catalog = try String(
            contentsOf: repositoryRoot.appendingPathComponent(
                "Sources/NodeTerminal/NodeTerminal.docc/NodeTerminal.md"),
            encoding: .utf8)
        #expect(catalog.contains("- ``TerminalScreen``"))
        #expect(!catalog.contains("``ScreenCell``"))
    }
}

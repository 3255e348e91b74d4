import Foundation
import NodeCanvas
import Testing

/// The one key table: README's table, the help overlay and the reducer all follow it.
@Suite struct KeyTableTests {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The rows of README's key table: `| keys | what they do |`, keys without backquotes.
    private func readmeRows() throws -> [(String, String)] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: "| keys | what they do |"))
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return (
                cells[1].replacingOccurrences(of: "`", with: ""),
                cells[2].replacingOccurrences(of: "`", with: "")
            )
        }
    }

    @Test func readmesKeyTableIsTheBindingTableRowForRow() throws {
        let rows = try readmeRows()
        let bindings = HelpOverlayPlugin.rows
        #expect(rows.count == bindings.count)
        for (row, binding) in zip(rows, bindings) {
            #expect(row.0 == binding.keys, "README lists '\(row.0)' where the table has '\(binding.keys)'")
            #expect(row.1 == binding.help, "README says '\(row.1)' for \(binding.keys)")
        }
    }

    @Test func theHelpOverlayListsEveryBindingWithItsHelp() {
        let canvas = Canvas(document: .init(graph: .demoCalculator()), width: 120, height: 50)
        canvas.send(.character("?"))
        let text = canvas.render().text
        for binding in KeyBindings.normal {
            #expect(
                text.contains(binding.label) && text.contains(binding.help), "help shows \(binding.label)")
        }
    }

    @Test func noKeyIsBoundTwice() {
        let keys = KeyBindings.normal.flatMap { $0.keys.map(\.key) }
        #expect(Set(keys).count == keys.count)
    }

    @Test func everyBoundKeyRunsItsCommand() {
        for binding in KeyBindings.normal {
            for key in binding.keys {
                #expect(KeyBindings.command(for: key.key) == key.command)
            }
        }
    }

    /// DESIGN.md's "Keys in the canvas" (the shared design, beside the repository) names keys the
    /// table must bind; checked when the file is there.
    @Test func everyKeyDesignNamesIsBound() throws {
        let design = repository.deletingLastPathComponent().appendingPathComponent("shared/DESIGN.md")
        guard let text = try? String(contentsOf: design, encoding: .utf8) else { return }
        let start = try #require(text.range(of: "### Keys in the canvas"))
        let section = text[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n### ")?.lowerBound ?? section.endIndex
        let keys = section[..<end]
        let labels = KeyBindings.normal.map(\.label).joined(separator: " ")
        for key in ["PgUp", "PgDn", "Space", "Ctrl-A", "Esc", "F1", "Tab", "Shift-Tab", "Delete"] {
            #expect(keys.contains(key) == labels.contains(key), "\(key) in DESIGN and in the table")
        }
        for letter in ["f", "n", "l", "x", "m", "e", "r", "o", "z", "/", "a", "u", "U", "s", "?", "q"] {
            #expect(keys.contains("`\(letter)`"), "DESIGN names `\(letter)`")
            #expect(KeyBindings.command(for: .character(Character(letter))) != nil, "`\(letter)` is bound")
        }
    }
}

import Foundation
import NodeCanvas
import Testing

/// The one key table: the editor guide's table, README's first keys, the help overlay and the
/// reducer all follow it.
@Suite struct KeyTableTests {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The rows of a Markdown key table headed `header`, keys without backquotes.
    private func tableRows(in path: String, header: String) throws -> [(String, String)] {
        let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: header), "\(path) has no table headed \(header)")
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

    @Test func theEditorGuidesKeyTableIsTheBindingTableRowForRow() throws {
        let rows = try tableRows(in: "docs/editor.md", header: "| keys | what they do |")
        let bindings = HelpOverlayPlugin.rows
        #expect(rows.count == bindings.count)
        for (row, binding) in zip(rows, bindings) {
            #expect(row.0 == binding.keys, "the guide lists '\(row.0)' where the table has '\(binding.keys)'")
            #expect(row.1 == binding.help, "the guide says '\(row.1)' for \(binding.keys)")
        }
    }

    /// README shows a few keys to start with; each row is a row of the binding table, word for word.
    @Test func readmesFirstKeysAreRowsOfTheBindingTable() throws {
        let rows = try tableRows(in: "README.md", header: "| key | does |")
        #expect(rows.count >= 5, "README shows the keys to start with")
        let bindings = HelpOverlayPlugin.rows
        for row in rows {
            let binding = bindings.first { $0.keys == row.0 }
            #expect(binding != nil, "README lists '\(row.0)', which the table does not have")
            #expect(binding.map { $0.help == row.1 } ?? true, "README says '\(row.1)' for \(row.0)")
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

    // MARK: Commands by name

    @Test func everyCommandHasOneKebabCaseNameAndOneLineOfHelp() {
        let names = KeyBindings.commands.map(\.name)
        #expect(Set(names).count == names.count)
        for command in KeyBindings.commands {
            #expect(command.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(command.name)")
            #expect(
                !command.name.hasPrefix("-") && !command.name.hasSuffix("-") && !command.name.contains("--"))
            #expect(!command.help.isEmpty && !command.help.contains("\n"), "\(command.name)'s help")
        }
    }

    @Test func theStandardCommandsHaveTheirNames() {
        let required = [
            "delete", "undo", "redo", "save", "quit", "help", "new-node", "link", "move", "edit", "rename",
            "find",
            "fit", "arrange", "copy", "paste", "duplicate", "group", "ungroup", "select-all",
            "level-of-detail",
            "inspector", "step-up", "step-down", "messages", "command-line", "next-node", "previous-node",
            "pan-left", "pan-right", "pan-up", "pan-down", "page-up", "page-down", "open", "leave-group",
            "toggle-selection", "clear-selection", "cycle-kind", "paste-keeping-inputs",
        ]
        for name in required { #expect(KeyTable.standard.command(named: name) != nil, "\(name)") }
    }

    @Test func everyRowOfHelpIsMadeOfNamedCommandsAndEveryCommandIsInARow() {
        let inRows = KeyBindings.normal.flatMap { $0.keys.map(\.command) }
        for command in KeyBindings.commands {
            #expect(inRows.contains(command.command), "\(command.name) is in help")
            for key in command.defaultKeys { #expect(KeyBindings.command(for: key) == command.command) }
        }
    }

    @Test func aReboundKeyRunsItsNewCommandInTheCanvas() {
        let canvas = Canvas(document: .init(graph: .demoCalculator()), width: 120, height: 40)
        var keys = KeyTable.standard
        keys.bind(.character("d"), to: "delete")
        keys.bind(.control("s"), to: "save")
        canvas.keyTable = keys
        canvas.send(.tab)
        let node = canvas.state.cursorNode
        #expect(node != nil)
        canvas.send(.character("d"))
        #expect(node.map { canvas.document.graph.node($0) == nil } == true)
        #expect(canvas.send(.control("s")) == [.save(thenQuit: false)])
    }

    @Test func anUnboundKeyDoesNothingInTheCanvas() {
        let canvas = Canvas(document: .init(graph: .demoCalculator()), width: 120, height: 40)
        var keys = KeyTable.standard
        keys.bind(.character("x"), to: nil)
        canvas.keyTable = keys
        canvas.send(.tab)
        let before = canvas.document.graph
        #expect(canvas.send(.character("x")).isEmpty)
        #expect(canvas.document.graph == before)
        canvas.send(.delete)
        #expect(canvas.document.graph.count == before.count - 1, "Delete still deletes")
    }

    @Test func linkModePansAndUndoesWithTheKeysInEffect() {
        let canvas = Canvas(document: .init(graph: .demoCalculator()), width: 120, height: 40)
        var keys = KeyTable.standard
        keys.bind(.character("L"), to: nil)
        keys.bind(.character("w"), to: "pan-right")
        keys.bind(.character("u"), to: nil)
        keys.bind(.character("Z"), to: "undo")
        canvas.keyTable = keys
        canvas.send([.tab, .character("l")])
        let origin = canvas.state.viewport.origin
        canvas.send(.character("L"))
        #expect(canvas.state.viewport.origin == origin)
        canvas.send(.character("w"))
        #expect(canvas.state.viewport.origin.x > origin.x)
        let before = canvas.document.graph
        canvas.send(.enter)
        #expect(canvas.document.graph != before, "Enter toggled a link")
        let linked = canvas.document.graph
        canvas.send(.character("u"))
        #expect(canvas.document.graph == linked, "u, unbound, undid nothing")
        canvas.send(.character("Z"))
        #expect(canvas.document.graph == before, "Z, bound to undo, undid the link")
    }

    @Test func helpShowsTheKeysInEffect() {
        let canvas = Canvas(document: .init(graph: .demoCalculator()), width: 120, height: 60)
        var keys = KeyTable.standard
        keys.bind(.character("d"), to: "delete")
        keys.bind(.character("x"), to: nil)
        keys.bind(.character("a"), to: nil)
        canvas.keyTable = keys
        canvas.send(.character("?"))
        let rows = canvas.render().rows
        #expect(rows.contains { $0.contains("Delete / d") && $0.contains("delete the selection") })
        #expect(rows.contains { $0.contains(":arrange") && $0.contains("arrange the graph in layers") })
        #expect(!rows.contains { $0.contains("x / Delete") })
        #expect(rows.contains { $0.contains("H J K L") }, "rows keeping their keys keep their label")
    }

    @Test func theStatusLinesHintsNameTheKeysInEffect() {
        let canvas = Canvas(document: .init(graph: .demoCalculator()), width: 120, height: 40)
        canvas.send(.tab)
        #expect(canvas.status.contains("l link · m move · e edit · +/- step · x delete · ? help"))
        var keys = KeyTable.standard
        keys.bind(.character("d"), to: "delete")
        keys.bind(.character("x"), to: nil)
        keys.bind(.character("m"), to: nil)
        canvas.keyTable = keys
        #expect(canvas.status.contains("l link · :move move · e edit · +/- step · Delete delete · ? help"))
    }
}

import Foundation
import NodeCanvas
import NodeGraph
import Testing

/// `keys.json`: keys mapped to command names over the standard table, every problem reported
/// with its place.
@Suite struct KeysFileTests {
    private func read(_ text: String) throws(KeysFileError) -> KeyTable {
        try KeysFile.decode(Data(text.utf8), over: .standard)
    }

    private func problems(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do throws(KeysFileError) {
            _ = try read(text)
            Issue.record("the text read without a problem", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func aKeyMapsToACommandAndNullUnbindsOne() throws {
        let keys = try read(#"{"bindings": {"d": "delete", "x": null, "Ctrl-S": "save"}}"#)
        #expect(keys.command(for: .character("d")) == .delete)
        #expect(keys.command(for: .character("x")) == nil)
        #expect(keys.command(for: .delete) == .delete, "Delete keeps deleting")
        #expect(keys.command(for: .control("s")) == .save)
        #expect(keys.command(for: .character("s")) == .save, "keys the file leaves out keep their command")
        #expect(keys.keys(of: "delete") == [.delete, .character("d")])
    }

    @Test func aKeyMappedToAnotherCommandLeavesItsOldOne() throws {
        let keys = try read(#"{"bindings": {"x": "undo"}}"#)
        #expect(keys.command(for: .character("x")) == .undo)
        #expect(keys.keys(of: "delete") == [.delete])
        #expect(keys.keys(of: "undo") == [.character("u"), .character("x")])
    }

    @Test func everyKeyNameReadsAsItsKey() throws {
        let names: [(String, InputEvent)] = [
            ("Tab", .tab), ("Shift-Tab", .backTab), ("Enter", .enter), ("Esc", .escape),
            ("Backspace", .backspace),
            ("Delete", .delete), ("Space", .character(" ")), ("Up", .up), ("Down", .down), ("Left", .left),
            ("Right", .right), ("PgUp", .pageUp), ("PgDn", .pageDown), ("Home", .home), ("End", .end),
            ("F1", .function(1)), ("F12", .function(12)), ("Ctrl-A", .control("a")),
            ("ctrl-e", .control("e")),
            ("d", .character("d")), ("D", .character("D")), ("%", .character("%")), ("é", .character("é")),
        ]
        for (name, key) in names {
            #expect(KeyName.key(named: name) == .success(key), "\(name)")
        }
        #expect(KeyName.name(of: .control("s")) == "Ctrl-S")
        #expect(KeyName.name(of: .character(" ")) == "Space")
        #expect(KeyName.name(of: .pageDown) == "PgDn")
    }

    @Test func anEmptyBindingsObjectKeepsTheStandardKeys() throws {
        #expect(try read(#"{"bindings": {}}"#) == .standard)
        #expect(try read("{}") == .standard)
    }

    @Test func textThatIsNotJSONSaysWhere() {
        #expect(
            problems("{\"bindings\": {\"d\": \"delete\",}}").first?.hasPrefix("line 1, column 29: not JSON")
                == true)
    }

    @Test func aFileThatIsNotAnObjectIsRefused() {
        #expect(problems("[1]") == ["line 1, column 1: a keys file must hold a JSON object, not a list"])
    }

    @Test func anUnknownFieldAndBindingsThatAreNotAnObjectAreRefused() {
        #expect(
            problems(#"{"keys": {}, "bindings": 3}"#) == [
                "line 1, column 2: unexpected field 'keys' (expected 'bindings')",
                "line 1, column 26: 'bindings' must be an object of keys and command names, not a number",
            ])
    }

    @Test func anUnknownKeyIsRefusedWithTheKeyNames() throws {
        let found = problems(#"{"bindings": {"Ctrl-?": "save"}}"#)
        #expect(found.count == 1)
        let line = try #require(found.first)
        #expect(
            line.hasPrefix("line 1, column 15: 'Ctrl-?' is not a key (a letter or symbol as typed, Ctrl-A"))
        #expect(line.contains("PgUp") && line.contains("F1…F12"))
    }

    @Test func keysTheTerminalNeverDeliversAreRefusedWithTheReason() {
        #expect(
            problems(#"{"bindings": {"Ctrl-C": "save", "Ctrl-I": "help", "Ctrl-L": "fit"}}"#) == [
                "line 1, column 15: 'Ctrl-C' cannot be bound: it stops the program",
                "line 1, column 33: 'Ctrl-I' cannot be bound: the terminal sends it as Tab",
                "line 1, column 51: 'Ctrl-L' cannot be bound: it repaints the screen",
            ])
    }

    @Test func anUnknownCommandIsRefusedWithTheNearestName() {
        #expect(
            problems(#"{"bindings": {"d": "delet", "k": "fly"}}"#) == [
                "line 1, column 20: 'delet' is not a command; did you mean 'delete'?",
                "line 1, column 34: 'fly' is not a command; did you mean 'fit'?",
            ])
    }

    @Test func aCommandThatIsNotANameIsRefused() {
        #expect(
            problems(#"{"bindings": {"d": 4}}"#) == [
                "line 1, column 20: key 'd' must map to a command's name or null, not a number"
            ])
    }

    @Test func twoCommandsOnOneKeyAreRefused() {
        #expect(
            problems(
                "{\"bindings\": {\"d\": \"delete\",\n \"d\": \"undo\", \"Space\": \"fit\", \" \": \"help\"}}")
                == [
                    "line 2, column 2: key 'd' is bound twice, also at line 1, column 15: one key runs one command",
                    "line 2, column 31: key ' ' is bound twice ('Space' is the same key), also at line 2, column 15: "
                        + "one key runs one command",
                ])
    }

    @Test func everyProblemIsReportedAndNothingIsApplied() {
        let found = problems(#"{"bindings": {"d": "delete", "?!": "save", "x": "nope"}, "theme": 1}"#)
        #expect(found.count == 3)
    }

    @Test func aFileIsNamedOnEachLineOfItsProblems() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("keys.json").path
        try Data(#"{"bindings": {"d": "delet", "x": 1}}"#.utf8).write(to: URL(fileURLWithPath: file))
        do throws(KeysFileError) {
            _ = try KeysFile.load(path: file, over: .standard)
            Issue.record("the file read")
        } catch {
            #expect(
                error.description == """
                    \(file): line 1, column 20: 'delet' is not a command; did you mean 'delete'?
                    \(file): line 1, column 34: key 'x' must map to a command's name or null, not a number
                    """)
        }
        do throws(KeysFileError) {
            _ = try KeysFile.load(path: directory.path, over: .standard)
            Issue.record("a directory read")
        } catch {
            #expect(error.problems.count == 1 && error.description.hasPrefix("\(directory.path): "))
        }
    }
}

import Foundation
import NodeGraph
import NodeGraphFiles

/// A key remapping kept in a JSON file, `keys.json` in the tool's configuration folder: each
/// key named maps to a command's name, or to `null` to unbind it. The keys it leaves out keep
/// what they run.
///
/// ```json
/// {"bindings": {"d": "delete", "x": null, "Ctrl-S": "save"}}
/// ```
///
/// Keys are named as ``KeyName`` writes them (`d`, `Ctrl-S`, `Tab`, `PgUp`, `F5`…); commands by
/// their names in ``KeyTable/commands`` (`delete`, `new-node`, …). Reading reports every
/// problem, each on one line naming the file and the place:
/// `keys.json: line 1, column 20: 'delet' is not a command; did you mean 'delete'?`.
public enum KeysFile {
    /// The largest keys file read.
    package static let maximumBytes = 1 << 20

    /// Reads a keys file over a table.
    /// - Parameters:
    ///   - path: The file.
    ///   - base: The keys the file changes.
    /// - Returns: The keys in effect.
    /// - Throws: ``KeysFileError`` naming the file and every problem in it.
    /// - Complexity: O(*n*) in the size of the file.
    public static func load(path: String, over base: KeyTable) throws(KeysFileError) -> KeyTable {
        let bytes: [UInt8]
        do throws(LoadProblem) {
            bytes = try TextFile.read(path, limit: maximumBytes, what: "a keys file")
        } catch {
            throw KeysFileError(path: path, problems: [.init(reason: error.reason)])
        }
        do throws(KeysFileError) {
            return try bytes.withUnsafeBufferPointer { bytes throws(KeysFileError) in
                try decode(bytes, over: base)
            }
        } catch {
            throw KeysFileError(path: path, problems: error.problems)
        }
    }

    /// Reads the text of a keys file over a table.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - base: The keys the text changes.
    /// - Returns: The keys in effect.
    /// - Throws: ``KeysFileError`` (without a path) listing every problem.
    /// - Complexity: O(*n*) in the size of the text.
    public static func decode(_ data: Data, over base: KeyTable) throws(KeysFileError) -> KeyTable {
        let result: Result<KeyTable, KeysFileError> = data.withUnsafeBytes { raw in
            do throws(KeysFileError) {
                return .success(try decode(raw.bindMemory(to: UInt8.self), over: base))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, over base: KeyTable) throws(KeysFileError)
        -> KeyTable
    {
        var lines = LineIndex(bytes)
        let document: JSONDocument
        do throws(JSONReadError) {
            document = try JSONReader.read(bytes, maximumDepth: 8, maximumValues: 10_000)
        } catch {
            throw KeysFileError(
                path: nil,
                problems: [
                    .init(location: lines.location(of: error.offset), reason: "not JSON: \(error.message)")
                ])
        }
        var problems: [(offset: Int, reason: String)] = []
        var bindings: [(key: InputEvent, name: String?)] = []
        let root = document.root
        guard document.kind(of: root) == .object else {
            throw KeysFileError(
                path: nil,
                problems: [
                    .init(
                        location: lines.location(of: document.offset(of: root)),
                        reason:
                            "a keys file must hold a JSON object, not \(document.typeDescription(of: root))")
                ])
        }
        var bindingsObject: JSONElement?
        for (key, value) in document.members(of: root) {
            let name = document.string(key) ?? ""
            if name != "bindings" {
                problems.append(
                    (
                        document.offset(of: key),
                        "unexpected field '\(name.escapedForMessage)' (expected 'bindings')"
                    ))
            } else if bindingsObject != nil {
                problems.append((document.offset(of: key), "the field 'bindings' appears more than once"))
            } else if document.kind(of: value) != .object {
                problems.append(
                    (
                        document.offset(of: value),
                        "'bindings' must be an object of keys and command names, not \(document.typeDescription(of: value))"
                    ))
                bindingsObject = value
            } else {
                bindingsObject = value
            }
        }
        let names = base.commands.map(\.name)
        var firstPlace: [InputEvent: (offset: Int, name: String)] = [:]
        if let object = bindingsObject, document.kind(of: object) == .object {
            for (keyElement, value) in document.members(of: object) {
                let keyName = document.string(keyElement) ?? ""
                let key: InputEvent
                switch KeyName.key(named: keyName) {
                case .success(let event): key = event
                case .failure(let problem):
                    problems.append((document.offset(of: keyElement), problem.description))
                    continue
                }
                if let first = firstPlace[key] {
                    let same =
                        first.name == keyName ? "" : " ('\(first.name.escapedForMessage)' is the same key)"
                    let place = lines.location(of: first.offset)
                    problems.append(
                        (
                            document.offset(of: keyElement),
                            "key '\(keyName.escapedForMessage)' is bound twice\(same), also at \(place): "
                                + "one key runs one command"
                        ))
                    continue
                }
                firstPlace[key] = (document.offset(of: keyElement), keyName)
                if document.kind(of: value) == .null {
                    bindings.append((key, nil))
                    continue
                }
                guard let command = document.string(value) else {
                    problems.append(
                        (
                            document.offset(of: value),
                            "key '\(keyName.escapedForMessage)' must map to a command's name or null, not "
                                + document.typeDescription(of: value)
                        ))
                    continue
                }
                guard names.contains(command) else {
                    problems.append(
                        (
                            document.offset(of: value),
                            "'\(command.escapedForMessage)' is not a command"
                                + ThemeFileReader.hint(for: command, among: names)
                        ))
                    continue
                }
                bindings.append((key, command))
            }
        }
        guard problems.isEmpty else {
            throw KeysFileError(
                path: nil,
                problems: problems.sorted { $0.offset < $1.offset }.map { problem in
                    .init(location: lines.location(of: problem.offset), reason: problem.reason)
                })
        }
        var table = base
        for binding in bindings { table.bind(binding.key, to: binding.name) }
        return table
    }
}

/// Why a keys file could not be read: every problem, each on a line of its own.
public struct KeysFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One problem: where, and what is wrong.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// Where in the file; `nil` for the file as a whole (it cannot be read).
        package var location: TextLocation?
        /// What is wrong.
        package var reason: String

        /// Creates a problem.
        /// - Parameters:
        ///   - location: Where in the file.
        ///   - reason: What is wrong.
        public init(location: TextLocation? = nil, reason: String) {
            self.location = location
            self.reason = reason
        }

        /// `line 3, column 24: reason`.
        public var description: String { location.map { "\($0): \(reason)" } ?? reason }
    }

    /// The keys file, when the problems were found in one.
    package var path: String?
    /// The problems, in the order of the file.
    package var problems: [Problem]

    /// Creates an error.
    /// - Parameters:
    ///   - path: The keys file.
    ///   - problems: The problems.
    public init(path: String?, problems: [Problem]) {
        self.path = path
        self.problems = problems
    }

    /// One line per problem, each starting with the file's path.
    public var description: String {
        problems.map { (path.map { "\($0): " } ?? "") + $0.description }.joined(separator: "\n")
    }
}

import Foundation
import NodeGraph
import NodeGraphFiles

/// A theme kept in a JSON file (`--theme FILE`): colors and attributes for the parts of the
/// canvas, glyphs, and the spacing family arrange and new nodes use. What the file leaves out
/// stays as in the theme it is read over (a tool's own).
///
/// ```json
/// {
///   "colors": {
///     "title": {"foreground": "green", "bold": true},
///     "link": "yellow",
///     "statusMode": {"foreground": "#ffffff", "background": 24}
///   },
///   "glyphs": {"separator": "•", "arrow": "⇒", "deleteMarker": "x"},
///   "spacing": {"nodeGap": 2, "layerGap": 10}
/// }
/// ```
///
/// - `colors` sets the styles of ``Styles`` by their names (`border`, `title`, `link`,
///   `statusError`, …): a color alone is the foreground; an object may give `foreground`,
///   `background`, `bold`, `dim`, `reverse` and `underline`, the rest kept. A color is a name
///   (`default`, `red`, `brightBlue`, …), `#rrggbb`, or a number 0–255 of the 256-color palette.
/// - `glyphs` sets ``Glyphs`` by their names: each one character one cell wide (`separator`,
///   `ellipsis`, the box corners, …), or for `arrow` and `unconnected` up to three.
/// - `spacing` is `standard`, `compact`, `roomy`, or an object of ``SpacingFamily``'s
///   `nodeGap`, `layerGap`, `leftInset` and `topInset` (whole numbers), the rest kept.
///
/// Reading reports every problem, in the order of the file, each on one line naming the file,
/// the place and the field:
/// `theme.json: line 3, column 24: field 'colors.title.foreground': 'purplish' is not a color
/// (a name such as red or brightBlue, #rrggbb, or 0–255)`.
public enum ThemeFile {
    /// The largest theme file read.
    package static let maximumBytes = 1 << 20

    /// Reads a theme file over a theme.
    /// - Parameters:
    ///   - path: The file.
    ///   - base: The theme whose parts the file leaves out.
    /// - Returns: The theme.
    /// - Throws: ``ThemeFileError`` naming the file and every problem in it.
    /// - Complexity: O(*n*) in the size of the file.
    public static func load(path: String, over base: Theme) throws(ThemeFileError) -> Theme {
        let bytes: [UInt8]
        do throws(LoadProblem) {
            bytes = try TextFile.read(path, limit: maximumBytes, what: "a theme file")
        } catch {
            throw ThemeFileError(path: path, problems: [ThemeFileError.Problem(reason: error.reason)])
        }
        do throws(ThemeFileError) {
            return try bytes.withUnsafeBufferPointer { bytes throws(ThemeFileError) in
                try decode(bytes, over: base)
            }
        } catch {
            throw ThemeFileError(path: path, problems: error.problems)
        }
    }

    /// Reads the text of a theme file over a theme.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - base: The theme whose parts the text leaves out.
    /// - Returns: The theme.
    /// - Throws: ``ThemeFileError`` (without a path) listing every problem.
    /// - Complexity: O(*n*) in the size of the text.
    public static func decode(_ data: Data, over base: Theme) throws(ThemeFileError) -> Theme {
        let result: Result<Theme, ThemeFileError> = data.withUnsafeBytes { raw in
            do throws(ThemeFileError) {
                return .success(try decode(raw.bindMemory(to: UInt8.self), over: base))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, over base: Theme) throws(ThemeFileError) -> Theme
    {
        var lines = LineIndex(bytes)
        let document: JSONDocument
        do throws(JSONReadError) {
            document = try JSONReader.read(bytes, maximumDepth: 8, maximumValues: 10_000)
        } catch {
            throw ThemeFileError(
                path: nil,
                problems: [
                    .init(location: lines.location(of: error.offset), reason: "not JSON: \(error.message)")
                ])
        }
        var reader = ThemeFileReader(document: document, theme: base)
        reader.read()
        guard reader.problems.isEmpty else {
            throw ThemeFileError(
                path: nil,
                problems: reader.problems.sorted { $0.offset < $1.offset }.map { problem in
                    .init(
                        location: lines.location(of: problem.offset), field: problem.field,
                        reason: problem.reason)
                })
        }
        return reader.theme
    }
}

/// Why a theme file could not be read: every problem, each on a line of its own.
public struct ThemeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One problem: where, in which field, and what is wrong.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// Where in the file; `nil` for the file as a whole (it cannot be read).
        package var location: TextLocation?
        /// The field, as a path (`colors.title.foreground`); `nil` for the file as a whole.
        public var field: String?
        /// What is wrong.
        package var reason: String

        /// Creates a problem.
        /// - Parameters:
        ///   - location: Where in the file.
        ///   - field: The field's path.
        ///   - reason: What is wrong.
        public init(location: TextLocation? = nil, field: String? = nil, reason: String) {
            self.location = location
            self.field = field
            self.reason = reason
        }

        /// `line 3, column 24: field 'colors.title': reason`.
        public var description: String {
            var parts: [String] = []
            if let location { parts.append("\(location)") }
            if let field { parts.append("field '\(field.escapedForMessage)'") }
            parts.append(reason)
            return parts.joined(separator: ": ")
        }
    }

    /// The theme file, when the problems were found in one.
    package var path: String?
    /// The problems, in the order found.
    package var problems: [Problem]

    /// Creates an error.
    /// - Parameters:
    ///   - path: The theme file.
    ///   - problems: The problems.
    public init(path: String?, problems: [Problem]) {
        self.path = path
        self.problems = problems
    }

    /// One line per problem, each starting with the file's path.
    public var description: String {
        problems.map { problem in (path.map { "\($0): " } ?? "") + problem.description }.joined(
            separator: "\n")
    }
}

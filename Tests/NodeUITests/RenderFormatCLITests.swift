import Foundation
import NodeCanvas
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The repository's root.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let calculator = "Examples/graphs/calculator.json"

/// The command that draws `docs/calculator.svg`, run from the repository's root.
private let pictureCommand = "nodeui-tui render \(calculator) --format svg --width 80 --height 26"

/// Runs `nodeui-tui` from the repository's root with `environment` (`NO_COLOR=1`, or
/// `-u NO_COLOR`) given to `env`.
private func render(_ arguments: String, environment: String = "-u NO_COLOR") throws -> ProcessResult {
    try ChildProcess.runShell(
        "cd '\(repositoryRoot.path)' && env \(environment) nodeui-tui render \(arguments)")
}

/// The text an SVG picture shows, put back on its grid: each `<tspan>`'s text at the cell its
/// `x` and its row's `y` fall in.
private final class PictureText: NSObject, XMLParserDelegate {
    private let options = SVGOptions()
    private var rowY = 0
    private var column: Int?
    private(set) var rows: [Int: [Character]] = [:]
    private(set) var elements: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(name)
        if name == "text" { rowY = (Int(attributes["y"] ?? "") ?? 0) - options.padding }
        if name == "tspan" {
            column = ((Int(attributes["x"] ?? "") ?? 0) - options.padding) / options.cellWidth
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if name == "tspan" { column = nil }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard var x = column else { return }
        let y = rowY / options.rowHeight
        for character in string {
            var row = rows[y, default: []]
            while row.count <= x { row.append(" ") }
            row[x] = character
            rows[y] = row
            x += 1
        }
        column = x
    }

    /// The rows, top to bottom, trailing spaces removed.
    func text(height: Int) -> [String] {
        (0..<height).map {
            String(rows[$0] ?? []).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }
    }
}

/// Parses an SVG document; fails the test when it is not well-formed XML.
private func parsePicture(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> PictureText
{
    let parser = XMLParser(data: Data(svg.utf8))
    let text = PictureText()
    parser.delegate = text
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
    return text
}

/// A text row as the picture shows it as text: box-drawing characters and blocks are drawn as
/// lines and rectangles instead.
private func withoutDrawnGlyphs(_ row: Substring) -> String {
    String(row.map { ("\u{2500}"..."\u{257F}").contains($0) || $0 == "█" ? " " : $0 })
        .replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
}

/// Removes ANSI SGR escape codes.
private func withoutEscapes(_ text: Substring) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
}

@Suite struct RenderFormatCLITests {
    @Test func textIsTheDefaultFormat() throws {
        let plain = try render(calculator)
        let text = try render("\(calculator) --format text")
        #expect(plain.status == 0)
        #expect(text.standardOutput == plain.standardOutput)
        #expect(!plain.standardOutput.contains("\u{1B}"))
    }

    @Test func ansiIsTheTextRowsInColorEachRowEndingReset() throws {
        let ansi = try render("\(calculator) --format ansi")
        let text = try render(calculator)
        #expect(ansi.status == 0)
        let rows = ansi.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(
            rows.map {
                withoutEscapes($0).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
            }
                == text.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map(String.init))
        #expect(ansi.standardOutput.contains("\u{1B}[0;1;36m"))  // a title: bold cyan
        #expect(rows.allSatisfy { !$0.contains("\u{1B}") || $0.hasSuffix("\u{1B}[0m") })
    }

    @Test func ansiWithNoColorUsesAttributesOnly() throws {
        let ansi = try render("\(calculator) --format ansi", environment: "NO_COLOR=1")
        #expect(ansi.status == 0)
        let codes = ansi.standardOutput.matches(of: /\x1B\[([0-9;]*)m/).flatMap { $0.1.split(separator: ";") }
        #expect(!codes.isEmpty)
        #expect(codes.allSatisfy { ["0", "1", "2", "4", "7"].contains($0) }, "\(Set(codes))")
    }

    @Test(arguments: [calculator, "Examples/graphs/groups.json", "Examples/graphs/colors.json"])
    func svgParsesAsXMLAndShowsEveryCharacterOfTheTextFrame(_ file: String) throws {
        let svg = try render("\(file) --format svg")
        #expect(svg.status == 0)
        #expect(svg.standardError == "")
        let picture = try parsePicture(svg.standardOutput)
        let text = try render(file)
        let expected = text.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(picture.text(height: expected.count) == expected.map(withoutDrawnGlyphs))
        #expect(picture.elements.first == "svg")
    }

    @Test func svgShowsEveryNodesNameAndValue() throws {
        let picture = try parsePicture(try render("\(calculator) --format svg").standardOutput)
        let shown = picture.text(height: 30).joined(separator: "\n")
        for text in ["One", "Two", "Three", "Add", "Subtract", "Multiply", "= 3", "= 2", "= 6"] {
            #expect(shown.contains(text), "\(text)")
        }
        let words = shown.split(whereSeparator: \.isWhitespace)
        for value in ["1", "2", "3"] { #expect(words.contains(Substring(value)), "\(value)") }
    }

    @Test func svgDrawsInTheThemesColorsAndWithNoColorInGraysOnly() throws {
        let palette = SVGPalette.dark
        let colored = try render("\(calculator) --format svg").standardOutput
        #expect(colored.contains("stroke=\"\(palette.ansi[4].hex)\""))  // links: blue
        #expect(colored.contains("fill=\"\(palette.ansi[14].hex)\""))  // titles: bold cyan, shown bright
        let plain = try render("\(calculator) --format svg", environment: "NO_COLOR=1").standardOutput
        _ = try parsePicture(plain)
        for color in palette.ansi[1...6] + palette.ansi[9...14] {
            #expect(!plain.contains(color.hex), "\(color.hex)")
        }
    }

    @Test func svgWithASCIIDrawsOnlyASCIIText() throws {
        let svg = try render("\(calculator) --format svg --ascii").standardOutput
        let picture = try parsePicture(svg)
        #expect(!picture.elements.contains("path"))
        #expect(picture.text(height: 30).joined().unicodeScalars.allSatisfy { $0.isASCII })
        #expect(picture.text(height: 30).joined().contains("+ One ------ x +"))
    }

    @Test func theCommittedPictureIsWhatRenderDrawsNow() throws {
        let result = try ChildProcess.runShell(
            "cd '\(repositoryRoot.path)' && env -u NO_COLOR \(pictureCommand)")
        #expect(result.status == 0)
        let committed = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/calculator.svg"), encoding: .utf8)
        #expect(
            result.standardOutput == committed,
            "docs/calculator.svg is stale: run `\(pictureCommand) > docs/calculator.svg` from the repository's root"
        )
    }

    @Test(arguments: ["-u NO_COLOR", "NO_COLOR=1"])
    func ansiOutputShowsNoCursorCell(_ environment: String) throws {
        let result = try render("\(calculator) --format ansi", environment: environment)
        #expect(result.status == 0)
        // Nothing on the canvas is reversed: its cursor is not drawn. (Without colors the status
        // line, the last row, is reversed.)
        let canvas = result.standardOutput.split(separator: "\n").dropLast().joined(separator: "\n")
        let attributes = canvas.matches(of: /\u{1B}\[([0-9;]*)m/).map { $0.output.1 }
        #expect(!attributes.isEmpty)
        #expect(!attributes.contains { $0.split(separator: ";").contains("7") }, "\(attributes)")
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try render("\(calculator) --format png")
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("Error: "))
    }
}

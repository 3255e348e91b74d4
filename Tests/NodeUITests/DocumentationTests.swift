import Foundation
import Testing

/// The documentation is a newcomer's README and references where readers look: docs/*.md and the
/// DocC catalogs beside the libraries. Every page is reachable from README, every relative link
/// leads somewhere, and every catalog's main page links its articles.
@Suite struct DocumentationTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The Markdown files of a folder, as paths from the repository's root.
    private static func markdownFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }

    /// Every DocC catalog, as a path from the repository's root (`Sources/NodeGraph/NodeGraph.docc`).
    private static func catalogs() throws -> [String] {
        let sources = repository.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().flatMap { module in
            let folder = sources.appendingPathComponent(module).path
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return entries.filter { $0.hasSuffix(".docc") }.map { "Sources/\(module)/\($0)" }
        }
    }

    /// Every page of documentation: README, docs/*.md and every catalog's pages.
    private static func pages() throws -> [String] {
        try ["README.md"] + markdownFiles(in: "docs") + catalogs().flatMap(markdownFiles(in:))
    }

    /// The targets of a page's Markdown links (`[text](target)`), outside code blocks.
    private static func links(in text: String) -> [String] {
        var targets: [String] = []
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if inCode { continue }
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let tail = rest[open.upperBound...]
                guard let close = tail.firstIndex(of: ")") else { break }
                targets.append(String(tail[..<close]))
                rest = tail[close...]
            }
        }
        return targets
    }

    /// The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as `-`.
    private static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
            anchors.insert(String(kept.map { $0 == " " ? "-" : $0 }))
        }
        return anchors
    }

    /// The tutorial's code is the package's `halver` tool: its ```swift blocks, in order, joined
    /// by a blank line, are `Examples/Halver/main.swift`, so what the article shows is what
    /// builds (without package access) and runs (`Scripts/check-tutorial.sh`).
    @Test func theTutorialsCodeIsTheHalverToolsSource() throws {
        var blocks: [String] = [], current: [String]?
        for line in try Self.text("Sources/NodeTerminal/NodeTerminal.docc/BuildingANodeTool.md")
            .split(separator: "\n", omittingEmptySubsequences: false)
        {
            if line == "```swift" {
                current = []
            } else if line == "```", let block = current {
                blocks.append(block.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        #expect(blocks.count > 1)
        #expect(blocks.joined(separator: "\n\n") + "\n" == (try Self.text("Examples/Halver/main.swift")))
    }

    @Test func theReadmeIsANewcomersPageOfAtMostThreeHundredLines() throws {
        let readme = try Self.text("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
        #expect(readme.contains("\nScripts/setup.sh && swift run nodeui-tui "), "README runs the calculator")
        #expect(readme.contains("\nbash Scripts/test.sh "), "README runs the tests as CI does")
    }

    @Test func everyRelativeLinkLeadsToAFileAndHeadingThatExist() throws {
        for page in try Self.pages() {
            let folder = Self.repository.appendingPathComponent(page).deletingLastPathComponent()
            for link in Self.links(in: try Self.text(page)) {
                if link.contains("://") || link.hasPrefix("mailto:") { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let target =
                    parts[0].isEmpty
                    ? Self.repository.appendingPathComponent(page)
                    : folder.appendingPathComponent(String(parts[0])).standardizedFileURL
                let exists = FileManager.default.fileExists(atPath: target.path)
                #expect(exists, "\(page) links \(link): no such file")
                if parts.count == 2, target.pathExtension == "md",
                    let text = try? String(contentsOf: target, encoding: .utf8)
                {
                    #expect(
                        Self.anchors(in: text).contains(String(parts[1])),
                        "\(page) links \(link): no such heading")
                }
            }
        }
    }

    @Test func theReadmeLinksEveryPageOfDocumentation() throws {
        let targets = Set(
            Self.links(in: try Self.text("README.md")).map {
                String($0.split(separator: "#", omittingEmptySubsequences: false)[0])
            })
        for page in try Self.pages().dropFirst() {
            #expect(targets.contains(page), "README does not link \(page)")
        }
    }

    @Test func everyCatalogsMainPageLinksEachOfItsArticles() throws {
        for catalog in try Self.catalogs() {
            let files = try Self.markdownFiles(in: catalog)
            let texts = try files.map(Self.text)
            // The main page is the one titled with the module's symbol link: # ``Module``.
            let main = try #require(texts.first { $0.hasPrefix("# ``") }, "\(catalog) has no main page")
            for file in files {
                let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                let text = try Self.text(file)
                if text.hasPrefix("# ``") { continue }
                #expect(main.contains("<doc:\(name)>"), "\(catalog)'s main page does not link \(name)")
            }
        }
    }
}

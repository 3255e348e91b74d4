import Foundation
import Testing

@_spi(Testing) @testable import NodeGraph

/// The one-pass reader (`GraphFileReader`) against the thorough decoder (`GraphFileDecoder`):
/// whatever the reader accepts, the decoder accepts too and builds the same graph in the same
/// order; everything else the reader leaves to the decoder.
@Suite struct FileReaderTests {
    /// The reader's graph for `text`, or `nil` when it leaves the text to the decoder.
    static func readerGraph(_ bytes: [UInt8], registry: KindRegistry = .standard) -> Graph? {
        let read = bytes.withUnsafeBufferPointer {
            GraphFileReader.read($0, registry: registry, limits: .standard)
        }
        guard let read else { return nil }
        return read.nodes.makeGraph(registry: registry, order: read.order)
    }

    /// Expects the reader and the decoder to agree on `bytes`; returns whether the reader read them.
    @discardableResult
    static func expectAgreement(
        _ bytes: [UInt8], registry: KindRegistry = .standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard let graph = readerGraph(bytes, registry: registry) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let thorough = try GraphFile.decodeThoroughly(Data(bytes), registry: registry)
            #expect(graph == thorough, "different graphs from \(text)", sourceLocation: sourceLocation)
            #expect(
                graph.topologicalOrder() == thorough.topologicalOrder(),
                "nodes added in another order: \(text)",
                sourceLocation: sourceLocation)
            #expect(
                try GraphFile.encode(graph) == GraphFile.encode(thorough), "saves differently: \(text)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(
                "the reader accepted what the decoder refuses (\(error)): \(text)",
                sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func theReaderReadsEverySavedExampleItself() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(files.count >= 5)
        for file in files {
            let bytes = Array(try Data(contentsOf: examplesDirectory.appendingPathComponent(file)))
            #expect(Self.expectAgreement(bytes), "\(file) was left to the decoder")
        }
    }

    @Test(arguments: [
        // Each is plain enough for the reader.
        #"{"id": "n", "kind": "number", "value": -0, "x": -0, "y": 1e2}"#,
        #"{"id": "n", "kind": "number", "value": 0.1, "x": 2.0, "y": -1000000000}"#,
        #"{"id": "n", "kind": "number", "value": 123456789012345678901234567890}"#,
        #"{"id": "n", "kind": "number", "value": 1234567890123456, "name": "Größe 🎛"}"#,
        #"{"kind": "number", "id": "n", "name": "Number"}, {"inputs": [], "id": "m", "kind": "add"}"#,
        #"{"id": "s", "kind": "add", "inputs": ["b", null, "a"]}, {"id": "a", "kind": "number"}, {"id": "b", "kind": "number"}"#,
        #"{"id": "a-rather-long-identifier-1", "kind": "number"}, {"id": "a-rather-long-identifier-2", "kind": "add", "inputs": ["a-rather-long-identifier-1"]}"#,
        #"{"id": "0123456789abcdef", "kind": "number"}, {"id": "0123456789abcdeg", "kind": "add", "inputs": ["0123456789abcdef"]}"#,
        #"{"id": "c", "kind": "color", "inputs": ["n", "n"]}, {"id": "n", "kind": "number", "value": 7}, {"id": "k", "kind": "colorAdjust", "inputs": ["c", "n"]}"#,
        #"{"id": " ~!", "kind": "multiply", "name": "~"}"#,
    ])
    func theReaderReadsPlainFilesAsTheDecoderDoes(nodes: String) {
        #expect(Self.expectAgreement(Array(graphFile(nodes).utf8)))
    }

    @Test func theReaderReadsWhitespaceAByteOrderMarkAndAnyKeyOrder() {
        let text =
            "\u{FEFF} {\r\n\t\"version\" : 1.0 ,\"nodes\":[ {\"id\":\"n\",\"kind\":\"number\"} ] , \"format\":\"nodegraph\"}\n "
        #expect(Self.expectAgreement(Array(text.utf8)))
    }

    @Test(arguments: [
        #"{"id": "caf\u00e9", "kind": "number"}"#,
        #"{"id": "café", "kind": "number"}"#,
        #"{"id": "n", "kind": "number", "name": "say \"hi\""}"#,
        #"{"id": "n", "kind": "num\u0062er"}"#,
    ])
    func whatTheReaderLeavesToTheDecoderStillLoads(nodes: String) throws {
        let bytes = Array(graphFile(nodes).utf8)
        #expect(Self.readerGraph(bytes) == nil)
        _ = try GraphFile.decode(Data(bytes))
    }

    @Test func theReaderLeavesEveryProblemToTheDecoder() {
        for text in [
            graphFile(#"{"id": "n", "kind": "number", "x": 1.5}"#),
            graphFile(#"{"id": "n", "kind": "number", "value": 1e999}"#),
            graphFile(#"{"id": "n", "kind": "number", "value": 01}"#),
            graphFile(#"{"id": "n", "kind": "number"},"#),
            graphFile(#"{"id": "n", "kind": "number", "id": "m"}"#),
            graphFile(#"{"id": "n", "kind": "add", "inputs": ["n"]}"#),
            graphFile(#"{"id": "n", "kind": "number"}, {"id": "n", "kind": "number"}"#),
            graphFile(#"{"id": "c", "kind": "color"}, {"id": "s", "kind": "add", "inputs": ["c"]}"#),
            graphFile(#"{"id": "d", "kind": "divide", "inputs": [null, null, null]}"#),
            graphFile(#"{"id": "n", "kind": "number", "name": ""}"#),
            graphFile("") + " x",
            #"{"format": "nodegraph", "version": 2, "nodes": []}"#,
        ] {
            #expect(Self.readerGraph(Array(text.utf8)) == nil, "\(text)")
            #expect(!GraphFile.problems(in: Data(text.utf8)).isEmpty, "\(text)")
        }
    }

    @Test func theReaderAndTheDecoderAgreeOnRandomFilesAndTheirMutations() {
        var generator = HostileInputTests.SplitMix(state: 7)
        var files = 0
        var readByTheReader = 0
        for _ in 0..<400 {
            let bytes = Array(Self.randomGraphFile(using: &generator).utf8)
            files += 1
            if Self.expectAgreement(bytes) { readByTheReader += 1 }
            for _ in 0..<10 {
                Self.expectAgreement(Self.mutated(bytes, using: &generator))
            }
        }
        // The generator writes mostly plain files: the reader must have read most of them itself.
        #expect(readByTheReader * 2 > files, "the reader read \(readByTheReader) of \(files) files")
    }

    // MARK: Generating files

    static let kinds = ["number", "add", "subtract", "multiply", "divide", "color", "colorAdjust"]

    /// A graph file written by hand, as a person or another program might: any key order and
    /// whitespace, numbers spelled in several ways, inputs defined later in the file; in about a
    /// third of the files, one thing the reader leaves to the decoder (a problem, an escape,
    /// non-ASCII ids, a loop…).
    static func randomGraphFile(using generator: inout HostileInputTests.SplitMix) -> String {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        func space() -> String { ["", "", " ", "\n", "\t", "\r\n", "  "].randomElement(using: &generator)! }
        func number(whole: Bool) -> String {
            if whole {
                return ["0", "-0", "7", "-12", "100", "1e2", "2.0", "1E+1", "-30.0e-1", "1000000000"]
                    .randomElement(using: &generator)!
            }
            return ["0.1", "-2.5", "3", "1e-7", "123456.789", "9007199254740993", "-0.0", "5e300"]
                .randomElement(using: &generator)!
        }
        enum Oddity: CaseIterable {
            case unknownKind, halfPosition, emptyName, escapedName, duplicateID, loop, tooManyInputs
            case typeMismatch, nonASCIIIDs, escapedID, version2, valueOnOperator
        }
        let oddity = chance(35) ? Oddity.allCases.randomElement(using: &generator) : nil
        let count = Int.random(in: 1...24, using: &generator)
        let prefix =
            oddity == .nonASCIIIDs
            ? "é"
            : ["n", "node-", "a-rather-long-identifier-", "0123456789abcdef"].randomElement(
                using: &generator)!
        var ids = (0..<count).map { "\(prefix)\($0)" }
        if oddity == .duplicateID && count > 1 { ids[count - 1] = ids[0] }
        if oddity == .escapedID { ids[0] = "\\u0041" + ids[0] }
        var kinds = (0..<count).map { _ in Self.kinds.randomElement(using: &generator)! }
        if oddity == .unknownKind { kinds[0] = "frob" }
        func producesColor(_ node: Int) -> Bool { kinds[node] == "color" || kinds[node] == "colorAdjust" }
        var nodes: [String] = []
        for index in 0..<count {
            let kind = kinds[index]
            var fields: [String] = ["\"id\":\(space())\"\(ids[index])\"", "\"kind\":\(space())\"\(kind)\""]
            if chance(60) || (index == 0 && (oddity == .emptyName || oddity == .escapedName)) {
                var name = ["Number", "Add", "Sum", "Größe 🎛", "x", "Color"].randomElement(using: &generator)!
                if index == 0 && oddity == .emptyName { name = "" }
                if index == 0 && oddity == .escapedName { name = "say \\\"hi\\\"" }
                fields.append("\"name\":\(space())\"\(name)\"")
            }
            if chance(70) || index == 0 {
                fields.append(
                    "\"x\":\(space())\(index == 0 && oddity == .halfPosition ? "1.5" : number(whole: true))")
            }
            if chance(70) { fields.append("\"y\":\(space())\(number(whole: true))") }
            if kind == "number" ? chance(80) : (index == 0 && oddity == .valueOnOperator) {
                fields.append("\"value\":\(space())\(number(whole: false))")
            }
            if kind != "number" && (chance(85) || index == 0) {
                let slots = ["add": 3, "color": 3, "frob": 1][kind] ?? 2
                var inputs = (0..<Int.random(in: 0...slots, using: &generator)).map { slot in
                    let wantsColor = kind == "colorAdjust" && slot == 0
                    let candidates = (0..<index).filter { producesColor($0) == wantsColor }
                    guard chance(80), let upstream = candidates.randomElement(using: &generator) else {
                        return "null"
                    }
                    return "\"\(ids[upstream])\""
                }
                if index == 0 && oddity == .tooManyInputs {
                    inputs = Array(repeating: "null", count: slots + 1)
                }
                if index == 0 && oddity == .loop { inputs = ["\"\(ids[count - 1])\""] }
                if index == 0 && oddity == .typeMismatch && count > 1 {
                    inputs = ["\"\(ids[1])\"", "\"\(ids[1])\""]
                    if kind != "colorAdjust" { kinds[1] = "color" }  // the wrong type for a number slot
                }
                fields.append("\"inputs\":\(space())[\(inputs.joined(separator: ",\(space())"))]")
            }
            fields.shuffle(using: &generator)
            nodes.append("{\(space())\(fields.joined(separator: ",\(space())"))\(space())}")
        }
        nodes.shuffle(using: &generator)
        let version =
            oddity == .version2 ? "2" : ["1", "1.0", "1e0", "10e-1"].randomElement(using: &generator)!
        var header = [
            "\"format\":\(space())\"nodegraph\"", "\"version\":\(space())\(version)",
            "\"nodes\":\(space())[\(nodes.joined(separator: ",\(space())"))]",
        ]
        header.shuffle(using: &generator)
        return (chance(5) ? "\u{FEFF}" : "")
            + "{\(space())\(header.joined(separator: ",\(space())"))\(space())}"
    }

    static func mutated(_ bytes: [UInt8], using generator: inout HostileInputTests.SplitMix) -> [UInt8] {
        var bytes = bytes
        let tokens: [[UInt8]] = [
            "{", "}", "[", "]", ",", ":", "\"", "null", "1e999", "-0", "0.5", "\\u0041", "add", "n1", " ",
        ]
        .map { Array($0.utf8) }
        for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.remove(at: position)
            case 2: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: position)
            default: bytes.removeSubrange(position..<min(bytes.count, position + 8))
            }
        }
        return bytes
    }
}

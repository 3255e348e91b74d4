import Foundation
import NodeGraph
import Testing

@testable import NodeCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// `eval`'s text goes out in blocks, line by line, without a list of lines or one string of all.
@Suite struct BufferedOutputTests {
    /// A chain of `count` nodes: a number, then each an `add` of the one before.
    private func chain(_ count: Int) throws -> Graph {
        var builder = GraphBuilder()
        try builder.add("n0", kind: "number", name: "Start", value: .number(1))
        for node in 1..<count {
            try builder.add(NodeID("n\(node)"), kind: "add", inputs: [node - 1, node - 1])
        }
        return builder.finish()
    }

    /// What `body` writes through a buffered output to a file, and the writes it made.
    private func written(_ body: (inout BufferedOutput) -> Void) throws -> (text: String, blocks: Int) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
            .path
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        var output = BufferedOutput(descriptor: descriptor)
        body(&output)
        output.flush()
        close(descriptor)
        return (try String(contentsOfFile: path, encoding: .utf8), output.blocksWritten)
    }

    @Test func evalTextOfManyNodesIsTheSameLinesWrittenInBlocksOfTheBufferSize() throws {
        let graph = try chain(20_000)
        let out = try written { HeadlessOutput.writeText(graph, to: &$0) }
        let expected = HeadlessOutput.textLines(graph).joined(separator: "\n") + "\n"
        #expect(out.text == expected)
        #expect(out.text.hasPrefix("Start (n0): 1\nAdd (n1): 2\n"))
        let bytes = expected.utf8.count
        #expect(bytes > 4 * BufferedOutput.blockSize)
        // Each write but the last holds a full block, and at most the line that filled it.
        let block = BufferedOutput.blockSize
        #expect(out.blocks <= (bytes + block - 1) / block)
        #expect(out.blocks >= bytes / (block + 64))
    }

    @Test func anEmptyGraphIsOneLineSayingSo() throws {
        let out = try written { HeadlessOutput.writeText(Graph(), to: &$0) }
        #expect(out.text == "no nodes: the graph is empty\n")
        #expect(out.blocks == 1)
    }

    @Test func nothingIsWrittenUntilABlockIsFullOrTheOutputIsFlushed() throws {
        let out = try written { output in
            output.append(line: "one")
            output.append("two")
            #expect(output.blocksWritten == 0)
        }
        #expect(out.text == "one\ntwo")
        #expect(out.blocks == 1)
    }
}

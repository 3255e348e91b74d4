// nodegraph-save-stress TARGET FIRST SECOND: for the crash-safety test, saves the graphs of FIRST
// and SECOND over TARGET, alternately, until killed. Prints `ready` once both graphs are loaded,
// then `saved N` after the Nth save, so the test can pace its kills by the saves themselves.
// A test tool: not part of any product.
import Foundation
import NodeGraph
import NodeGraphFiles

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: nodegraph-save-stress TARGET FIRST SECOND\n".utf8))
    exit(2)
}
var graphs: [Graph] = []
for path in arguments.dropFirst() {
    do throws(GraphFileError) {
        graphs.append(try GraphFile.load(path: path))
    } catch {
        FileHandle.standardError.write(Data("\(path): \(error.problems.first.map { "\($0)" } ?? "")\n".utf8))
        exit(1)
    }
}
FileHandle.standardOutput.write(Data("ready\n".utf8))
var saved = 0
while true {
    do throws(SaveError) {
        try GraphFile.save(graphs[saved % 2], to: arguments[0])
    } catch {
        FileHandle.standardError.write(Data("\(arguments[0]): \(error.reason)\n".utf8))
        exit(1)
    }
    saved += 1
    FileHandle.standardOutput.write(Data("saved \(saved)\n".utf8))
}

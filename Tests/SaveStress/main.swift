// nodegraph-save-stress TARGET FIRST SECOND [COUNT]: for the crash-safety test, saves the graphs
// of FIRST and SECOND over TARGET, alternately, until killed (or COUNT saves are done). Prints
// `ready` once both graphs are loaded. A test tool: not part of any product.
import Foundation
import NodeGraph
import NodeGraphFiles

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 || arguments.count == 4, arguments.count == 3 || Int(arguments.last!) != nil else {
    FileHandle.standardError.write(Data("usage: nodegraph-save-stress TARGET FIRST SECOND [COUNT]\n".utf8))
    exit(2)
}
let paths = Array(arguments.prefix(3))
let count = arguments.count == 4 ? Int(arguments.last!) : nil
var graphs: [Graph] = []
for path in paths.dropFirst() {
    do throws(GraphFileError) {
        graphs.append(try GraphFile.load(path: path))
    } catch {
        FileHandle.standardError.write(Data("\(path): \(error.problems.first.map { "\($0)" } ?? "")\n".utf8))
        exit(1)
    }
}
FileHandle.standardOutput.write(Data("ready\n".utf8))
var saved = 0
while count.map({ saved < $0 }) ?? true {
    do throws(SaveError) {
        try GraphFile.save(graphs[saved % 2], to: paths[0])
    } catch {
        FileHandle.standardError.write(Data("\(paths[0]): \(error.reason)\n".utf8))
        exit(1)
    }
    saved += 1
}

import NodeCanvas
import NodeGraph
import Testing

/// A tool's own message types, posted through the dispatcher.
struct Ping: PluginMessage { var count: Int }
struct Pong: PluginMessage { var from: String }

/// Hears pings and pongs; the first plugin answers a ping with a pong.
final class MessagePlugin: CanvasPlugin {
    let name: String
    let log: Log
    let answers: Bool
    init(_ name: String, log: Log, answers: Bool = false) {
        self.name = name
        self.log = log
        self.answers = answers
    }
    func receive(_ message: any PluginMessage, on canvas: Canvas) {
        if let ping = message as? Ping {
            log.lines.append("\(name) ping \(ping.count)")
            if answers { canvas.post(Pong(from: name)) }
        } else if let pong = message as? Pong {
            log.lines.append("\(name) pong from \(pong.from)")
        }
    }
    func receive(_ notification: CanvasNotification, on canvas: Canvas) {
        switch notification {
        case .modeChanged(let mode): log.lines.append("\(name) mode \(mode.name)")
        case .sourcesUpdated(let change):
            log.lines.append("\(name) sources " + change.sources.map(\.rawValue).joined(separator: ","))
        case .documentOpened: log.lines.append("\(name) opened")
        case .documentSaved(let path): log.lines.append("\(name) saved \(path)")
        default: break
        }
    }
}

@Suite struct PluginMessageTests {
    @Test func aPostedMessageReachesEveryPluginInTheDeclaredOrder() {
        let log = Log()
        let canvas = Canvas(
            document: GraphDocument(graph: Graph()), width: 60, height: 20,
            plugins: [MessagePlugin("first", log: log), MessagePlugin("second", log: log)])
        canvas.post(Ping(count: 1))
        #expect(log.lines == ["first ping 1", "second ping 1"])
    }

    @Test func aMessagePostedWhileOneIsDeliveredWaitsUntilItReachedEveryPlugin() {
        let log = Log()
        let canvas = Canvas(
            document: GraphDocument(graph: Graph()), width: 60, height: 20,
            plugins: [MessagePlugin("first", log: log, answers: true), MessagePlugin("second", log: log)])
        canvas.post(Ping(count: 2))
        #expect(
            log.lines == ["first ping 2", "second ping 2", "first pong from first", "second pong from first"])
    }

    @Test func pluginsHearModeChanges() {
        let log = Log()
        let canvas = Canvas(
            document: GraphDocument(graph: Graph()), width: 60, height: 20,
            plugins: [MessagePlugin("p", log: log)])
        canvas.send(.character("?"))
        #expect(log.lines == ["p mode HELP"])
    }

    @Test func pluginsHearLiveSourceUpdates() throws {
        var graph = Graph()
        try graph.addNode("tick", kind: "clock")
        let document = GraphDocument(graph: graph)
        let log = Log()
        let canvas = Canvas(
            document: document, width: 60, height: 20, plugins: [MessagePlugin("p", log: log)])
        withExtendedLifetime(canvas) {
            _ = document.applySourceUpdates([SourceUpdate(node: "tick", value: .number(1))])
        }
        #expect(log.lines == ["p sources tick"])
    }

    @Test func pluginsHearADocumentOpenedAndSaved() {
        let log = Log()
        let canvas = Canvas(
            document: GraphDocument(graph: Graph()), width: 60, height: 20,
            plugins: [MessagePlugin("p", log: log)])
        canvas.send(.documentOpened(welcome: StatusMessage("hello")))
        canvas.send(.saved(path: "g.json", nodeCount: 0))
        canvas.reload()
        #expect(log.lines == ["p opened", "p saved g.json", "p opened"])
    }
}

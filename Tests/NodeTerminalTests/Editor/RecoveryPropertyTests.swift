import Foundation
import NodeCanvas
import NodeGraph
import NodeGraphFiles
import NodeGraphTesting
import PropertyBased
import Testing

@testable import NodeTerminal

/// Sessions on one file driven through random interleavings of edits, crashes, quits, saves,
/// deferred recoveries, `y`, `n`, second sessions and reloads after another program wrote the
/// file: no edit is ever lost or applied twice.
///
/// Every edit adds a node with an id of its own (`e1`, `e2`, …), so the nodes a graph holds say
/// exactly which edits reached it: a lost edit is a missing node, and an edit applied twice is a
/// refused line (the id exists) that the status line reports.
@Suite struct RecoveryPropertyTests {
    /// A journal as the model sees it: the edits it holds, in order.
    final class ModelJournal {
        var labels: [Int] = []
    }

    /// What the files on disk and the open session should hold.
    struct Model {
        /// The edits the saved file holds.
        var file: Set<Int> = []
        /// The journals in the folder, oldest first.
        var onDisk: [ModelJournal] = []
        /// The open session's graph, as edits.
        var document: Set<Int> = []
        /// The journals the open session still has to ask about, the first one being asked.
        var offers: [ModelJournal] = []
        /// The journals the open session recovered, and its own.
        var adopted: [ModelJournal] = []
        var own: ModelJournal?

        /// The session's journals are gone: saved, or discarded on purpose.
        mutating func removeSessionJournals() {
            let gone = adopted + (own.map { [$0] } ?? [])
            onDisk.removeAll { journal in gone.contains { $0 === journal } }
            adopted = []
            own = nil
        }
    }

    final class Run {
        let file: String
        var model = Model()
        var session: EditorSession?
        var nextLabel = 1

        init() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "recovery-property-\(UUID().uuidString)"
            ).path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            file = directory + "/graph.json"
            try GraphFile.save(Graph(), to: file)
        }

        func open() throws {
            session = EditorSession(
                configuration: .calculator, document: GraphDocument(graph: try GraphFile.load(path: file)),
                file: file, width: 100, height: 30)
            model.document = model.file
            model.offers = model.onDisk
            model.adopted = []
            model.own = nil
        }

        /// The edits a graph holds.
        static func labels(in graph: Graph) -> Set<Int> {
            Set(graph.nodeIDs.compactMap { $0.rawValue.hasPrefix("e") ? Int($0.rawValue.dropFirst()) : nil })
        }

        /// The edits a journal file holds, in order.
        static func labels(inJournal path: String) throws -> [Int] {
            try Journal.read(path: path).compactMap { line in
                guard case .success(.edit(.addNode(let node))) = line.entry else { return nil }
                return Int(node.id.rawValue.dropFirst())
            }
        }

        /// Carries out one step, chosen by `code`, and checks the session against the model.
        func step(_ code: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
            guard let session else { return try open() }
            if case .recover(let offer) = session.prompt {
                let offered = try #require(model.offers.first, "offered a journal the model has none of")
                #expect(
                    try Self.labels(inJournal: offer.journal) == offered.labels,
                    sourceLocation: sourceLocation)
                switch code % 6 {
                case 0, 1:
                    #expect(model.document.isDisjoint(with: offered.labels), sourceLocation: sourceLocation)
                    let before = session.document.graph.count
                    session.handle(.character("y"))
                    #expect(
                        session.document.graph.count == before + offered.labels.count,
                        "every recovered line applies, none of them twice", sourceLocation: sourceLocation)
                    model.document.formUnion(offered.labels)
                    model.adopted.append(offered)
                    model.offers.removeFirst()
                case 2:
                    session.handle(.character("n"))
                    model.onDisk.removeAll { $0 === offered }
                    model.offers.removeFirst()
                case 3:
                    session.handle(.escape)
                    model.offers = []
                case 4:
                    crash()
                    return
                default:
                    try secondSession(sourceLocation: sourceLocation)
                }
            } else {
                #expect(session.prompt == nil, sourceLocation: sourceLocation)
                #expect(
                    model.offers.isEmpty, "a journal left behind was not offered",
                    sourceLocation: sourceLocation)
                model.offers = []
                switch code % 9 {
                case 0, 1, 2, 7:
                    let label = nextLabel
                    nextLabel += 1
                    _ = try session.document.apply(
                        .addNode(NodeDescription(id: NodeID("e\(label)"), kind: "number", value: .number(1))))
                    model.document.insert(label)
                    if model.own == nil {
                        let own = ModelJournal()
                        model.own = own
                        model.onDisk.append(own)
                    }
                    model.own!.labels.append(label)
                case 3:
                    session.handle(.character("s"))
                    model.file = model.document
                    model.removeSessionJournals()
                case 4:
                    session.handle(.character("q"))
                    if session.prompt == .quitWithUnsavedChanges { session.handle(.character("y")) }
                    #expect(session.isFinished, sourceLocation: sourceLocation)
                    model.removeSessionJournals()
                    self.session = nil
                    return
                case 5:
                    crash()
                    return
                case 6:
                    try secondSession(sourceLocation: sourceLocation)
                default:
                    try reloadAfterAnotherProgramWrites(sourceLocation: sourceLocation)
                    return
                }
            }
            #expect(Self.labels(in: session.document.graph) == model.document, sourceLocation: sourceLocation)
        }

        /// Another program adds a node to the file; `s` asks, and `r` reloads it: the session's
        /// journals stay, offered at once like any left behind.
        func reloadAfterAnotherProgramWrites(sourceLocation: SourceLocation) throws {
            let session = try #require(session)
            let label = nextLabel
            nextLabel += 1
            let theirs = GraphDocument(graph: try GraphFile.load(path: file))
            _ = try theirs.apply(
                .addNode(NodeDescription(id: NodeID("e\(label)"), kind: "number", value: .number(1))))
            try GraphFile.save(theirs.graph, to: file)
            model.file.insert(label)
            session.handle(.character("s"))
            #expect(
                session.prompt == .changedOnDisk(path: file, thenQuit: false), sourceLocation: sourceLocation)
            session.handle(.character("r"))
            model.document = model.file
            model.offers = model.onDisk
            model.adopted = []
            model.own = nil
            #expect(Self.labels(in: session.document.graph) == model.document, sourceLocation: sourceLocation)
        }

        /// The session ends without a quit, as after `kill -9`: every journal stays.
        func crash() {
            session?.finish(clean: false)
            session = nil
        }

        /// A second session on the same file opens read-only, offers nothing and changes nothing.
        func secondSession(sourceLocation: SourceLocation) throws {
            let second = EditorSession(
                configuration: .calculator, document: GraphDocument(graph: try GraphFile.load(path: file)),
                file: file, width: 100, height: 30)
            #expect(second.isReadOnly, sourceLocation: sourceLocation)
            #expect(second.prompt == nil, sourceLocation: sourceLocation)
            for event: InputEvent in [.tab, .character("+"), .character("s"), .character("q")] {
                second.handle(event)
            }
            second.finish(clean: true)
        }

        /// Ends the open session abruptly, then recovers everything left and checks that every
        /// edit not discarded on purpose is there exactly once.
        func recoverEverything() throws {
            crash()
            try open()
            let session = try #require(session)
            while case .recover(let offer) = session.prompt {
                let before = session.document.graph.count
                session.handle(.character("y"))
                #expect(
                    session.document.graph.count == before + offer.editCount, "a recovered line was refused")
            }
            let expected = model.onDisk.reduce(model.file) { $0.union($1.labels) }
            #expect(Self.labels(in: session.document.graph) == expected)
            session.finish(clean: false)
        }
    }

    @Test func noEditIsLostOrAppliedTwiceWhateverTheSessionsDo() async {
        await propertyCheck(
            count: PropertyCaseCount.scaled(60), input: Gen.int(in: 0...1_000).array(of: 1...50)
        ) { codes in
            let run = try! Run()
            for code in codes { try! run.step(code) }
            try! run.recoverEverything()
        }
    }
}

import NodeCanvas
import NodeGraph
import NodeGraphTesting
import PropertyBased
import Testing

/// The drawing never lies (DESIGN.md, "The frame"), checked over random graphs, edits, views and
/// selections: every box is whole unless the screen's edge cuts it or a box drawn after it covers
/// it; no line character is drawn inside a box; a link's joint on a box has that box's line
/// weight; and a value edit never moves a box, so boxes placed apart stay apart.
@Suite struct DrawingPropertyTests {
    /// Kinds a random node may have: sources and operators of two and three slots.
    static let kinds = ["number", "number", "add", "subtract", "multiply", "divide"]
    /// Values of every width, and zero (a division by it is an error).
    static let values: [Double] = [1, -7, 0, 12_345, 123_456_789, -1.234_567_890_123e-300, 1e300, 0.1, 42]

    /// A graph of `count` nodes on a grid of cells 24 wide and 8 high (any box fits in one, so
    /// none overlap), each operator fed by earlier nodes the codes pick.
    static func graph(_ codes: [Int]) -> Graph {
        var graph = Graph()
        for (index, code) in codes.enumerated() {
            let kind = index < 2 ? "number" : kinds[code % kinds.count]
            let position = Position(x: 2 + index % 6 * 24, y: 1 + index / 6 * 8)
            let id = NodeID("n\(index)")
            if kind == "number" {
                try! graph.addNode(
                    id, kind: kind, at: position, value: .number(values[code / 7 % values.count]))
                continue
            }
            let slots = kind == "add" ? 3 : 2
            let inputs: [NodeID?] = (0..<slots).map { slot in
                let pick = code / (11 + 5 * slot) % (index + 1)
                return pick < index ? NodeID("n\(pick)") : nil
            }
            try! graph.addNode(id, kind: kind, at: position, inputs: inputs)
        }
        return graph
    }

    /// One step: a value set, a link toggled, a kind changed, an undo, a view moved, a node added
    /// to the selection, a move (only when `moves`), or a level of detail.
    static func step(_ code: Int, on canvas: Canvas, moves: Bool) {
        let graph = canvas.document.graph
        let count = graph.count
        guard count > 0 else { return }
        let node = NodeID("n\(code / 13 % count)")
        switch code % 9 {
        case 0, 1:
            _ = try? canvas.document.apply(
                .setValue(node: node, value: .number(values[code / 3 % values.count])))
        case 2:
            let from = NodeID("n\(code / 17 % count)")
            _ = try? canvas.document.apply(.toggleLink(from: from, to: node, slot: code / 5 % 3))
        case 3:
            let kind = ["add", "subtract", "multiply", "divide"][code / 7 % 4]
            if graph.kind(of: node)?.name != "number" {
                _ = try? canvas.document.apply(.setKind(node: node, kind: kind))
            }
        case 4: _ = try? canvas.document.undo()
        case 5:
            let origin = Position(x: code / 19 % 160 - 20, y: code / 23 % 40 - 10)
            canvas.send(.viewPlaced(origin: origin, cursor: Position(x: origin.x + 30, y: origin.y + 10)))
        case 6:
            canvas.send(.viewPlaced(origin: canvas.state.viewport.origin, cursor: graph.position(of: node)!))
            canvas.send(.character(" "))
        case 7 where moves:
            let to = Position(x: code / 29 % 150, y: code / 31 % 40)
            _ = try? canvas.document.apply(.move(node: node, to: to))
        case 8 where code / 9 % 4 == 0:
            canvas.send(.character("z"))
        default:
            canvas.send(.tab)
        }
    }

    @Test func boxesPlacedApartStayApartAndAreDrawnWholeWhateverTheValues() async {
        await propertyCheck(
            count: PropertyCaseCount.scaled(60), input: Gen.int(in: 0...1_000_000).array(of: 3...24),
            Gen.int(in: 0...1_000_000).array(of: 1...40)
        ) { nodes, steps in
            let canvas = makeCanvas(Self.graph(nodes), width: 90, height: 30)
            for code in steps {
                Self.step(code, on: canvas, moves: false)
                let surface = canvas.render()
                Self.expectNoOverlap(canvas)
                Self.expectTruthfulDrawing(surface, canvas: canvas)
            }
        }
    }

    @Test func boxesAPersonPlacedOverOthersCoverThemAndNothingElseDoes() async {
        await propertyCheck(
            count: PropertyCaseCount.scaled(60), input: Gen.int(in: 0...1_000_000).array(of: 3...24),
            Gen.int(in: 0...1_000_000).array(of: 1...40)
        ) { nodes, steps in
            let canvas = makeCanvas(Self.graph(nodes), width: 90, height: 30)
            for code in steps {
                Self.step(code, on: canvas, moves: true)
                Self.expectTruthfulDrawing(canvas.render(), canvas: canvas)
            }
        }
    }

    /// No two boxes of the scene overlap.
    static func expectNoOverlap(_ canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation) {
        guard canvas.scene.levelOfDetail != .dot else { return }
        let frames = canvas.scene.layouts.values.map { ($0.id, $0.frame) }.sorted { $0.1.minX < $1.1.minX }
        for (index, (id, frame)) in frames.enumerated() {
            for (other, otherFrame) in frames[(index + 1)...] {
                if otherFrame.minX >= frame.maxX { break }
                #expect(
                    !frame.intersects(otherFrame), "\(id) at \(frame) overlaps \(other) at \(otherFrame)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether a character is a line-drawing glyph.
    static func isLine(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x2500...0x257F).contains($0.value) } ?? false
    }

    /// Checks a frame: edges whole, no line inside a box, joints in their box's weight.
    static func expectTruthfulDrawing(
        _ surface: Surface, canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let frame = canvas.lastFrame
        guard canvas.scene.levelOfDetail != .dot else { return }
        let area = canvas.area
        // Which drawn box is on top at each cell: the last drawn there.
        var top: [Int: Int] = [:]
        for (index, layout) in frame.nodes.enumerated() {
            let visible = layout.frame.intersection(area)
            guard !visible.isEmpty else { continue }
            for y in visible.minY..<visible.maxY {
                for x in visible.minX..<visible.maxX { top[y * surface.width + x] = index }
            }
        }
        let glyphs = canvas.theme.glyphs
        let verticals: Set<Character> = [
            glyphs.vertical, glyphs.selectedVertical, glyphs.verticalLeft, glyphs.verticalRight,
            glyphs.selectedVerticalLeft, glyphs.selectedVerticalRight,
        ]
        for (index, layout) in frame.nodes.enumerated() {
            let box = layout.frame
            let selected = layout.id == canvas.state.cursorNode || canvas.state.selection.contains(layout.id)
            func shown(_ x: Int, _ y: Int) -> Character? {
                guard area.contains(x: x, y: y), top[y * surface.width + x] == index else { return nil }
                return surface[x, y].character
            }
            func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
                #expect(
                    ok, "\(layout.id) at \(box): \(what())\n\(surface.text)", sourceLocation: sourceLocation)
            }
            let corners = [
                (box.minX, box.minY, selected ? glyphs.selectedTopLeft : glyphs.topLeft),
                (box.maxX - 1, box.minY, selected ? glyphs.selectedTopRight : glyphs.topRight),
                (box.minX, box.maxY - 1, selected ? glyphs.selectedBottomLeft : glyphs.bottomLeft),
                (box.maxX - 1, box.maxY - 1, selected ? glyphs.selectedBottomRight : glyphs.bottomRight),
            ]
            for (x, y, corner) in corners {
                if let character = shown(x, y) {
                    expect(character == corner, "corner '\(character)' at \(x),\(y)")
                }
            }
            for x in (box.minX + 1)..<(box.maxX - 1) {
                let edge = selected ? glyphs.selectedHorizontal : glyphs.horizontal
                if let character = shown(x, box.maxY - 1) {
                    expect(character == edge, "bottom edge '\(character)' at \(x)")
                }
            }
            for y in (box.minY + 1)..<(box.maxY - 1) {
                for x in [box.minX, box.maxX - 1] {
                    guard let character = shown(x, y) else { continue }
                    expect(verticals.contains(character), "side '\(character)' at \(x),\(y)")
                    // A joint (a link meeting the side) has the box's weight.
                    if character != glyphs.vertical && character != glyphs.selectedVertical {
                        let heavy =
                            character == glyphs.selectedVerticalLeft
                            || character == glyphs.selectedVerticalRight
                        expect(
                            heavy == selected,
                            "joint '\(character)' at \(x),\(y) on a \(selected ? "selected" : "plain") box")
                    }
                }
                for x in (box.minX + 1)..<(box.maxX - 1) {
                    if let character = shown(x, y) {
                        expect(!isLine(character), "line '\(character)' inside at \(x),\(y)")
                    }
                }
            }
        }
    }
}

import NodeGraph

/// A box at full detail apart from where it is: its size and its rows, counted from its top.
/// Boxes of one kind with the same slots share one shape.
struct BoxShape: Hashable {
    var width: Int
    var height: Int
    var bodyHeight: Int
    /// The row of each input slot, counted from the box's top.
    var inputRows: [Int]
    /// The output row, counted from the box's top.
    var outputRow: Int
}

/// The shapes of a scene's boxes, each kept once and found by number: a node's box is its
/// top-left cell and a shape's number, so moving a box rewrites one rectangle and nothing else.
struct BoxShapes {
    private(set) var shapes: [BoxShape] = []
    private var numbers: [BoxShape: Int32] = [:]
    /// The number of the shape of each measure (`BoxMeasures`) at each width it was given.
    private var numbersByMeasure: [Int: Int32] = [:]

    /// The number of a shape, given one when new.
    mutating func number(of shape: BoxShape) -> Int32 {
        if let number = numbers[shape] { return number }
        let number = Int32(shapes.count)
        shapes.append(shape)
        numbers[shape] = number
        return number
    }

    /// The number of the shape of a measured box of some width, given one when new.
    /// - Parameters:
    ///   - measure: The number of the box's measure.
    ///   - width: The box's width.
    ///   - measures: The measures.
    mutating func number(ofMeasure measure: Int32, width: Int, in measures: BoxMeasures) -> Int32 {
        let key = Int(measure) << 32 | (width & 0xFFFF_FFFF)
        if let number = numbersByMeasure[key] { return number }
        var shape = measures[measure].shape
        shape.width = width
        let number = number(of: shape)
        numbersByMeasure[key] = number
        return number
    }

    subscript(number: Int32) -> BoxShape { shapes[Int(number)] }

    mutating func removeAll() {
        shapes.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        numbersByMeasure.removeAll(keepingCapacity: true)
    }
}

extension NodeLayout {
    /// The full-detail layout of a node whose box has a shape and a frame.
    init(id: NodeID, frame: Rect, shape: BoxShape) {
        self.id = id
        self.frame = frame
        levelOfDetail = .full
        bodyHeight = shape.bodyHeight
        inputRows = shape.inputRows.map { $0 + frame.minY }
        outputRow = shape.outputRow + frame.minY
    }

    /// The shape of this (full-detail) layout's box.
    var shape: BoxShape {
        BoxShape(
            width: frame.width, height: frame.height, bodyHeight: bodyHeight,
            inputRows: inputRows.map { $0 - frame.minY }, outputRow: outputRow - frame.minY)
    }
}

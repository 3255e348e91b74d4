import NodeGraph
import Testing

@Suite struct PlotKindTests {
    @Test func aPlotsValueIsItsInputAndFollowsIt() throws {
        var graph = Graph()
        try graph.addNode("n", kind: "number", value: .number(4))
        try graph.addNode("p", kind: "plot", inputs: ["n"])
        #expect(graph.value(of: "p") == .number(4))
        #expect(graph.kind(of: "p")?.inputs.map(\.label) == ["x"])
        try graph.setValue(.number(-2.5), of: "n")
        #expect(graph.value(of: "p") == .number(-2.5))
        try graph.addNode("q", kind: "plot")
        #expect(graph.value(of: "q") == .number(0))
    }

    @Test func aPlotHoldsSixtySamplesUnlessToldAndRefusesAnythingButAWholeNumberFromTwoToAThousand() throws {
        var graph = Graph()
        try graph.addNode("p", kind: "plot")
        #expect(graph.parameter(of: "p") == .number(60))
        try graph.setValue(.number(1000), of: "p")
        try graph.setValue(.number(2), of: "p")
        #expect(PlotKind.samples(in: graph.parameter(of: "p")) == 2)
        for bad in [1.0, 1001, 2.5, -3] {
            #expect(
                throws: GraphError.invalidHeldValue(
                    node: "p", name: "samples", reason: "must be a whole number from 2 to 1000")
            ) { try graph.setValue(.number(bad), of: "p") }
        }
        #expect(graph.parameter(of: "p") == .number(2))
    }

    @Test func anErrorFlowsThroughAPlot() throws {
        var graph = Graph()
        try graph.addNode("zero", kind: "number", value: .number(0))
        try graph.addNode("ratio", kind: "divide", inputs: [nil, "zero"])
        try graph.addNode("p", kind: "plot", inputs: ["ratio"])
        #expect(graph.value(of: "p")?.error?.origin == "ratio")
    }
}

import Testing

@testable import NodeGraph

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("eval", "eval", 0), ("evl", "eval", 1), ("chek", "check", 1), ("wacth", "watch", 1), ("", "open", 4),
        ("open", "", 4), ("rendr", "render", 1), ("notes", "open", 3), ("ca", "abc", 3),
    ])
    func countsAddedRemovedChangedAndSwappedCharacters(_ first: String, _ second: String, _ edits: Int) {
        #expect(first.editDistance(to: second) == edits)
        #expect(second.editDistance(to: first) == edits)
    }
}

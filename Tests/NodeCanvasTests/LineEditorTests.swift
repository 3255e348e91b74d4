import NodeCanvas
import Testing

/// The one line editor every text prompt types into.
@Suite struct LineEditorTests {
    /// An editor holding a text after some keys.
    private func editor(_ text: String, limit: Int = 64, after keys: [InputEvent]) -> LineEditor {
        var editor = LineEditor(text, limit: limit)
        for key in keys { editor.handle(key) }
        return editor
    }

    @Test func itOpensHoldingTheTextAllSelectedWithTheCursorAtTheEnd() {
        let editor = LineEditor("Multiply", limit: 64)
        #expect(editor.text == "Multiply")
        #expect(editor.isAllSelected)
        #expect(editor.cursor == 8)
    }

    @Test func typingReplacesTheSelectedText() {
        let typed = editor("Multiply", after: InputEvent.typing("Product"))
        #expect(typed.text == "Product")
        #expect(!typed.isAllSelected)
    }

    @Test func backspaceOrDeleteClearsTheSelectedText() {
        #expect(editor("Multiply", after: [.backspace]).text == "")
        #expect(editor("Multiply", after: [.delete]).text == "")
    }

    @Test func anArrowOrHomeOrEndKeepsTheTextAndMoves() {
        let left = editor("Multiply", after: [.left] + InputEvent.typing("X"))
        #expect(left.text == "MultiplXy")
        let home = editor("Multiply", after: [.home] + InputEvent.typing("X"))
        #expect(home.text == "XMultiply")
        let end = editor("Multiply", after: [.end] + InputEvent.typing("X"))
        #expect(end.text == "MultiplyX")
        let right = editor("ab", after: [.right, .right] + InputEvent.typing("c"))
        #expect(right.text == "abc")
    }

    @Test func ctrlAAndCtrlEGoToTheStartAndTheEnd() {
        #expect(editor("bc", after: [.control("a")] + InputEvent.typing("a")).text == "abc")
        #expect(editor("ab", after: [.home, .control("e")] + InputEvent.typing("c")).text == "abc")
    }

    @Test func backspaceAndDeleteRemoveAroundTheCursor() {
        #expect(editor("abcd", after: [.left, .left, .backspace]).text == "acd")
        #expect(editor("abcd", after: [.left, .left, .delete]).text == "abd")
        #expect(editor("ab", after: [.home, .backspace]).text == "ab")
        #expect(editor("ab", after: [.end, .delete]).text == "ab")
    }

    @Test func ctrlURemovesToTheStartAndCtrlKToTheEnd() {
        let start = editor("one two", after: [.left, .left, .control("u")])
        #expect(start.text == "wo")
        #expect(start.cursor == 0)
        #expect(editor("one two", after: [.left, .left, .control("k")]).text == "one t")
    }

    @Test func ctrlWRemovesTheWordBeforeTheCursor() {
        #expect(editor("Add 2", after: [.control("w")]).text == "Add ")
        #expect(editor("Add 2", after: [.control("w"), .control("w")]).text == "")
        #expect(editor("one two three", after: [.left, .left, .control("w")]).text == "one two ee")
    }

    @Test func theCursorStaysInsideTheText() {
        let editor = editor("ab", after: [.left, .left, .left, .left])
        #expect(editor.cursor == 0)
        #expect(self.editor("ab", after: [.right, .right, .right]).cursor == 2)
    }

    @Test func enterAcceptsEscCancelsAndOtherKeysAreNotTheEditors() {
        var editor = LineEditor("x", limit: 8)
        #expect(editor.handle(.enter) == .accepted)
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.tab) == .ignored)
        #expect(editor.handle(.up) == .ignored)
        #expect(editor.text == "x" && editor.isAllSelected)
    }

    @Test func aCharacterPastTheLimitIsRefusedAndChangesNothing() {
        var editor = LineEditor("abc", limit: 3)
        editor.handle(.end)
        #expect(editor.handle(.character("d")) == .tooLong)
        #expect(editor.text == "abc")
        #expect(editor.handle(.backspace) == .edited)
        #expect(editor.handle(.character("d")) == .edited)
        #expect(editor.text == "abd")
    }

    @Test func theShownTextMarksTheCursor() {
        #expect(editor("42", after: [.left]).shown(cursor: "▏") == "4▏2")
        #expect(LineEditor("42").shown(cursor: "_") == "42_")
    }

    @Test func wideCharactersMoveAsOne() {
        #expect(editor("a日b", after: [.left, .backspace]).text == "ab")
        #expect(editor("👍🏽x", after: [.home, .delete]).text == "x")
    }
}

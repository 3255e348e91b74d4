/// The one line editor behind every text prompt: a value, a name, a find query, a file name, a
/// group's name.
///
/// It opens holding the current text, all of it selected: typing replaces it, Backspace or
/// Delete clears it, and an arrow, Home or End keeps it and moves. Left/Right, Home/End and
/// Ctrl-A/Ctrl-E move the cursor; Backspace and Delete remove the character before or after it;
/// Ctrl-U removes everything before it, Ctrl-K everything after it, Ctrl-W the word before it
/// with the spaces between that word and the cursor (on a selected text these three act from
/// the cursor, at its end). Enter accepts and Esc cancels: the prompt decides what that means. A character typed past ``limit`` is refused and the text stays as it was.
public struct LineEditor: Hashable, Sendable {
    /// The text so far.
    public private(set) var text: String
    /// Where typing goes: the number of characters before the cursor, `0...text.count`.
    public private(set) var cursor: Int
    /// Whether the whole text is selected (as it is when the editor opens): typing replaces it.
    package private(set) var isAllSelected: Bool
    /// The most characters the text may hold.
    public let limit: Int

    /// What a key did to the editor.
    public enum Outcome: Hashable, Sendable {
        /// The text or the cursor changed (or the key was one of the editor's and changed
        /// nothing, like Left at the start).
        case edited
        /// Enter: the prompt takes the text.
        case accepted
        /// Esc: the prompt closes without taking it.
        case cancelled
        /// A character was typed past ``LineEditor/limit``; nothing changed.
        case tooLong
        /// Not a key of the editor (Tab, Up, a function key…); nothing changed.
        case ignored
    }

    /// Opens an editor holding a text, all of it selected, the cursor at its end.
    /// - Parameters:
    ///   - text: The current text (cut to `limit` characters).
    ///   - limit: The most characters the text may hold.
    public init(_ text: String = "", limit: Int = 256) {
        self.limit = max(1, limit)
        self.text = String(text.prefix(self.limit))
        cursor = self.text.count
        isAllSelected = !self.text.isEmpty
    }

    /// The text before the cursor.
    var textBeforeCursor: Substring { text.prefix(cursor) }
    /// The text after the cursor.
    var textAfterCursor: Substring { text.dropFirst(cursor) }

    /// The text with a mark where the cursor is (`4▏2` with the cursor after the 4).
    /// - Parameter mark: The cursor's glyph.
    /// - Returns: The text as a prompt shows it.
    package func shown(cursor mark: Character) -> String {
        String(textBeforeCursor) + String(mark) + String(textAfterCursor)
    }

    /// Answers one key.
    /// - Parameter event: The key.
    /// - Returns: What it did.
    /// - Complexity: O(*n*) in the text's length.
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Outcome {
        switch event {
        case .enter: return .accepted
        case .escape: return .cancelled
        case .character(let character): return insert(character)
        case .backspace, .delete:
            if isAllSelected {
                replaceAll(with: "")
            } else if event == .backspace, cursor > 0 {
                remove(from: cursor - 1, to: cursor)
            } else if event == .delete, cursor < text.count {
                remove(from: cursor, to: cursor + 1)
            }
        case .left: move(to: cursor - 1)
        case .right: move(to: cursor + 1)
        case .home, .control("a"): move(to: 0)
        case .end, .control("e"): move(to: text.count)
        case .control("u"):
            isAllSelected = false
            remove(from: 0, to: cursor)
        case .control("k"):
            isAllSelected = false
            remove(from: cursor, to: text.count)
        case .control("w"):
            isAllSelected = false
            remove(from: wordStart(before: cursor), to: cursor)
        default: return .ignored
        }
        return .edited
    }

    private mutating func insert(_ character: Character) -> Outcome {
        if isAllSelected {
            replaceAll(with: String(character))
            return .edited
        }
        guard text.count < limit else { return .tooLong }
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(character, at: index)
        cursor += 1
        return .edited
    }

    private mutating func replaceAll(with replacement: String) {
        text = replacement
        cursor = replacement.count
        isAllSelected = false
    }

    private mutating func move(to position: Int) {
        isAllSelected = false
        cursor = min(max(0, position), text.count)
    }

    private mutating func remove(from start: Int, to end: Int) {
        guard start < end else { return }
        let lower = text.index(text.startIndex, offsetBy: start)
        let upper = text.index(lower, offsetBy: end - start)
        text.removeSubrange(lower..<upper)
        cursor = start
    }

    /// Where the word before a position starts: spaces before it are skipped, then the word.
    private func wordStart(before position: Int) -> Int {
        let characters = Array(text.prefix(position))
        var start = characters.count
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }
}

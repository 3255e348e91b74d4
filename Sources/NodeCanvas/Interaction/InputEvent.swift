/// One thing a person did: a key, a mouse event (in screen cells) or a terminal resize.
///
/// The terminal backend decodes its input into these; tests feed them directly.
public enum InputEvent: Hashable, Sendable {
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Enter or Return.
    case enter
    /// Escape.
    case escape
    /// The Delete key.
    case delete
    /// Backspace.
    case backspace
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// A function key: `function(1)` is F1.
    case function(Int)
    /// A letter typed with Control held: `control("a")` is Ctrl-A.
    case control(Character)
    /// A printable character.
    case character(Character)
    /// A mouse button went down at a cell; `control` when Ctrl was held (adds to the selection).
    case mousePress(x: Int, y: Int, control: Bool = false)
    /// The mouse moved with the button down.
    case mouseDrag(x: Int, y: Int)
    /// The mouse button went up.
    case mouseRelease(x: Int, y: Int)
    /// The wheel turned: negative `delta` scrolls up, positive down.
    case wheel(delta: Int, x: Int, y: Int)
    /// The terminal now has this size.
    case resize(width: Int, height: Int)

    /// Events for each character of a string, for tests and scripted input.
    /// - Parameter text: The characters to type.
    /// - Returns: One ``character(_:)`` event per character.
    package static func typing(_ text: String) -> [InputEvent] { text.map { .character($0) } }
}

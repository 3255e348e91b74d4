import NodeCanvas

/// Turns what the terminal reported into what the canvas understands.
///
/// Pure: a ``TerminalProgram`` showing a `Canvas` calls it for every ``TerminalEvent``, and
/// tests call it directly.
public enum EventTranslation {
    /// The canvas events for one terminal event; empty when the canvas has no use for it.
    ///
    /// Keys map one to one (Ctrl-H arrives as Backspace, Ctrl-I as Tab). The left button presses
    /// (with Ctrl: adding to the selection), drags and releases; the wheel pans (up is a
    /// negative delta). Other buttons, plain motion, unnamed keys, wake-ups and termination
    /// requests (which the loop answers itself) give nothing.
    /// - Parameter event: What the terminal reported.
    /// - Returns: Zero or one canvas events.
    public static func inputEvents(for event: TerminalEvent) -> [InputEvent] {
        switch event {
        case .key(let key):
            return inputEvent(for: key).map { [$0] } ?? []
        case .character(let character):
            return [.character(character)]
        case .mouse(let mouse):
            return inputEvent(for: mouse).map { [$0] } ?? []
        case .resize(let width, let height):
            return [.resize(width: width, height: height)]
        case .terminationRequested, .wakeUp, .none:
            return []
        }
    }

    private static func inputEvent(for key: Key) -> InputEvent? {
        switch key {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .tab: .tab
        case .backTab: .backTab
        case .enter: .enter
        case .escape: .escape
        case .delete: .delete
        case .backspace: .backspace
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .function(let number): .function(number)
        case .control(let letter): .control(letter)
        case .home: .home
        case .end: .end
        case .insert, .unknown: nil
        }
    }

    private static func inputEvent(for mouse: MouseEvent) -> InputEvent? {
        switch mouse.kind {
        case .press where mouse.button == .left:
            .mousePress(x: mouse.x, y: mouse.y, control: mouse.modifiers.contains(.control))
        case .drag where mouse.button == .left: .mouseDrag(x: mouse.x, y: mouse.y)
        case .release where mouse.button == .left: .mouseRelease(x: mouse.x, y: mouse.y)
        case .wheelUp: .wheel(delta: -1, x: mouse.x, y: mouse.y)
        case .wheelDown: .wheel(delta: 1, x: mouse.x, y: mouse.y)
        case .press, .drag, .release, .move: nil
        }
    }
}

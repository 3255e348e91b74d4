import NodeCanvas
import NodeTerminal
import Testing

/// Terminal events as the canvas understands them, without a terminal.
@Suite struct EventTranslationTests {
    @Test func terminalEventsBecomeCanvasEvents() {
        #expect(EventTranslation.inputEvents(for: .key(.backTab)) == [.backTab])
        #expect(EventTranslation.inputEvents(for: .character("é")) == [.character("é")])
        #expect(
            EventTranslation.inputEvents(for: .mouse(MouseEvent(kind: .press, button: .left, x: 3, y: 4)))
                == [.mousePress(x: 3, y: 4)])
        #expect(
            EventTranslation.inputEvents(for: .mouse(MouseEvent(kind: .drag, button: .left, x: 5, y: 4)))
                == [.mouseDrag(x: 5, y: 4)])
        #expect(
            EventTranslation.inputEvents(for: .mouse(MouseEvent(kind: .wheelDown, button: nil, x: 0, y: 0)))
                == [.wheel(delta: 1, x: 0, y: 0)])
        #expect(
            EventTranslation.inputEvents(for: .mouse(MouseEvent(kind: .press, button: .right, x: 0, y: 0)))
                .isEmpty)
        #expect(
            EventTranslation.inputEvents(for: .resize(width: 80, height: 24)) == [
                .resize(width: 80, height: 24)
            ])
        #expect(EventTranslation.inputEvents(for: .terminationRequested(signal: 15)).isEmpty)
        #expect(EventTranslation.inputEvents(for: .wakeUp).isEmpty)
        #expect(EventTranslation.inputEvents(for: .key(.pageUp)) == [.pageUp])
        #expect(EventTranslation.inputEvents(for: .key(.function(1))) == [.function(1)])
        #expect(EventTranslation.inputEvents(for: .key(.control("a"))) == [.control("a")])
        #expect(
            EventTranslation.inputEvents(
                for: .mouse(MouseEvent(kind: .press, button: .left, x: 3, y: 4, modifiers: .control)))
                == [.mousePress(x: 3, y: 4, control: true)])
        #expect(EventTranslation.inputEvents(for: .key(.home)) == [.home])
        #expect(EventTranslation.inputEvents(for: .key(.end)) == [.end])
        #expect(EventTranslation.inputEvents(for: .key(.insert)).isEmpty)
    }
}

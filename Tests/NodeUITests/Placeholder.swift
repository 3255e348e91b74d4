import Testing
@testable import nodeui_tui
@Test func placeholder() { #expect(1 == 1) }

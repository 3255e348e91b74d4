import NodeGraphTesting
import Testing

@Suite struct PropertyCaseCountTests {
    @Test func anUnsetScaleKeepsTheFullCount() {
        #expect(PropertyCaseCount.scaled(120, by: nil) == 120)
    }

    @Test func aScaleTakesThatShareRoundedUpAndNeverFewerThanOneCase() {
        #expect(PropertyCaseCount.scaled(120, by: "0.25") == 30)
        #expect(PropertyCaseCount.scaled(150, by: "0.25") == 38)
        #expect(PropertyCaseCount.scaled(3, by: "0.01") == 1)
        #expect(PropertyCaseCount.scaled(20, by: "1") == 20)
    }
}

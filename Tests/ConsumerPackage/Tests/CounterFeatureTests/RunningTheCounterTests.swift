import CounterFeature
import Foundation
import Testing

@MainActor
@Suite struct RunningTheCounterTests {
  @Test func runsAsGettingStartedShows() {
    runTheCounter()
  }
}

import ComposableTesting
import CounterFeature
import Dependencies
import Foundation
import Testing

// snippet: counter tests

@MainActor
@Suite struct CancelledIncrementsTests {
  @Test func resetCancelsTheIncrementsStillWaiting() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.clock = clock
    }
    // snippet: cancelled increments
  }
}

import Composable
import Foundation
@testable import OrderingArticle
import Testing

/// The article's examples, run, with what their comments say checked.
@MainActor
@Suite struct OrderingTests {
  @Test func followUpsRunBreadthFirst() {
    // snippet: breadth first
    #expect(store.state.log == ["start", "a", "b", "c", "d", "e"])
  }

  @Test func sendsFromObserversAreQueued() {
    let store = Store(initialState: Logger.State()) { Logger() }
    // snippet: observer sends
    #expect(seen == [["c"], ["c"], ["c", "d"]])
  }

  @Test func effectsComeAfterFollowUps() async {
    // snippet: effects after follow-ups
    #expect(store.state.log == ["start", "followUp", "fromEffect"])
  }

  @Test func observersAreCalledOncePerBatch() {
    let store = Store(initialState: Logger.State()) { Logger() }
    // snippet: once per batch
    #expect(calls == 1)
  }
}

import ComposableTesting
import Dependencies
import EffectsArticle
import Foundation
import SearchFeature
import Testing
import TodosFeature

@MainActor
@Suite struct EffectsTests {
  @Test func resetCancelsTheDelayedIncrements() async {
    let clock = TestClock()
    let store = TestStore(initialState: DelayedCounter.State()) { DelayedCounter() } withDependencies: {
      $0.clock = clock
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await store.send(.resetButtonTapped) { $0.pendingIncrements = 0 }
    await clock.advance(by: DelayedCounter.delay)
    await store.finish()
  }

  @Test func aSavedListLoadsBack() async {
    let storage = StorageClient.inMemory
    let milk = Todo.State(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "Buy milk")
    let writer = TestStore(initialState: TodoLoader.State()) { TodoLoader() } withDependencies: {
      $0.storage = storage
    }
    await writer.send(.add(milk)) { $0.todos = [milk] }
    await writer.finish()
    let reader = TestStore(initialState: TodoLoader.State()) { TodoLoader() } withDependencies: {
      $0.storage = storage
    }
    await reader.send(.load)
    await reader.receive(.loadResponse([milk])) { $0.todos = [milk] }
  }

  @Test func aBurstOfQueriesSearchesOnce() async {
    let clock = TestClock()
    let store = TestStore(initialState: Searcher.State()) { Searcher() } withDependencies: {
      $0.clock = clock
      $0.movieClient = MovieClient { query in [Movie(id: 1, title: query, year: 1979)] }
    }
    await store.send(.queryChanged("al")) {
      $0.query = "al"
      $0.status = .loading
    }
    await store.send(.queryChanged("alien")) { $0.query = "alien" }
    await clock.advance(by: Searcher.debounceDuration)
    await store.receive(.searchResponse([Movie(id: 1, title: "alien", year: 1979)])) {
      $0.status = .results([Movie(id: 1, title: "alien", year: 1979)])
    }
  }

  @Test func waitingForEffectsRunsAsPrinted() async {
    await loadThenCancelADelayedIncrement()
  }
}

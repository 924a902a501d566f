import Composable
import Dependencies
import Foundation

/// The article's "Waiting for effects", with the two stores it uses.
@MainActor
public func loadThenCancelADelayedIncrement() async {
  let todosStore = Store(initialState: TodoLoader.State()) {
    TodoLoader()
  } withDependencies: {
    $0.storage = .inMemory
  }
  let counterStore = Store(initialState: DelayedCounter.State()) { DelayedCounter() }
  // snippet: waiting
}

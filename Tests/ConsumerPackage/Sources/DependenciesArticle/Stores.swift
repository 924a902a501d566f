import Composable
import CounterFeature
import Dependencies
import Foundation
import Storage
import TodosFeature

/// The article's snippets that set up stores and dependencies, as functions an app would call.
@MainActor
public func makeTheTodosStore() -> StoreOf<Todos> {
  // snippet: todos store
  return store
}

@MainActor
public func makeTheCounterStore() -> StoreOf<Counter> {
  // snippet: counter store
  return store
}

public func searchWithAnImmediateClock() async throws -> [Movie] {
  // snippet: movies
  return movies
}

public func printANewUUID() {
  var values = DependencyValues()
  values.uuid = .incrementing
  // snippet: dependency scope
}

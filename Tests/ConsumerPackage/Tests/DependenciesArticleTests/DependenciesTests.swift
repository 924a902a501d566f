import ComposableTesting
import Dependencies
@testable import DependenciesArticle
import Foundation
import Testing
import TodosFeature

@MainActor
@Suite struct DependenciesTests {
  @Test func aTestStoreGetsTheTestsDependencies() async {
    let storage = StorageClient.inMemory
    // snippet: test store
    await store.send(.addTodo(title: "Buy milk")) {
      $0.todos = [Todo.State(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Buy milk")]
    }
    await store.finish()
  }

  @Test func theLiveClientFindsFilmsWithAnImmediateClock() async throws {
    #expect(try await searchWithAnImmediateClock().map(\.title) == ["Alien", "Aliens"])
  }

  @Test func storesAndScopesRunAsPrinted() {
    _ = makeTheTodosStore()
    _ = makeTheCounterStore()
    printANewUUID()
  }
}

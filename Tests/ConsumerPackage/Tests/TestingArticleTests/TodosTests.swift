import ComposableTesting
import Dependencies
import Foundation
import Testing
import TodosFeature

@MainActor
@Suite struct TodosTests {
  @Test func aBlankTitleIsIgnored() async {
    let store = TestStore(initialState: Todos.State(document: .loaded)) { Todos() }
    // snippet: blank title
  }

  @Test func loadingReadsTheSavedList() async throws {
    let storage = StorageClient.inMemory
    try storage.save(TodosDocument.encode([milk, dog]), TodosDocument.name)
    let store = TestStore(initialState: Todos.State()) { Todos() } withDependencies: {
      $0.storage = storage
    }
    // snippet: load
  }

  // snippet: adding todos
}

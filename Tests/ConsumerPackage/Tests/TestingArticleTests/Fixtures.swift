import Composable
import Dependencies
import Foundation
import SearchFeature
import Synchronization
import TodosFeature

// The values the Testing article's snippets use.

/// `00000000-0000-0000-0000-00000000000<n>`, the `n`th id an incrementing `uuid` makes.
func id(_ n: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", n))!
}

let milk = Todo.State(id: id(1), title: "Buy milk")
let dog = Todo.State(id: id(2), title: "Walk the dog", isComplete: true)

let alien = Movie(id: 1, title: "Alien", year: 1979)
let aliens = Movie(id: 2, title: "Aliens", year: 1986)
let starWars = Movie(id: 3, title: "Star Wars", year: 1977)

/// The to-dos saved in `storage`.
func savedTodos(_ storage: StorageClient) throws -> IdentifiedArrayOf<Todo.State> {
  guard let data = try storage.load(TodosDocument.name) else { return [] }
  return try TodosDocument.decode(data)
}

/// A movie client that answers from three films after `latency` on `clock`, fails for a query
/// containing "error" as the real service does, and remembers the queries it was asked.
final class FakeMovies: Sendable {
  let queries = Mutex<[String]>([])
  let clock: TestClock
  let latency: Duration

  init(clock: TestClock, latency: Duration = .zero) {
    self.clock = clock
    self.latency = latency
  }

  var client: MovieClient {
    MovieClient { [self] query in
      queries.withLock { $0.append(query) }
      try await clock.sleep(for: latency)
      if query.lowercased().contains("error") { throw MovieClientError.serviceUnavailable }
      return [alien, aliens, starWars].filter { $0.title.lowercased().contains(query.lowercased()) }
    }
  }
}

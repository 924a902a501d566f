import Foundation

extension StorageClient {
  /// A new, empty in-memory storage: documents live in a dictionary shared by copies of the
  /// returned value and disappear with it.
  ///
  /// Names are checked as for the file system, and ``withExclusiveAccess(to:timeout:_:)`` excludes
  /// other threads and tasks that use the same storage. Each use of `.inMemory` is a new,
  /// independent storage.
  public static var inMemory: StorageClient {
    inMemory(documents: [:])
  }

  /// A new in-memory storage that starts with `documents` (names to contents).
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.storage = .inMemory(documents: ["tasks.taskpaper": Data("- Buy milk\n".utf8)])
  /// } operation: { … }
  /// ```
  public static func inMemory(documents: [String: Data]) -> StorageClient {
    let store = InMemoryStore(documents: documents)
    return StorageClient(
      backend: Backend(
        load: { name in store.state.withLock { $0.documents[name] } },
        save: { data, name in store.state.withLock { $0.documents[name] = data } },
        remove: { name in store.state.withLock { $0.documents[name] = nil } },
        tryLock: { name, kind in
          let taken = store.state.withLock { state in
            switch kind {
            case .exclusive:
              guard state.readers[name, default: 0] == 0 else { return false }
              return state.locked.insert(name).inserted
            case .shared:
              guard !state.locked.contains(name) else { return false }
              state.readers[name, default: 0] += 1
              return true
            }
          }
          guard taken else { return nil }
          return HeldLock {
            store.state.withLock { state in
              switch kind {
              case .exclusive: _ = state.locked.remove(name)
              case .shared: state.readers[name, default: 1] -= 1
              }
            }
          }
        },
        lockFile: { _ in nil }
      )
    )
  }
}

private final class InMemoryStore: Sendable {
  struct State {
    var documents: [String: Data]
    /// Documents locked exclusively.
    var locked: Set<String> = []
    /// How many shared locks each document has.
    var readers: [String: Int] = [:]
  }

  let state: Lock<State>

  init(documents: [String: Data]) {
    state = Lock(State(documents: documents))
  }
}


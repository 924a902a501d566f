#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation

/// The document behind a stored key's root: loads it, saves changes after a delay on the clock,
/// and reloads what another program saved.
final class SharedPersistence<Value: Sendable>: Sendable {
  private struct State {
    /// A changed value not saved yet.
    var pending: Value?
    var isSaveScheduled = false
    /// The document's bytes as last loaded or saved: how a reload tells another program's save
    /// from ours.
    var lastBytes: Data?
    /// The value as last loaded or saved: what a merging codec compares a change with.
    var base: Value?
    /// Why the document could not be read; while set, it is never written.
    var unreadable: SharedPersistenceError?
  }

  let name: String
  private let codec: SharedCodec<Value>
  private let storage: StorageClient
  /// Without the store tree's shared container, which holds the root that holds this: the clock
  /// is read from them when a save is first delayed (a test that never saves needs none).
  private let dependencies: DependencyValues
  private let saveDelay: Duration
  private let reloadInterval: Duration?
  private let reporter: IssueReporter
  private let state = Lock(State())
  /// Held across each save's and reload's reading and writing, so that they happen one at a time
  /// and in order.
  private let inputOutput = Lock(())
  private let owner = Lock<WeakRoot>(WeakRoot())

  private struct WeakRoot: @unchecked Sendable {
    weak var root: SharedRoot<Value>?
  }

  init(
    name: String,
    codec: SharedCodec<Value>,
    storage: StorageClient,
    dependencies: DependencyValues,
    saveDelay: Duration,
    reloadInterval: Duration?,
    reporter: IssueReporter
  ) {
    var dependencies = dependencies
    dependencies.sharedContainer = nil
    self.name = name
    self.codec = codec
    self.storage = storage
    self.dependencies = dependencies
    self.saveDelay = saveDelay
    self.reloadInterval = reloadInterval
    self.reporter = reporter
  }

  /// The stored value, `nil` when there is no document or it could not be read (which is
  /// reported, and remembered so that it is never written over).
  func loadInitialValue() -> Value? {
    do throws(SharedPersistenceError) {
      let bytes: Data?
      do { bytes = try storage.load(name) } catch { throw .storage(error) }
      guard let bytes else { return nil }
      let value = try decode(bytes)
      state.withLock {
        $0.lastBytes = bytes
        $0.base = value
      }
      return value
    } catch {
      state.withLock { $0.unreadable = error }
      report(error)
      return nil
    }
  }

  func attach(to root: SharedRoot<Value>) {
    owner.withLock { $0.root = root }
    guard let reloadInterval else { return }
    let clock = dependencies.clock
    ClockTask().start(on: clock) { [weak self] in
      while !Task.isCancelled {
        do { try await clock.sleep(for: reloadInterval) } catch { return }
        // Ends once the root is gone.
        guard let self, self.owner.withLock({ $0.root }) != nil else { return }
        do throws(SharedPersistenceError) { try self.reload() } catch { self.report(error) }
      }
    }
  }

  /// Records a value written, under the root's lock (so that the value left pending is the last
  /// one written); returns whether the caller must call ``startSave()`` once it has released
  /// the lock.
  func recordChange(_ value: Value) -> Bool {
    state.withLock { state in
      state.pending = value
      guard !state.isSaveScheduled else { return false }
      state.isSaveScheduled = true
      return true
    }
  }

  /// Saves now when there is no delay; otherwise after the delay on the clock, with whatever
  /// was written meanwhile: a burst of changes is saved once, with the last value.
  func startSave() {
    if saveDelay <= .zero {
      saveReportingFailure()
      return
    }
    let clock = dependencies.clock
    let delay = saveDelay
    // Holds this persistence until it has saved, even if every holder is gone by then.
    ClockTask().start(on: clock) {
      try? await clock.sleep(for: delay)
      self.saveReportingFailure()
    }
  }

  /// Saves a pending change now. Throws why the document cannot be written; the change stays
  /// pending.
  func save() throws(SharedPersistenceError) {
    try serially(saveNow)
  }

  private func saveNow() throws(SharedPersistenceError) {
    let (pending, base): (Value?, Value?) = state.withLock { state in
      state.isSaveScheduled = false
      return (state.pending, state.base)
    }
    guard let pending else {
      if let unreadable = state.withLock({ $0.unreadable }) { throw unreadable }
      return
    }
    // Under the document's lock, so that two programs saving at once both keep their change:
    // read it again (what another program wrote since must be readable to be kept, and is what
    // a merging codec keeps), merge, write.
    let outcome: Result<(Data, Value?), SharedPersistenceError>
    do {
      outcome = try storage.withExclusiveAccess(to: name, timeout: Self.lockTimeout) { document in
        Result { () throws(SharedPersistenceError) -> (Data, Value?) in
          let current: Data?
          do throws(StorageError) { current = try document.load() } catch { throw .storage(error) }
          if let current {
            do throws(SharedPersistenceError) {
              _ = try decode(current)
            } catch {
              state.withLock { $0.unreadable = error }
              throw error
            }
          }
          let bytes: Data
          do {
            bytes = try codec.merge(pending, base, current)
          } catch {
            throw .refused(name: name, reason: error)
          }
          do throws(StorageError) { try document.save(bytes) } catch { throw .storage(error) }
          return (bytes, try? codec.decode(bytes))
        }
      }
    } catch let error as StorageError {
      throw .storage(error)
    } catch {
      throw .storage(.fileSystem(operation: .lock, path: name, code: ECANCELED))
    }
    let (bytes, saved) = try outcome.get()
    let isUpToDate: Bool = state.withLock { state in
      state.lastBytes = bytes
      state.base = saved ?? pending
      state.unreadable = nil
      // A change written while this one was saved is still pending.
      guard let still = state.pending, Self.isSame(still, pending) else { return false }
      state.pending = nil
      return true
    }
    // What the save kept of other programs' changes is now this value too.
    if isUpToDate, let saved {
      owner.withLock { $0.root }?.replaceFromOutside(saved) {
        state.withLock { $0.pending == nil }
      }
    }
  }

  private static var lockTimeout: Duration { .seconds(5) }

  /// Reads the document again; a value another program saved replaces the root's, unless a
  /// change of ours is waiting to be saved (it wins, and is saved over theirs). A document that
  /// no longer decodes is reported and, from then on, not written over until it does again.
  func reload() throws(SharedPersistenceError) {
    try serially(reloadNow)
  }

  private func reloadNow() throws(SharedPersistenceError) {
    do {
      let bytes: Data?
      do { bytes = try storage.load(name) } catch { throw .storage(error) }
      guard let bytes else { return }
      let (known, wasUnreadable) = state.withLock { ($0.lastBytes, $0.unreadable != nil) }
      guard bytes != known || wasUnreadable else { return }
      let value: Value
      do {
        value = try decode(bytes)
      } catch {
        let isNew = state.withLock { state in
          defer { state.unreadable = error }
          return state.unreadable == nil
        }
        if isNew { throw error }
        return
      }
      state.withLock {
        $0.lastBytes = bytes
        $0.base = value
        $0.unreadable = nil
      }
      owner.withLock { $0.root }?.replaceFromOutside(value) {
        state.withLock { $0.pending == nil }
      }
    }
  }

  private func serially(_ body: () throws(SharedPersistenceError) -> Void) throws(SharedPersistenceError) {
    let result: Result<Void, SharedPersistenceError> = inputOutput.withLock { _ in
      Result { () throws(SharedPersistenceError) in try body() }
    }
    try result.get()
  }

  private func decode(_ bytes: Data) throws(SharedPersistenceError) -> Value {
    do {
      return try codec.decode(bytes)
    } catch {
      throw .unreadable(name: name, reason: error)
    }
  }

  private func saveReportingFailure() {
    do {
      try save()
    } catch {
      report(error)
    }
  }

  private func report(_ error: SharedPersistenceError) {
    reporter(error.description, at: SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
  }

  /// Whether the pending value is still the one a save took: compared by `==` when the value
  /// is `Equatable`; otherwise assumed changed, so that it is saved again (harmless).
  private static func isSame(_ lhs: Value, _ rhs: Value) -> Bool {
    func open<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
    guard let lhs = lhs as? any Equatable else { return false }
    return open(lhs)
  }
}

import Dependencies
import Foundation

/// The document behind a stored key's root: loads it, saves changes after a delay on the clock,
/// and reloads what another program saved.
final class SharedPersistence<Value: Sendable>: Sendable {
  private struct State {
    /// A changed value not saved yet.
    var pending: Value?
    var isSaveScheduled = false
    /// The document's bytes as last loaded or saved: what `encode` keeps, and how a reload
    /// tells another program's save from ours.
    var lastBytes: Data?
    /// Why the document could not be read; while set, it is never written.
    var unreadable: SharedPersistenceError?
  }

  let name: String
  private let codec: SharedCodec<Value>
  private let storage: StorageClient
  private let dependencies: DependencyValues
  private let saveDelay: Duration
  private let reloadInterval: Duration?
  private let reporter: IssueReporter
  private let state = Lock(State())
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
      state.withLock { $0.lastBytes = bytes }
      return value
    } catch {
      state.withLock { $0.unreadable = error }
      reporter(error.description, at: SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
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
        guard let self, self.owner.withLock({ $0.root }) != nil else { return }
        try? self.reload()
      }
    }
  }

  func valueChanged(to value: Value) {
    let schedule: Bool = state.withLock { state in
      state.pending = value
      guard !state.isSaveScheduled else { return false }
      state.isSaveScheduled = true
      return true
    }
    guard schedule else { return }
    if saveDelay <= .zero {
      saveReportingFailure()
      return
    }
    let clock = dependencies.clock
    let delay = saveDelay
    ClockTask().start(on: clock) { [weak self] in
      try? await clock.sleep(for: delay)
      self?.saveReportingFailure()
    }
  }

  /// Saves a pending change now. Throws why the document cannot be written.
  func save() throws(SharedPersistenceError) {
    let (pending, previous, unreadable) = state.withLock { state in
      defer {
        state.pending = nil
        state.isSaveScheduled = false
      }
      return (state.pending, state.lastBytes, state.unreadable)
    }
    guard let pending else {
      if let unreadable { throw unreadable }
      return
    }
    if let unreadable {
      state.withLock { if $0.pending == nil { $0.pending = pending } }
      throw unreadable
    }
    let bytes: Data
    do {
      bytes = try codec.encode(pending, previous)
    } catch {
      throw .refused(name: name, reason: error)
    }
    do {
      try storage.save(bytes, name)
    } catch {
      throw .storage(error)
    }
    state.withLock { $0.lastBytes = bytes }
  }

  /// Reads the document again; a value another program saved replaces the root's, unless a
  /// change of ours is waiting to be saved (it wins, and is saved over theirs).
  func reload() throws(SharedPersistenceError) {
    let bytes: Data?
    do {
      bytes = try storage.load(name)
    } catch {
      throw .storage(error)
    }
    guard let bytes else { return }
    let (known, hasPending) = state.withLock { ($0.lastBytes, $0.pending != nil) }
    guard bytes != known, !hasPending else { return }
    let value = try decode(bytes)
    state.withLock {
      $0.lastBytes = bytes
      $0.unreadable = nil
    }
    owner.withLock { $0.root }?.replaceFromOutside(value)
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
      reporter(error.description, at: SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    }
  }
}

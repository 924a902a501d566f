import Composable
import Dependencies
import Foundation

/// One task file, held by a program: its lock, its load (through ``TaskList``'s reducer), the
/// changes sent to it, their save, and what came of it, as a typed ``TaskFileFailure``.
///
/// A command runs once inside ``withLoadedList(readOnly:failure:beforeLoad:_:)``, which holds
/// the file's lock across the whole read-modify-write; a long-lived holder (a shell, a terminal
/// UI) keeps one session and runs each edit the same way, reloading the file first, since
/// another program may have changed it since:
///
/// ```swift
/// let session = TaskFileSession(storage: storage, lockTimeout: .seconds(10))
/// try await session.withLoadedList(failure: { $0 }) { () throws(TaskFileFailure) in
///   try await session.change(.markDone(ids: [id]))
/// }
/// ```
///
/// The session knows nothing of processes: how the file is read is its ``TaskFileReader``'s
/// business, and where effects run the executor's it is given.
@MainActor
public final class TaskFileSession {
  /// Where the file, its ids and its journal are kept.
  public let storage: StorageClient
  /// How long to wait for another holder to release the file.
  public let lockTimeout: Duration
  /// How the file is read.
  public let reader: TaskFileReader
  /// A count that grows whenever the holder has said something to the person (printed,
  /// asked): a change whose save met another program's change is made again only while it
  /// stays the same, so that nothing is said or asked twice. Zero by default.
  public var saidSoFar: @MainActor () -> Int = { 0 }

  /// How many times a change is made again on the file as another program left it, when that
  /// program saved it while the change was being made, before the session gives up.
  public static let attemptsAtAChange = 8

  private let date: DateGenerator
  private let executor: (any TaskExecutor)?
  private let prepareDependencies: @MainActor (inout DependencyValues) -> Void

  /// The store, made when first needed: while the first load reads the file (see
  /// ``TaskFileReader``).
  public private(set) lazy var store: StoreOf<AppFeature> = {
    let dependencies = self.dependencies
    if let executor {
      return Store(initialState: AppFeature.State(), effectsOn: executor) { AppFeature() } withDependencies: { $0 = dependencies }
    }
    return Store(initialState: AppFeature.State()) { AppFeature() } withDependencies: { $0 = dependencies }
  }()

  /// The store's dependencies, made with it.
  public private(set) lazy var dependencies: DependencyValues = {
    var dependencies = DependencyValues.current
    // Set explicitly: a session made inside a test process would otherwise get test values.
    dependencies.storage = storage
    dependencies.date = date
    prepareDependencies(&dependencies)
    return dependencies
  }()

  /// A session over the task file in `storage`.
  ///
  /// - Parameters:
  ///   - storage: Where the file, its ids and its journal are kept.
  ///   - lockTimeout: How long to wait for another holder to release the file.
  ///   - date: The time of reads and changes (also the store's `date` dependency).
  ///   - executor: Where the store's effects run (its saves), and where the session waits for
  ///     them; nil for Swift's global executor.
  ///   - reader: How the file is read.
  ///   - prepareDependencies: Further changes to the store's dependencies (ids, time zone).
  public init(
    storage: StorageClient,
    lockTimeout: Duration,
    date: DateGenerator = .live,
    effectsOn executor: (any TaskExecutor)? = nil,
    reader: TaskFileReader = .direct,
    withDependencies prepareDependencies: @escaping @MainActor (inout DependencyValues) -> Void = { _ in }
  ) {
    self.storage = storage
    self.lockTimeout = lockTimeout
    self.date = date
    self.executor = executor
    self.reader = reader
    self.prepareDependencies = prepareDependencies
  }

  /// The task list's state.
  public var state: TaskList.State { store.state.taskList }

  /// Sends a task list action, without waiting for its effects.
  @discardableResult
  public func send(_ action: TaskList.Action) -> StoreTask {
    store.send(.taskList(action))
  }

  /// Today, by the store's `date` and `timeZone` dependencies.
  public var today: TaskDate.Day {
    TaskDate.Point(dependencies.date.now, in: dependencies.timeZone, includingTime: false).day
  }

  // MARK: - The lock

  /// Takes the file's lock, runs `beforeLoad`, reloads the list (``load(readOnly:)``), runs
  /// `body`, and waits for every effect (saves) before the lock is released. When another
  /// program saved the file meanwhile (it takes no lock), the save writes nothing over it and
  /// all of it runs again on the file as it is now, up to ``attemptsAtAChange`` times in all,
  /// unless the holder said something meanwhile (``saidSoFar``).
  ///
  /// With `readOnly`, the lock is shared with other readers (and taken only where it can be:
  /// on a read-only file system there is none) and the undo journal is not read.
  ///
  /// - Parameters:
  ///   - failure: What the session's own failures become in the caller's error type.
  ///   - beforeLoad: Runs under the lock before each load: checks of the caller's own.
  ///   - body: The work on the loaded list.
  public func withLoadedList<R, Failure: Error>(
    readOnly: Bool = false,
    failure: (TaskFileFailure) -> Failure,
    beforeLoad: () throws(Failure) -> Void = {},
    _ body: () async throws(Failure) -> R
  ) async throws(Failure) -> R {
    func run() async -> Result<R, Failure> {
      let outcome: Result<R, Failure>
      do throws(Failure) {
        try beforeLoad()
        do throws(TaskFileFailure) {
          try await load(readOnly: readOnly)
        } catch let loadFailure {
          throw failure(loadFailure)
        }
        outcome = .success(try await body())
      } catch {
        outcome = .failure(error)
      }
      // Nothing may still be writing once the lock is released.
      await finishEffects()
      return outcome
    }
    func runAgainAfterAnotherProgramsChanges() async -> Result<R, Failure> {
      var attempt = 1
      while true {
        let said = saidSoFar()
        let outcome = await run()
        guard case .failure = outcome, state.saveMetAnotherProgramsChange, attempt < Self.attemptsAtAChange, said == saidSoFar()
        else { return outcome }
        attempt += 1
      }
    }
    let result: Result<R, Failure>
    do {
      if readOnly {
        result = try await storage.withSharedAccess(to: TaskFile.documentName, timeout: lockTimeout) { await run() }
      } else {
        result = try await storage.withExclusiveAccess(to: TaskFile.documentName, timeout: lockTimeout) { _ in
          await runAgainAfterAnotherProgramsChanges()
        }
      }
    } catch let error as StorageError {
      if case .lockTimeout = error { throw failure(.locked(timeout: lockTimeout)) }
      throw failure(.lockFailed(error))
    } catch {
      throw failure(.lockInterrupted("\(error)"))
    }
    return try result.get()
  }

  // MARK: - Loading

  /// Reloads the list with the session's ``reader``, through the reducer
  /// (``TaskList/Action/loadResponse(_:)``): other programs may have changed the file since
  /// the last load. Call it with the file's lock held (``withLoadedList(readOnly:failure:beforeLoad:_:)``
  /// does).
  ///
  /// - Parameter readOnly: Whether the undo journal is left unread (for showing the list).
  /// - Throws: ``TaskFileFailure/damaged(_:)``, ``TaskFileFailure/unreadable(_:)`` or
  ///   ``TaskFileFailure/notLoaded``; the list is then in ``TaskList/LoadStatus/failed(_:)``
  ///   and refuses every change.
  public func load(readOnly: Bool = false) async throws(TaskFileFailure) {
    let request = TaskFileReader.Request(storage: storage, withJournal: !readOnly, now: date.now)
    let loaded = reader.read(request) { _ = store }
    await send(.loadResponse(loaded)).finish()
    switch state.loadStatus {
    case .loaded: return
    case .failed(.damaged(_, let problem)): throw .damaged(problem)
    case .failed(.storage(let error)): throw .unreadable(error)
    case .notLoaded: throw .notLoaded
    }
  }

  // MARK: - Changing

  /// Sends `action`, and waits for the list to save what it changed.
  ///
  /// - Throws: ``TaskFileFailure/refused(_:)`` when the list refused the change
  ///   (``TaskFileFailure/historyRefused(_:)`` for ``TaskList/Action/undo``,
  ///   ``TaskList/Action/redo`` and ``TaskList/Action/skipUndo``), else what ``save()`` throws.
  public func change(_ action: TaskList.Action) async throws(TaskFileFailure) {
    switch action {
    case .undo, .redo:
      // The change's entry may be read first, in an effect; the step is then taken, or refused.
      let applied = state.journal?.applied
      send(action)
      await finishEffects()
      if state.journal?.applied == applied, let message = state.errorMessage { throw .historyRefused(message) }
    case .skipUndo:
      send(action)
      if let message = state.errorMessage { throw .historyRefused(message) }
    default:
      send(action)
      if let message = state.errorMessage { throw .refused(message) }
    }
    try await save()
  }

  /// Waits for the effects of the changes sent (their save), and fails when the save failed.
  ///
  /// Call it only after an action that clears the list's message when it changes something,
  /// so that a message left from an earlier change is not taken for a failure.
  ///
  /// - Throws: ``TaskFileFailure/metAnotherProgramsChange(_:)`` or
  ///   ``TaskFileFailure/saveFailed(_:)``.
  public func save() async throws(TaskFileFailure) {
    await finishEffects()
    guard let message = state.errorMessage else { return }
    throw state.saveMetAnotherProgramsChange ? .metAnotherProgramsChange(message) : .saveFailed(message)
  }

  /// Waits until no effect of the store runs.
  ///
  /// With the session's executor as the task's executor preference while it waits: the end of
  /// an effect's task wakes whoever waits for it on that one's preferred executor, else on the
  /// global executor, whose pool of threads a short-lived process would start for that alone.
  /// When no effect runs it returns at once: even with nothing to wait for, taking the
  /// preference costs trips through the executor.
  public func finishEffects() async {
    guard store.mayHaveRunningEffects else { return }
    if let executor {
      await withTaskExecutorPreference(executor) { await store.finishEffects() }
    } else {
      await store.finishEffects()
    }
  }
}

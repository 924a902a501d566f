import Dependencies
import Synchronization

/// Starts the effects of one store tree and keeps track of them: which tasks run, and under which
/// cancellation ids. A test store watches them through an ``EffectObserver``.
///
/// Cancellation ids live here, so they are scoped to the store tree that owns the runtime.
@usableFromInline
package final class EffectRuntime: Sendable {
  private struct Registry {
    var nextTaskID = 0
    var tasks: [Int: Task<Void, Never>] = [:]
    var idsOfTask: [Int: [EffectID]] = [:]
    var tasksByID: [EffectID: Set<Int>] = [:]
    var finishedBeforeRegistration: Set<Int> = []
    var isShutDown = false
    /// For each operator holding children (`ifLet`, presentation, `ifCaseLet`), how many of
    /// its children's lifetime ids have running effects, per child identity; any outer
    /// operators' namespaces are merged.
    var liveChildren: [OperatorID: [ChildIdentity?: Int]] = [:]
    /// What the effects under each id remember between them (`Effect.remembering`). Kept for
    /// as long as the store tree, as a throttle's last delivery must outlive its effects.
    var memories: [EffectID: EffectMemory] = [:]

    mutating func idAdded(_ id: EffectID) -> Int {
      guard let instance = id.childInstance else { return 0 }
      liveChildren[instance.operatorID, default: [:]][instance.identity, default: 0] += 1
      return 1
    }

    mutating func idRemoved(_ id: EffectID) -> Int {
      guard let instance = id.childInstance, let count = liveChildren[instance.operatorID]?[instance.identity] else {
        return 0
      }
      if count > 1 {
        liveChildren[instance.operatorID]![instance.identity] = count - 1
      } else {
        liveChildren[instance.operatorID]![instance.identity] = nil
        if liveChildren[instance.operatorID]!.isEmpty { liveChildren[instance.operatorID] = nil }
      }
      return 1
    }
  }

  private let registry = Lock(Registry())
  /// The number of children's lifetime ids with running effects: read without the lock on
  /// every action of a child operator, which usually finds none.
  private let liveChildCount = Atomic<Int>(0)
  /// Told of every effect started, run and finished (a test store); nil in a shipping store.
  private let observer: (any EffectObserver)?
  /// Where effect tasks run: a test store's executor, or (nil) the default.
  private let executor: (any TaskExecutor)?

  @usableFromInline
  convenience init() { self.init(observer: nil, executor: nil) }

  @usableFromInline
  convenience init(executor: any TaskExecutor) { self.init(observer: nil, executor: executor) }

  package init(observer: (any EffectObserver)?, executor: (any TaskExecutor)? = nil) {
    self.observer = observer
    self.executor = executor
  }

  /// Cancels every running effect; used when the root store goes away.
  package func cancelAll() {
    let tasks = registry.withLock { registry in
      registry.isShutDown = true
      return Array(registry.tasks.values)
    }
    tasks.forEach { $0.cancel() }
  }

  /// Cancels every running effect, leaving the runtime usable.
  package func cancelRunning() {
    let tasks = registry.withLock { Array($0.tasks.values) }
    tasks.forEach { $0.cancel() }
  }

  /// The number of effects still running.
  package var runningCount: Int { registry.withLock { $0.tasks.count } }

  /// The tasks of the effects running now.
  package var runningTasks: [Task<Void, Never>] { registry.withLock { Array($0.tasks.values) } }

  /// Whether any task runs.
  package var hasRunningTasks: Bool { registry.withLock { !$0.tasks.isEmpty } }

  /// Whether children of the operator `operatorID` have effects running under another
  /// identity than `identity`, or under any identity when `identity` is `.none`: effects of a
  /// child that went away without the operator seeing it go.
  @usableFromInline
  func hasChildEffects(of operatorID: OperatorID, otherThan identity: ChildIdentity??) -> Bool {
    guard liveChildCount.load(ordering: .relaxed) > 0 else { return false }
    return registry.withLock { registry in
      guard let identities = registry.liveChildren[operatorID] else { return false }
      guard case let .some(present) = identity else { return true }
      return identities.keys.contains { $0 != present }
    }
  }

  /// Cancels the effects registered under `id`.
  package func cancel(id: EffectID) {
    if case let .sweep(sweep) = id.base {
      return cancel(sweep, namespace: id.namespace)
    }
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      guard let taskIDs = registry.tasksByID.removeValue(forKey: id) else { return [] }
      liveChildCount.subtract(registry.idRemoved(id), ordering: .relaxed)
      return taskIDs.compactMap { registry.tasks[$0] }
    }
    tasks.forEach { $0.cancel() }
  }

  /// Cancels the effects of the children that `sweep` ends.
  private func cancel(_ sweep: ChildSweep, namespace: [ChildInstance]) {
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      let ended = registry.tasksByID.keys.filter { sweep.ends($0, namespace: namespace) }
      return ended.flatMap { id in
        liveChildCount.subtract(registry.idRemoved(id), ordering: .relaxed)
        return (registry.tasksByID.removeValue(forKey: id) ?? []).compactMap { registry.tasks[$0] }
      }
    }
    tasks.forEach { $0.cancel() }
  }

  /// Starts `effect`. Actions sent synchronously (`.send`, also leading a concatenation) go to
  /// `sink` before this returns, in order; tasks started for asynchronous work are appended to
  /// `tasks`.
  @MainActor
  @usableFromInline
  package func start<Action>(
    _ effect: Effect<Action>,
    send: Send<Action>,
    dependencies: DependencyValues,
    sink: (Action) -> Void,
    tasks: inout [Task<Void, Never>]
  ) {
    let context = Context(dependencies: dependencies)
    start(effect, ids: [], send: send, sink: sink, tasks: &tasks, context: context)
  }

  /// What every task of one `start` shares: the store's dependencies, bound inside each task
  /// because tasks do not see the synchronous scope the reducer ran in.
  private struct Context: Sendable {
    let dependencies: DependencyValues
  }

  @MainActor
  private func start<Action>(
    _ effect: Effect<Action>,
    ids: [EffectID],
    send: Send<Action>,
    sink: (Action) -> Void,
    tasks: inout [Task<Void, Never>],
    context: Context
  ) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      sink(action)
    case let .run(priority, location, operation):
      tasks.append(
        spawn(priority: priority, ids: ids, context: context, location: location) { await operation(send) })
    case let .merge(effects):
      for effect in effects {
        start(effect, ids: ids, send: send, sink: sink, tasks: &tasks, context: context)
      }
    case let .concatenate(effects):
      // What can happen at once does, as a bare `.send` would: the actions are processed
      // before the store's `send` returns, in order, and the rest waits for them.
      let synchronous = effects.prefix { $0.isSynchronous }
      for effect in synchronous {
        start(effect, ids: ids, send: send, sink: sink, tasks: &tasks, context: context)
      }
      let rest = effects.dropFirst(synchronous.count)
      guard !rest.isEmpty else { return }
      let box = UncheckedSendable(Effect(.concatenate(Array(rest))))
      let waitsForSynchronousPart = !synchronous.isEmpty
      tasks.append(
        spawn(priority: nil, ids: ids, context: context, location: rest.lazy.compactMap(\.location).first) {
          [self] in
          // The store processes the actions sent above in the same turn of the main actor
          // that started this task: after it, they have been.
          if waitsForSynchronousPart { await MainActor.run {} }
          await self.run(box, ids: ids, send: send)
        })
    case let .cancellable(effect, id, cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      start(effect, ids: ids + [id], send: send, sink: sink, tasks: &tasks, context: context)
    case let .cancel(id):
      cancel(id: id)
    case let .remembering(make):
      start(make(memory(for: ids.last)), ids: ids, send: send, sink: sink, tasks: &tasks, context: context)
    }
  }

  /// The memory of the effects under `id`; a fresh one, shared with nobody, without an id.
  @MainActor
  private func memory(for id: EffectID?) -> EffectMemory {
    guard let id else { return EffectMemory() }
    return registry.withLock { registry in
      if let memory = registry.memories[id] { return memory }
      let memory = EffectMemory()
      registry.memories[id] = memory
      return memory
    }
  }

  /// Runs `effect` to completion on the current task; used where effects must run in order.
  private func run<Action>(_ box: UncheckedSendable<Effect<Action>>, ids: [EffectID] = [], send: Send<Action>) async {
    guard !Task.isCancelled else { return }
    switch box.value.operation {
    case .none:
      return
    case let .send(action):
      let action = UncheckedSendable(action)
      await MainActor.run { send(action.value) }
    case let .run(_, _, operation):
      await operation(send)
    case let .merge(effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          let effect = UncheckedSendable(effect)
          group.addTask { await self.run(effect, ids: ids, send: send) }
        }
      }
    case let .concatenate(effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await run(UncheckedSendable(effect), ids: ids, send: send)
      }
    case let .cancellable(effect, id, cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      let effect = UncheckedSendable(effect)
      let child = spawnUntracked(ids: [id]) { await self.run(effect, ids: ids + [id], send: send) }
      await withTaskCancellationHandler {
        await child.value
      } onCancel: {
        child.cancel()
      }
    case let .cancel(id):
      cancel(id: id)
    case let .remembering(make):
      let effect = await MainActor.run { [ids] in UncheckedSendable(make(memory(for: ids.last))) }
      await run(effect, ids: ids, send: send)
    }
  }

  /// Starts a task for one effect, registered under `ids` and tracked as one effect.
  private func spawn(
    priority: TaskPriority?,
    ids: [EffectID],
    context: Context,
    location: SourceLocation?,
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    // The one test hook on this path: a shipping store has no observer.
    let observed = observer.map { observer in (observer, effect: observer.effectStarted(at: location)) }
    let dependencies = context.dependencies
    let taskID = registry.withLock { registry in
      defer { registry.nextTaskID += 1 }
      return registry.nextTaskID
    }
    let task = Task(executorPreference: executor, priority: priority) {
      // A task inherits the task-locals of whatever sent the action, often another effect; an
      // effect must not inherit that effect's presentation, or its `dismiss()` would close a
      // child it does not belong to. Presented effects bind their own inside `operation`.
      await DismissEffect.Presentation.$current.withValue(nil) {
        await withDependencies({ $0 = dependencies }) {
          if let (observer, effect) = observed {
            await observer.run(effect: effect, operation)
          } else {
            await operation()
          }
        }
      }
      self.finished(taskID)
      if let (observer, effect) = observed { observer.effectFinished(effect) }
    }
    register(task, taskID: taskID, ids: ids)
    return task
  }

  /// Starts a task that belongs to an effect already being tracked (a cancellable part of a
  /// concatenation).
  private func spawnUntracked(
    ids: [EffectID],
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let taskID = registry.withLock { registry in
      defer { registry.nextTaskID += 1 }
      return registry.nextTaskID
    }
    let task = Task(executorPreference: executor) {
      await operation()
      self.finished(taskID)
    }
    register(task, taskID: taskID, ids: ids)
    return task
  }

  private func register(_ task: Task<Void, Never>, taskID: Int, ids: [EffectID]) {
    let cancelNow = registry.withLock { registry -> Bool in
      if registry.finishedBeforeRegistration.remove(taskID) != nil { return false }
      registry.tasks[taskID] = task
      if !ids.isEmpty {
        registry.idsOfTask[taskID] = ids
        for id in ids {
          if registry.tasksByID[id] == nil {
            liveChildCount.add(registry.idAdded(id), ordering: .relaxed)
          }
          registry.tasksByID[id, default: []].insert(taskID)
        }
      }
      return registry.isShutDown
    }
    if cancelNow { task.cancel() }
  }

  private func finished(_ taskID: Int) {
    registry.withLock { registry in
      guard registry.tasks.removeValue(forKey: taskID) != nil else {
        registry.finishedBeforeRegistration.insert(taskID)
        return
      }
      for id in registry.idsOfTask.removeValue(forKey: taskID) ?? [] {
        guard registry.tasksByID[id]?.remove(taskID) != nil else { continue }
        if registry.tasksByID[id]?.isEmpty == true {
          registry.tasksByID[id] = nil
          liveChildCount.subtract(registry.idRemoved(id), ordering: .relaxed)
        }
      }
    }
  }
}

extension Effect {
  /// Whether starting the effect does all of its work at once: it sends, cancels, or nothing,
  /// with no asynchronous operation anywhere in it.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .run, .remembering: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .cancellable(effect, _, _): effect.isSynchronous
    }
  }

  /// Where the first asynchronous operation of the effect was created.
  var location: SourceLocation? {
    switch operation {
    case .none, .send, .cancel, .remembering: nil
    case let .run(_, location, _): location
    case let .merge(effects), let .concatenate(effects): effects.lazy.compactMap(\.location).first
    case let .cancellable(effect, _, _): effect.location
    }
  }
}

extension EffectID {
  /// The child instance whose lifetime this id is, if it is one.
  fileprivate var childInstance: ChildInstance? {
    guard base == .childLifetime else { return nil }
    return namespace.first
  }
}

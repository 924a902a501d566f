import Dependencies

/// What a root store is: its state, its queue of actions, its reducer and its effects. The
/// one place in the store that uses unsafe pointers.
///
/// A test store drives one too, watching it through a ``StoreObserver``, so that a test exercises
/// exactly the loop that ships.
@MainActor
@usableFromInline
package final class RootCore<State, Action> {
  // Pointers rather than stored properties: reducers mutate the state in place with no dynamic
  // exclusivity check on every action, and a send reads and writes the loop's flags the same way.
  // `nonisolated(unsafe)` so that `deinit` can free them: nothing else uses them off the main
  // actor.
  @usableFromInline package nonisolated(unsafe) let state: UnsafeMutablePointer<State>
  @usableFromInline nonisolated(unsafe) let loop: UnsafeMutablePointer<Loop>
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline package nonisolated let runtime: EffectRuntime

  @usableFromInline
  struct Loop {
    @usableFromInline var queue: [Action] = []
    @usableFromInline var isProcessing = false
    @usableFromInline var observers: [Observer] = []
    // Whether a send must go past its fast path: the store has observers of either kind, or a
    // reducer sent an action while it was processing. One flag, so that the fast path tests one
    // byte.
    @usableFromInline var needsFinishing = false
    /// The dependencies that reducers and effects run with; `binder` binds it unretained.
    @usableFromInline var scope: DependencyScope
    @usableFromInline var binder: ScopeBinder
    /// Told of every action processed, with the state after it (a test store).
    @usableFromInline var storeObserver: (any StoreObserver<State, Action>)?
    /// The tree's shared changes, once the store has an observer; and how many of them had
    /// been made when its observers were last called.
    var sharedChanges: SharedChanges?
    var sharedGeneration: UInt64 = 0

    @inlinable
    init(scope: DependencyScope) {
      self.scope = scope
      self.binder = ScopeBinder(unretained: scope)
    }
  }

  @usableFromInline
  struct Observer {
    @usableFromInline let flag: StoreSubscription.Flag
    @usableFromInline let body: @MainActor (State) -> Void
  }

  /// A core starting from the state `initialState` builds in the scope of `dependencies`, with
  /// the reducer `reducer` builds there.
  ///
  /// Inlinable, so that the closure calling the reducer is specialised for the feature in the
  /// module that creates the store, rather than going through generic code on every action.
  @inlinable
  package init<R: Reducer<State, Action>>(
    initialState: () -> State,
    reducer: () -> R,
    dependencies: DependencyValues,
    runtime: EffectRuntime
  ) {
    let scope = DependencyScope(dependencies.running(on: runtime))
    let (initial, built) = scope.run { (initialState(), reducer()) }
    self.state = .allocate(capacity: 1)
    self.state.initialize(to: initial)
    self.loop = .allocate(capacity: 1)
    self.loop.initialize(to: Loop(scope: scope))
    self.reducer = { built.reduce(into: &$0, action: $1) }
    self.runtime = runtime
  }

  deinit {
    runtime.cancelAll()
    loop.pointee.sharedChanges?.removeReleased()
    state.deinitialize(count: 1)
    state.deallocate()
    loop.deinitialize(count: 1)
    loop.deallocate()
  }

  /// The dependencies reducers and effects run with from now on.
  package var dependencies: DependencyValues {
    get { loop.pointee.scope.values }
    set {
      let scope = DependencyScope(newValue.running(on: runtime))
      loop.pointee.scope = scope
      loop.pointee.binder = ScopeBinder(unretained: scope)
    }
  }

  /// Runs `body` with the store's dependencies.
  package func withDependencies<R>(_ body: () throws -> R) rethrows -> R {
    try loop.pointee.binder.run(body)
  }

  /// Tells `observer` of every action processed from now on, with the state after it. The
  /// observer of the effects is the runtime's, given when it was made.
  package func install(_ observer: some StoreObserver<State, Action>) {
    loop.pointee.storeObserver = observer
    loop.pointee.needsFinishing = true
  }

  @inlinable
  @inline(__always)
  func send(_ action: Action) -> StoreTask {
    // The common case: a store that is not processing, an action with no effect, no follow-up
    // and no observer. Everything else is out of line, so this inlines into callers.
    guard !loop.pointee.isProcessing else { return enqueue(action) }
    loop.pointee.isProcessing = true
    let effect = loop.pointee.binder.run {
      var effect = reducer(&state.pointee, action)
      // A chain of single follow-ups with nothing else queued, the common `.send`: each is the
      // only action waiting, so reducing them in turn is the queue's order, without the queue.
      while !loop.pointee.needsFinishing, case let .send(next) = effect.operation {
        effect = reducer(&state.pointee, next)
      }
      return effect
    }
    if effect.isNone, !loop.pointee.needsFinishing {
      loop.pointee.isProcessing = false
      return StoreTask(nil)
    }
    return finishProcessing(action, after: effect)
  }

  /// Queues an action sent while the store is processing.
  @inlinable
  @inline(never)
  func enqueue(_ action: Action) -> StoreTask {
    loop.pointee.queue.append(action)
    loop.pointee.needsFinishing = true
    return StoreTask(nil)
  }

  /// Starts `effect`, processes the queued actions and notifies the observers, for the `send`
  /// of `action`, which returned `effect`.
  @inlinable
  @inline(never)
  func finishProcessing(_ action: Action, after effect: Effect<Action>) -> StoreTask {
    var tasks: [Task<Void, Never>] = []
    loop.pointee.binder.run {
      if let observer = loop.pointee.storeObserver { observer.actionProcessed(action, state: state.pointee) }
      if !effect.isNone { start(effect, tasks: &tasks) }
      drainQueue(tasks: &tasks)
    }
    if !loop.pointee.observers.isEmpty { notifyObservers(tasks: &tasks) }
    loop.pointee.needsFinishing = !loop.pointee.observers.isEmpty || loop.pointee.storeObserver != nil
    loop.pointee.isProcessing = false
    return tasks.isEmpty ? StoreTask(nil) : StoreTask(tasks: tasks)
  }

  @inlinable
  func drainQueue(tasks: inout [Task<Void, Never>]) {
    var index = 0
    while index < loop.pointee.queue.count {
      let next = loop.pointee.queue[index]
      index += 1
      let effect = reducer(&state.pointee, next)
      if let observer = loop.pointee.storeObserver { observer.actionProcessed(next, state: state.pointee) }
      if !effect.isNone { start(effect, tasks: &tasks) }
    }
    if index > 0 { loop.pointee.queue.removeAll(keepingCapacity: true) }
  }

  @inlinable
  func start(_ effect: Effect<Action>, tasks: inout [Task<Void, Never>]) {
    // The common follow-up needs no task, no `Send` and no runtime.
    if case let .send(action) = effect.operation {
      loop.pointee.queue.append(action)
      return
    }
    startEffects(effect, tasks: &tasks)
  }

  @usableFromInline
  func startEffects(_ effect: Effect<Action>, tasks: inout [Task<Void, Never>]) {
    let loop = self.loop
    let send = Send<Action> { [weak self] action in _ = self?.send(action) }
    runtime.start(
      effect, send: send, dependencies: loop.pointee.scope.values, sink: { loop.pointee.queue.append($0) },
      tasks: &tasks)
  }

  @usableFromInline
  func notifyObservers(tasks: inout [Task<Void, Never>]) {
    // Observers may send; their actions were queued and form the next batch.
    repeat {
      // Before the observers read the shared values: a change counted after this is delivered
      // to them again.
      if let changes = loop.pointee.sharedChanges { loop.pointee.sharedGeneration = changes.generation }
      let state = state.pointee
      loop.pointee.observers.removeAll { !$0.flag.isActive }
      for observer in loop.pointee.observers { observer.body(state) }
      if loop.pointee.queue.isEmpty { return }
      loop.pointee.binder.run {
        drainQueue(tasks: &tasks)
      }
    } while true
  }

  func observe(_ observer: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    let subscription = StoreSubscription()
    loop.pointee.observers.append(Observer(flag: subscription.flag, body: observer))
    loop.pointee.needsFinishing = true
    if loop.pointee.sharedChanges == nil, let container = loop.pointee.scope.values.sharedContainer as? SharedContainer {
      loop.pointee.sharedGeneration = container.changes.subscribe(self)
      loop.pointee.sharedChanges = container.changes
    }
    return subscription
  }

  func finishEffects() async {
    while true {
      let tasks = runtime.runningTasks
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
    }
  }
}

extension RootCore: SharedChangeSubscriber {
  /// A shared value of the tree changed outside this store's sends: calls the observers, unless
  /// they were called since (the store's own action made the change) or the store is processing
  /// (its batch ends by calling them).
  func sharedStateChanged(generation: UInt64) {
    guard generation > loop.pointee.sharedGeneration, !loop.pointee.isProcessing else { return }
    loop.pointee.observers.removeAll { !$0.flag.isActive }
    guard !loop.pointee.observers.isEmpty else { return }
    // As at the end of a batch: actions the observers send are queued and processed before
    // this returns; the effects they start run on, with no `send` to return them to.
    loop.pointee.isProcessing = true
    var tasks: [Task<Void, Never>] = []
    notifyObservers(tasks: &tasks)
    loop.pointee.needsFinishing = !loop.pointee.observers.isEmpty || loop.pointee.storeObserver != nil
    loop.pointee.isProcessing = false
  }
}

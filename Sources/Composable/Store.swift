import Dependencies
import Synchronization

/// Runs a feature: holds its state, runs its reducer for each action, and runs the effects the
/// reducer returns.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.clock = ContinuousClock()
/// }
/// store.send(.incrementButtonTapped)
/// print(store.state.count)  // 1
/// ```
///
/// ## Ordering contract
///
/// - Actions are processed first in, first out, in one loop on the main actor.
/// - An action produced synchronously while processing (an ``Effect/send(_:)`` effect, sends
///   inside ``Effect/merge(_:)-(Effect<Action>...)``, or a `send` from an observer) joins the end
///   of the same queue: follow-ups run breadth-first, and all of them are processed before the
///   outermost `send` returns.
/// - A `send` made while the store is processing is queued, never run recursively, so a reducer
///   never sees a state halfway through another action. Such a nested `send` returns a task with
///   no effects; the effects it starts belong to the outermost `send`.
/// - Chains of synchronous follow-ups use no stack: 100,000 of them run in constant stack space.
/// - Asynchronous effects (``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``)
///   start after the action that returned them has been reduced; the actions they send join the
///   queue when they arrive.
/// - Observers (``observe(_:)``) are called once per processed batch, after the queue is empty.
///
/// Scoped stores (``scope(state:action:)``) hold no state of their own: they read from and send
/// through their root, so a root action costs nothing per live scoped store.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  // A root store reads what `send` needs from its own `let` properties: the store is alive for
  // the whole call, so a send retains and releases nothing. `root` owns that storage and frees it;
  // it is `nil` for scoped stores, which only forward to their parent.
  @usableFromInline let root: Root?
  @usableFromInline let statePointer: UnsafeMutablePointer<State>?
  @usableFromInline let loop: UnsafeMutablePointer<Loop>?
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let dependencyBinder: ScopeBinder?
  @usableFromInline let parentState: (() -> State)?
  @usableFromInline let parentSend: ((Action) -> StoreTask)?
  @usableFromInline let parentObserve: ((@escaping @MainActor (State) -> Void) -> StoreSubscription)?
  @usableFromInline let parentFinishEffects: (@MainActor () async -> Void)?

  @usableFromInline
  struct Observer {
    @usableFromInline let flag: StoreSubscription.Flag
    @usableFromInline let body: @MainActor (State) -> Void
  }

  @usableFromInline
  struct Loop {
    @usableFromInline var queue: [Action] = []
    @usableFromInline var isProcessing = false
    @usableFromInline var observers: [Observer] = []
    // Whether a send must go past its fast path: the store has observers, or a reducer sent an
    // action while it was processing. One flag, so that the fast path tests one byte.
    @usableFromInline var needsFinishing = false
  }

  /// Owns a root store's state and queue, and its effects: releasing it cancels them.
  @usableFromInline
  final class Root {
    // Pointers rather than stored properties: reducers mutate the state in place with no dynamic
    // exclusivity check on every action.
    @usableFromInline let state: UnsafeMutablePointer<State>
    @usableFromInline let loop: UnsafeMutablePointer<Loop>
    @usableFromInline let dependencies: DependencyValues
    // Kept alive for the store's binder, which holds it unretained.
    @usableFromInline let scope: DependencyScope
    @usableFromInline let runtime: EffectRuntime

    @usableFromInline
    init(state: State, scope: DependencyScope, runtime: EffectRuntime) {
      self.state = .allocate(capacity: 1)
      self.state.initialize(to: state)
      self.loop = .allocate(capacity: 1)
      self.loop.initialize(to: Loop())
      self.dependencies = scope.values
      self.scope = scope
      self.runtime = runtime
    }

    deinit {
      runtime.cancelAll()
      state.deinitialize(count: 1)
      state.deallocate()
      loop.deinitialize(count: 1)
      loop.deallocate()
    }
  }

  /// Creates a store running `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Changes to the current ``DependencyValues``; the reducer and every
  ///     effect it starts run with the values captured here.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let scope = DependencyScope(dependencies)
    let reducer = scope.run { reducer() }
    self.init(
      root: Root(state: initialState, scope: scope, runtime: EffectRuntime()),
      reduce: { reducer.reduce(into: &$0, action: $1) }
    )
  }

  @usableFromInline
  init(root: Root, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.root = root
    self.statePointer = root.state
    self.loop = root.loop
    self.reducer = reduce
    self.dependencyBinder = ScopeBinder(unretained: root.scope)
    self.parentState = nil
    self.parentSend = nil
    self.parentObserve = nil
    self.parentFinishEffects = nil
  }

  @usableFromInline
  init(
    state: @escaping () -> State,
    send: @escaping (Action) -> StoreTask,
    observe: @escaping (@escaping @MainActor (State) -> Void) -> StoreSubscription,
    finishEffects: @escaping @MainActor () async -> Void
  ) {
    self.root = nil
    self.statePointer = nil
    self.loop = nil
    self.reducer = { _, _ in .none }  // Never called: scoped stores send through their parent.
    self.dependencyBinder = nil
    self.parentState = state
    self.parentSend = send
    self.parentObserve = observe
    self.parentFinishEffects = finishEffects
  }

  /// The current state.
  @inlinable
  public var state: State {
    if let statePointer { return statePointer.pointee }
    return parentState!()
  }

  /// Reads one value of the current state.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends `action` to the reducer, processes it and every action it produces synchronously,
  /// and starts the effects they return.
  ///
  /// - Returns: The effects started; `await store.send(action).finish()` waits for them.
  @inlinable
  @inline(__always)
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    // The common case: a store that is not processing, an action with no effect, no follow-up
    // and no observer. Everything else is out of line, so this inlines into callers.
    guard let loop else { return parentSend!(action) }
    guard !loop.pointee.isProcessing else { return enqueue(action) }
    loop.pointee.isProcessing = true
    let effect = dependencyBinder.unsafelyUnwrapped.run {
      reducer(&statePointer.unsafelyUnwrapped.pointee, action)
    }
    if effect.isNone, !loop.pointee.needsFinishing {
      loop.pointee.isProcessing = false
      return StoreTask(nil)
    }
    return finishProcessing(after: effect)
  }

  /// Queues an action sent while the store is processing.
  @inlinable
  @inline(never)
  func enqueue(_ action: Action) -> StoreTask {
    loop.unsafelyUnwrapped.pointee.queue.append(action)
    loop.unsafelyUnwrapped.pointee.needsFinishing = true
    return StoreTask(nil)
  }

  /// Starts `effect`, processes the queued actions and notifies the observers, for the `send`
  /// whose action returned `effect`.
  @inlinable
  @inline(never)
  func finishProcessing(after effect: Effect<Action>) -> StoreTask {
    let loop = loop.unsafelyUnwrapped
    var tasks: [Task<Void, Never>] = []
    dependencyBinder.unsafelyUnwrapped.run {
      if !effect.isNone { start(effect, tasks: &tasks) }
      drainQueue(tasks: &tasks)
    }
    if !loop.pointee.observers.isEmpty { notifyObservers(tasks: &tasks) }
    loop.pointee.needsFinishing = !loop.pointee.observers.isEmpty
    loop.pointee.isProcessing = false
    return tasks.isEmpty ? StoreTask(nil) : StoreTask(tasks: tasks)
  }

  @inlinable
  func drainQueue(tasks: inout [Task<Void, Never>]) {
    let loop = loop.unsafelyUnwrapped
    let state = statePointer.unsafelyUnwrapped
    var index = 0
    while index < loop.pointee.queue.count {
      let next = loop.pointee.queue[index]
      index += 1
      let effect = reducer(&state.pointee, next)
      if !effect.isNone { start(effect, tasks: &tasks) }
    }
    if index > 0 { loop.pointee.queue.removeAll(keepingCapacity: true) }
  }

  @inlinable
  func start(_ effect: Effect<Action>, tasks: inout [Task<Void, Never>]) {
    // The common follow-up needs no task, no `Send` and no runtime.
    if case let .send(action) = effect.operation {
      loop.unsafelyUnwrapped.pointee.queue.append(action)
      return
    }
    startEffects(effect, tasks: &tasks)
  }

  @usableFromInline
  func startEffects(_ effect: Effect<Action>, tasks: inout [Task<Void, Never>]) {
    let root = root.unsafelyUnwrapped
    let send = Send<Action> { [weak self] action in self?.send(action) }
    root.runtime.start(
      effect, send: send, dependencies: root.dependencies, sink: { root.loop.pointee.queue.append($0) },
      tasks: &tasks)
  }

  @usableFromInline
  func notifyObservers(tasks: inout [Task<Void, Never>]) {
    let loop = loop.unsafelyUnwrapped
    // Observers may send; their actions were queued and form the next batch.
    repeat {
      let state = statePointer.unsafelyUnwrapped.pointee
      loop.pointee.observers.removeAll { !$0.flag.isActive }
      for observer in loop.pointee.observers { observer.body(state) }
      if loop.pointee.queue.isEmpty { return }
      dependencyBinder.unsafelyUnwrapped.run {
        drainQueue(tasks: &tasks)
      }
    } while true
  }

  /// Waits until no effect of this store is running: the effects of every action sent so far,
  /// and of the actions those effects sent in turn.
  ///
  /// ``StoreTask/finish()`` waits for the effects of one ``send(_:)`` only. An action that an
  /// effect sends back is a `send` of its own, whose effects that task does not include: a form
  /// whose save effect sends `.delegate(.saveTask(task))` to its parent, which then starts its
  /// own save effect, say. A process that must not exit before that second effect has run (a
  /// command-line tool) waits for the whole store instead:
  ///
  /// ```swift
  /// store.send(.taskList(.destination(.presented(.addTask(.saveButtonTapped)))))
  /// await store.finishEffects()
  /// ```
  ///
  /// It returns only when every effect has ended, so it never returns while a long-living effect
  /// (a timer, a subscription) runs. On a scoped store, it waits for the root store's effects.
  public func finishEffects() async {
    guard let root else { return await parentFinishEffects!() }
    while true {
      let tasks = root.runtime.runningTasks
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
    }
  }

  /// Calls `observer` with the new state after each processed batch of actions.
  ///
  /// The observation lasts until the returned subscription is cancelled or released.
  ///
  /// ```swift
  /// let subscription = store.observe { state in render(state) }
  /// ```
  public func observe(_ observer: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    guard let loop else { return parentObserve!(observer) }
    let subscription = StoreSubscription()
    loop.pointee.observers.append(Observer(flag: subscription.flag, body: observer))
    loop.pointee.needsFinishing = true
    return subscription
  }

  /// A store for a child feature, reading `state` from this store's state and sending child
  /// actions embedded with `action`.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: .counter)
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    // The case path's own embed function, not a closure calling it: one call fewer per level
    // on every send from a deeply scoped store.
    scope(state: { $0[keyPath: toChildState] }, action: toChildAction._embed)
  }

  /// A store for a child feature, with closures that derive the child's state and embed its
  /// actions.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    // A scope of a scoped store sends through its parent's closure directly, skipping the
    // parent's own `send`: one closure call per level of scoping.
    let send: (ChildAction) -> StoreTask
    if let parentSend {
      send = { parentSend(fromChildAction($0)) }
    } else {
      send = { self.send(fromChildAction($0)) }
    }
    return Store<ChildState, ChildAction>(
      state: { toChildState(self.state) },
      send: send,
      observe: { observer in self.observe { observer(toChildState($0)) } },
      finishEffects: { await self.finishEffects() }
    )
  }
}

/// Keeps a ``Store/observe(_:)`` observation alive; cancelling or releasing it stops the
/// observation.
public final class StoreSubscription: Sendable {
  @usableFromInline
  final class Flag: Sendable {
    private let active = Atomic<Bool>(true)
    @usableFromInline var isActive: Bool { active.load(ordering: .relaxed) }
    func clear() { active.store(false, ordering: .relaxed) }
  }

  // Shared with the store's observer entry, which must not keep the subscription alive.
  @usableFromInline let flag = Flag()

  init() {}

  /// Whether the observation still runs.
  public var isActive: Bool { flag.isActive }

  /// Stops the observation.
  public func cancel() { flag.clear() }

  deinit { cancel() }
}

/// A store of a reducer's state and actions: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

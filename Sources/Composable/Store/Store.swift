import Dependencies

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
///   inside ``Effect/merge(_:)-(Effect<Action>...)``, the sends that lead a
///   ``Effect/concatenate(_:)-(Effect<Action>...)``, or a `send` from an observer) joins the end
///   of the same queue: follow-ups run breadth-first, and all of them are processed before the
///   outermost `send` returns. What follows them in a concatenation starts after them.
/// - A `send` made while the store is processing is queued, never run recursively, so a reducer
///   never sees a state halfway through another action. Such a nested `send` returns a task with
///   no effects; the effects it starts belong to the outermost `send`.
/// - Chains of synchronous follow-ups use no stack: 100,000 of them run in constant stack space.
/// - Asynchronous effects (``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``)
///   start after the action that returned them has been reduced; the actions they send join the
///   queue when they arrive.
/// - Observers (``observe(_:)``) are called once per processed batch, after the queue is empty,
///   and once per burst of changes to the tree's shared values made outside the store's sends.
///
/// Scoped stores (``scope(state:action:)``) hold no state of their own: they read from and send
/// through their root, so a root action costs nothing per live scoped store.
///
/// A presented child gets a store of its own by scoping through the presentation, while it is
/// presented; its actions go in `.presented`:
///
/// ```swift
/// if let editorStore = store.scope(state: \.editor, action: .editor.appending(.presented)) {
///   editorStore.state  // Editor.State
///   editorStore.send(.saveButtonTapped)  // .editor(.presented(.saveButtonTapped))
/// }
/// ```
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  @usableFromInline let core: Core

  /// A root store's core, which owns the state, or a scoped store's, which reads its parent's.
  @usableFromInline
  enum Core {
    case root(RootCore<State, Action>)
    case scoped(ScopedCore<State, Action>)

    /// The core, not retained: the store holds it for as long as it lives, so a `send` need
    /// not retain and release it around every action (a third of a root send's cost).
    @usableFromInline
    enum Unretained {
      case root(Unmanaged<RootCore<State, Action>>)
      case scoped(Unmanaged<ScopedCore<State, Action>>)
    }

    @inlinable
    @inline(__always)
    var unretained: Unretained {
      switch self {
      case let .root(root): .root(Unmanaged.passUnretained(root))
      case let .scoped(scoped): .scoped(Unmanaged.passUnretained(scoped))
      }
    }
  }

  @usableFromInline
  init(core: Core) {
    self.core = core
  }

  /// Creates a store running `reducer` from `initialState`.
  ///
  /// The initial state and the reducer are built with the store's dependencies, so a
  /// `State.init` that reads `@Dependency(\.uuid)` gets the store's value.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Changes to the current ``DependencyValues``; the reducer and every
  ///     effect it starts run with the values captured here.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, reducer: reducer, prepareDependencies: prepareDependencies, runtime: EffectRuntime())
  }

  /// Creates a store running `reducer` from `initialState`, whose effects run on `executor`
  /// instead of Swift's global concurrent executor.
  ///
  /// The global executor starts its threads when the first effect runs: for a short-lived
  /// process, such as a command-line tool that sends a few actions, saves and exits, that start
  /// can take longer than the effects themselves. Such a tool can run its effects on a thread it
  /// already has. Actions the effects send, and work they do on the main actor, still go
  /// through the main actor.
  ///
  /// ```swift
  /// final class MainQueueExecutor: TaskExecutor, @unchecked Sendable {
  ///   func enqueue(_ job: consuming ExecutorJob) {
  ///     let job = UnownedJob(job)
  ///     DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  ///   }
  /// }
  ///
  /// let store = Store(initialState: Counter.State(), effectsOn: MainQueueExecutor()) {
  ///   Counter()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - executor: Where every effect of the store and of the stores scoped from it runs.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Changes to the current ``DependencyValues``; the reducer and every
  ///     effect it starts run with the values captured here.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    effectsOn executor: any TaskExecutor,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, reducer: reducer, prepareDependencies: prepareDependencies,
      runtime: EffectRuntime(executor: executor))
  }

  /// A root store whose reducer, initial state and effects get the current dependencies as
  /// `prepareDependencies` changes them, and whose effects `runtime` starts.
  @inlinable
  convenience init<R: Reducer<State, Action>>(
    initialState: () -> State,
    reducer: () -> R,
    prepareDependencies: ((inout DependencyValues) -> Void)?,
    runtime: EffectRuntime
  ) {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    self.init(
      core: .root(RootCore(initialState: initialState, reducer: reducer, dependencies: dependencies, runtime: runtime)))
  }

  /// A root store over `core`, for a test store.
  package convenience init(root core: RootCore<State, Action>) {
    self.init(core: .root(core))
  }

  /// The current state.
  @inlinable
  public var state: State {
    switch core.unretained {
    case let .root(root): root.withGuaranteedInstance { $0.state.pointee }
    case let .scoped(scoped): scoped.withGuaranteedInstance { $0.state() }
    }
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
    switch core.unretained {
    case let .root(root): root.withGuaranteedInstance { $0.send(action) }
    case let .scoped(scoped): scoped.withGuaranteedInstance { $0.send(action) }
    }
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
    switch core {
    case let .root(root): await root.finishEffects()
    case let .scoped(scoped): await scoped.finishEffects()
    }
  }

  /// Whether an effect may still be running: always true for a scoped store, which does not
  /// know its root's effects. For a caller that can skip its wait for ``finishEffects()``.
  package var mayHaveRunningEffects: Bool {
    switch core {
    case let .root(root): root.runtime.hasRunningTasks
    case .scoped: true
    }
  }

  /// Calls `observer` with the new state after each processed batch of actions, and when a
  /// shared value of the store's tree changes outside its sends.
  ///
  /// A ``Shared`` value of the tree (a key's value, or one made with `Shared(value)` while a
  /// store of the tree builds its state or runs its reducer or effects) can change with no
  /// action of this store: another root store of the tree writes it, an effect writes it with
  /// ``Shared/withLock(_:)`` without sending an action, a stored key is reloaded because another
  /// program saved its document (`reloadEvery:`, ``Shared/load()``). The observer is then called
  /// too, on the main actor, once for a burst of such changes (the changes made before the main
  /// actor next runs), and not at all when a write left the value equal (`==`) to what it was.
  /// A change the store's own action made is covered by that batch's call. Every observing root
  /// store of the tree is called, whichever shared value changed; stores scoped from it with
  /// it.
  ///
  /// The returned subscription keeps the observation alive: it lasts until the subscription is
  /// cancelled or released. Keep it where the observer lives (a property of the object that
  /// renders), and cancel it when done; `_ = store.observe { … }` releases it at once, and the
  /// observer is never called.
  ///
  /// ```swift
  /// final class CounterView {
  ///   private var subscription: StoreSubscription?
  ///
  ///   init(store: StoreOf<Counter>) {
  ///     subscription = store.observe { [unowned self] state in render(state) }
  ///   }
  /// }
  /// ```
  ///
  /// To observe for as long as a loop runs instead, iterate ``states``.
  public func observe(_ observer: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    switch core {
    case let .root(root): root.observe(observer)
    case let .scoped(scoped): scoped.observe(observer)
    }
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
    switch core {
    case let .scoped(scoped):
      let parentSend = scoped.send
      send = { parentSend(fromChildAction($0)) }
    case .root:
      send = { self.send(fromChildAction($0)) }
    }
    return Store<ChildState, ChildAction>(
      core: .scoped(
        ScopedCore(
          state: { toChildState(self.state) },
          send: send,
          observe: { observer in self.observe { observer(toChildState($0)) } },
          finishEffects: { await self.finishEffects() }
        )))
  }
}

extension Store where State: Sendable {
  /// The state after each processed batch of actions, and after each burst of changes to the
  /// tree's shared values made outside the store's sends (see ``observe(_:)``), for as long as
  /// the loop reading them runs: the observation ends when the loop ends or its task is
  /// cancelled.
  ///
  /// Only the newest state waits for a slow loop: a loop that renders is never behind by more
  /// than one state.
  ///
  /// ```swift
  /// let rendering = Task {
  ///   for await state in store.states { render(state) }
  /// }
  /// …
  /// rendering.cancel()
  /// ```
  public var states: AsyncStream<State> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let subscription = observe { continuation.yield($0) }
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }
}

/// A store of a reducer's state and actions: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

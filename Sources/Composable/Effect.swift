import Dependencies

/// Work that a reducer asks the store to do after it has changed the state: send more actions,
/// run asynchronous operations, cancel earlier ones.
///
/// Effects are values. A reducer returns one from every action, and the ``Store`` runs it:
///
/// ```swift
/// case .refreshButtonTapped:
///   state.isLoading = true
///   return .run { send in
///     let facts = try await client.fetch()
///     await send(.factsLoaded(facts))
///   } catch: { error, send in
///     await send(.loadFailed(error.localizedDescription))
///   }
/// ```
///
/// Combine effects with ``merge(_:)-(Effect<Action>...)`` and ``concatenate(_:)-(Effect<Action>...)``,
/// adapt them to a parent's action with ``map(_:)``, and control their lifetime with
/// ``cancellable(id:cancelInFlight:)``, ``cancel(id:)``, ``debounce(id:for:clock:)`` and
/// ``throttle(id:for:clock:latest:)``.
public struct Effect<Action> {
  // The asynchronous and compound cases are indirect, so that an effect is the size of an
  // action at most and `.none` costs nothing; `.send` holds its action in place, so that the
  // most common follow-up allocates nothing.
  @usableFromInline
  enum Operation {
    case none
    case send(Action)
    /// `location` is the `.run` call's, for test failures naming an effect that never ends.
    indirect case run(
      priority: TaskPriority?, location: SourceLocation?, operation: @Sendable (Send<Action>) async -> Void)
    indirect case merge([Effect<Action>])
    indirect case concatenate([Effect<Action>])
    indirect case cancellable(Effect<Action>, id: EffectID, cancelInFlight: Bool)
    indirect case cancel(EffectID)
    /// An effect made when the store starts it, from the memory the store tree keeps for the
    /// innermost cancellation id around it (a throttle's last delivery, see `throttle`).
    indirect case remembering(@MainActor @Sendable (EffectMemory) -> Effect<Action>)
  }

  @usableFromInline
  let operation: Operation

  @inlinable
  init(_ operation: Operation) { self.operation = operation }

  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Sends `action` back to the store at once: it is processed before the `send` that produced
  /// this effect returns, after the actions already queued.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` on its own task; it can send actions back with `send`.
  ///
  /// Once the effect is cancelled, `send` does nothing. An error thrown by `operation` goes to
  /// `handler`; without a handler, an error other than `CancellationError` is reported as a
  /// runtime warning naming the file and line of this call.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await value in client.values() {
  ///     await send(.valueReceived(value))
  ///   }
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      .run(
        priority: priority, location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      ) { send in
        do {
          try await operation(send)
        } catch is CancellationError where Task.isCancelled {
          return
        } catch {
          if let handler {
            await handler(error, send)
          } else {
            reportIssue(
              """
              An "Effect.run" threw an error that nothing handled:

                \(error)

              Handle errors inside the operation, or pass a "catch:" handler that sends an action \
              describing the failure.
              """,
              fileID: fileID, filePath: filePath, line: line, column: column
            )
          }
        }
      }
    )
  }

  /// Runs `effects` at the same time.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs `effects` at the same time.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var operations: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case let .merge(nested): operations.append(contentsOf: nested)
      default: operations.append(effect)
      }
    }
    switch operations.count {
    case 0: return .none
    case 1: return operations[0]
    default: return Self(.merge(operations))
    }
  }

  /// Runs this effect and `other` at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    default: return .merge([self, other])
    }
  }

  /// Runs `effects` one after another: each starts when the previous one has finished, actions
  /// it sends included.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs `effects` one after another.
  @inlinable
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let operations = effects.filter { if case .none = $0.operation { false } else { true } }
    switch operations.count {
    case 0: return .none
    case 1: return operations[0]
    default: return Self(.concatenate(operations))
    }
  }

  /// Runs this effect, then `other` once this one has finished.
  @inlinable
  public func concatenate(with other: Self) -> Self { .concatenate([self, other]) }

  /// Turns the actions this effect sends into another type of action, typically a parent's.
  ///
  /// ```swift
  /// Child().reduce(into: &state.child, action: action).map(Parent.Action.child)
  /// ```
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, location, operation):
      return Effect<NewAction>(
        .run(priority: priority, location: location) { send in
          await operation(send.map(transform))
        }
      )
    case let .merge(effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(effect, id, cancelInFlight):
      return Effect<NewAction>(.cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight))
    case let .cancel(id):
      return Effect<NewAction>(.cancel(id))
    case let .remembering(make):
      let transform = UncheckedSendable(transform)
      return Effect<NewAction>(.remembering { make($0).map(transform.value) })
    }
  }

  /// Whether the effect does nothing.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { true } else { false }
  }
}

extension Effect: @unchecked Sendable where Action: Sendable {}

/// The way an effect started with ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``
/// sends actions back to its store.
///
/// ```swift
/// return .run { send in
///   await send(.started)
///   …
/// }
/// ```
///
/// Sending runs the action through the store on the main actor and returns once it, and the
/// actions it produced synchronously, have been processed. After the effect is cancelled,
/// sending does nothing.
public struct Send<Action>: Sendable {
  @usableFromInline
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` from a closure that delivers each action.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` unless the current task has been cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// A `Send` for child actions that embeds them into this one's actions.
  @inlinable
  public func map<ChildAction>(_ embed: @escaping @Sendable (ChildAction) -> Action) -> Send<ChildAction> {
    let send = self.send
    return Send<ChildAction> { send(embed($0)) }
  }
}

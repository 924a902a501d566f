import Dependencies

/// Lets a presented feature close itself: its parent receives its presentation's `.dismiss`
/// action, and the child's state and effects go away.
///
/// Read it in a feature that a parent presents with `ifLet(\.$destination, action: …)` and call
/// it from any of the feature's effects:
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .closeButtonTapped:
///   return .run { _ in await dismiss() }
/// ```
///
/// The presenting `ifLet` ties every effect its child starts to that presentation, so
/// `dismiss()` reaches the right parent even from a long-running effect, after the parent changed
/// unrelated state, or from a child presented inside another presented child (the innermost
/// presentation is the one dismissed). It returns once the parent has processed `.dismiss`.
///
/// An element of a navigation stack (``StackState``, run by `forEach(\.path, action: …)`) closes
/// itself the same way: its `dismiss()` sends ``StackAction/popFrom(id:)`` for that element.
///
/// Calling it from a feature that no parent presents, or from a reducer's body instead of an
/// effect, cannot reach a parent: it reports a runtime warning naming the call's file and line,
/// and does nothing else; at the root of a `TestStore` it sets the test store's `isDismissed`
/// instead. Tests can also override it to observe dismissal directly:
///
/// ```swift
/// store.dependencies.dismiss = DismissEffect { dismissed.setValue(true) }
/// ```
public struct DismissEffect: Sendable {
  private let override: (@MainActor @Sendable () -> Void)?
  /// What a call that no parent can receive does instead of warning: the root feature of a test
  /// store dismissing itself.
  private let notPresented: (@MainActor @Sendable () -> Void)?

  /// Creates a dismissal that runs `dismiss` on the main actor instead of reaching a parent.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.override = dismiss
    self.notPresented = nil
  }

  /// A dismissal that reaches presenting parents as usual, and runs `notPresented` when no
  /// parent presents the calling feature (a test store's root feature).
  package static func whenNotPresented(_ notPresented: @escaping @MainActor @Sendable () -> Void) -> Self {
    Self(notPresented: notPresented)
  }

  private init(notPresented: (@MainActor @Sendable () -> Void)?) {
    self.override = nil
    self.notPresented = notPresented
  }

  /// The value every feature sees by default: it dismisses the innermost presentation that the
  /// calling effect belongs to.
  static let presentation = DismissEffect()

  private init() {
    self.init(notPresented: nil)
  }

  /// Asks the feature's parent to dismiss it, and waits until the parent has processed the
  /// dismissal.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let override {
      await override()
      return
    }
    guard let presentation = Presentation.current else {
      if let notPresented {
        await notPresented()
        return
      }
      let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      DependencyValues.current.issueReporter(
        """
        "dismiss()" was called from a feature that is not presented, so no parent can dismiss it.

        "dismiss()" reaches the parent that presented the feature with \
        "ifLet(\\.$destination, action: …)", and only from the feature's effects (for example \
        ".run { _ in await dismiss() }"), not from its reducer body or from a task the feature \
        created itself. To close a child that is not presented, have it tell its parent with a \
        delegate action, and let the parent change its state.
        """,
        at: location
      )
      return
    }
    await presentation.dismiss()
  }

  /// The presentation an effect runs for, bound by the presenting reducer around each of its
  /// child's effects. A task-local rather than a dependency value, so that a child that replaces
  /// its whole set of dependencies (`.dependency(…)`, `withDependencies { $0 = … }`) keeps it,
  /// and so that nested presentations resolve to the innermost one.
  package struct Presentation: Sendable {
    package let dismiss: @Sendable () async -> Void

    package init(dismiss: @escaping @Sendable () async -> Void) {
      self.dismiss = dismiss
    }

    @TaskLocal package static var current: Presentation?
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect.presentation
  static let testValue = DismissEffect.presentation
}

extension DependencyValues {
  /// Closes the presented feature that reads it; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

extension Effect {
  /// Binds, around every asynchronous operation of a presented child's effect, the
  /// presentation that `@Dependency(\.dismiss)` dismisses: it sends `dismissAction` through the
  /// effect's own `send`, so it reaches the presenting reducer of this store for as long as the
  /// effect runs, and stops once the effect is cancelled.
  @usableFromInline
  func presented(dismissal dismissAction: Action) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(priority, location, operation):
      let dismissAction = UncheckedSendable(dismissAction)
      return Self(.run(priority: priority, location: location) { send in
        let presentation = DismissEffect.Presentation { await send(dismissAction.value) }
        await DismissEffect.Presentation.$current.withValue(presentation) { await operation(send) }
      })
    case let .merge(effects):
      return Self(.merge(effects.map { $0.presented(dismissal: dismissAction) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.presented(dismissal: dismissAction) }))
    case let .cancellable(effect, id, cancelInFlight):
      return Self(.cancellable(effect.presented(dismissal: dismissAction), id: id, cancelInFlight: cancelInFlight))
    case let .remembering(make):
      let dismissAction = UncheckedSendable(dismissAction)
      return Self(.remembering { make($0).presented(dismissal: dismissAction.value) })
    }
  }
}

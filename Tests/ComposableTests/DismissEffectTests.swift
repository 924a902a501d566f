import Composable
import ComposableTesting
import Dependencies
import Testing

private final class DismissWarnings: Sendable {
  private let recorded = Lock<[(message: String, line: UInt)]>([])

  var reporter: IssueReporter {
    IssueReporter { message, location in
      self.recorded.withLock { $0.append((message, location.line)) }
    }
  }

  var all: [(message: String, line: UInt)] { recorded.withLock { $0 } }
}

/// A feature that closes itself from an effect.
private struct SelfClosing: Reducer {
  struct State: Equatable {}
  enum Action: Equatable {
    case closeFromEffect
  }

  @Dependency(\.dismiss) var dismiss
  let line: UInt

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeFromEffect:
      return .run { [dismiss, line] _ in await dismiss(line: line) }
    }
  }
}

/// Presents `SelfClosing`, whose reducer replaces its dependencies wholesale.
private struct ClosingHost: Reducer {
  struct State: Equatable {
    @PresentationState var child: SelfClosing.State?
  }
  enum Action: Equatable {
    case child(PresentationAction<SelfClosing.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: .closingChild) {
        SelfClosing(line: 0)
          .dependency(\.uuid, .incrementing)
      }
  }
}

extension CasePath where Root == ClosingHost.Action {
  fileprivate static var closingChild: CasePath<Root, PresentationAction<SelfClosing.Action>> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
}

/// A child that pings its parent from an effect, and a parent (not presented itself) that
/// tries to dismiss from the effect it starts for the ping.
private struct PingingChild: Reducer {
  struct State: Equatable {}
  enum Action: Equatable {
    case ping
    case delegate
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping: return .run { send in await send(.delegate) }
    case .delegate: return .none
    }
  }
}

private struct UnpresentedParent: Reducer {
  struct State: Equatable {
    @PresentationState var child: PingingChild.State?
  }
  enum Action: Equatable {
    case child(PresentationAction<PingingChild.Action>)
  }

  @Dependency(\.dismiss) var dismiss
  let line: UInt

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      guard case .child(.presented(.delegate)) = action else { return .none }
      return .run { [dismiss, line] _ in await dismiss(line: line) }
    }
    .ifLet(\.$child, action: .pingingChild) { PingingChild() }
  }
}

extension CasePath where Root == UnpresentedParent.Action {
  fileprivate static var pingingChild: CasePath<Root, PresentationAction<PingingChild.Action>> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct DismissEffectTests {
  @Test func aParentEffectStartedByAChildsEffectDoesNotDismissTheChild() async throws {
    let warnings = DismissWarnings()
    let store = TestStore(initialState: UnpresentedParent.State(child: PingingChild.State())) {
      UnpresentedParent(line: 77)
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }

    await store.send(.child(.presented(.ping)))
    await store.receive(.child(.presented(.delegate)))
    await store.finish()
    // The parent is not presented: its dismissal reaches the root of the test store (which
    // records it instead of warning), and the child stays.
    #expect(store.isDismissed)
    #expect(warnings.all.isEmpty)
    #expect(store.state.child != nil)
  }

  @Test func dismissingAFeatureThatIsNotPresentedIsAWarningAtTheCall() async throws {
    let warnings = DismissWarnings()
    // A store, not a test store: at the root of a test store the call sets `isDismissed`.
    let store = Store(initialState: SelfClosing.State()) {
      SelfClosing(line: 42)
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }

    store.send(.closeFromEffect)
    await store.finishEffects()

    let warning = try #require(warnings.all.only)
    #expect(warning.line == 42)
    #expect(
      warning.message == """
        "dismiss()" was called from a feature that is not presented, so no parent can dismiss it.

        "dismiss()" reaches the parent that presented the feature with \
        "ifLet(\\.$destination, action: …)", and only from the feature's effects (for example \
        ".run { _ in await dismiss() }"), not from its reducer body or from a task the feature \
        created itself. To close a child that is not presented, have it tell its parent with a \
        delegate action, and let the parent change its state.
        """
    )
  }

  @Test func aPresentedChildThatReplacesItsDependenciesStillReachesItsParent() async {
    let store = TestStore(initialState: ClosingHost.State(child: SelfClosing.State())) {
      ClosingHost()
    }

    await store.send(.child(.presented(.closeFromEffect)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
  }

  @Test func aRootFeatureThatDismissesItselfIsDismissedInATestStore() async {
    let warnings = DismissWarnings()
    let store = TestStore(initialState: SelfClosing.State()) {
      SelfClosing(line: 42)
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    #expect(!store.isDismissed)

    await store.send(.closeFromEffect)
    await store.finish()
    #expect(store.isDismissed)
    #expect(warnings.all.isEmpty)
  }

  @Test func aPresentedChildsDismissDoesNotDismissTheTestStoresRoot() async {
    let store = TestStore(initialState: ClosingHost.State(child: SelfClosing.State())) {
      ClosingHost()
    }
    await store.send(.child(.presented(.closeFromEffect)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    #expect(!store.isDismissed)
  }

  @Test func anOverriddenDismissRunsInsteadOfReachingAParent() async {
    let dismissals = Lock(0)
    let store = TestStore(initialState: SelfClosing.State()) {
      SelfClosing(line: 0)
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissals.withLock { $0 += 1 } }
    }

    await store.send(.closeFromEffect)
    await store.finish()
    #expect(dismissals.withLock { $0 } == 1)
  }
}

extension Array {
  fileprivate var only: Element? { count == 1 ? first : nil }
}

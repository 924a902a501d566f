import Composable
import ComposableTesting
import Dependencies
import Testing

/// Captures the issues a store reports instead of failing the test.
private final class WarningRecorder: Sendable {
  struct Warning: Sendable {
    let message: String
    let location: Dependencies.SourceLocation
  }

  private let warnings = Lock<[Warning]>([])

  var reporter: IssueReporter {
    IssueReporter { message, location in
      self.warnings.withLock { $0.append(Warning(message: message, location: location)) }
    }
  }

  var all: [Warning] { warnings.withLock { $0 } }
}

private struct WarningChild: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable {
    case tap
    case rename(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

private struct WarningParent: Reducer {
  enum Screen: Equatable {
    case child(WarningChild.State)
    case settings(Int)
    case other
  }
  struct State: Equatable {
    var child: WarningChild.State?
    var rows: IdentifiedArrayOf<WarningChild.State> = []
    var screen = Screen.other
    var parentRuns = 0
  }
  enum Action: Equatable {
    case child(WarningChild.Action)
    case rows(IdentifiedAction<Int, WarningChild.Action>)
    case screen(WarningChild.Action)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.parentRuns += 1
    return .none
  }
}

extension CasePath where Root == WarningParent.Action {
  fileprivate static var warningChild: CasePath<Root, WarningChild.Action> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
  fileprivate static var warningRows: CasePath<Root, IdentifiedAction<Int, WarningChild.Action>> {
    .init(Root.rows) { if case let .rows(v) = $0 { v } else { nil } }
  }
  fileprivate static var warningScreen: CasePath<Root, WarningChild.Action> {
    .init(Root.screen) { if case let .screen(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == WarningParent.Screen {
  fileprivate static var warningChild: CasePath<Root, WarningChild.State> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
}

private enum WarningFeedAction: Equatable, Sendable {
  case load
  case failed(String)
}

private struct WarningError: Error, CustomStringConvertible {
  var description: String { "The server is down." }
}

@MainActor
@Suite struct RuntimeWarningTests {
  @Test func anIfLetWithoutItsChildWarnsAndRunsTheParent() async throws {
    let warnings = WarningRecorder()
    let line: UInt = #line + 3
    let store = TestStore(initialState: WarningParent.State()) {
      WarningParent()
        .ifLet(\.child, action: .warningChild) { WarningChild() }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.child(.tap)) { $0.parentRuns = 1 }

    let warning = try #require(warnings.all.only)
    #expect(warning.location.fileID.description == "ComposableTests/RuntimeWarningTests.swift")
    #expect(warning.location.line == line)
    #expect(
      warning.message == """
        An "ifLet" at "ComposableTests/RuntimeWarningTests.swift:\(line)" received an action when \
        its child state was nil:

          Action:
            WarningParent.Action.child(WarningChild.Action.tap)

        This usually means the child was dismissed or cleared while it could still send actions, \
        for example from an effect. Cancel the child's effects before setting its state to nil, or \
        make sure nothing sends child actions while there is no child.
        """
    )
  }

  @Test func anIfCaseLetInAnotherCaseWarnsNamingThatCase() async throws {
    let warnings = WarningRecorder()
    let line: UInt = #line + 4
    let store = TestStore(initialState: WarningParent.Screen.settings(3)) {
      // The screen itself is the state here; its actions are the child's, through `.identity`.
      EmptyReducer<WarningParent.Screen, WarningChild.Action>()
        .ifCaseLet(.warningChild, action: .identity) { WarningChild() }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.tap)

    let warning = try #require(warnings.all.only)
    #expect(warning.location.line == line)
    #expect(
      warning.message == """
        An "ifCaseLet" at "ComposableTests/RuntimeWarningTests.swift:\(line)" received an action \
        when its state held a different case:

          Action:
            WarningChild.Action.tap
          State:
            WarningParent.Screen.settings

        This usually means the state changed case while the child could still send actions, for \
        example from an effect. Make sure nothing sends child actions after the state leaves the \
        child's case.
        """
    )
  }

  @Test func anEnumScopeInAnotherCaseWarns() async throws {
    let warnings = WarningRecorder()
    let line: UInt = #line + 3
    let store = TestStore(initialState: WarningParent.State()) {
      Scope(state: \.screen, action: .warningScreen) {
        Scope(state: .warningChild, action: .identity) { WarningChild() }
      }
      WarningParent()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.screen(.tap)) { $0.parentRuns = 1 }

    let warning = try #require(warnings.all.only)
    #expect(warning.location.line == line)
    #expect(
      warning.message == """
        A "Scope" at "ComposableTests/RuntimeWarningTests.swift:\(line)" received an action when \
        its state held a different case:

          Action:
            WarningChild.Action.tap
          State:
            WarningParent.Screen.other

        A "Scope" over an enum state runs its child only while the state is in the child's case. \
        Make sure the parent does not change the case while the child can still send actions, for \
        example from an effect, or cancel the child's effects when it changes the case.
        """
    )
  }

  @Test func aForEachWithoutTheElementWarnsAndRunsTheParent() async throws {
    let warnings = WarningRecorder()
    let line: UInt = #line + 3
    let store = TestStore(initialState: WarningParent.State(rows: [WarningChild.State(id: 1)])) {
      WarningParent()
        .forEach(\.rows, action: .warningRows) { WarningChild() }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.rows(.element(id: 2, action: .tap))) { $0.parentRuns = 1 }

    let warning = try #require(warnings.all.only)
    #expect(warning.location.line == line)
    #expect(
      warning.message == """
        A "forEach" at "ComposableTests/RuntimeWarningTests.swift:\(line)" received an action for \
        an element that is not in the collection (id 2):

          Action:
            WarningParent.Action.rows(IdentifiedAction<Int, WarningChild.Action>.element(id: 2, action: WarningChild.Action.tap))

        This usually means the element was removed while it could still send actions, for example \
        from an effect, or an action was sent with a stale id.
        """
    )
  }

  @Test func textInsideAStringPayloadIsLeftAlone() async throws {
    let warnings = WarningRecorder()
    let store = TestStore(initialState: WarningParent.State()) {
      WarningParent()
        .ifLet(\.child, action: .warningChild) { WarningChild() }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.child(.rename(#"Swift.Composable. "Composable.Effect""#))) { $0.parentRuns = 1 }

    let warning = try #require(warnings.all.only)
    #expect(
      warning.message.contains(
        #"""

              Action:
                WarningParent.Action.child(WarningChild.Action.rename("Swift.Composable. \"Composable.Effect\""))

            """#
      )
    )
  }

  @Test func withoutAnOverrideATestStoreFailsTheTestOnAWarning() async {
    let store = TestStore(initialState: WarningParent.State()) {
      WarningParent()
        .ifLet(\.child, action: .warningChild) { WarningChild() }
    }
    await withKnownIssue {
      await store.send(.child(.tap)) { $0.parentRuns = 1 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("An \"ifLet\" at ") }
    }
  }

  @Test func aPlainStoreReportsToItsIssueReporterAndCarriesOn() {
    let warnings = WarningRecorder()
    let store = Store(initialState: WarningParent.State()) {
      WarningParent()
        .ifLet(\.child, action: .warningChild) { WarningChild() }
        .forEach(\.rows, action: .warningRows) { WarningChild() }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    store.send(.child(.tap))
    store.send(.rows(.element(id: 9, action: .tap)))
    #expect(store.state.parentRuns == 2)
    #expect(warnings.all.map { $0.message.prefix(13) } == ["An \"ifLet\" at", "A \"forEach\" a"])
  }

  @Test func aRunThatThrowsWithoutCatchWarnsNamingTheRun() async throws {
    let warnings = WarningRecorder()
    let line: UInt = #line + 5
    let store = TestStore(initialState: 0) {
      Reduce<Int, WarningFeedAction> { state, action in
        switch action {
        case .load:
          return .run { _ in throw WarningError() }
        case .failed:
          state += 1
          return .none
        }
      }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.load)
    await store.finish()

    let warning = try #require(warnings.all.only)
    #expect(warning.location.fileID.description == "ComposableTests/RuntimeWarningTests.swift")
    #expect(warning.location.line == line)
    #expect(
      warning.message == """
        An "Effect.run" threw an error that nothing handled:

          The server is down.

        Handle errors inside the operation, or pass a "catch:" handler that sends an action \
        describing the failure.
        """
    )
  }

  @Test func aRunThatThrowsWithCatchSendsTheFailureInstead() async {
    let warnings = WarningRecorder()
    let store = TestStore(initialState: 0) {
      Reduce<Int, WarningFeedAction> { state, action in
        switch action {
        case .load:
          return .run { _ in throw WarningError() } catch: { error, send in
            await send(.failed("\(error)"))
          }
        case .failed:
          state += 1
          return .none
        }
      }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.load)
    await store.receive(.failed("The server is down.")) { $0 = 1 }
    #expect(warnings.all.isEmpty)
  }
}

extension Array {
  /// The only element, or `nil` if there are none or several.
  fileprivate var only: Element? { count == 1 ? first : nil }
}

private struct WarningHost: Reducer {
  struct State: Equatable {
    @PresentationState var child: WarningChild.State?
    var parentRuns = 0
  }
  enum Action: Equatable {
    case child(PresentationAction<WarningChild.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.parentRuns += 1
      return .none
    }
    .ifLet(\.$child, action: .warningPresented) { WarningChild() }
  }
}

extension CasePath where Root == WarningHost.Action {
  fileprivate static var warningPresented: CasePath<Root, PresentationAction<WarningChild.Action>> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct PresentationWarningTests {
  @Test func anActionForAChildThatIsNotPresentedWarnsAndRunsTheParent() async throws {
    let warnings = WarningRecorder()
    let store = TestStore(initialState: WarningHost.State()) {
      WarningHost()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.child(.presented(.tap))) { $0.parentRuns = 1 }

    let warning = try #require(warnings.all.only)
    #expect(warning.location.fileID.description == "ComposableTests/RuntimeWarningTests.swift")
    #expect(
      warning.message == """
        An "ifLet" at "\(warning.location)" received an action when nothing was presented:

          Action:
            WarningHost.Action.child(PresentationAction<WarningChild.Action>.presented(WarningChild.Action.tap))

        This usually means the child was dismissed while it could still send actions, for example \
        from an effect, or that a view sent an action for a presentation that was already closed.
        """
    )
  }

  @Test func dismissingWhenNothingIsPresentedWarns() async throws {
    let warnings = WarningRecorder()
    let store = TestStore(initialState: WarningHost.State()) {
      WarningHost()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.child(.dismiss)) { $0.parentRuns = 1 }

    let warning = try #require(warnings.all.only)
    #expect(
      warning.message == """
        An "ifLet" at "\(warning.location)" received an action to dismiss its child when nothing \
        was presented:

          Action:
            WarningHost.Action.child(PresentationAction<WarningChild.Action>.dismiss)

        The presentation was already closed, for example by the parent setting it to nil. Dismiss \
        each presentation once.
        """
    )
  }
}

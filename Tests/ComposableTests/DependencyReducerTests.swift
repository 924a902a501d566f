import Composable
import ComposableTesting
import Dependencies
import Testing

private enum DependencyReducerGreetingKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var dependencyReducerGreeting: String {
    get { self[DependencyReducerGreetingKey.self] }
    set { self[DependencyReducerGreetingKey.self] = newValue }
  }
}

/// Records the greeting it sees, in the reducer and from inside its effects.
private enum DependencyReducerNoTestValueKey: DependencyKey {
  static let liveValue = "live only"
}

extension DependencyValues {
  fileprivate var dependencyReducerNoTestValue: String {
    get { self[DependencyReducerNoTestValueKey.self] }
    set { self[DependencyReducerNoTestValueKey.self] = newValue }
  }
}

/// Records the value of a key that has no test value.
private struct LiveOnlyReader: Reducer {
  struct State: Equatable { var seen: [String] = [] }
  enum Action: Equatable { case read }

  @Dependency(\.dependencyReducerNoTestValue) var value

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.seen.append(value)
    return .none
  }
}

private struct Greeter: Reducer {
  struct State: Equatable {
    var greetings: [String] = []
  }
  enum Action: Equatable {
    case greet
    case greetLater
    case greetInEveryKindOfEffect
    case greeted(String)
  }
  enum CancelID: Hashable, Sendable { case greeting }

  @Dependency(\.dependencyReducerGreeting) var greeting

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet:
      state.greetings.append(greeting)
      return .none
    case .greetLater:
      return .run { send in
        // Read inside the effect, not captured by the reducer.
        @Dependency(\.dependencyReducerGreeting) var greeting
        await send(.greeted(greeting))
      }
    case .greetInEveryKindOfEffect:
      return .concatenate(
        .run { send in
          @Dependency(\.dependencyReducerGreeting) var greeting
          await send(.greeted("concatenated \(greeting)"))
        },
        .merge(
          .run { send in
            @Dependency(\.dependencyReducerGreeting) var greeting
            await send(.greeted("merged \(greeting)"))
          }
        ),
        .run { send in
          @Dependency(\.dependencyReducerGreeting) var greeting
          await send(.greeted("cancellable \(greeting)"))
        }
        .cancellable(id: CancelID.greeting),
        .run { send in
          @Dependency(\.dependencyReducerGreeting) var greeting
          await send(.greeted("mapped \(greeting)"))
        }
        .map { $0 }
      )
    case let .greeted(greeting):
      state.greetings.append(greeting)
      return .none
    }
  }
}

/// A parent whose child, in a `Scope`, greets.
private struct GreeterParent: Reducer {
  struct State: Equatable {
    var greeter = Greeter.State()
  }
  enum Action: Equatable {
    case greeter(Greeter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.greeter, action: .dependencyReducerGreeter) { Greeter() }
  }
}

extension CasePath where Root == GreeterParent.Action {
  fileprivate static var dependencyReducerGreeter: CasePath<Root, Greeter.Action> {
    .init(Root.greeter) { if case let .greeter(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct DependencyReducerTests {
  @Test func withoutAnOverrideTheStoresValueIsSeen() async {
    let store = TestStore(initialState: Greeter.State()) { Greeter() }
    await store.send(.greet) { $0.greetings = ["test"] }
    await store.send(.greetLater)
    await store.receive(.greeted("test")) { $0.greetings.append("test") }
  }

  @Test func overridingAKeyWithoutATestValueIsNotReportedAsUsingIt() async {
    // A test store fails on any reported issue, so reaching the end proves none was reported.
    let store = TestStore(initialState: LiveOnlyReader.State()) {
      LiveOnlyReader().dependency(\.dependencyReducerNoTestValue, "overridden")
    }
    await store.send(.read) { $0.seen = ["overridden"] }
  }

  @Test func theReducerSeesTheOverride() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().dependency(\.dependencyReducerGreeting, "overridden")
    }
    await store.send(.greet) { $0.greetings = ["overridden"] }
  }

  @Test func itsRunEffectsSeeTheOverride() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().dependency(\.dependencyReducerGreeting, "overridden")
    }
    await store.send(.greetLater)
    await store.receive(.greeted("overridden")) { $0.greetings = ["overridden"] }
  }

  @Test func concatenatedMergedCancellableAndMappedEffectsSeeTheOverride() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().dependency(\.dependencyReducerGreeting, "overridden")
    }
    await store.send(.greetInEveryKindOfEffect)
    for greeting in ["concatenated", "merged", "cancellable", "mapped"] {
      await store.receive(.greeted("\(greeting) overridden")) {
        $0.greetings.append("\(greeting) overridden")
      }
    }
  }

  @Test func aPlainStoresEffectsSeeTheOverride() async {
    let store = Store(initialState: Greeter.State()) {
      Greeter().dependency(\.dependencyReducerGreeting, "overridden")
    } withDependencies: {
      $0.dependencyReducerGreeting = "store"
    }
    store.send(.greet)
    await store.send(.greetLater).finish()
    #expect(store.state.greetings == ["overridden", "overridden"])
  }

  @Test func theOverrideDoesNotLeakToSiblings() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().dependency(\.dependencyReducerGreeting, "overridden")
      Greeter()
    } withDependencies: {
      $0.dependencyReducerGreeting = "store"
    }
    await store.send(.greet) { $0.greetings = ["overridden", "store"] }
  }

  @Test func theOverrideDoesNotLeakToTheEffectsOfSiblings() async {
    let store = Store(initialState: Greeter.State()) {
      Greeter().dependency(\.dependencyReducerGreeting, "overridden")
      Greeter()
    } withDependencies: {
      $0.dependencyReducerGreeting = "store"
    }
    // Two effects run at the same time; both reducers record each greeting either sends.
    await store.send(.greetLater).finish()
    #expect(store.state.greetings.sorted() == ["overridden", "overridden", "store", "store"])
  }

  @Test func theInnermostOverrideWins() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter()
        .dependency(\.dependencyReducerGreeting, "inner")
        .dependency(\.dependencyReducerGreeting, "outer")
    }
    await store.send(.greet) { $0.greetings = ["inner"] }
    await store.send(.greetLater)
    await store.receive(.greeted("inner")) { $0.greetings.append("inner") }
  }

  @Test func aScopedChildAndItsEffectsSeeTheParentsOverride() async {
    let store = TestStore(initialState: GreeterParent.State()) {
      GreeterParent().dependency(\.dependencyReducerGreeting, "parent's")
    }
    await store.send(.greeter(.greet)) { $0.greeter.greetings = ["parent's"] }
    await store.send(.greeter(.greetLater))
    await store.receive(.greeter(.greeted("parent's"))) { $0.greeter.greetings.append("parent's") }
  }
}

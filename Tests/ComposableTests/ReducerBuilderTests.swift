import Composable
import ComposableTesting
import Dependencies
import Testing

private struct BuilderState: Equatable {
  var log: [String] = []
}

private enum BuilderAction: Equatable {
  case go
  case echo(String)
}

/// Logs `name` for `.go` and answers with `.echo(name)`; ignores everything else.
private func builderStep(_ name: String) -> Reduce<BuilderState, BuilderAction> {
  Reduce { state, action in
    guard action == .go else { return .none }
    state.log.append(name)
    return .send(.echo(name))
  }
}

/// Logs every echo, so that the order in which merged effects deliver them shows in the state.
private func builderEchoes() -> Reduce<BuilderState, BuilderAction> {
  Reduce { state, action in
    if case let .echo(name) = action { state.log.append("echo \(name)") }
    return .none
  }
}

private struct BuilderSequence: Reducer {
  typealias State = BuilderState
  typealias Action = BuilderAction

  var body: some ReducerOf<Self> {
    builderStep("a")
    builderStep("b")
    Reduce { state, action in
      // Runs on the state the reducers above left.
      if action == .go { state.log.append("c saw \(state.log.count)") }
      return .none
    }
    builderEchoes()
  }
}

private struct BuilderControlFlow: Reducer {
  typealias State = BuilderState
  typealias Action = BuilderAction

  enum Mode { case first, second, third }

  let flag: Bool
  let mode: Mode
  let names: [String]
  let extra: Reduce<BuilderState, BuilderAction>?

  var body: some ReducerOf<Self> {
    if flag {
      builderStep("if")
    } else {
      builderStep("else")
    }
    if flag {
      builderStep("optional")
    }
    switch mode {
    case .first: builderStep("switch first")
    case .second: builderStep("switch second")
    case .third: EmptyReducer()
    }
    for name in names {
      builderStep(name)
    }
    extra
  }
}

@MainActor
@Suite struct ReducerBuilderTests {
  @Test func childrenRunTopToBottomOnTheSameStateAndTheirEffectsAreMergedInOrder() async {
    let store = TestStore(initialState: BuilderState()) { BuilderSequence() }
    await store.send(.go) { $0.log = ["a", "b", "c saw 2"] }
    await store.receive(.echo("a")) { $0.log.append("echo a") }
    await store.receive(.echo("b")) { $0.log.append("echo b") }
  }

  @Test func mergedSynchronousEffectsAreProcessedBeforeSendReturns() {
    let store = Store(initialState: BuilderState()) { BuilderSequence() }
    store.send(.go)
    #expect(store.state.log == ["a", "b", "c saw 2", "echo a", "echo b"])
  }

  @Test func ifElseOptionalSwitchAndForAllWork() async {
    let store = TestStore(initialState: BuilderState()) {
      BuilderControlFlow(flag: true, mode: .second, names: ["x", "y"], extra: builderStep("extra"))
    }
    let expected = ["if", "optional", "switch second", "x", "y", "extra"]
    await store.send(.go) { $0.log = expected }
    for name in expected {
      await store.receive(.echo(name))
    }
  }

  @Test func theOtherBranchesWork() {
    let store = Store(initialState: BuilderState()) {
      BuilderControlFlow(flag: false, mode: .first, names: [], extra: nil)
    }
    store.send(.go)
    #expect(store.state.log == ["else", "switch first"])

    let third = Store(initialState: BuilderState()) {
      BuilderControlFlow(flag: false, mode: .third, names: ["only"], extra: nil)
    }
    third.send(.go)
    #expect(third.state.log == ["else", "only"])
  }

  @Test func anEmptyBuilderIsAnEmptyReducer() async {
    let store = Store<BuilderState, BuilderAction>(initialState: BuilderState()) {}
    await store.send(.go).finish()
    #expect(store.state == BuilderState())
  }

  @Test func emptyReducerChangesNothingAndReturnsNoEffect() {
    var state = BuilderState(log: ["kept"])
    let effect = EmptyReducer<BuilderState, BuilderAction>().reduce(into: &state, action: .go)
    #expect(effect.isNone)
    #expect(state.log == ["kept"])
  }

  @Test func combineReducersRunsItsReducersInOrder() {
    let store = Store(initialState: BuilderState()) {
      CombineReducers {
        builderStep("one")
        builderStep("two")
      }
      builderStep("three")
      builderEchoes()
    }
    store.send(.go)
    #expect(store.state.log == ["one", "two", "three", "echo one", "echo two", "echo three"])
  }

  @Test func reduceCanWrapAnotherReducer() {
    let erased = Reduce(BuilderSequence())
    var state = BuilderState()
    let effect = erased.reduce(into: &state, action: .go)
    #expect(state.log == ["a", "b", "c saw 2"])
    #expect(!effect.isNone)
  }

  @Test func anOptionalReducerRunsOnlyWhenPresent() {
    var state = BuilderState()
    let present: Reduce<BuilderState, BuilderAction>? = builderStep("present")
    let absent: Reduce<BuilderState, BuilderAction>? = nil
    #expect(!present.reduce(into: &state, action: .go).isNone)
    #expect(absent.reduce(into: &state, action: .go).isNone)
    #expect(state.log == ["present"])
  }
}

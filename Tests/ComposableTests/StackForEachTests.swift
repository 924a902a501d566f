import Composable
import ComposableTesting
import Dependencies
import Testing

@MainActor
@Suite struct StackForEachTests {
  @Test func anElementRunsBeforeTheParent() async {
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    }
    await store.send(.path(.element(id: 1, action: .increment))) {
      $0.path[id: 1]?.count = 1
      $0.log = ["#1 at 1"]
    }
    await store.send(.path(.element(id: 0, action: .increment))) {
      $0.path[id: 0]?.count = 1
      $0.log.append("#0 at 1")
    }
  }

  @Test func theParentPushesUnderIdsNumberedInOrder() async {
    let store = TestStore(initialState: StackNavigator.State()) { StackNavigator() }
    await store.send(.push("a")) { $0.path.append(StackScreen.State(name: "a")) }
    await store.send(.push("b")) { $0.path = stackOf("a", "b") }
    await store.send(.popLast) { $0.path.removeLast() }
    await store.send(.push("c")) {
      // #1 is not given again.
      $0.path[id: 2] = StackScreen.State(name: "c")
    }
    #expect(store.state.path.ids == [0, 2])
  }

  @Test func aPushActionPushesBeforeTheParentRuns() async {
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a"))) { StackNavigator() }
    await store.send(.path(.push(id: 1, state: StackScreen.State(name: "b")))) {
      $0.path[id: 1] = StackScreen.State(name: "b")
      $0.log = ["pushed b as #1 of 2"]
    }
    // Any later id will do; the counter moves past it.
    await store.send(.path(.push(id: 5, state: StackScreen.State(name: "c")))) {
      $0.path[id: 5] = StackScreen.State(name: "c")
      $0.log.append("pushed c as #5 of 3")
    }
    await store.send(.push("d")) { $0.path[id: 6] = StackScreen.State(name: "d") }
  }

  @Test func aPushUnderAnIdAlreadySeenWarnsAndPushesNothing() async throws {
    let warnings = StackWarnings()
    let line: UInt = #line + 3
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      EmptyReducer<StackNavigator.State, StackNavigator.Action>()
        .forEach(\.path, action: .stackPath) { StackScreen() }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.path(.popFrom(id: 1))) { $0.path = stackOf("a") }
    await store.send(.path(.push(id: 1, state: StackScreen.State(name: "again"))))
    await store.send(.path(.push(id: 0, state: StackScreen.State(name: "twice"))))
    #expect(store.state.path == stackOf("a"))

    #expect(warnings.all.map(\.line) == [line, line])
    #expect(
      warnings.all.first?.message == """
        A "forEach" at "ComposableTests/StackForEachTests.swift:\(line)" received an action to push \
        an element under an id that is not greater than every id the stack has held (id #1):

          Action:
            StackNavigator.Action.path(StackAction<StackScreen.State, StackScreen.Action>.push(id: #1, state: StackScreen.State(name: "again", count: 0, ticks: 0)))

        Ids are never reused after a pop: push under the stack's "nextID" (#2 now) or later. \
        Nothing was pushed.
        """
    )
    #expect(warnings.all.last?.message.contains("under an id the stack already holds (id #0)") == true)
  }

  @Test func anActionForAnElementThatIsGoneWarnsNamingItAndRunsTheParent() async throws {
    let warnings = StackWarnings()
    let line: UInt = #line + 3
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a"))) {
      EmptyReducer<StackNavigator.State, StackNavigator.Action>()
        .forEach(\.path, action: .stackPath) { StackScreen() }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.path(.element(id: 3, action: .increment)))
    await store.send(.path(.popFrom(id: 3)))
    #expect(store.state.path == stackOf("a"))

    #expect(warnings.all.map(\.line) == [line, line])
    #expect(
      warnings.all.first?.message == """
        A "forEach" at "ComposableTests/StackForEachTests.swift:\(line)" received an action for an \
        element that is not in the stack (id #3):

          Action:
            StackNavigator.Action.path(StackAction<StackScreen.State, StackScreen.Action>.element(id: #3, action: StackScreen.Action.increment))

        This usually means the element was popped while it could still send actions, for example \
        from an effect, or an action was sent with a stale id.
        """
    )
    #expect(warnings.all.last?.message.contains("to pop from an element that is not in the stack (id #3)") == true)
  }

  @Test func popFromPopsTheElementAndThoseAboveItAndEndsTheirEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b", "c"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await store.send(.path(.element(id: 2, action: .startTimer)))

    await store.send(.path(.popFrom(id: 1))) {
      $0.log = ["pop from #1 of 3"]
      $0.path = stackOf("a")
    }
    await clock.advance(by: .seconds(1))
    // Only #0's timer is left.
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.popToRoot) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anElementsDismissPopsItAndEndsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .closeButtonTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.log = ["pop from #1 of 2"]
      $0.path = stackOf("a")
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func theParentPoppingEndsThePoppedElementsEffectsOnly() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await store.send(.popLast) { $0.path = stackOf("a") }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.popLast) { $0.path.removeAll() }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}

import Composable
import ComposableTesting
import Dependencies
import Testing

/// Pushes and pops from effects, from an element's `dismiss()` and from the parent, in the same
/// batch of actions: the stack ends with exactly the elements its state says, in order, and no
/// popped element's effect ever sends again (an exhaustive store fails on any action it did not
/// expect, and `finish` on any effect still running). TCA's issues #3450 and #3653.
@MainActor
@Suite struct StackConsistencyTests {
  @Test func theParentPoppingAnElementInAnswerToItBeatsTheElementsOwnDismiss() async {
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    }
    // The element tells its parent, which pops it; the `dismiss()` that follows in the same
    // effect was cancelled with it, so no `.popFrom` arrives.
    await store.send(.path(.element(id: 1, action: .tellParentThenClose)))
    await store.receive(.path(.element(id: 1, action: .delegate(.done)))) {
      $0.log = ["#1 done"]
      $0.path = stackOf("a")
    }
    await store.finish()
  }

  @Test func anElementDismissingRightAfterAPushAboveItPopsBoth() async {
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    }
    await store.send(.path(.element(id: 0, action: .pushThenClose)))
    await store.receive(.path(.element(id: 0, action: .delegate(.pushAnother)))) {
      $0.path.append(StackScreen.State(name: "pushed"))
    }
    await store.receive(.path(.popFrom(id: 0))) {
      $0.log = ["pop from #0 of 3"]
      $0.path.removeAll()
    }
    await store.send(.push("c")) { $0.path[id: 3] = StackScreen.State(name: "c") }
  }

  @Test func anElementBelowTheTopDismissingEndsTheEffectsOfThoseAboveIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b", "c"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 2, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .closeButtonTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.log = ["pop from #1 of 3"]
      $0.path = stackOf("a")
    }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aPushAndADismissFromEffectsAtDifferentTimes() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.pushLater("b"))
    await store.send(.path(.element(id: 0, action: .closeLater)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.push(id: 1, state: StackScreen.State(name: "b")))) {
      $0.path[id: 1] = StackScreen.State(name: "b")
      $0.log = ["pushed b as #1 of 2"]
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .milliseconds(500))
    // #0 closes itself, popping #1 too: #1's timer ends with it, before its first tick.
    await store.receive(.path(.popFrom(id: 0))) {
      $0.log.append("pop from #0 of 2")
      $0.path.removeAll()
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aPushFromAnEffectWhoseIdWasTakenMeanwhileWarnsAndPushesNothing() async {
    let clock = TestClock()
    let warnings = StackWarnings()
    let store = TestStore(initialState: StackNavigator.State()) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
      $0.issueReporter = warnings.reporter
    }
    await store.send(.pushLater("late"))
    await store.send(.push("now")) { $0.path = stackOf("now") }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.push(id: 0, state: StackScreen.State(name: "late")))) {
      // The parent still runs; the stack keeps its one element.
      $0.log = ["pushed late as #0 of 1"]
    }
    #expect(store.state.path == stackOf("now"))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.message.contains("under an id the stack already holds (id #0)") == true)
  }

  @Test func poppingAndPushingInOneActionEndsOnlyThePoppedElement() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.popAndPush("b")) {
      $0.path.removeLast()
      $0.path.append(StackScreen.State(name: "b"))
    }
    #expect(store.state.path.ids == [1])
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.popLast) { $0.path.removeAll() }
    await store.finish()
  }

  @Test func assigningANewStackEndsEveryOldElementEvenUnderARepeatedId() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    // The new stack's "new" is #0 too, but it is not the element whose timer runs.
    await store.send(.replaceStack(["new"])) { $0.path = stackOf("new") }
    await clock.advance(by: .seconds(2))
    // The old counter carries over: the next push does not take #1 again.
    await store.send(.push("c")) { $0.path[id: 2] = StackScreen.State(name: "c") }
    await store.send(.popToRoot) { $0.path.removeAll() }
    await store.finish()
  }

  @Test func anElementDismissingTwiceIsPoppedOnce() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 1, action: .closeTwice)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.log = ["pop from #1 of 2"]
      $0.path = stackOf("a")
    }
    // The second dismissal's effect ended with the element: nothing more arrives.
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(store.state.path.ids == [0])
  }

  @Test func aPopFromSentAgainByHandWarnsInsteadOfCrashing() async {
    let warnings = StackWarnings()
    let store = TestStore(initialState: StackNavigator.State(path: stackOf("a", "b"))) {
      StackNavigator()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.log = ["pop from #1 of 2"]
      $0.path = stackOf("a")
    }
    await store.send(.path(.popFrom(id: 1))) { $0.log.append("pop from #1 of 1") }
    await store.send(.path(.element(id: 1, action: .increment))) { $0.log.append("#1 at -1") }
    #expect(store.state.path == stackOf("a"))
    #expect(warnings.all.count == 2)
  }
}

import Composable
import ComposableTesting
import Dependencies
import Testing

private struct EffectLog: Equatable {
  var log: [String] = []
}

private enum EffectChildAction: Equatable, Sendable {
  case ping(Int)
}

private enum EffectAction: Equatable, Sendable {
  case start
  case stop
  case step(String)
  case failed(String)
  case child(EffectChildAction)
}

private enum EffectCancelID: Hashable, Sendable {
  case work
}

private struct EffectTestError: Error {
  let message: String
}

/// A reducer that logs every action it receives, then returns `effect(action)`.
private func effectLogger(
  _ effect: @escaping (EffectAction) -> Effect<EffectAction>
) -> Reduce<EffectLog, EffectAction> {
  Reduce { state, action in
    switch action {
    case .start: state.log.append("start")
    case .stop: state.log.append("stop")
    case let .step(name): state.log.append(name)
    case let .failed(message): state.log.append("failed: \(message)")
    case let .child(.ping(value)): state.log.append("ping \(value)")
    }
    return effect(action)
  }
}

@MainActor
@Suite struct EffectTests {
  // MARK: - none and send

  @Test func noneDoesNothing() async {
    let store = Store(initialState: EffectLog()) { effectLogger { _ in .none } }
    await store.send(.start).finish()
    #expect(store.state.log == ["start"])
    #expect(Effect<EffectAction>.none.isNone)
    #expect(Effect<EffectAction>.merge(.none, .none).isNone)
    #expect(Effect<EffectAction>.concatenate(.none, .none).isNone)
    #expect(Effect<EffectAction>.none.cancellable(id: EffectCancelID.work).isNone)
    #expect(Effect<EffectAction>.none.map { $0 }.isNone)
  }

  @Test func sendIsProcessedBeforeSendReturns() {
    let store = Store(initialState: EffectLog()) {
      effectLogger { action in action == .start ? .send(.step("sent")) : .none }
    }
    store.send(.start)
    #expect(store.state.log == ["start", "sent"])
  }

  @Test func nestedSendsAndMergesRunBreadthFirst() async {
    func effect(_ action: EffectAction) -> Effect<EffectAction> {
      switch action {
      case .start:
        return .merge(.send(.step("a")), .merge(.send(.step("b")), .send(.step("c"))))
      case .step("a"):
        return .send(.step("a1"))
      case .step("b"):
        return .merge(.send(.step("b1")), .send(.step("b2")))
      case .step("b1"):
        return .send(.step("b1x"))
      default:
        return .none
      }
    }
    let expected = ["start", "a", "b", "c", "a1", "b1", "b2", "b1x"]

    let store = Store(initialState: EffectLog()) { effectLogger(effect) }
    store.send(.start)
    #expect(store.state.log == expected)

    let testStore = TestStore(initialState: EffectLog()) { effectLogger(effect) }
    await testStore.send(.start) { $0.log = ["start"] }
    for name in expected.dropFirst() {
      await testStore.receive(.step(name)) { $0.log.append(name) }
    }
  }

  // MARK: - run

  @Test func runRunsOnItsOwnTaskAndSendsBack() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        guard action == .start else { return .none }
        let values = feeds.stream("run")
        return .run { send in
          for await value in values {
            await send(.step("heard \(value)"))
            return
          }
        }
      }
    }
    // `send` returns while the effect waits: it runs on a task of its own.
    await store.send(.start) { $0.log = ["start"] }
    feeds.send(1, to: "run")
    await store.receive(.step("heard 1")) { $0.log.append("heard 1") }
  }

  @Test func sendAfterCancellationDoesNothing() async {
    let tried = Log()
    let store = Store(initialState: EffectLog()) {
      effectLogger { action in
        switch action {
        case .start:
          return .run { send in
            await waitForCancellation()
            await send(.step("after cancellation"))
            tried.append("sent after cancellation")
          }
          .cancellable(id: EffectCancelID.work)
        case .stop:
          return .cancel(id: EffectCancelID.work)
        default:
          return .none
        }
      }
    }
    let task = store.send(.start)
    store.send(.stop)
    await task.finish()
    #expect(tried.all == ["sent after cancellation"])
    #expect(store.state.log == ["start", "stop"])
  }

  @Test func sendAfterTheStoreTaskIsCancelledDoesNothing() async {
    let tried = Log()
    let store = Store(initialState: EffectLog()) {
      effectLogger { action in
        guard action == .start else { return .none }
        return .run { send in
          await waitForCancellation()
          await send(.step("after cancellation"))
          tried.append("sent after cancellation")
        }
      }
    }
    let task = store.send(.start)
    task.cancel()
    await task.finish()
    #expect(tried.all == ["sent after cancellation"])
    #expect(store.state.log == ["start"])
  }

  @Test func catchReceivesTheErrorAndSendsTheFailure() async {
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        guard action == .start else { return .none }
        return .run { _ in
          throw EffectTestError(message: "no network")
        } catch: { error, send in
          await send(.failed((error as? EffectTestError)?.message ?? "\(error)"))
        }
      }
    }
    // The test store fails the test on any reported issue: none is reported here.
    await store.send(.start) { $0.log = ["start"] }
    await store.receive(.failed("no network")) { $0.log.append("failed: no network") }
  }

  @Test func cancellationIsNeitherReportedNorCaught() async {
    let caught = Log()
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        switch action {
        case .start:
          return .merge(
            .run { _ in
              await waitForCancellation()
              try Task.checkCancellation()
            },
            .run { _ in
              await waitForCancellation()
              try Task.checkCancellation()
            } catch: { error, _ in
              caught.append("\(error)")
            }
          )
          .cancellable(id: EffectCancelID.work)
        case .stop:
          return .cancel(id: EffectCancelID.work)
        default:
          return .none
        }
      }
    }
    // The test store's issue reporter fails the test if the cancellation is reported.
    await store.send(.start) { $0.log = ["start"] }
    await store.send(.stop) { $0.log.append("stop") }
    await store.finish()
    #expect(caught.all.isEmpty)
  }

  // MARK: - merge

  @Test func mergeRunsEffectsAtTheSameTime() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        guard action == .start else { return .none }
        let values = feeds.stream("first")
        return .merge(
          // The first waits for the second: run one after the other, they would never end.
          .run { send in
            for await _ in values {
              await send(.step("first heard second"))
              return
            }
          },
          .run { send in
            await send(.step("second started"))
            feeds.send(1, to: "first")
          }
        )
      }
    }
    await store.send(.start) { $0.log = ["start"] }
    await store.receive(.step("second started")) { $0.log.append("second started") }
    await store.receive(.step("first heard second")) { $0.log.append("first heard second") }
  }

  // MARK: - concatenate

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        switch action {
        case .start:
          let values = feeds.stream("first")
          return .concatenate(
            .run { send in
              for await _ in values {
                await send(.step("first"))
                return
              }
            },
            .send(.step("second")),
            .run { send in await send(.step("third")) }
          )
        case .step("first"):
          // Part of the first effect: processed before the second starts.
          return .send(.step("first follow-up"))
        default:
          return .none
        }
      }
    }
    await store.send(.start) { $0.log = ["start"] }
    feeds.send(1, to: "first")
    for name in ["first", "first follow-up", "second", "third"] {
      await store.receive(.step(name)) { $0.log.append(name) }
    }
  }

  @Test func aCancelledConcatenationStartsNoMoreEffects() async {
    let log = Log()
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        switch action {
        case .start:
          return .concatenate(
            .run { send in
              await send(.step("first started"))
              await waitForCancellation()
              log.append("first cancelled")
            },
            .run { _ in log.append("second started") }
          )
          .cancellable(id: EffectCancelID.work)
        case .stop:
          return .cancel(id: EffectCancelID.work)
        default:
          return .none
        }
      }
    }
    await store.send(.start) { $0.log = ["start"] }
    await store.receive(.step("first started")) { $0.log.append("first started") }
    await store.send(.stop) { $0.log.append("stop") }
    // Waits for every effect: had the second run at the same time as the first, or after it
    // was cancelled, it would have logged by now.
    await store.finish()
    #expect(log.all == ["first cancelled"])
  }

  // MARK: - map

  @Test func mapEmbedsTheActionsOfEveryKindOfEffect() async {
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        guard action == .start else { return .none }
        let childEffect = Effect<EffectChildAction>.merge(
          .send(.ping(1)),
          .concatenate(
            .run { send in await send(.ping(2)) },
            .send(.ping(3))
          )
        )
        return childEffect.map(EffectAction.child)
      }
    }
    await store.send(.start) { $0.log = ["start"] }
    for value in 1...3 {
      await store.receive(.child(.ping(value))) { $0.log.append("ping \(value)") }
    }
  }

  @Test func aMappedCancellableEffectKeepsItsID() async {
    let log = Log()
    let store = Store(initialState: EffectLog()) {
      effectLogger { action in
        switch action {
        case .start:
          return Effect<EffectChildAction>.run { _ in
            await waitForCancellation()
            log.append("child effect cancelled")
          }
          .cancellable(id: EffectCancelID.work)
          .map(EffectAction.child)
        case .stop:
          return .cancel(id: EffectCancelID.work)
        default:
          return .none
        }
      }
    }
    let task = store.send(.start)
    store.send(.stop)
    await task.finish()
    #expect(log.all == ["child effect cancelled"])
  }

  // MARK: - cancellable

  @Test func anIDAndTheSameIDWrappedInAnEffectIDNameTheSameEffects() async {
    let log = Log()
    let store = TestStore(initialState: EffectLog()) {
      effectLogger { action in
        switch action {
        case .step("plain id"):
          return .run { _ in
            await waitForCancellation()
            log.append("plain id cancelled")
          }
          .cancellable(id: EffectCancelID.work)
        case .step("effect id"):
          return .run { _ in
            await waitForCancellation()
            log.append("effect id cancelled")
          }
          .cancellable(id: EffectID(EffectCancelID.work))
        case .stop:
          return .merge(
            .cancel(id: EffectID(EffectCancelID.work)),
            .cancel(ids: [EffectID(EffectCancelID.work)])
          )
        default:
          return .none
        }
      }
    }
    await store.send(.step("plain id")) { $0.log = ["plain id"] }
    await store.send(.step("effect id")) { $0.log.append("effect id") }
    await store.send(.stop) { $0.log.append("stop") }
    await store.finish()
    #expect(Set(log.all) == ["plain id cancelled", "effect id cancelled"])
  }
}

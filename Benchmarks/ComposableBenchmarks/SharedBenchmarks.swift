import Composable
import Dependencies
import Dispatch

/// A feature that counts in a shared value.
struct SharedCounter: Reducer {
  struct State { @Shared var count: Int }
  enum Action { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 &+= 1 }
    return .none
  }
}

/// A shared write seen by two holders, against the floor and a plain root send of the same run.
@MainActor
func runShared() {
  print(String(repeating: "-", count: 86))
  let mviCounter = MVICounterStore()
  let increment = opaque(MVICounterStore.Intent.increment)
  let counter = Store(initialState: Counter.State()) { Counter() }
  let counterIncrement = opaque(Counter.Action.increment)
  let count = Shared(0)
  let writer = Store(initialState: SharedCounter.State(count: count)) { SharedCounter() }
  let reader = Store(initialState: SharedCounter.State(count: count)) { SharedCounter() }
  let sharedIncrement = opaque(SharedCounter.Action.increment)
  // The same, with the second store observing: two root stores of one tree, so that each write
  // is compared with the value before it and counted for the observer (whose delivery, a task on
  // the main actor, is scheduled once here: this loop never lets it run).
  let tree = SharedContainer()
  let observedWriter = Store(initialState: SharedCounter.State(count: Shared(0))) {
    SharedCounter()
  } withDependencies: {
    $0.sharedContainer = tree
  }
  let observer = Store(initialState: observedWriter.state) { SharedCounter() } withDependencies: {
    $0.sharedContainer = tree
  }
  let subscription = observer.observe { _ in }
  var seen = 0
  let times = measureInterleaved([
    Workload(name: "floor counter", iterations: 10_000_000) { n in for _ in 0..<n { mviCounter.send(increment) } },
    Workload(name: "root", iterations: 2_000_000) { n in for _ in 0..<n { tap(counter, counterIncrement) } },
    Workload(name: "shared", iterations: 2_000_000) { n in
      for _ in 0..<n {
        tap(writer, sharedIncrement)
        seen &+= reader.state.count
      }
    },
    Workload(name: "shared observed", iterations: 2_000_000) { n in
      for _ in 0..<n {
        tap(observedWriter, sharedIncrement)
        seen &+= observer.state.count
      }
    },
  ])
  blackHole((mviCounter.count, seen, subscription))
  report("MVI floor: counter send", times[0])
  report("root send (counter)", times[1], floor: times[0])
  report("shared write by one store, read by a second holder", times[2], floor: times[0])
  print("\("  the same, against a root send".padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(repeating: " ", count: 10))   \(String(format: "%6.2fx", times[2] / times[1]))")
  report("the same, a store of the tree observing", times[3], floor: times[0])
  print("\("  the same, against no store observing".padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(repeating: " ", count: 10))   \(String(format: "%6.2fx", times[3] / times[2]))")
}

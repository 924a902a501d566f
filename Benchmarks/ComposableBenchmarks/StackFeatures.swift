// A navigation stack of 100 screens (`StackState`, `forEach(\.path, action: .path)`): what a
// push, a pop and a send to the top screen cost, against the floor and against a send to an
// `ifLet` child (`IfLetFeatures.swift`), the other way a parent runs one child.
import Composable
import Dispatch

struct StackParent: Reducer {
  struct State { var path = StackState<Counter.State>() }
  enum Action { case pushButtonTapped, path(StackAction<Counter.State, Counter.Action>) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .pushButtonTapped = action { state.path.append(Counter.State()) }
      return .none
    }
    .forEach(\.path, action: .path) { Counter() }
  }
}
extension CasePath where Root == StackParent.Action {
  static var path: CasePath<Root, StackAction<Counter.State, Counter.Action>> {
    .init(Root.path) { if case let .path(v) = $0 { v } else { nil } }
  }
}

/// The depth of the stacks measured.
let stackDepth = 100

/// A store holding a stack of ``stackDepth`` screens, `#0` to `#99`.
@MainActor
func makeStackStore() -> Store<StackParent.State, StackParent.Action> {
  Store(initialState: StackParent.State(path: StackState((0..<stackDepth).map { _ in Counter.State() }))) {
    StackParent()
  }
}

/// Pushes and pops on a stack of ``stackDepth`` screens, in batches of ``stackDepth`` (the stack
/// goes from 100 to 200 screens and back), timing pushes and pops apart: one round of
/// `measureInterleaved` is one call of ``run(_:)``.
@MainActor
final class StackCycle {
  let store = makeStackStore()
  let push = opaque(StackParent.Action.pushButtonTapped)
  /// The generation of the next push's id.
  private var next = stackDepth
  /// The best time of each phase seen, in ns per operation.
  private(set) var bestPush = Double.infinity
  private(set) var bestPop = Double.infinity

  /// Runs about `operations` pushes and as many pops.
  func run(_ operations: Int) {
    var pushTime: UInt64 = 0
    var popTime: UInt64 = 0
    let batches = max(1, operations / stackDepth)
    for _ in 0..<batches {
      let first = next
      var start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<stackDepth { tap(store, push) }
      pushTime += DispatchTime.now().uptimeNanoseconds - start
      next += stackDepth
      start = DispatchTime.now().uptimeNanoseconds
      // The top screen each time, as a back button pops it.
      for generation in (first..<next).reversed() {
        tap(store, .path(.popFrom(id: StackElementID(integerLiteral: generation))))
      }
      popTime += DispatchTime.now().uptimeNanoseconds - start
    }
    let count = Double(batches * stackDepth)
    bestPush = min(bestPush, Double(pushTime) / count)
    bestPop = min(bestPop, Double(popTime) / count)
  }
}

/// `BENCH_ONLY=push|stacktop|ifletchild`: pushes and pops, sends to the top screen, or sends to
/// an `ifLet` child, about `operations` times, for `perf record`.
@MainActor
func profileStack(_ only: String, _ operations: Int) {
  switch only {
  case "push":
    let cycle = StackCycle()
    cycle.run(operations)
    blackHole(cycle.store.state.path.count)
  case "stacktop":
    let store = makeStackStore()
    let action = opaque(StackParent.Action.path(.element(id: 99, action: .increment)))
    for _ in 0..<operations { tap(store, action) }
    blackHole(store.state.path.count)
  default:
    let store = Store(initialState: IfLetParent.State()) { IfLetParent() }
    let action = opaque(IfLetParent.Action.child(.increment))
    for _ in 0..<operations { tap(store, action) }
    blackHole(store.state.count)
  }
}

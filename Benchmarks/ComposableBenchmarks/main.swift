// Release-mode benchmarks: `swift run -c release composable-bench`.
//
// Every figure is nanoseconds per operation, measured in this run next to a hand-written MVI
// store (a class whose `send` switches and mutates its state in place): the floor a reducer
// framework is judged against. Ratios are to that floor.
import Composable
import ComposableTesting
import Dispatch
import Foundation
import TaskManager

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Returns `value` through a function the optimiser may not look into, so that an action built
/// from a literal is not a constant it could specialise a call on.
@_optimize(none) @inline(never) func opaque<T>(_ value: T) -> T { value }

/// The call a view makes: a real call, which the store's `send` is inlined into but the loop
/// around it is not. Without it, `send` would be inlined into the measuring loop and the
/// optimiser could hoist per-send work (loading the root, binding its dependencies) out of it;
/// the MVI floor's `send` is `@inline(never)` for the same reason.
@MainActor @inline(never)
func tap<State, Action>(_ store: Store<State, Action>, _ action: Action) {
  store.send(action)
}

/// Runs `body(iterations)` a few times and returns the best ns per iteration.
@MainActor
func measure(_ iterations: Int, _ body: (Int) -> Void) -> Double {
  body(max(1, iterations / 10))  // warm up
  var best = Double.infinity
  for _ in 0..<5 {
    let start = DispatchTime.now().uptimeNanoseconds
    body(iterations)
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    best = min(best, Double(elapsed) / Double(iterations))
  }
  return best
}

struct Row {
  var report: (String, Double, Double?) -> Void
}

@MainActor
func report(_ name: String, _ nanoseconds: Double, floor: Double? = nil, unit: String = "ns") {
  let figure = unit == "ms"
    ? String(format: "%10.1f ms", nanoseconds / 1_000_000)
    : unit == "µs" ? String(format: "%10.1f µs", nanoseconds / 1_000) : String(format: "%10.1f ns", nanoseconds)
  if let floor {
    print("\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(figure)   \(String(format: "%6.2fx floor", nanoseconds / floor))")
  } else {
    print("\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(figure)")
  }
}

// MARK: - Features

struct Counter: Reducer {
  struct State { var count = 0 }
  enum Action { case increment, incrementTwice, incremented }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count &+= 1
      return .none
    case .incrementTwice:
      state.count &+= 1
      return .send(.incremented)
    case .incremented:
      state.count &+= 1
      return .none
    }
  }
}

/// One level of nesting around a child feature, for deep scoping.
struct Nest<Child: Reducer & SendableMetatype>: Reducer {
  struct State { var child: Child.State }
  enum Action { case child(Child.Action) }
  // Built once: key paths and case paths written inside a generic type are instantiated at run
  // time, so a generic feature keeps its composed reducer rather than rebuilding it per action.
  let scope: Scope<State, Action, Child>

  init(child: Child) {
    scope = Scope(state: \.child, action: CasePath(embed: Action.child, extract: { if case let .child(a) = $0 { a } else { nil } })) {
      child
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    scope.reduce(into: &state, action: action)
  }
}

typealias Deep = Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Counter>>>>>>>>>>

struct RowFeature: Reducer {
  struct State: Identifiable { let id: Int; var count = 0; var title = "Row" }
  enum Action { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

struct List: Reducer {
  struct State { var rows: IdentifiedArrayOf<RowFeature.State> }
  enum Action { case rows(IdentifiedAction<Int, RowFeature.Action>) }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .forEach(\.rows, action: CasePath(embed: Action.rows, extract: { if case let .rows(a) = $0 { a } else { nil } })) {
        RowFeature()
      }
  }
}

// MARK: - The floor: a hand-written MVI store

@MainActor
final class MVICounterStore {
  enum Intent { case increment, incrementTwice, incremented }
  private(set) var count = 0
  // Not inlined, as a real store's `send` called from a view is not.
  @inline(never)
  func send(_ intent: Intent) {
    switch intent {
    case .increment: count &+= 1
    case .incrementTwice:
      count &+= 1
      send(.incremented)
    case .incremented: count &+= 1
    }
  }
}

@MainActor
final class MVIListStore {
  struct RowState { let id: Int; var count = 0; var title = "Row" }
  enum Intent { case increment(id: Int) }
  private(set) var rows: [RowState]
  private var index: [Int: Int]
  init(rows: Int) {
    self.rows = (0..<rows).map { RowState(id: $0) }
    self.index = Dictionary(uniqueKeysWithValues: (0..<rows).map { ($0, $0) })
  }
  @inline(never)
  func send(_ intent: Intent) {
    switch intent {
    case let .increment(id):
      if let offset = index[id] { rows[offset].count &+= 1 }
    }
  }
}

// MARK: - Run

/// A store of ten nested features and a store scoped to the innermost one.
@MainActor
func makeDeep() -> (Store<Deep.State, Deep.Action>, Store<Counter.State, Counter.Action>) {
  let l1 = Nest<Counter>.State(child: Counter.State())
  let l2 = Nest<Nest<Counter>>.State(child: l1)
  let l3 = Nest<Nest<Nest<Counter>>>.State(child: l2)
  let l4 = Nest<Nest<Nest<Nest<Counter>>>>.State(child: l3)
  let l5 = Nest<Nest<Nest<Nest<Nest<Counter>>>>>.State(child: l4)
  let l6 = Nest<Nest<Nest<Nest<Nest<Nest<Counter>>>>>>.State(child: l5)
  let l7 = Nest<Nest<Nest<Nest<Nest<Nest<Nest<Counter>>>>>>>.State(child: l6)
  let l8 = Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Counter>>>>>>>>.State(child: l7)
  let l9 = Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Counter>>>>>>>>>.State(child: l8)
  let l10 = Deep.State(child: l9)
  let deepReducer = Nest(child: Nest(child: Nest(child: Nest(child: Nest(child: Nest(child: Nest(child: Nest(child: Nest(child: Nest(child: Counter()))))))))))
  let deep = Store(initialState: l10) { deepReducer }
  let s1 = deep.scope(state: { $0.child }, action: { .child($0) })
  let s2 = s1.scope(state: { $0.child }, action: { .child($0) })
  let s3 = s2.scope(state: { $0.child }, action: { .child($0) })
  let s4 = s3.scope(state: { $0.child }, action: { .child($0) })
  let s5 = s4.scope(state: { $0.child }, action: { .child($0) })
  let s6 = s5.scope(state: { $0.child }, action: { .child($0) })
  let s7 = s6.scope(state: { $0.child }, action: { .child($0) })
  let s8 = s7.scope(state: { $0.child }, action: { .child($0) })
  let s9 = s8.scope(state: { $0.child }, action: { .child($0) })
  return (deep, s9.scope(state: { $0.child }, action: { .child($0) }))
}

/// `BENCH_ONLY=name` runs one workload for a long time and nothing else, for `perf record`.
@MainActor
func profileOnly() -> Bool {
  guard let only = ProcessInfo.processInfo.environment["BENCH_ONLY"] else { return false }
  // `BENCH_N` scales the iterations, e.g. down for valgrind.
  let scale = Double(ProcessInfo.processInfo.environment["BENCH_N"] ?? "1")!
  func n(_ count: Int) -> Int { Int(Double(count) * scale) }
  switch only {
  case "root":
    let counter = Store(initialState: Counter.State()) { Counter() }
    let action = opaque(Counter.Action.increment)
    for _ in 0..<n(50_000_000) { tap(counter, action) }
    blackHole(counter.state.count)
  case "deep":
    let (deep, leaf) = makeDeep()
    let action = opaque(Counter.Action.increment)
    for _ in 0..<n(5_000_000) { tap(leaf, action) }
    blackHole(deep)
  case "features":
    let (deep, leaf) = makeTenFeatures()
    let action = opaque(Counter.Action.increment)
    for _ in 0..<n(5_000_000) { tap(leaf, action) }
    blackHole(deep)
  case "scope":
    let store = Store(initialState: Nest<Counter>.State(child: Counter.State())) { Nest(child: Counter()) }
    let action = opaque(Nest<Counter>.Action.child(.increment))
    for _ in 0..<n(20_000_000) { tap(store, action) }
    blackHole(store.state.child.count)
  case "row":
    let rows = Int(ProcessInfo.processInfo.environment["BENCH_ROWS"] ?? "10000")!
    let list = Store(initialState: List.State(rows: IdentifiedArray(uniqueElements: (0..<rows).map { RowFeature.State(id: $0) }))) { List() }
    for i in 0..<n(10_000_000) { tap(list, .rows(.element(id: (i &* 7919) % rows, action: .increment))) }
    blackHole(list.state.rows.count)
  case "iflet":
    let store = Store(initialState: IfLetParent.State()) { IfLetParent() }
    let action = opaque(IfLetParent.Action.increment)
    for _ in 0..<n(20_000_000) { tap(store, action) }
    blackHole(store.state.count)
  case "push", "stacktop", "ifletchild":
    profileStack(only, n(10_000_000))  // StackFeatures.swift
  case "followup":
    let counter = Store(initialState: Counter.State()) { Counter() }
    let action = opaque(Counter.Action.incrementTwice)
    for _ in 0..<n(20_000_000) { tap(counter, action) }
    blackHole(counter.state.count)
  case "floorrow":
    let rows = Int(ProcessInfo.processInfo.environment["BENCH_ROWS"] ?? "10000")!
    let list = MVIListStore(rows: rows)
    for i in 0..<n(10_000_000) { list.send(.increment(id: (i &* 7919) % rows)) }
    blackHole(list.rows.count)
  case "bindings":
    runBindings()  // BindingBenchmarks.swift
  default:
    print("BENCH_ONLY: one of root, deep, features, scope, iflet, ifletchild, row, push, stacktop, followup, floorrow, bindings")
  }
  return true
}

/// One measured loop: `body(n)` performs `n` operations.
struct Workload {
  let name: String
  let iterations: Int
  let body: (Int) -> Void
}

/// Measures the workloads in rounds, each round running every workload once, and returns the
/// best ns per operation of each. Interleaving keeps a change in the machine's load (other
/// processes share its cores and caches) from favouring whichever workload ran at a quiet moment,
/// so ratios between workloads of the same run are fair.
@MainActor
func measureInterleaved(_ workloads: [Workload], rounds: Int = 7) -> [Double] {
  for workload in workloads { workload.body(max(1, workload.iterations / 10)) }  // warm up
  var best = [Double](repeating: .infinity, count: workloads.count)
  for _ in 0..<rounds {
    for (index, workload) in workloads.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      workload.body(workload.iterations)
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      best[index] = min(best[index], Double(elapsed) / Double(workload.iterations))
    }
  }
  return best
}

@MainActor
func run() {
  if profileOnly() { exit(0) }
  print("composable-bench (release build; time per operation, best of 7 interleaved rounds)")
  print(String(repeating: "-", count: 86))

  // The floor.
  let mviCounter = MVICounterStore()
  let increment = opaque(MVICounterStore.Intent.increment)
  let incrementTwice = opaque(MVICounterStore.Intent.incrementTwice)
  let mviList = MVIListStore(rows: 10_000)
  let mviBigList = MVIListStore(rows: 100_000)

  // The library.
  let counter = Store(initialState: Counter.State()) { Counter() }
  let counterIncrement = opaque(Counter.Action.increment)
  let counterIncrementTwice = opaque(Counter.Action.incrementTwice)
  let (deep, leaf) = makeDeep()
  let (features, featuresLeaf) = makeTenFeatures()
  let childIncrement = opaque(Nest<Counter>.Action.child(.increment))
  let withoutChildren = Store(initialState: Nest<Counter>.State(child: Counter.State())) { Nest(child: Counter()) }
  let withChildren = Store(initialState: Nest<Counter>.State(child: Counter.State())) { Nest(child: Counter()) }
  let children = (0..<10).map { _ in withChildren.scope(state: { $0.child }, action: { .child($0) }) }
  let list = Store(initialState: List.State(rows: IdentifiedArray(uniqueElements: (0..<10_000).map { RowFeature.State(id: $0) }))) { List() }
  let bigList = Store(initialState: List.State(rows: IdentifiedArray(uniqueElements: (0..<100_000).map { RowFeature.State(id: $0) }))) { List() }
  let followUp = Store(initialState: Counter.State()) { Counter() }
  let ifLet = Store(initialState: IfLetParent.State()) { IfLetParent() }
  let ifLetIncrement = opaque(IfLetParent.Action.increment)
  let identifiedIfLet = Store(initialState: IdentifiedIfLetParent.State()) { IdentifiedIfLetParent() }
  let identifiedIfLetIncrement = opaque(IdentifiedIfLetParent.Action.increment)
  let stackCycle = StackCycle()
  let (stack, stackTopIncrement) = (makeStackStore(), opaque(StackParent.Action.path(.element(id: 99, action: .increment))))
  let ifLetChild = Store(initialState: IfLetParent.State()) { IfLetParent() }
  let ifLetChildIncrement = opaque(IfLetParent.Action.child(.increment))

  let times = measureInterleaved([
    Workload(name: "floor counter", iterations: 10_000_000) { n in for _ in 0..<n { mviCounter.send(increment) } },
    Workload(name: "floor row", iterations: 2_000_000) { n in for i in 0..<n { mviList.send(.increment(id: (i &* 7919) % 10_000)) } },
    Workload(name: "floor big row", iterations: 2_000_000) { n in for i in 0..<n { mviBigList.send(.increment(id: (i &* 7919) % 100_000)) } },
    Workload(name: "floor follow-up", iterations: 5_000_000) { n in for _ in 0..<n { mviCounter.send(incrementTwice) } },
    Workload(name: "root", iterations: 2_000_000) { n in for _ in 0..<n { tap(counter, counterIncrement) } },
    Workload(name: "deep", iterations: 500_000) { n in for _ in 0..<n { tap(leaf, counterIncrement) } },
    Workload(name: "ten features", iterations: 500_000) { n in for _ in 0..<n { tap(featuresLeaf, counterIncrement) } },
    Workload(name: "scope", iterations: 2_000_000) { n in for _ in 0..<n { tap(withoutChildren, childIncrement) } },
    Workload(name: "scoped stores", iterations: 2_000_000) { n in for _ in 0..<n { tap(withChildren, childIncrement) } },
    Workload(name: "row", iterations: 2_000_000) { n in for i in 0..<n { tap(list, .rows(.element(id: (i &* 7919) % 10_000, action: .increment))) } },
    Workload(name: "big row", iterations: 2_000_000) { n in for i in 0..<n { tap(bigList, .rows(.element(id: (i &* 7919) % 100_000, action: .increment))) } },
    Workload(name: "follow-up", iterations: 2_000_000) { n in for _ in 0..<n { tap(followUp, counterIncrementTwice) } },
    Workload(name: "ifLet", iterations: 2_000_000) { n in for _ in 0..<n { tap(ifLet, ifLetIncrement) } },
    Workload(name: "identified ifLet", iterations: 2_000_000) { n in for _ in 0..<n { tap(identifiedIfLet, identifiedIfLetIncrement) } },
    Workload(name: "stack push and pop", iterations: 200_000) { n in stackCycle.run(n) },
    Workload(name: "stack top", iterations: 2_000_000) { n in for _ in 0..<n { tap(stack, stackTopIncrement) } },
    Workload(name: "ifLet child", iterations: 2_000_000) { n in for _ in 0..<n { tap(ifLetChild, ifLetChildIncrement) } },
  ])
  blackHole((features, mviCounter.count, mviList.rows.count, mviBigList.rows.count, deep.state, children))
  let (floorCounter, floorRow, floorRowBig, floorFollowUp) = (times[0], times[1], times[2], times[3])
  report("MVI floor: counter send", floorCounter)
  report("MVI floor: one-row update among 10,000 rows", floorRow)
  report("MVI floor: one-row update among 100,000 rows", floorRowBig)
  report("MVI floor: intent with a follow-up", floorFollowUp)
  print(String(repeating: "-", count: 86))
  report("root send (counter)", times[4], floor: floorCounter)
  report("send from a store scoped 10 levels deep", times[5], floor: floorCounter)
  report("  the same, ten features with a `body` each", times[6], floor: floorCounter)
  report("root send, one Scope level, no scoped stores", times[7], floor: floorCounter)
  report("root send with 10 live scoped stores", times[8], floor: floorCounter)
  report("forEach send to one row of 10,000 rows", times[9], floor: floorRow)
  report("forEach send to one row of 100,000 rows", times[10], floor: floorRowBig)
  print("\("  the same, 100,000 rows against 10,000 rows".padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(repeating: " ", count: 10))   \(String(format: "%6.2fx", times[10] / times[9]))")
  report("action with one .send follow-up", times[11], floor: floorFollowUp)
  report("root send to a parent, an ifLet child present", times[12], floor: floorCounter)
  report("  the same, an Identifiable child", times[13], floor: floorCounter)
  report("send to an ifLet child", times[16], floor: floorCounter)
  report("push onto a stack of 100 screens", stackCycle.bestPush, floor: floorCounter)
  report("pop the top of a stack of 100 screens (popFrom)", stackCycle.bestPop, floor: floorCounter)
  report("send to the top screen of a stack of 100", times[15], floor: floorCounter)
  print("\("  the same, against a send to an ifLet child".padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(repeating: " ", count: 10))   \(String(format: "%6.2fx", times[15] / times[16]))")
  blackHole((stack.state.path.count, ifLetChild.state.count))

  let identified = IdentifiedArray(uniqueElements: (0..<100_000).map { RowFeature.State(id: $0) })
  let dictionary = Dictionary(uniqueKeysWithValues: (0..<100_000).map { ($0, RowFeature.State(id: $0)) })
  let lookups = measureInterleaved([
    Workload(name: "dictionary", iterations: 5_000_000) { n in
      var sum = 0
      for i in 0..<n { sum &+= dictionary[(i &* 7919) % 100_000]!.count }
      blackHole(sum)
    },
    Workload(name: "identified", iterations: 5_000_000) { n in
      var sum = 0
      for i in 0..<n { sum &+= identified[id: (i &* 7919) % 100_000]!.count }
      blackHole(sum)
    },
  ])
  report("Dictionary lookup by key (100,000 entries)", lookups[0])
  print("\("IdentifiedArray lookup by id (100,000 elements)".padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(format: "%10.1f ns", lookups[1]))   \(String(format: "%6.2fx Dictionary", lookups[1] / lookups[0]))")

  // The in-place update a `forEach` row send makes, without a store: how much of the cost of a
  // row send at 100,000 rows comes from the collection itself (its index and rows no longer fit
  // in the caches).
  var small = IdentifiedArray(uniqueElements: (0..<10_000).map { RowFeature.State(id: $0) })
  var big = IdentifiedArray(uniqueElements: (0..<100_000).map { RowFeature.State(id: $0) })
  let updates = measureInterleaved([
    Workload(name: "small", iterations: 2_000_000) { n in
      for i in 0..<n { small.modify(id: (i &* 7919) % 10_000) { $0.count &+= 1 } }
    },
    Workload(name: "big", iterations: 2_000_000) { n in
      for i in 0..<n { big.modify(id: (i &* 7919) % 100_000) { $0.count &+= 1 } }
    },
  ])
  blackHole((small.count, big.count))
  report("IdentifiedArray update by id (10,000 elements)", updates[0])
  print("\("IdentifiedArray update by id (100,000 elements)".padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(format: "%10.1f ns", updates[1]))   \(String(format: "%6.2fx 10,000", updates[1] / updates[0]))")
}

// MARK: - TestStore

struct Rows: Reducer {
  struct Row: Equatable, Identifiable { let id: Int; var count = 0; var title: String }
  struct State: Equatable { var rows: IdentifiedArrayOf<Row> }
  enum Action { case increment(Int) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .increment(id): state.rows[id: id]!.count += 1
    }
    return .none
  }
}

@MainActor
func runTestStore() async {
  print(String(repeating: "-", count: 86))
  let rows = IdentifiedArray(uniqueElements: (0..<1_000).map { Rows.Row(id: $0, title: "Row \($0)") })
  let store = TestStore(initialState: Rows.State(rows: rows)) { Rows() }
  let sends = onlyTestStore ? 200_000 : 10_000
  let start = DispatchTime.now().uptimeNanoseconds
  for i in 0..<sends {
    await store.send(.increment(i % 1_000)) { $0.rows[id: i % 1_000]!.count += 1 }
  }
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
  report("TestStore: exhaustive send, state of 1,000 rows", elapsed / Double(sends), unit: "µs")

  var changed = store.state
  changed.rows[id: 500]!.title = "Changed"
  let state = store.state
  let diffTime = measure(200) { n in for _ in 0..<n { blackHole(diff(state, changed)) } }
  report("TestStore: failure diff of that state (one row changed)", diffTime, unit: "ms")
}

// MARK: - TaskPaper

func taskPaperDocument(tasks: Int) -> String {
  var text = ""
  text.reserveCapacity(tasks * 48)
  for project in 0..<(tasks / 100) {
    text += "Project \(project):\n"
    for task in 0..<100 {
      let tag = task % 3 == 0 ? " @today" : (task % 3 == 1 ? " @due(2026-12-\(String(format: "%02d", task % 28 + 1)))" : " @errand @home")
      text += "\t- Task \(project)-\(task) with some words\(tag)\n"
    }
  }
  return text
}

@MainActor
func runTaskPaper() {
  print(String(repeating: "-", count: 86))
  for tasks in [10_000, 100_000] {
    let text = taskPaperDocument(tasks: tasks)
    var counter: UInt64 = 0
    let makeID = { () -> UUID in
      counter &+= 1
      return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: counter >> 8), UInt8(truncatingIfNeeded: counter)))
    }
    var outline = Outline(items: [])
    let parse = measure(3) { n in for _ in 0..<n { outline = TaskPaperParser.parse(text, makeID: makeID) } }
    report("TaskPaper parse, \(tasks.formatted()) tasks", parse, unit: "ms")
    let printed = measure(3) { n in for _ in 0..<n { blackHole(TaskPaperPrinter.print(outline)) } }
    report("TaskPaper print, \(tasks.formatted()) tasks", printed, unit: "ms")
  }
}

// `BENCH_TERMINAL=1` runs only TerminalUI's diff writer figures.
if ProcessInfo.processInfo.environment["BENCH_TERMINAL"] != nil {
  MainActor.assumeIsolated { runTerminal() }
  exit(0)
}
// `BENCH_SEARCH=1` runs only the TaskPaper search figures (SearchBenchmarks.swift).
if ProcessInfo.processInfo.environment["BENCH_SEARCH"] != nil {
  MainActor.assumeIsolated { runSearches() }
  exit(0)
}
// `BENCH_MERGE=1` runs only the outline merge figures (MergeBenchmarks.swift).
if ProcessInfo.processInfo.environment["BENCH_MERGE"] != nil {
  MainActor.assumeIsolated { runMerges() }
  exit(0)
}
// `BENCH_UI=1` runs only the `taskman ui` figures (TaskmanUIBenchmarks.swift).
if ProcessInfo.processInfo.environment["BENCH_UI"] != nil {
  MainActor.assumeIsolated { runTaskmanUI() }
  exit(0)
}
// `BENCH_TESTSTORE=1` runs only the test store figures, for `perf record`.
let onlyTestStore = ProcessInfo.processInfo.environment["BENCH_TESTSTORE"] != nil
if !onlyTestStore {
  MainActor.assumeIsolated { run() }
  MainActor.assumeIsolated { runShared() }  // SharedBenchmarks.swift
  MainActor.assumeIsolated { runBindings() }  // BindingBenchmarks.swift
  // `BENCH_CORE=1` stops after the store figures, for quick comparisons.
  if ProcessInfo.processInfo.environment["BENCH_CORE"] != nil { exit(0) }
  MainActor.assumeIsolated { runTaskPaper() }
  MainActor.assumeIsolated { runTaskManager() }  // TaskManagerBenchmarks.swift
  MainActor.assumeIsolated { runSearches() }  // SearchBenchmarks.swift
  MainActor.assumeIsolated { runTerminal() }  // TerminalBenchmarks.swift
  MainActor.assumeIsolated { runTaskmanUI() }  // TaskmanUIBenchmarks.swift
}
let finished = DispatchSemaphore(value: 0)
Task { @MainActor in
  await runTestStore()
  finished.signal()
}
while finished.wait(timeout: .now()) == .timedOut {
  RunLoop.main.run(until: Date().addingTimeInterval(0.001))
}

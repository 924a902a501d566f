// Ten nested features written the way an app writes them: each its own type whose `body`
// scopes to the next through a key path and a case path, rebuilt by the store on every action.
// `Nest` in main.swift measures the other shape, a reducer composed once and kept.
import Composable

struct Level1: Reducer {
  struct State { var child = Level2.State() }
  enum Action { case child(Level2.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level2() }
  }
}
extension CasePath where Root == Level1.Action {
  static var child: CasePath<Root, Level2.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level2: Reducer {
  struct State { var child = Level3.State() }
  enum Action { case child(Level3.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level3() }
  }
}
extension CasePath where Root == Level2.Action {
  static var child: CasePath<Root, Level3.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level3: Reducer {
  struct State { var child = Level4.State() }
  enum Action { case child(Level4.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level4() }
  }
}
extension CasePath where Root == Level3.Action {
  static var child: CasePath<Root, Level4.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level4: Reducer {
  struct State { var child = Level5.State() }
  enum Action { case child(Level5.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level5() }
  }
}
extension CasePath where Root == Level4.Action {
  static var child: CasePath<Root, Level5.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level5: Reducer {
  struct State { var child = Level6.State() }
  enum Action { case child(Level6.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level6() }
  }
}
extension CasePath where Root == Level5.Action {
  static var child: CasePath<Root, Level6.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level6: Reducer {
  struct State { var child = Level7.State() }
  enum Action { case child(Level7.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level7() }
  }
}
extension CasePath where Root == Level6.Action {
  static var child: CasePath<Root, Level7.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level7: Reducer {
  struct State { var child = Level8.State() }
  enum Action { case child(Level8.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level8() }
  }
}
extension CasePath where Root == Level7.Action {
  static var child: CasePath<Root, Level8.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level8: Reducer {
  struct State { var child = Level9.State() }
  enum Action { case child(Level9.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level9() }
  }
}
extension CasePath where Root == Level8.Action {
  static var child: CasePath<Root, Level9.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level9: Reducer {
  struct State { var child = Level10.State() }
  enum Action { case child(Level10.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Level10() }
  }
}
extension CasePath where Root == Level9.Action {
  static var child: CasePath<Root, Level10.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

struct Level10: Reducer {
  struct State { var child = Counter.State() }
  enum Action { case child(Counter.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Counter() }
  }
}
extension CasePath where Root == Level10.Action {
  static var child: CasePath<Root, Counter.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

/// A store of the ten features and a store scoped to the innermost one, through all ten.
@MainActor
func makeTenFeatures() -> (Store<Level1.State, Level1.Action>, Store<Counter.State, Counter.Action>) {
  let root = Store(initialState: Level1.State()) { Level1() }
  let level1 = root.scope(state: \.child, action: .child)
  let level2 = level1.scope(state: \.child, action: .child)
  let level3 = level2.scope(state: \.child, action: .child)
  let level4 = level3.scope(state: \.child, action: .child)
  let level5 = level4.scope(state: \.child, action: .child)
  let level6 = level5.scope(state: \.child, action: .child)
  let level7 = level6.scope(state: \.child, action: .child)
  let level8 = level7.scope(state: \.child, action: .child)
  let level9 = level8.scope(state: \.child, action: .child)
  let level10 = level9.scope(state: \.child, action: .child)
  return (root, level10)
}

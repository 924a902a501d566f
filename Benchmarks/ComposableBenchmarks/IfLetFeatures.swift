// A parent with a child present through `ifLet`, sent an action of its own: what every `ifLet`
// costs each action that passes by it, besides the parent's work (telling whether its child was
// replaced, and finding the store's runtime to ask for children that went away unseen).
import Composable

struct IfLetParent: Reducer {
  struct State { var count = 0; var child: Counter.State? = Counter.State() }
  enum Action { case increment, child(Counter.Action) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .increment = action { state.count &+= 1 }
      return .none
    }
    .ifLet(\.child, action: .child) { Counter() }
  }
}
extension CasePath where Root == IfLetParent.Action {
  static var child: CasePath<Root, Counter.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

/// The same with an `Identifiable` child, whose `id` the operator compares before and after.
struct IdentifiedIfLetParent: Reducer {
  struct Child: Reducer {
    struct State: Identifiable { var id = 1; var count = 0 }
    enum Action { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count &+= 1
      return .none
    }
  }
  struct State { var count = 0; var child: Child.State? = Child.State() }
  enum Action { case increment, child(Child.Action) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .increment = action { state.count &+= 1 }
      return .none
    }
    .ifLet(\.child, action: .child) { Child() }
  }
}
extension CasePath where Root == IdentifiedIfLetParent.Action {
  static var child: CasePath<Root, IdentifiedIfLetParent.Child.Action> {
    .init(Root.child) { if case let .child(v) = $0 { v } else { nil } }
  }
}

import Composable

// A binding send against the hand-written field action it replaces: the same form, its title
// changed through `.titleChanged(title)` or `.binding(.set(\.title, title))`. Each action is
// built in the loop, as a view builds it on every keystroke.

struct FieldActionForm: Reducer {
  struct State {
    var title = ""
    var notes = ""
    var priority = 0
    var errorMessage: String?
  }
  enum Action {
    case titleChanged(String)
    case notesChanged(String)
    case priorityChanged(Int)
    case saveButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .titleChanged(title):
        state.title = title
        state.errorMessage = nil
      case let .notesChanged(notes):
        state.notes = notes
      case let .priorityChanged(priority):
        state.priority = priority
      case .saveButtonTapped:
        if state.title.isEmpty { state.errorMessage = "A title, please." }
      }
      return .none
    }
  }
}

struct BindingForm: Reducer {
  typealias State = FieldActionForm.State
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case saveButtonTapped

    var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.title):
        state.errorMessage = nil
      case .binding:
        break
      case .saveButtonTapped:
        if state.title.isEmpty { state.errorMessage = "A title, please." }
      }
      return .none
    }
  }
}

/// The binding lines: printed with the store figures, or alone with `BENCH_ONLY=bindings`.
@MainActor
func runBindings() {
  let fields = Store(initialState: FieldActionForm.State()) { FieldActionForm() }
  let bindings = Store(initialState: BindingForm.State()) { BindingForm() }
  let title = opaque("Buy milk")
  let times = measureInterleaved([
    Workload(name: "field action", iterations: 2_000_000) { n in
      for _ in 0..<n { tap(fields, .titleChanged(title)) }
    },
    Workload(name: "binding", iterations: 2_000_000) { n in
      for _ in 0..<n { tap(bindings, .binding(.set(\.title, title))) }
    },
  ])
  blackHole((fields.state.title, bindings.state.title))
  report("root send of a hand-written field action (.titleChanged)", times[0])
  print(
    "\("binding send (.binding(.set(\\.title, …)))".padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(format: "%10.1f ns", times[1]))   \(String(format: "%6.2fx field action", times[1] / times[0]))"
  )
}

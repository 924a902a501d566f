import Composable
import ComposableTesting
import Testing

/// A form of several fields, all changed through one `binding` case.
struct BindingForm: Reducer {
  struct State: Equatable {
    var title = ""
    var notes = ""
    var priority = 0
    var isFlagged = false
    var titleEdits = 0
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case saveTapped
    case saved(String)

    var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.title):
        // Runs after BindingReducer: the title is already the new one.
        state.titleEdits += 1
        return .none
      case .binding:
        return .none
      case .saveTapped:
        return .send(.binding(.set(\.isFlagged, true)))
      case .saved:
        return .none
      }
    }
  }
}

@MainActor
@Suite struct BindingTests {
  @Test func aBindingSetsItsFieldAndOnlyThat() async {
    let store = TestStore(initialState: BindingForm.State()) { BindingForm() }
    await store.send(.binding(.set(\.title, "Buy milk"))) {
      $0.title = "Buy milk"
      $0.titleEdits = 1
    }
    await store.send(.binding(.set(\.notes, "Oat"))) { $0.notes = "Oat" }
    await store.send(.binding(.set(\.priority, 2))) { $0.priority = 2 }
  }

  @Test func aBindingSentByAnEffectIsReceivedAsUsual() async {
    let store = TestStore(initialState: BindingForm.State()) { BindingForm() }
    await store.send(.saveTapped)
    await store.receive(.binding(.set(\.isFlagged, true))) { $0.isFlagged = true }
  }

  @Test func bindingActionsAreEqualWhenFieldAndValueAre() {
    typealias Binding = BindingAction<BindingForm.State>
    #expect(Binding.set(\.title, "a") == .set(\.title, "a"))
    #expect(Binding.set(\.title, "a") != .set(\.title, "b"))
    #expect(Binding.set(\.title, "a") != .set(\.notes, "a"))
  }

  @Test func aKeyPathPatternMatchesTheBindingOfItsField() {
    let action = BindingForm.Action.binding(.set(\.notes, "x"))
    var matched: [String] = []
    switch action {
    case .binding(\.title): matched.append("title")
    case .binding(\.notes): matched.append("notes")
    default: matched.append("other")
    }
    if case .binding(\.title) = action { matched.append("title again") }
    #expect(matched == ["notes"])
  }

  @Test func valueForAKeyPathIsTheNewValueOnlyForThatField() {
    let binding = BindingAction<BindingForm.State>.set(\.priority, 3)
    #expect(binding.value(for: \.priority) == 3)
    #expect(binding.value(for: \.title) == nil)
    var state = BindingForm.State()
    binding.set(&state)
    #expect(state.priority == 3)
  }

  @Test func aBindingDumpsAsItIsWritten() {
    #expect(customDump(BindingAction<BindingForm.State>.set(\.title, "x")) == #".set(\.title, "x")"#)
    #expect(
      customDump(BindingForm.Action.binding(.set(\.priority, 2))) == """
        BindingForm.Action.binding(
          .set(\\.priority, 2)
        )
        """)
    #expect(BindingAction<BindingForm.State>.set(\.isFlagged, true).description == #".set(\.isFlagged, true)"#)
  }
}

import Composable
import ComposableTesting
import Dependencies
import Testing

// MARK: - Fixtures

/// A presented form: edits a text, saves it through a delegate action, closes itself, and can
/// present a colour picker of its own.
private struct PresentedEditor: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var text = ""
    var color = "none"
    var ticks = 0
    @PresentationState var picker: PresentedPicker.State?
  }
  enum Action: Equatable {
    case textChanged(String)
    case saveButtonTapped
    case closeButtonTapped
    case startCountdown
    case tick
    case listen
    case heard(Int)
    case pickColorButtonTapped
    case picker(PresentationAction<PresentedPicker.Action>)
    case delegate(Delegate)
    enum Delegate: Equatable { case save(String) }
  }

  let feeds: TestFeeds
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.clock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      case .saveButtonTapped:
        return .run { [text = state.text, dismiss] send in
          await send(.delegate(.save(text)))
          await dismiss()
        }
      case .closeButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .startCountdown:
        // A long-running effect that closes the form when the countdown ends.
        return .run { [clock, dismiss] send in
          for _ in 1...3 {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
          await dismiss()
        }
      case .tick:
        state.ticks += 1
        return .none
      case .listen:
        let name = "editor \(state.id)"
        let values = feeds.stream(name)
        return .run { [feeds] send in
          for await value in values { await send(.heard(value)) }
          feeds.end(name)
        }
      case let .heard(value):
        state.ticks += value
        return .none
      case .pickColorButtonTapped:
        state.picker = PresentedPicker.State()
        return .none
      case let .picker(.presented(.delegate(.picked(color)))):
        state.color = color
        return .none
      case .picker, .delegate:
        return .none
      }
    }
    .ifLet(\.$picker, action: .picker) { PresentedPicker() }
  }
}

/// The second level of presentation: chooses a colour and closes itself.
private struct PresentedPicker: Reducer {
  struct State: Equatable {}
  enum Action: Equatable {
    case colorTapped(String)
    case delegate(Delegate)
    enum Delegate: Equatable { case picked(String) }
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .colorTapped(color):
      return .run { [dismiss] send in
        await send(.delegate(.picked(color)))
        await dismiss()
      }
    case .delegate:
      return .none
    }
  }
}

/// Two destinations that present the same form, plus an alert, as one enum.
private struct PresentingList: Reducer {
  struct Destination: Reducer {
    enum State: Equatable {
      case add(PresentedEditor.State)
      case edit(PresentedEditor.State)
      case alert(AlertState<Alert>)
    }
    enum Action: Equatable {
      case add(PresentedEditor.Action)
      case edit(PresentedEditor.Action)
      case alert(Alert)
    }
    enum Alert: Equatable { case confirmDeletion(Int) }

    let feeds: TestFeeds

    var body: some ReducerOf<Self> {
      Scope(state: .add, action: .add) { PresentedEditor(feeds: feeds) }
      Scope(state: .edit, action: .edit) { PresentedEditor(feeds: feeds) }
    }
  }

  struct State: Equatable {
    var items: [String] = []
    var unrelated = 0
    var dismissalsSeen = 0
    @PresentationState var destination: Destination.State?
  }
  enum Action: Equatable {
    case addButtonTapped
    case editButtonTapped(Int)
    case deleteButtonTapped(Int)
    case unrelatedButtonTapped
    case destination(PresentationAction<Destination.Action>)
  }

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .add(PresentedEditor.State(id: state.items.count))
        return .none
      case let .editButtonTapped(index):
        state.destination = .edit(PresentedEditor.State(id: index, text: state.items[index]))
        return .none
      case let .deleteButtonTapped(index):
        state.destination = .alert(
          AlertState(
            title: "Are you sure?",
            buttons: [.destructive("Delete", action: .confirmDeletion(index)), .cancel("Cancel")]
          )
        )
        return .none
      case .unrelatedButtonTapped:
        state.unrelated += 1
        return .none
      case let .destination(.presented(.add(.delegate(.save(text))))):
        state.items.append(text)
        return .none
      case let .destination(.presented(.edit(.delegate(.save(text))))):
        if case let .edit(editor)? = state.destination { state.items[editor.id] = text }
        return .none
      case let .destination(.presented(.alert(.confirmDeletion(index)))):
        state.items.remove(at: index)
        return .none
      case .destination(.dismiss):
        // The parent runs before the child state is cleared, so it can still read it.
        if state.destination != nil { state.dismissalsSeen += 1 }
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: .destination) { Destination(feeds: feeds) }
  }
}

extension CasePath where Root == PresentedEditor.Action {
  fileprivate static var picker: CasePath<Root, PresentationAction<PresentedPicker.Action>> {
    .init(Root.picker) { if case let .picker(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == PresentingList.Destination.State {
  fileprivate static var add: CasePath<Root, PresentedEditor.State> {
    .init(Root.add) { if case let .add(v) = $0 { v } else { nil } }
  }
  fileprivate static var edit: CasePath<Root, PresentedEditor.State> {
    .init(Root.edit) { if case let .edit(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == PresentingList.Destination.Action {
  fileprivate static var add: CasePath<Root, PresentedEditor.Action> {
    .init(Root.add) { if case let .add(v) = $0 { v } else { nil } }
  }
  fileprivate static var edit: CasePath<Root, PresentedEditor.Action> {
    .init(Root.edit) { if case let .edit(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == PresentingList.Action {
  fileprivate static var destination: CasePath<Root, PresentationAction<PresentingList.Destination.Action>> {
    .init(Root.destination) { if case let .destination(v) = $0 { v } else { nil } }
  }
}

// MARK: - Tests

@MainActor
@Suite struct PresentationTests {
  @Test func presentEditSaveThroughADelegateAndDismiss() async {
    let store = TestStore(initialState: PresentingList.State()) {
      PresentingList(feeds: TestFeeds())
    }

    await store.send(.addButtonTapped) {
      $0.destination = .add(PresentedEditor.State(id: 0))
    }
    await store.send(.destination(.presented(.add(.textChanged("Milk"))))) {
      $0.destination = .add(PresentedEditor.State(id: 0, text: "Milk"))
    }
    await store.send(.destination(.presented(.add(.saveButtonTapped))))
    await store.receive(.destination(.presented(.add(.delegate(.save("Milk")))))) {
      $0.items = ["Milk"]
    }
    await store.receive(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
  }

  @Test func cancellingClosesTheFormWithoutSaving() async {
    let store = TestStore(initialState: PresentingList.State(items: ["Milk"])) {
      PresentingList(feeds: TestFeeds())
    }

    await store.send(.editButtonTapped(0)) {
      $0.destination = .edit(PresentedEditor.State(id: 0, text: "Milk"))
    }
    await store.send(.destination(.presented(.edit(.textChanged("Bread"))))) {
      $0.destination = .edit(PresentedEditor.State(id: 0, text: "Bread"))
    }
    // The user closes the form: the interface sends `.dismiss` itself.
    await store.send(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
  }

  @Test func theChildDismissesItselfAfterTheParentChangedUnrelatedState() async {
    let store = TestStore(initialState: PresentingList.State()) {
      PresentingList(feeds: TestFeeds())
    }

    await store.send(.addButtonTapped) {
      $0.destination = .add(PresentedEditor.State(id: 0))
    }
    await store.send(.unrelatedButtonTapped) { $0.unrelated = 1 }
    await store.send(.destination(.presented(.add(.closeButtonTapped))))
    await store.receive(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
  }

  @Test func aLongRunningEffectDismissesTheChildWhenItEnds() async {
    let clock = TestClock()
    let store = TestStore(initialState: PresentingList.State()) {
      PresentingList(feeds: TestFeeds())
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.addButtonTapped) {
      $0.destination = .add(PresentedEditor.State(id: 0))
    }
    await store.send(.destination(.presented(.add(.startCountdown))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.add(.tick)))) {
      $0.destination = .add(PresentedEditor.State(id: 0, ticks: 1))
    }
    await store.receive(.destination(.presented(.add(.tick)))) {
      $0.destination = .add(PresentedEditor.State(id: 0, ticks: 2))
    }
    await store.send(.unrelatedButtonTapped) { $0.unrelated = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.add(.tick)))) {
      $0.destination = .add(PresentedEditor.State(id: 0, ticks: 3))
    }
    await store.receive(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
  }

  @Test func dismissingCancelsEveryEffectOfTheChild() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: PresentingList.State()) {
      PresentingList(feeds: feeds)
    }

    await store.send(.addButtonTapped) {
      $0.destination = .add(PresentedEditor.State(id: 0))
    }
    await store.send(.destination(.presented(.add(.listen))))
    feeds.send(2, to: "editor 0")
    await store.receive(.destination(.presented(.add(.heard(2))))) {
      $0.destination = .add(PresentedEditor.State(id: 0, ticks: 2))
    }
    await store.send(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
    await store.finish()
    #expect(feeds.ended == ["editor 0"])
  }

  @Test func replacingOneDestinationByAnotherCancelsTheFirstOnesEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: PresentingList.State(items: ["Milk"])) {
      PresentingList(feeds: feeds)
    }

    await store.send(.addButtonTapped) {
      $0.destination = .add(PresentedEditor.State(id: 1))
    }
    await store.send(.destination(.presented(.add(.listen))))
    // Same feature type, another case of the destination: a different presentation.
    await store.send(.editButtonTapped(0)) {
      $0.destination = .edit(PresentedEditor.State(id: 0, text: "Milk"))
    }
    await store.finish()
    #expect(feeds.ended == ["editor 1"])

    await store.send(.destination(.presented(.edit(.listen))))
    feeds.send(5, to: "editor 0")
    await store.receive(.destination(.presented(.edit(.heard(5))))) {
      $0.destination = .edit(PresentedEditor.State(id: 0, text: "Milk", ticks: 5))
    }
    await store.send(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
    await store.finish()
    #expect(feeds.ended == ["editor 1", "editor 0"])
  }

  @Test func replacingAChildByOneOfAnotherIDCancelsTheFirstOnesEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: PresentingList.State(items: ["Milk", "Eggs"])) {
      PresentingList(feeds: feeds)
    }

    await store.send(.editButtonTapped(0)) {
      $0.destination = .edit(PresentedEditor.State(id: 0, text: "Milk"))
    }
    await store.send(.destination(.presented(.edit(.listen))))
    await store.send(.editButtonTapped(1)) {
      $0.destination = .edit(PresentedEditor.State(id: 1, text: "Eggs"))
    }
    await store.finish()
    #expect(feeds.ended == ["editor 0"])
  }

  @Test func confirmingAnAlertRunsItsActionAndClearsIt() async {
    let store = TestStore(initialState: PresentingList.State(items: ["Milk", "Eggs"])) {
      PresentingList(feeds: TestFeeds())
    }

    await store.send(.deleteButtonTapped(0)) {
      $0.destination = .alert(
        AlertState(
          title: "Are you sure?",
          buttons: [.destructive("Delete", action: .confirmDeletion(0)), .cancel("Cancel")]
        )
      )
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(0))))) {
      $0.destination = nil
      $0.items = ["Eggs"]
    }
  }

  @Test func cancellingAnAlertRemovesNothing() async {
    let store = TestStore(initialState: PresentingList.State(items: ["Milk"])) {
      PresentingList(feeds: TestFeeds())
    }

    await store.send(.deleteButtonTapped(0)) {
      $0.destination = .alert(
        AlertState(
          title: "Are you sure?",
          buttons: [.destructive("Delete", action: .confirmDeletion(0)), .cancel("Cancel")]
        )
      )
    }
    // "Cancel" has no action: answering it dismisses the alert.
    await store.send(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
  }

  @Test func nestedPresentationsDismissTheInnermostFirst() async {
    let store = TestStore(initialState: PresentingList.State()) {
      PresentingList(feeds: TestFeeds())
    }

    await store.send(.addButtonTapped) {
      $0.destination = .add(PresentedEditor.State(id: 0))
    }
    await store.send(.destination(.presented(.add(.pickColorButtonTapped)))) {
      $0.destination = .add(PresentedEditor.State(id: 0, picker: PresentedPicker.State()))
    }
    await store.send(.destination(.presented(.add(.picker(.presented(.colorTapped("red")))))))
    await store.receive(.destination(.presented(.add(.picker(.presented(.delegate(.picked("red")))))))) {
      $0.destination = .add(PresentedEditor.State(id: 0, color: "red", picker: PresentedPicker.State()))
    }
    // The picker's dismissal reaches the editor, which stays presented.
    await store.receive(.destination(.presented(.add(.picker(.dismiss))))) {
      $0.destination = .add(PresentedEditor.State(id: 0, color: "red"))
    }
    await store.send(.destination(.presented(.add(.closeButtonTapped))))
    await store.receive(.destination(.dismiss)) {
      $0.dismissalsSeen = 1
      $0.destination = nil
    }
  }
}

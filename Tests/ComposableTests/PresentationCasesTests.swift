import ComposableTesting
import Dependencies
import Testing

@testable import Composable

// MARK: - Fixtures

/// A form that can listen to a feed, presented by two cases of a destination.
private struct Note: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var heard = 0
  }
  enum Action: Equatable {
    case listen
    case heard(Int)
  }

  let feeds: TestFeeds

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .listen:
      let name = "note \(state.id)"
      let values = feeds.stream(name)
      return .run { [feeds] send in
        for await value in values { await send(.heard(value)) }
        feeds.end(name)
      }
    case let .heard(value):
      state.heard += value
      return .none
    }
  }
}

/// A list whose enum destination tells its case (``PresentationCases``): two cases presenting
/// the same form, a case without a value, and an alert.
private struct Notes: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, PresentationCases {
      case add(Note.State)
      case edit(Note.State)
      case help
      case alert(AlertState<Alert>)

      var presentedCase: PresentedCase {
        switch self {
        case let .add(note): PresentedCase("add", note)
        case let .edit(note): PresentedCase("edit", note)
        case .help: PresentedCase("help")
        case let .alert(alert): PresentedCase("alert", alert)
        }
      }
    }
    enum Action: Equatable {
      case add(Note.Action)
      case edit(Note.Action)
      case alert(Alert)
    }
    enum Alert: Equatable { case confirmDeletion }

    let feeds: TestFeeds

    var body: some ReducerOf<Self> {
      Scope(state: .add, action: .add) { Note(feeds: feeds) }
      Scope(state: .edit, action: .edit) { Note(feeds: feeds) }
    }
  }

  struct State: Equatable {
    var deletions = 0
    @PresentationState var destination: Destination.State?
  }
  enum Action: Equatable {
    case present(Destination.State)
    case destination(PresentationAction<Destination.Action>)
  }

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .present(destination):
        state.destination = destination
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.deletions += 1
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: .destination) { Destination(feeds: feeds) }
  }
}

extension CasePath where Root == Notes.Destination.State {
  fileprivate static var add: CasePath<Root, Note.State> {
    .init(Root.add) { if case let .add(v) = $0 { v } else { nil } }
  }
  fileprivate static var edit: CasePath<Root, Note.State> {
    .init(Root.edit) { if case let .edit(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == Notes.Destination.Action {
  fileprivate static var add: CasePath<Root, Note.Action> {
    .init(Root.add) { if case let .add(v) = $0 { v } else { nil } }
  }
  fileprivate static var edit: CasePath<Root, Note.Action> {
    .init(Root.edit) { if case let .edit(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == Notes.Action {
  fileprivate static var destination: CasePath<Root, PresentationAction<Notes.Destination.Action>> {
    .init(Root.destination) { if case let .destination(v) = $0 { v } else { nil } }
  }
}

/// What `ifLet` finds by reflection, for a state of any type (the overloads for
/// ``PresentationCases`` are not visible from an unconstrained generic context).
private func reflectedIdentity<State>(of state: State) -> HeldIdentity { presentationIdentity(of: state) }
private func reflectedAnswer<State, Action>(_ action: Action, to state: State) -> Bool { isAnswer(action, to: state) }

private let confirmation = AlertState<Notes.Destination.Alert>(
  title: "Delete?", buttons: [.destructive("Delete", action: .confirmDeletion), .cancel("Cancel")]
)

// MARK: - Tests

@MainActor
@Suite struct PresentationCasesTests {
  @Test func aStateThatTellsItsCaseHasTheIdentityAndAnswersReflectionFinds() {
    let states: [Notes.Destination.State] = [
      .add(Note.State(id: 1)), .add(Note.State(id: 2)), .add(Note.State(id: 1, heard: 5)),
      .edit(Note.State(id: 1)), .help, .alert(confirmation),
    ]
    let actions: [Notes.Destination.Action] = [.add(.listen), .edit(.heard(1)), .alert(.confirmDeletion)]
    for state in states {
      #expect(presentationIdentity(of: state) == reflectedIdentity(of: state), "\(state)")
      for action in actions {
        #expect(isAnswer(action, to: state) == reflectedAnswer(action, to: state), "\(action) to \(state)")
      }
    }
    // The identities themselves: the case and the value's id, nothing else of the value.
    #expect(presentationIdentity(of: Notes.Destination.State.add(Note.State(id: 1)))
      == presentationIdentity(of: Notes.Destination.State.add(Note.State(id: 1, heard: 5))))
    #expect(presentationIdentity(of: Notes.Destination.State.add(Note.State(id: 1)))
      != presentationIdentity(of: Notes.Destination.State.edit(Note.State(id: 1))))
    #expect(presentationIdentity(of: Notes.Destination.State.add(Note.State(id: 1)))
      != presentationIdentity(of: Notes.Destination.State.add(Note.State(id: 2))))
    #expect(isAnswer(Notes.Destination.Action.alert(.confirmDeletion), to: Notes.Destination.State.alert(confirmation)))
  }

  @Test func replacingACaseOrAnIDEndsTheFormerChildsEffects() async {
    let feeds = TestFeeds()
    let store = TestStore(initialState: Notes.State()) { Notes(feeds: feeds) }

    await store.send(.present(.add(Note.State(id: 1)))) { $0.destination = .add(Note.State(id: 1)) }
    await store.send(.destination(.presented(.add(.listen))))
    feeds.send(2, to: "note 1")
    await store.receive(.destination(.presented(.add(.heard(2))))) { $0.destination = .add(Note.State(id: 1, heard: 2)) }
    // Another case, same value: another presentation.
    await store.send(.present(.edit(Note.State(id: 1)))) { $0.destination = .edit(Note.State(id: 1)) }
    await store.finish()
    #expect(feeds.ended == ["note 1"])

    await store.send(.destination(.presented(.edit(.listen))))
    // Same case, another id: another presentation too.
    await store.send(.present(.edit(Note.State(id: 2)))) { $0.destination = .edit(Note.State(id: 2)) }
    await store.finish()
    #expect(feeds.ended == ["note 1", "note 1"])
  }

  @Test func anAlertCaseGoesAwayWhenAnsweredAndACaseWithoutAValueWhenDismissed() async {
    let store = TestStore(initialState: Notes.State()) { Notes(feeds: TestFeeds()) }

    await store.send(.present(.alert(confirmation))) { $0.destination = .alert(confirmation) }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
      $0.deletions = 1
    }
    await store.send(.present(.help)) { $0.destination = .help }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}

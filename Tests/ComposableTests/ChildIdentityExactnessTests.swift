import ComposableTesting
import Dependencies
import Testing

@testable import Composable

// MARK: - Fixtures

/// An id whose `hash(into:)` hashes one of the two fields its `==` compares: legal (equal ids
/// hash equally), and two ids that differ only in `minor` have the same fingerprint.
private struct PartlyHashedID: Hashable, Sendable, CustomStringConvertible {
  var major: Int
  var minor: Int

  func hash(into hasher: inout Hasher) { hasher.combine(major) }

  var description: String { "\(major).\(minor)" }
}

/// A child that listens to the feed named after its id until it is cancelled.
private struct Listener: Reducer {
  struct State: Equatable, Identifiable {
    var id: PartlyHashedID
    var heard: [Int] = []
  }
  enum Action: Equatable {
    case listen
    case heard(Int)
  }

  let feeds: TestFeeds

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .listen:
      let name = "\(state.id)"
      let values = feeds.stream(name)
      return .run { [feeds] send in
        for await value in values { await send(.heard(value)) }
        feeds.end(name)
      }
    case let .heard(value):
      state.heard.append(value)
      return .none
    }
  }
}

/// An enum destination that tells its case (``PresentationCases``, so ``PresentedCase``).
private struct Told: Reducer {
  enum State: Equatable, PresentationCases {
    case listener(Listener.State)
    var presentedCase: PresentedCase {
      switch self {
      case let .listener(listener): PresentedCase("listener", listener)
      }
    }
  }
  enum Action: Equatable { case listener(Listener.Action) }
  let feeds: TestFeeds
  var body: some ReducerOf<Self> {
    Scope(state: .init(State.listener) { if case let .listener(v) = $0 { v } else { nil } },
          action: .init(Action.listener) { if case let .listener(v) = $0 { v } else { nil } }) {
      Listener(feeds: feeds)
    }
  }
}

/// The same destination, found by reflection.
private struct Reflected: Reducer {
  enum State: Equatable { case listener(Listener.State) }
  enum Action: Equatable { case listener(Listener.Action) }
  let feeds: TestFeeds
  var body: some ReducerOf<Self> {
    Scope(state: .init(State.listener) { if case let .listener(v) = $0 { v } else { nil } },
          action: .init(Action.listener) { if case let .listener(v) = $0 { v } else { nil } }) {
      Listener(feeds: feeds)
    }
  }
}

/// An enum state holding a listener in one case, through `ifCaseLet`.
private struct Screen: Reducer {
  enum State: Equatable {
    case none
    case listener(Listener.State)
  }
  enum Action: Equatable {
    case listener(Listener.Action)
    case replace(State)
  }
  let feeds: TestFeeds
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .replace(new) = action { state = new }
      return .none
    }
    .ifCaseLet(
      .init(State.listener) { if case let .listener(v) = $0 { v } else { nil } },
      action: .init(Action.listener) { if case let .listener(v) = $0 { v } else { nil } }
    ) {
      Listener(feeds: feeds)
    }
  }
}

/// A parent holding a listener in each operator that tells one child from the next by its id.
private struct Host: Reducer {
  struct State: Equatable {
    var child: Listener.State?
    var screen = Screen.State.none
    @PresentationState var sheet: Listener.State?
    @PresentationState var told: Told.State?
    @PresentationState var reflected: Reflected.State?
  }
  enum Action: Equatable {
    case child(Listener.Action)
    case screen(Screen.Action)
    case sheet(PresentationAction<Listener.Action>)
    case told(PresentationAction<Told.Action>)
    case reflected(PresentationAction<Reflected.Action>)
    case replace(State)
  }

  let feeds: TestFeeds

  var body: some ReducerOf<Self> {
    Scope(state: \.screen, action: .init(Action.screen) { if case let .screen(v) = $0 { v } else { nil } }) {
      Screen(feeds: feeds)
    }
    Reduce { state, action in
      if case let .replace(new) = action { state = new }
      return .none
    }
    .ifLet(\.child, action: .init(Action.child) { if case let .child(v) = $0 { v } else { nil } }) {
      Listener(feeds: feeds)
    }
    .ifLet(\.$sheet, action: .init(Action.sheet) { if case let .sheet(v) = $0 { v } else { nil } }) {
      Listener(feeds: feeds)
    }
    .ifLet(\.$told, action: .init(Action.told) { if case let .told(v) = $0 { v } else { nil } }) {
      Told(feeds: feeds)
    }
    .ifLet(\.$reflected, action: .init(Action.reflected) { if case let .reflected(v) = $0 { v } else { nil } }) {
      Reflected(feeds: feeds)
    }
  }
}

/// Where a test puts its listener.
private enum Slot: CaseIterable, CustomTestStringConvertible {
  case ifLet, ifCaseLet, presented, presentedCase, reflectedCase

  var testDescription: String { "\(self)" }

  /// A host whose only child, in this slot, has the id `id`.
  func host(_ id: PartlyHashedID) -> Host.State {
    var state = Host.State()
    let listener = Listener.State(id: id)
    switch self {
    case .ifLet: state.child = listener
    case .ifCaseLet: state.screen = .listener(listener)
    case .presented: state.sheet = listener
    case .presentedCase: state.told = .listener(listener)
    case .reflectedCase: state.reflected = .listener(listener)
    }
    return state
  }

  /// `action` sent to the listener in this slot.
  func send(_ action: Listener.Action) -> Host.Action {
    switch self {
    case .ifLet: .child(action)
    case .ifCaseLet: .screen(.listener(action))
    case .presented: .sheet(.presented(action))
    case .presentedCase: .told(.presented(.listener(action)))
    case .reflectedCase: .reflected(.presented(.listener(action)))
    }
  }

  /// The action that replaces the host's state by `state`: from the reducer the operator of this
  /// slot runs before (an `ifCaseLet`'s parent holds only the enum).
  func replace(with state: Host.State) -> Host.Action {
    self == .ifCaseLet ? .screen(.replace(state.screen)) : .replace(state)
  }
}

// MARK: - Tests

/// Whether a child was replaced is decided on the ids themselves (`==`), not on their
/// fingerprints (type and hash), which the effects are kept under (see ``ChildID``).
@MainActor
@Suite struct ChildIdentityExactnessTests {
  @Test(arguments: Slot.allCases)
  fileprivate func replacingAChildByOneWhoseIDHashesTheSameCancelsTheFormerChildsEffects(slot: Slot) async {
    let first = PartlyHashedID(major: 1, minor: 1)
    let second = PartlyHashedID(major: 1, minor: 2)
    #expect(first.hashValue == second.hashValue && first != second)

    let feeds = TestFeeds()
    let store = TestStore(initialState: slot.host(first)) { Host(feeds: feeds) }
    await store.send(slot.send(.listen))
    await store.send(slot.replace(with: slot.host(second))) { $0 = slot.host(second) }
    // Passes only once the first child's listening effect has ended: it is cancelled, and
    // cannot feed the second child.
    await store.finish()
    #expect(feeds.ended == ["1.1"])
  }

  @Test(arguments: Slot.allCases)
  fileprivate func aChildWhoseIDIsEqualKeepsItsEffects(slot: Slot) async {
    let feeds = TestFeeds()
    let id = PartlyHashedID(major: 1, minor: 1)
    let store = TestStore(initialState: slot.host(id)) { Host(feeds: feeds) }
    await store.send(slot.send(.listen))
    // The same child, set again: its effects go on.
    await store.send(slot.replace(with: slot.host(id)))
    feeds.send(7, to: "1.1")
    var heard = slot.host(id)
    switch slot {
    case .ifLet: heard.child?.heard = [7]
    case .ifCaseLet: heard.screen = .listener(Listener.State(id: id, heard: [7]))
    case .presented: heard.sheet?.heard = [7]
    case .presentedCase: heard.told = .listener(Listener.State(id: id, heard: [7]))
    case .reflectedCase: heard.reflected = .listener(Listener.State(id: id, heard: [7]))
    }
    await store.receive(slot.send(.heard(7))) { $0 = heard }
    #expect(feeds.ended.isEmpty)
    await store.skipInFlightEffects()
  }

  @Test func heldIdentitiesCompareIDsExactlyAndFingerprintsAreShared() {
    let first = HeldIdentity(id: PartlyHashedID(major: 1, minor: 1))
    let second = HeldIdentity(id: PartlyHashedID(major: 1, minor: 2))
    #expect(first != second)
    #expect(first == HeldIdentity(id: PartlyHashedID(major: 1, minor: 1)))
    // What the effects are kept under cannot tell them apart: the documented limit.
    #expect(first.identity == second.identity)
    #expect(HeldIdentity() == HeldIdentity())
    #expect(HeldIdentity() != first)
    // Another type is another child, even when the hashes agree.
    #expect(HeldIdentity(id: 1) != HeldIdentity(id: Int8(1)))
  }
}

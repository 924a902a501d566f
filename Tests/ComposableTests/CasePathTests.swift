import Composable
import Testing

// A small feature domain, with case paths declared the way the documentation recommends.

private enum Child {
  enum Action: Equatable, Sendable {
    case tap
    case setText(String)
  }
}

private enum Counter {
  enum Action: Equatable, Sendable {
    case increment
    case incrementBy(Int)
    case rename(first: String, last: String)
    case child(Child.Action)
  }
}

extension CasePath where Root == Counter.Action {
  fileprivate static var increment: CasePath<Root, Void> { .init(Root.increment) }
  fileprivate static var incrementBy: CasePath<Root, Int> { .init(Root.incrementBy) { if case let .incrementBy(v) = $0 { v } else { nil } } }
  fileprivate static var rename: CasePath<Root, (first: String, last: String)> { .init(Root.rename) { if case let .rename(f, l) = $0 { (f, l) } else { nil } } }
  fileprivate static var child: CasePath<Root, Child.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
}

extension CasePath where Root == Child.Action {
  fileprivate static var tap: CasePath<Root, Void> { .init(Root.tap) }
  fileprivate static var setText: CasePath<Root, String> { .init(Root.setText) { if case let .setText(v) = $0 { v } else { nil } } }
}

/// Not `Equatable`, so its payload-less case needs the `matches:` form.
private enum Signal {
  case ping
  case payload(NonSendableBox)
}

private final class NonSendableBox {
  var value = 0
}

extension CasePath where Root == Signal {
  fileprivate static var ping: CasePath<Root, Void> { .init(Root.ping) { if case .ping = $0 { true } else { false } } }
}

/// Enum state whose payload holds a reference, to observe whether `modify` copies it.
private enum Screen {
  case loading
  case loaded(Loaded)

  struct Loaded {
    var storage = Storage()
    var count = 0
  }

  final class Storage {}
}

extension CasePath where Root == Screen {
  fileprivate static var loaded: CasePath<Root, Screen.Loaded> { .init(Root.loaded) { if case let .loaded(v) = $0 { v } else { nil } } }
}

private struct Failure: Error {}

/// Stands in for an operator such as `Scope(state:action:)`: the child action type is inferred from
/// the static member the call site names.
private func childAction<ChildAction>(
  in action: Counter.Action,
  action path: CasePath<Counter.Action, ChildAction>
) -> ChildAction? {
  path.extract(from: action)
}

private func requireSendable<T: Sendable>(_ value: T) -> T { value }

@Suite struct CasePathTests {
  @Test func embedAndExtractWithPayload() {
    let path = CasePath<Counter.Action, Int>.incrementBy
    #expect(path.embed(3) == .incrementBy(3))
    #expect(path.extract(from: .incrementBy(3)) == 3)
    #expect(path.extract(from: .increment) == nil)
    #expect(path.extract(from: .child(.tap)) == nil)
  }

  @Test func embedAndExtractWithLabelledTuplePayload() {
    let path = CasePath<Counter.Action, (first: String, last: String)>.rename
    #expect(path.embed((first: "Ada", last: "Lovelace")) == .rename(first: "Ada", last: "Lovelace"))
    let extracted = path.extract(from: .rename(first: "Ada", last: "Lovelace"))
    #expect(extracted?.first == "Ada")
    #expect(extracted?.last == "Lovelace")
    #expect(path.extract(from: .increment) == nil)
  }

  @Test func payloadlessCaseOfEquatableEnum() {
    let path = CasePath<Counter.Action, Void>.increment
    #expect(path.embed() == .increment)
    #expect(path.embed(()) == .increment)
    #expect(path.extract(from: .increment) != nil)
    #expect(path.extract(from: .incrementBy(1)) == nil)
  }

  @Test func payloadlessCaseOfNonEquatableEnum() {
    let path = CasePath<Signal, Void>.ping
    #expect(path.extract(from: path.embed()) != nil)
    #expect(path.extract(from: .payload(NonSendableBox())) == nil)
  }

  @Test func primaryInitializer() {
    let path = CasePath<Counter.Action, Int>(
      embed: Counter.Action.incrementBy,
      extract: { if case let .incrementBy(v) = $0 { v } else { nil } }
    )
    #expect(path.embed(5) == .incrementBy(5))
    #expect(path.extract(from: .incrementBy(5)) == 5)
    #expect(path.extract(from: .increment) == nil)
  }

  @Test func callSitesNameStaticMembers() {
    #expect(childAction(in: .incrementBy(2), action: .incrementBy) == 2)
    #expect(childAction(in: .child(.tap), action: .child) == .tap)
    #expect(childAction(in: .increment, action: .child) == nil)
    #expect(childAction(in: .increment, action: .increment) != nil)
    #expect(childAction(in: .child(.setText("a")), action: .child.appending(.setText)) == "a")
    #expect(childAction(in: .increment, action: .identity) == .increment)
  }

  @Test func appendingNestedEnums() {
    let setText: CasePath<Counter.Action, String> = .child.appending(.setText)
    #expect(setText.embed("hi") == .child(.setText("hi")))
    #expect(setText.extract(from: .child(.setText("hi"))) == "hi")
    #expect(setText.extract(from: .child(.tap)) == nil)
    #expect(setText.extract(from: .incrementBy(1)) == nil)

    let tap: CasePath<Counter.Action, Void> = .child.appending(.tap)
    #expect(tap.embed() == .child(.tap))
    #expect(tap.extract(from: .child(.tap)) != nil)
    #expect(tap.extract(from: .child(.setText(""))) == nil)
  }

  @Test func identity() {
    let path = CasePath<Counter.Action, Counter.Action>.identity
    #expect(path.embed(.increment) == .increment)
    #expect(path.extract(from: .incrementBy(4)) == .incrementBy(4))

    let appended = CasePath<Counter.Action, Counter.Action>.identity.appending(.incrementBy)
    #expect(appended.extract(from: .incrementBy(4)) == 4)
    #expect(CasePath<Counter.Action, Int>.incrementBy.appending(.identity).embed(4) == .incrementBy(4))
  }

  @Test func modifyMatchingCase() {
    var action = Counter.Action.incrementBy(1)
    let result = CasePath<Counter.Action, Int>.incrementBy.modify(&action) { value -> String in
      value += 10
      return "done"
    }
    #expect(result == "done")
    #expect(action == .incrementBy(11))
  }

  @Test func modifyOtherCaseLeavesRootUntouched() {
    var action = Counter.Action.child(.tap)
    var ran = false
    let result: Void? = CasePath<Counter.Action, Int>.incrementBy.modify(&action) { _ in ran = true }
    #expect(result == nil)
    #expect(!ran)
    #expect(action == .child(.tap))
  }

  @Test func modifyThroughAppendedPath() {
    var action = Counter.Action.child(.setText("a"))
    CasePath<Counter.Action, String>.child.appending(.setText).modify(&action) { $0 += "b" }
    #expect(action == .child(.setText("ab")))
  }

  @Test func modifyPayloadlessCase() {
    var action = Counter.Action.increment
    #expect(CasePath<Counter.Action, Void>.increment.modify(&action) { _ in 1 } == 1)
    #expect(action == .increment)
  }

  @Test func modifyMovesThePayloadInsteadOfCopyingIt() {
    var screen = Screen.loaded(Screen.Loaded())
    let wasUnique = CasePath<Screen, Screen.Loaded>.loaded.modify(&screen) { loaded in
      loaded.count += 1
      return isKnownUniquelyReferenced(&loaded.storage)
    }
    #expect(wasUnique == true)
    #expect(CasePath<Screen, Screen.Loaded>.loaded.extract(from: screen)?.count == 1)
  }

  @Test func modifyThatThrowsKeepsTheMutationsMadeBeforeThrowing() {
    var action = Counter.Action.incrementBy(1)
    #expect(throws: Failure.self) {
      try CasePath<Counter.Action, Int>.incrementBy.modify(&action) { value in
        value = 2
        throw Failure()
      }
    }
    #expect(action == .incrementBy(2))
  }

  @Test func casePathsAreSendable() {
    let path = requireSendable(CasePath<Signal, Void>.ping)
    #expect(path.extract(from: .ping) != nil)
  }
}

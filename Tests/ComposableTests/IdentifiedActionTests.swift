import Composable
import Testing

private enum Row {
  enum Action: Hashable, Sendable {
    case toggle
    case rename(String)
  }
}

private enum Parent {
  enum Action: Equatable, Sendable {
    case rows(IdentifiedAction<Int, Row.Action>)
    case addRow
  }
}

extension CasePath where Root == Parent.Action {
  fileprivate static var rows: CasePath<Root, IdentifiedAction<Int, Row.Action>> { .init(Root.rows) { if case let .rows(v) = $0 { v } else { nil } } }
}

/// Stands in for a generic operator such as `forEach`, which names `.element` for any id and action.
private func route<ID, Action>(
  _ action: IdentifiedAction<ID, Action>,
  through path: CasePath<IdentifiedAction<ID, Action>, (id: ID, action: Action)> = .element
) -> (id: ID, action: Action)? {
  path.extract(from: action)
}

private func requireSendable<T: Sendable>(_ value: T) -> T { value }

@Suite struct IdentifiedActionTests {
  @Test func idAndAction() {
    let action = IdentifiedAction<Int, Row.Action>.element(id: 7, action: .toggle)
    #expect(action.id == 7)
    #expect(action.action == .toggle)
  }

  @Test func equatableAndHashable() {
    let a = IdentifiedAction<Int, Row.Action>.element(id: 1, action: .toggle)
    #expect(a == .element(id: 1, action: .toggle))
    #expect(a != .element(id: 2, action: .toggle))
    #expect(a != .element(id: 1, action: .rename("x")))
    #expect(Set([a, .element(id: 1, action: .toggle), .element(id: 2, action: .toggle)]).count == 2)
  }

  @Test func elementCasePath() {
    let path = CasePath<IdentifiedAction<Int, Row.Action>, (id: Int, action: Row.Action)>.element
    #expect(path.embed((id: 3, action: .toggle)) == .element(id: 3, action: .toggle))
    let extracted = path.extract(from: .element(id: 3, action: .rename("a")))
    #expect(extracted?.id == 3)
    #expect(extracted?.action == .rename("a"))

    var action = IdentifiedAction<Int, Row.Action>.element(id: 3, action: .toggle)
    path.modify(&action) { $0.action = .rename("b") }
    #expect(action == .element(id: 3, action: .rename("b")))
  }

  @Test func elementCasePathInGenericCode() {
    let routed = route(IdentifiedAction<String, Row.Action>.element(id: "a", action: .toggle))
    #expect(routed?.id == "a")
    #expect(routed?.action == .toggle)
  }

  @Test func appendedToAParentCase() {
    let rowActions: CasePath<Parent.Action, (id: Int, action: Row.Action)> = .rows.appending(.element)
    #expect(rowActions.embed((id: 5, action: .toggle)) == .rows(.element(id: 5, action: .toggle)))
    #expect(rowActions.extract(from: .rows(.element(id: 5, action: .toggle)))?.id == 5)
    #expect(rowActions.extract(from: .addRow) == nil)
  }

  @Test func sendableWhenPartsAre() {
    let action = requireSendable(IdentifiedAction<Int, Row.Action>.element(id: 1, action: .toggle))
    #expect(action.id == 1)
  }
}

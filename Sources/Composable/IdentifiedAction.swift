/// An action sent to one element of a collection, addressed by the element's id.
///
/// A parent feature that holds rows in an ``IdentifiedArray`` gives its action a case carrying an
/// `IdentifiedAction`, and `forEach` routes each one to the row with that id:
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedAction<Row.State.ID, Row.Action>)
/// }
///
/// extension CasePath where Root == Action {
///   static var rows: CasePath<Root, IdentifiedAction<Row.State.ID, Row.Action>> { .init(Root.rows) { if case let .rows(v) = $0 { v } else { nil } } }
/// }
///
/// // in the parent's body:
/// .forEach(\.rows, action: .rows) { Row() }
///
/// store.send(.rows(.element(id: rowID, action: .toggle)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action>: IdentifiedActionProtocol {
  /// The action `action` for the element whose id is `id`.
  case element(id: ID, action: Action)

  /// The id of the element the action is for.
  @inlinable
  public var id: ID {
    switch self {
    case let .element(id, _): id
    }
  }

  /// The action for the element.
  @inlinable
  public var action: Action {
    switch self {
    case let .element(_, action): action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}

extension IdentifiedAction: Hashable where Action: Hashable {}

extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}

/// The shape of ``IdentifiedAction``, so that ``CasePath/element`` can be declared once for every
/// `ID` and `Action` (Swift has no generic extensions); `IdentifiedAction` is its only conforming type.
///
/// It refines `SendableMetatype` because the case path's `@Sendable` closures use the conformance.
public protocol IdentifiedActionProtocol<ID, Action>: SendableMetatype {
  /// The type of the element ids.
  associatedtype ID: Hashable
  /// The type of the elements' actions.
  associatedtype Action

  /// Makes the action `action` for the element whose id is `id`.
  static func element(id: ID, action: Action) -> Self

  /// The id of the element the action is for.
  var id: ID { get }

  /// The action for the element.
  var action: Action { get }
}

extension CasePath where Root: IdentifiedActionProtocol, Value == (id: Root.ID, action: Root.Action) {
  /// The path to the only case of an ``IdentifiedAction``: its id and action.
  ///
  /// ```swift
  /// let path: CasePath<IdentifiedAction<Int, Row.Action>, (id: Int, action: Row.Action)> = .element
  /// path.extract(from: .element(id: 7, action: .toggle))  // (id: 7, action: .toggle)
  /// path.embed((id: 7, action: .toggle))                  // .element(id: 7, action: .toggle)
  /// ```
  ///
  /// Appended to a parent's case path, it addresses the row actions inside the parent's actions:
  /// `CasePath<Parent.Action, IdentifiedAction<Int, Row.Action>>.rows.appending(.element)`.
  @inlinable
  public static var element: Self {
    CasePath(embed: { Root.element(id: $0.id, action: $0.action) }, extract: { ($0.id, $0.action) })
  }
}

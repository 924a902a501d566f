/// The actions a parent receives for its navigation stack: an element's own actions, a pop, and
/// a push.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Detail.State, Detail.Action>)
/// }
///
/// extension CasePath where Root == Action {
///   static var path: CasePath<Root, StackAction<Detail.State, Detail.Action>> { .init(Root.path) { if case let .path(v) = $0 { v } else { nil } } }
/// }
///
/// // in the parent's body:
/// .forEach(\.path, action: .path) { Detail() }
/// ```
///
/// `forEach` runs `.element` actions through the element, before the parent. On `.popFrom` the
/// parent runs first (it can still read the elements), then the element and those above it are
/// popped. On `.push` the element is pushed first, then the parent runs. An element sends
/// `.popFrom` for itself with ``DismissEffect``; a user interface sends `.push` and `.popFrom`
/// when the user navigates.
public enum StackAction<State, Action> {
  /// The action `action` of the element with the id `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with the id `id` and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` under the id `id`, which must be greater than every id the stack has held
  /// (``StackState/nextID`` or later).
  case push(id: StackElementID, state: State)
}

/// The actions of a stack of `R`'s elements.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The shape of ``StackAction``, so that its case paths (``CasePath/element``,
/// ``CasePath/popFrom``, ``CasePath/push``) can be declared once for every element type (Swift
/// has no generic extensions); `StackAction` is its only conforming type.
///
/// It refines `SendableMetatype` because the case paths' `@Sendable` closures use the conformance.
public protocol StackActionProtocol<ElementState, ElementAction>: SendableMetatype {
  /// The state of the stack's elements.
  associatedtype ElementState
  /// The actions of the stack's elements.
  associatedtype ElementAction

  /// The action `action` of the element with the id `id`.
  static func element(id: StackElementID, action: ElementAction) -> Self
  /// Pops the element with the id `id` and every element above it.
  static func popFrom(id: StackElementID) -> Self
  /// Pushes `state` under the id `id`.
  static func push(id: StackElementID, state: ElementState) -> Self

  /// The view of this action as a ``StackAction``.
  var stackAction: StackAction<ElementState, ElementAction> { get }
}

extension StackAction: StackActionProtocol {
  /// This action itself.
  @inlinable
  public var stackAction: Self { self }
}

extension CasePath where Root: StackActionProtocol, Value == (id: StackElementID, action: Root.ElementAction) {
  /// The path to an element's actions in a ``StackAction``: its id and action.
  ///
  /// ```swift
  /// CasePath<Action, StackAction<Detail.State, Detail.Action>>.path.appending(.element)
  /// ```
  @inlinable
  public static var element: Self {
    CasePath(embed: { Root.element(id: $0.id, action: $0.action) }) {
      if case let .element(id, action) = $0.stackAction { (id: id, action: action) } else { nil }
    }
  }
}

extension CasePath where Root: StackActionProtocol, Value == StackElementID {
  /// The path to the id a ``StackAction/popFrom(id:)`` pops from.
  @inlinable
  public static var popFrom: Self {
    CasePath(embed: { Root.popFrom(id: $0) }) {
      if case let .popFrom(id) = $0.stackAction { id } else { nil }
    }
  }
}

extension CasePath where Root: StackActionProtocol, Value == (id: StackElementID, state: Root.ElementState) {
  /// The path to the id and state of a ``StackAction/push(id:state:)``.
  @inlinable
  public static var push: Self {
    CasePath(embed: { Root.push(id: $0.id, state: $0.state) }) {
      if case let .push(id, state) = $0.stackAction { (id: id, state: state) } else { nil }
    }
  }
}

/// An identifier for cancellable effects.
///
/// Any `Hashable & Sendable` value works; a type of its own per feature keeps ids from
/// colliding:
///
/// ```swift
/// enum CancelID { case search, timer }
/// return .run { … }.cancellable(id: CancelID.search, cancelInFlight: true)
/// ```
///
/// Ids are scoped to one store and the stores scoped from it: two independent stores using the
/// same id never cancel each other's effects.
public struct EffectID: Hashable, @unchecked Sendable {
  /// What an id names: a user's identifier, or one the library makes for itself. The library's
  /// own are cases rather than `AnyHashable`s of its types: wrapping a value in `AnyHashable`
  /// searches every protocol conformance of the program for its type the first time, at every
  /// launch of a command-line tool; a user's identifier never equals one of them either way.
  @usableFromInline
  enum Base: Hashable, @unchecked Sendable {
    // `AnyHashable` is not `Sendable`; every value stored here was `Sendable` when wrapped.
    case user(AnyHashable)
    /// The lifetime of the child instance that is the first of the namespace.
    case childLifetime
    /// Every child of an operator that a sweep ends (see ``ChildSweep``).
    case sweep(ChildSweep)
  }

  @usableFromInline let base: Base
  /// The child features (an `ifLet`'s child, one `forEach` element…) the id belongs to, outermost
  /// last: the same id used by two rows of a list names two different effects.
  @usableFromInline var namespace: [ChildInstance]

  /// Wraps a user's identifier; an `EffectID` stays itself.
  @inlinable
  public init(_ base: some Hashable & Sendable) {
    // An `EffectID` given as an id must name the same effects as itself, not a new id wrapping
    // it: otherwise `.cancel(id: someEffectID)` never matches `.cancellable(id: someEffectID)`
    // or `.cancel(ids: [someEffectID])`, which use the `EffectID` as is.
    if let id = base as? EffectID {
      self = id
    } else {
      self.base = .user(AnyHashable(base))
      self.namespace = []
    }
  }

  @inlinable
  init(base: Base, namespace: [ChildInstance]) {
    self.base = base
    self.namespace = namespace
  }
}

extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// With `cancelInFlight`, effects already running under `id` are cancelled before this one
  /// starts, so at most one runs at a time.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    cancellable(id: EffectID(id), cancelInFlight: cancelInFlight)
  }

  @inlinable
  func cancellable(id: EffectID, cancelInFlight: Bool) -> Self {
    switch operation {
    case .none where !cancelInFlight:
      return .none
    default:
      return Self(.cancellable(self, id: id, cancelInFlight: cancelInFlight))
    }
  }

  /// Cancels every running effect that was made cancellable with `id` in this store tree.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }

  /// Cancels every running effect under each of `ids`.
  @inlinable
  public static func cancel(ids: some Sequence<EffectID>) -> Self {
    .merge(ids.map { Self(.cancel($0)) })
  }
}

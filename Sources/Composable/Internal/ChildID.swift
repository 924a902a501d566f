/// The `id` of a child feature's state (a list element's, an `ifLet` child's, a presented
/// value's), of any type, for telling one child of an operator from another.
///
/// Sendable by construction, as it must be: it travels inside effect ids to the effect runtime,
/// which compares them under its lock from whatever thread cancels an effect. Two forms:
///
/// - ``value(_:)``, the id itself, for ids whose type is known to be `Sendable` where the operator
///   is written: `forEach`'s (``IdentifiedArray`` ids are `Hashable & Sendable`, as TCA requires
///   of `forEach`'s `ID`). Many children of one operator live at once there, each with its own
///   cancellation ids, so they are told apart exactly.
/// - ``fingerprint(type:hash:)``, the id's type and hash, for the operators that hold one child at
///   a time (`ifLet`, `ifCaseLet` and presentations). Their ids are found by reflection (an
///   `Identifiable` enum payload, an `Identifiable` presented state) or come through public API
///   that never required `Sendable` (`PresentedCase`, the `Identifiable` overloads of `ifLet`), and
///   a dynamic cast cannot check `Sendable`, a marker protocol: keeping the id itself would take
///   an `@unchecked` claim. A fingerprint only ever answers "is this the child that was here
///   before?"; two ids of one type with equal 64-bit hashes would be taken for the same child
///   (its effects would then outlive a replacement), a chance of about one in 2^64 per
///   replacement.
///
/// Not an `AnyHashable`: wrapping a value in one searches every protocol conformance of the
/// program for the value's type the first time (for a custom `AnyHashable` representation), a
/// cost a command-line tool pays at every launch. The ids one operator compares all have the
/// same type, where `AnyHashable`'s conversions between types (`Int` and `Int8`, say) never
/// apply: a value equals only a value of its own type here, in both forms.
@usableFromInline
enum ChildID: Hashable, Sendable {
  /// The id itself.
  case value(any Hashable & Sendable)
  /// The id's type and hash value.
  case fingerprint(type: ObjectIdentifier, hash: Int)

  /// The id itself, compared exactly.
  @inlinable
  init(_ base: some Hashable & Sendable) {
    self = .value(base)
  }

  /// The fingerprint of `id`: its type and its hash.
  @inlinable
  init<ID: Hashable>(fingerprintOf id: ID) {
    self = .fingerprint(type: ObjectIdentifier(ID.self), hash: id.hashValue)
  }

  /// The id itself, as `ID`, when it is one kept whole and of that type.
  @inlinable
  func value<ID>(as _: ID.Type) -> ID? {
    guard case let .value(base) = self else { return nil }
    return base as? ID
  }

  @usableFromInline
  static func == (lhs: ChildID, rhs: ChildID) -> Bool {
    switch (lhs, rhs) {
    case let (.value(lhs), .value(rhs)): lhs.isEqual(to: rhs)
    case let (.fingerprint(lhsType, lhsHash), .fingerprint(rhsType, rhsHash)): lhsType == rhsType && lhsHash == rhsHash
    default: false
    }
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    switch self {
    case let .value(base): base.hash(into: &hasher)
    case let .fingerprint(_, hash): hasher.combine(hash)
    }
  }
}

extension Hashable {
  /// Whether `other` is a value of exactly this type equal to this one. The types are compared
  /// first: a cast alone would also unwrap an `Optional` or an `AnyHashable` (`1` would equal
  /// `Optional(1)`, which hashes differently).
  fileprivate func isEqual(to other: any Hashable) -> Bool {
    guard type(of: other) == Self.self, let other = other as? Self else { return false }
    return self == other
  }
}

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
///   an `@unchecked` claim.
///
/// What a fingerprint can confuse, and what it cannot. Whether the child after a reducer call is
/// the one before it is never decided on fingerprints: the operator compares the ids themselves
/// with `==` while it holds them (``HeldIdentity``), so a replacement it sees always ends the
/// former child's effects, however the id type hashes. Fingerprints serve only where an id is
/// kept beyond the call: the lifetime id and cancellation ids a child's effects run under, and
/// the runtime's record of which children have effects running. Two ids of one type with equal
/// hash values (by chance, about one in 2^64, or always for a type whose `hash(into:)` leaves
/// out a field its `==` compares) are one child there: the effects of a child that a reducer
/// *outside* the operator replaced by one with an equal fingerprint are not found by the sweep
/// for unseen children, so they run on (feeding the new child) until it goes too; and two such
/// children share cancellation ids, which matters only while both have effects, that is only
/// in that case. A fingerprint never equals one of an id of another type, nor an id kept whole.
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

/// A child's identity while an operator holds the child during a reducer call: the identity its
/// effects are kept under (``ChildIdentity``, a fingerprint for ids not known to be `Sendable`)
/// and, for an identity that is a fingerprint, the id itself, so that whether the child after
/// the call is the one before it is decided exactly, with the id type's `==` (see ``ChildID``).
///
/// Not `Sendable`, and never kept: it lives for one reducer call.
@usableFromInline
struct HeldIdentity: Equatable {
  /// The identity the child's effects run under; `nil` for a child with none beyond being there.
  @usableFromInline let identity: ChildIdentity?
  /// The id behind a fingerprint in ``identity``.
  @usableFromInline let id: (any Hashable)?

  /// A child with no identity beyond being there.
  @inlinable
  init() {
    identity = nil
    id = nil
  }

  /// A child told apart by `id`.
  @inlinable
  init<ID: Hashable>(id: ID) {
    identity = .id(ChildID(fingerprintOf: id))
    self.id = id
  }

  /// An enum destination in the case `name`, whose value has the id `valueID` (its fingerprint
  /// and the id itself), if any.
  @inlinable
  init(caseName name: String, valueID: ChildID?, id: (any Hashable)?) {
    identity = .presentedCase(CaseIdentity(name: name, valueID: valueID))
    self.id = id
  }

  /// Whether `lhs` and `rhs` are the same child: same identity, and for ids kept as
  /// fingerprints, ids equal by `==`.
  @usableFromInline
  static func == (lhs: HeldIdentity, rhs: HeldIdentity) -> Bool {
    guard lhs.identity == rhs.identity else { return false }
    switch (lhs.id, rhs.id) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return lhs.isEqual(to: rhs)
    default: return false
    }
  }
}

/// The `id` of a child feature's state (a list element's, an `ifLet` child's, a presented
/// value's), of any type, for telling one child of an operator from another.
///
/// Not an `AnyHashable`: wrapping a value in one searches every protocol conformance of the
/// program for the value's type the first time (for a custom `AnyHashable` representation), a
/// cost a command-line tool pays at every launch. The ids one operator compares all have the
/// same type, where `AnyHashable`'s conversions between types (`Int` and `Int8`, say) never
/// apply: a value equals only a value of its own type here.
@usableFromInline
struct ChildID: Hashable, @unchecked Sendable {
  // Ids are immutable values; the existential hides their sendability.
  @usableFromInline let base: any Hashable

  @inlinable
  init(_ base: some Hashable) {
    self.base = base
  }

  @usableFromInline
  static func == (lhs: ChildID, rhs: ChildID) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
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

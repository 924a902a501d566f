/// Stands for one sequence of an identified array's ids; see `IdentifiedArray._stamp`.
@usableFromInline
final class IdentityStamp: Sendable {
  @usableFromInline init() {}
}

/// Stands for one stack made with an initialiser of ``StackState``, and every value derived from
/// it by copies and mutations: how a `forEach` over a stack tells a parent that assigned a new
/// stack (whose ids restart at `#0` and may repeat those of the old one) from one that pushed or
/// popped, so that the old stack's elements all end, even where a new element has the same id.
@usableFromInline
final class StackOrigin: Sendable {
  @usableFromInline init() {}
}

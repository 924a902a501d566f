/// Carries a value that the compiler cannot prove `Sendable` to a place the library knows is
/// safe: actions inside effects are created on the main actor and only delivered there.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline var value: Value
  @inlinable init(_ value: Value) { self.value = value }
}

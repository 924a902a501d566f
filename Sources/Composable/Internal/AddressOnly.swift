/// A stored property that makes the struct holding it address-only, so that the optimiser passes
/// that struct by reference everywhere.
///
/// A composed reducer nests every reducer below it, so it can be hundreds of bytes. As a plain
/// struct, calling a child's `reduce` copies the child out of its parent first (the compiler
/// treats it as a value), at every level of nesting. An address-only struct is always handled
/// through its address: calling a child's `reduce` passes a pointer into the parent. A `weak`
/// reference is address-only and the smallest such field; it is always `nil`.
@usableFromInline
struct AddressOnly {
  @usableFromInline weak var never: AnyObject?

  @inlinable init() {}
}

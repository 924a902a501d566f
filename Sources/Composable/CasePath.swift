/// A path from an enum to the associated value of one of its cases: the enum counterpart of a key path.
///
/// A key path can always read a property, but a case path may fail: the value might be in another
/// case. So a case path is a pair of functions: `embed` wraps a value in the case, `extract` returns
/// the case's associated value, or `nil` if the root is in a different case.
///
/// Without macros, declare case paths as static members of `CasePath`, constrained to the enum they
/// address, one readable line per case. Call sites then read like TCA's `\.child`: `action: .child`.
///
/// ```swift
/// enum Action: Equatable {
///   case increment
///   case incrementBy(Int)
///   case child(Child.Action)
/// }
///
/// extension CasePath where Root == Action {
///   static var increment: CasePath<Root, Void> { .init(Root.increment) }
///   static var incrementBy: CasePath<Root, Int> { .init(Root.incrementBy) { if case let .incrementBy(v) = $0 { v } else { nil } } }
///   static var child: CasePath<Root, Child.Action> { .init(Root.child) { if case let .child(v) = $0 { v } else { nil } } }
/// }
///
/// Scope(state: \.child, action: .child) { Child() }
/// CasePath<Action, Int>.incrementBy.extract(from: .incrementBy(3))  // 3
/// ```
///
/// One extension per enum holds all its paths. A case without an associated value is a
/// `CasePath<Root, Void>`; if the enum is not `Equatable`, give that form a test:
/// `.init(Root.increment) { if case .increment = $0 { true } else { false } }`.
///
/// The paths are computed properties because Swift has no stored static properties in generic types.
/// That costs nothing: the closures capture nothing, so building a path allocates nothing, and
/// everything here is `@inlinable` so a client module sees through the path and specialises it.
/// No reflection is involved.
@frozen
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline
  internal let _embed: @Sendable (Value) -> Root

  @usableFromInline
  internal let _extract: @Sendable (Root) -> Value?

  /// Creates a case path from a function that embeds a value in the case and one that extracts it.
  ///
  /// ```swift
  /// let incrementBy = CasePath<Action, Int>(
  ///   embed: Action.incrementBy,
  ///   extract: { if case let .incrementBy(v) = $0 { v } else { nil } }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - embed: Wraps a value in the case, usually the case itself used as a function (`Action.incrementBy`).
  ///   - extract: Returns the associated value if the root is in the case, otherwise `nil`.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self._embed = embed
    self._extract = extract
  }

  /// Creates a case path from a case constructor and a trailing extract closure: the one-line form.
  ///
  /// ```swift
  /// static var incrementBy: CasePath<Root, Int> { .init(Root.incrementBy) { if case let .incrementBy(v) = $0 { v } else { nil } } }
  /// ```
  ///
  /// - Parameters:
  ///   - embed: The case used as a function, e.g. `Root.incrementBy`.
  ///   - extract: Returns the associated value if the root is in the case, otherwise `nil`.
  @inlinable
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(embed: embed, extract: extract)
  }

  /// Wraps a value in the case this path addresses.
  ///
  /// ```swift
  /// CasePath<Action, Int>.incrementBy.embed(3)  // .incrementBy(3)
  /// ```
  @inlinable
  public func embed(_ value: Value) -> Root {
    _embed(value)
  }

  /// Returns the associated value if `root` is in the case this path addresses, otherwise `nil`.
  ///
  /// ```swift
  /// CasePath<Action, Int>.incrementBy.extract(from: .incrementBy(3))  // 3
  /// CasePath<Action, Int>.incrementBy.extract(from: .increment)       // nil
  /// ```
  @inlinable
  public func extract(from root: Root) -> Value? {
    _extract(root)
  }

  /// Returns a path that goes through this case and then through `path`, for nested enums.
  ///
  /// ```swift
  /// let tap: CasePath<Action, Void> = .child.appending(.tap)
  /// tap.embed(())  // .child(.tap)
  /// ```
  @inlinable
  public func appending<AppendedValue>(
    _ path: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    CasePath<Root, AppendedValue>(
      embed: { self._embed(path._embed($0)) },
      extract: { self._extract($0).flatMap(path._extract) }
    )
  }

  /// Mutates the associated value in place if `root` is in the case, and returns what `body` returns;
  /// returns `nil` and leaves `root` untouched if `root` is in another case.
  ///
  /// This is how a child reducer runs on one case of an enum state (`ifCaseLet`):
  ///
  /// ```swift
  /// var state = Parent.State.loggedIn(LoggedIn.State())
  /// CasePath<Parent.State, LoggedIn.State>.loggedIn.modify(&state) { child in
  ///   child.count += 1
  /// }
  /// ```
  ///
  /// The associated value is moved out of `root` rather than copied, so while `body` runs it is
  /// uniquely referenced and mutating an array or other copy-on-write storage inside it does not
  /// copy that storage. If `body` throws, the value as `body` left it is embedded back first, as with
  /// any `inout` access.
  @inlinable
  public func modify<Result, Failure: Error>(
    _ root: inout Root,
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    try withUnsafeMutablePointer(to: &root) { (pointer) throws(Failure) -> Result? in
      // Move the root out so the extracted payload holds the only reference to its storage;
      // extracting from `root` in place would leave a second reference behind and make the first
      // mutation in `body` copy the payload's buffers.
      let original = pointer.move()
      guard var value = self._extract(original) else {
        pointer.initialize(to: original)
        return nil
      }
      _ = consume original
      defer { pointer.initialize(to: self._embed(value)) }
      return try body(&value)
    }
  }
}

extension CasePath where Value == Void {
  /// Creates a path to a case without an associated value, from the case and a test for it.
  ///
  /// ```swift
  /// static var increment: CasePath<Root, Void> { .init(Root.increment) { if case .increment = $0 { true } else { false } } }
  /// ```
  ///
  /// If the enum is `Equatable`, prefer ``init(_:)``, which needs no test.
  ///
  /// - Parameters:
  ///   - root: The case, e.g. `Root.increment`; evaluated on each `embed`.
  ///   - matches: Whether a root is in the case.
  @inlinable
  public init(
    _ root: @autoclosure @escaping @Sendable () -> Root,
    matches: @escaping @Sendable (Root) -> Bool
  ) {
    self.init(embed: { _ in root() }, extract: { matches($0) ? () : nil })
  }

  /// Wraps the case, which has no associated value: `path.embed()` instead of `path.embed(())`.
  @inlinable
  public func embed() -> Root {
    _embed(())
  }
}

extension CasePath where Value == Void, Root: Equatable & SendableMetatype {
  /// Creates a path to a case without an associated value of an `Equatable` enum.
  ///
  /// ```swift
  /// static var increment: CasePath<Root, Void> { .init(Root.increment) }
  /// ```
  ///
  /// A root matches when it is `==` to the case. A synthesised `Equatable` conformance compares the
  /// case first, so this is a cheap case test; a hand-written `==` must at least tell this case apart
  /// from every other value for the path to be correct.
  @inlinable
  public init(_ root: @autoclosure @escaping @Sendable () -> Root) {
    self.init(embed: { _ in root() }, extract: { $0 == root() ? () : nil })
  }
}

extension CasePath where Root == Value {
  /// The path that addresses the whole root: `embed` and `extract` return their argument.
  ///
  /// Useful where an API takes a case path but the whole action (or state) is wanted, and as the
  /// neutral element of ``appending(_:)``.
  ///
  /// ```swift
  /// CasePath<Action, Action>.identity.extract(from: .increment)  // .increment
  /// ```
  @inlinable
  public static var identity: Self {
    CasePath(embed: { $0 }, extract: { $0 })
  }
}

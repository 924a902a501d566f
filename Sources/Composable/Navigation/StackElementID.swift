import ValueDump

/// The id of one element of a ``StackState``: which screen of a navigation stack an action is
/// for.
///
/// A stack gives each element it appends the next id of its own counter, so ids are
/// deterministic (a stack made with `StackState()` names its elements `#0`, `#1`, `#2` … in
/// the order they are pushed) and never reused after a pop. Tests write them as integer
/// literals:
///
/// ```swift
/// await store.send(.path(.element(id: 0, action: .saveButtonTapped)))
/// await store.receive(.path(.popFrom(id: 0))) { $0.path.removeLast() }
/// ```
///
/// Ids compare in the order their elements were pushed onto one stack.
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomDebugStringConvertible, CustomDumpStringConvertible
{
  /// The position of the element in its stack's history of pushes.
  @usableFromInline let generation: Int

  @inlinable
  init(generation: Int) {
    self.generation = generation
  }

  /// The id of the element pushed `value`-th (from 0) onto a stack: `0` is the first one.
  @inlinable
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  @inlinable
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }

  /// `#0`, `#1` …, as TCA writes stack ids.
  public var debugDescription: String { "#\(generation)" }

  /// Dumps and diffs show the id as `#0`.
  public var customDumpDescription: String { debugDescription }
}

/// Which set of default values ``DependencyValues`` hands out for keys that were not overridden.
///
/// The context is explicit: nothing is guessed from the process. Live code runs in ``live``;
/// a `TestStore` switches its dependencies to ``test``, and so can a test that calls
/// ``withDependencies(_:operation:)-(_,()->R)`` directly:
///
/// ```swift
/// withDependencies { $0.context = .test } operation: { … }
/// ```
public enum DependencyContext: Sendable, Hashable {
  /// Use each key's ``DependencyKey/liveValue``.
  case live
  /// Use each key's ``DependencyKey/testValue``; keys without one report a test failure.
  case test
}

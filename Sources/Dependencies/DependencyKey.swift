/// A key for a value held in ``DependencyValues``, with the value used in live code and in tests.
///
/// Declare a key, then expose it as a computed property on ``DependencyValues``:
///
/// ```swift
/// private enum APIClientKey: DependencyKey {
///   static let liveValue = APIClient.live
///   static let testValue = APIClient.failing
/// }
///
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// A key that does not implement `testValue` reports a test failure when it is read in the
/// ``DependencyContext/test`` context without an override, naming the key and the place that read
/// it. Implement `testValue` for any key whose live value has effects a test must not have (disk,
/// network, real time).
public protocol DependencyKey {
  /// The type of the dependency.
  associatedtype Value: Sendable

  /// The value used when running for real (``DependencyContext/live``).
  static var liveValue: Value { get }

  /// The value used in tests (``DependencyContext/test``) unless a test overrides it.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// The default test value: reports that the key has no test implementation, then falls back to
  /// ``liveValue`` so the test can continue.
  public static var testValue: Value {
    UnimplementedTestValue.markUsed()
    return liveValue
  }
}

import Foundation

/// Tells the current date: the real one in live code, a fixed one in tests.
///
/// Read it with `@Dependency(\.date)` instead of calling `Date()` so that tests can check the
/// dates a feature records:
///
/// ```swift
/// @Dependency(\.date.now) var now
/// task.completedAt = now
/// ```
///
/// ```swift
/// withDependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 1_700_000_000))
/// } operation: { … }
/// ```
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// Creates a generator that calls `generate` each time the date is asked for.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// Returns the current date.
  public func callAsFunction() -> Date {
    generate()
  }

  /// The current date; the same as calling the generator.
  public var now: Date {
    generate()
  }

  /// The system's current date, from `Date()`.
  public static let live = DateGenerator { Date() }

  /// A generator that always returns `date`.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator.live
  // No testValue on purpose: a test that records dates must pin them, otherwise its
  // expectations would depend on when it runs.
}

extension DependencyValues {
  /// The generator features use to tell the current date.
  ///
  /// Live: ``DateGenerator/live``. There is no test value: a test that reads it without
  /// overriding it gets a test failure (and the real date). Override it with
  /// ``DateGenerator/constant(_:)``.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

import Dependencies
import Foundation

private enum TimeZoneKey: DependencyKey {
  static let liveValue = TimeZone.current
  // Fixed in tests so that "today" does not depend on where the tests run.
  static let testValue = TimeZone(identifier: "UTC")!
}

extension DependencyValues {
  /// The time zone that turns the `date` dependency into days: `@done(2026-11-22)` is stamped
  /// with the user's today. Live: the system's time zone; in tests: UTC.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

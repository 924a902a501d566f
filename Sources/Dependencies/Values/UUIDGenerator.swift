import Foundation
import Synchronization

/// Creates UUIDs: random ones in live code, predictable ones in tests.
///
/// Read it with `@Dependency(\.uuid)` instead of calling `UUID()` so that tests can check the
/// identifiers a feature creates:
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let task = Task(id: uuid(), title: title)
/// ```
///
/// ```swift
/// withDependencies { $0.uuid = .incrementing } operation: {
///   // uuid() returns 00000000-0000-0000-0000-000000000000, then …-000000000001, …
/// }
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator that calls `generate` for each UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns the next UUID.
  public func callAsFunction() -> UUID {
    generate()
  }

  /// Random (version 4) UUIDs from `UUID()`.
  public static let live = UUIDGenerator { UUID() }

  /// A new generator that counts up from zero: `00000000-0000-0000-0000-000000000000`,
  /// `00000000-0000-0000-0000-000000000001`, and so on.
  ///
  /// The counter belongs to the generator value returned here and is shared by its copies (a
  /// store and the effects it starts draw from one sequence); it is safe to call from any thread.
  /// Each use of `.incrementing` starts a new sequence at zero.
  public static var incrementing: UUIDGenerator {
    let counter = Counter()
    return UUIDGenerator { UUID(counter.next()) }
  }

  /// A generator that always returns `uuid`.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }

  private final class Counter: Sendable {
    private let value = Atomic<UInt64>(0)

    func next() -> UInt64 {
      value.wrappingAdd(1, ordering: .relaxed).oldValue
    }
  }
}

extension UUID {
  /// The UUID whose last 64 bits are `value` in big-endian order and whose first 64 bits are
  /// zero, so that the string form ends in the hexadecimal counter.
  fileprivate init(_ value: UInt64) {
    let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.live
  // No testValue on purpose: a test that creates UUIDs must choose how (usually `.incrementing`),
  // otherwise its expectations would depend on random values.
}

extension DependencyValues {
  /// The generator features use to create UUIDs.
  ///
  /// Live: ``UUIDGenerator/live``. There is no test value: a test that reads it without
  /// overriding it gets a test failure (and random UUIDs). Override it with
  /// ``UUIDGenerator/incrementing`` or ``UUIDGenerator/constant(_:)``.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

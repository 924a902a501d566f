import Dependencies
import Foundation

/// Where a ``Shared`` value lives: every holder made with the same key in one store tree holds
/// the same value.
///
/// - ``inMemory(_:)``: for as long as the store tree lives.
/// - ``stored(_:codec:in:saveDelay:reloadEvery:)``: in a document of the `storage` dependency,
///   loaded when the first holder is made, saved after changes, reloaded when another program
///   saves it.
///
/// Give a key its default value with ``withDefault(_:)`` so that holders need not repeat it:
///
/// ```swift
/// extension SharedKey<Int>.Default {
///   static var launchCount: Self { SharedKey.inMemory("launchCount").withDefault(0) }
/// }
///
/// struct State {
///   @Shared(.launchCount) var launchCount
/// }
/// ```
///
/// Keys are per store tree, not per process: a test store starts from a fresh set, so two tests
/// writing the same key never see each other's values, in any order and in parallel.
public struct SharedKey<Value: Sendable>: Sendable {
  let id: String
  let persistence: (@Sendable (DependencyValues) -> SharedPersistence<Value>)?

  /// A value kept in memory, shared by every holder of `name` in the store tree.
  public static func inMemory(_ name: String) -> Self {
    SharedKey(id: "memory:" + name, persistence: nil)
  }

  /// A value kept in the document `name` of a storage (``DependencyValues/storage`` unless you
  /// pass another), read and written through `codec`.
  ///
  /// - Changes are saved atomically, `saveDelay` after the first change of a burst on the
  ///   ``DependencyValues/clock`` dependency, with every change made meanwhile: a burst is saved
  ///   once, with the last value. Call ``Shared/save()`` to save at once (before a program
  ///   exits). Before writing, the document is read again: if it no longer decodes (someone
  ///   broke it by hand meanwhile) it is left as it is and the change stays pending.
  /// - With `reloadEvery`, the document is read again at that interval (on the clock) and a
  ///   value another program saved replaces this one, unless a change of this one is waiting to be
  ///   saved. ``Shared/load()`` reloads at once. (On a `TestClock`, `run()` never ends while
  ///   such a value lives: advance the clock by the interval instead.)
  /// - A document that cannot be decoded is never written over: holders start from the default,
  ///   changes stay in memory, and ``Shared/save()`` throws the reason.
  /// - In tests the storage dependency is in memory, so no test reaches the disk unless it sets
  ///   a file storage itself.
  public static func stored(
    _ name: String,
    codec: SharedCodec<Value>,
    in storage: KeyPath<DependencyValues, StorageClient> & Sendable = \.storage,
    saveDelay: Duration = .seconds(1),
    reloadEvery: Duration? = nil
  ) -> Self {
    SharedKey(id: "stored:\(storage):\(name)") { dependencies in
      SharedPersistence(
        name: name,
        codec: codec,
        storage: dependencies[keyPath: storage],
        dependencies: dependencies,
        saveDelay: saveDelay,
        reloadInterval: reloadEvery,
        reporter: dependencies.issueReporter
      )
    }
  }

  /// This key, with the value holders start from when the key has none yet.
  public func withDefault(_ value: @autoclosure @escaping @Sendable () -> Value) -> Default {
    Default(key: self, defaultValue: value)
  }

  /// A key with its default value: `@Shared(.launchCount) var launchCount`.
  public struct Default: Sendable {
    /// The key.
    public let key: SharedKey<Value>
    let defaultValue: @Sendable () -> Value
  }
}

extension SharedKey where Value: Codable {
  /// A value kept as JSON in the document `name` of the ``DependencyValues/storage``
  /// dependency; see ``stored(_:codec:in:saveDelay:reloadEvery:)``.
  public static func json(_ name: String, saveDelay: Duration = .seconds(1)) -> Self {
    stored(name, codec: .json, saveDelay: saveDelay)
  }
}

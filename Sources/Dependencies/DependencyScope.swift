#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A set of dependency values bound for synchronous work on the current thread.
///
/// Stores run every action inside their scope, so reducers see the store's dependencies. Binding
/// a scope costs two thread-specific writes and no allocation, which is why stores use it rather
/// than a task-local binding on every action. Work that outlives the call (a `Task`, an effect)
/// does not see the scope: bind its values with ``withDependencies(_:operation:)-(_,()->R)``
/// inside that work instead.
///
/// ```swift
/// let scope = DependencyScope(values)
/// scope.run {
///   @Dependency(\.uuid) var uuid
///   print(uuid())  // from `values`
/// }
/// ```
public final class DependencyScope: Sendable {
  /// The values in effect while ``run(_:)`` runs.
  public let values: DependencyValues
  // Read once here so that binding the scope skips the lazy-global check.
  @usableFromInline let key: pthread_key_t

  /// Creates a scope binding `values`.
  public init(_ values: DependencyValues) {
    self.values = values
    self.key = ScopeStack.key
  }

  /// Runs `body` with ``values`` as the current dependencies on this thread.
  @inlinable
  public func run<R>(_ body: () throws -> R) rethrows -> R {
    let outer = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(key, outer) }
    return try body()
  }

  /// The innermost scope running on this thread, if any.
  @inlinable
  static var current: DependencyScope? {
    guard let top = ScopeStack.top else { return nil }
    return Unmanaged<DependencyScope>.fromOpaque(top).takeUnretainedValue()
  }
}

/// The innermost ``DependencyScope`` of each thread, kept in thread-specific storage: a scope
/// only lives while the synchronous call that bound it runs, on the thread that bound it.
@usableFromInline
enum ScopeStack {
  @usableFromInline
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "Could not create the thread-specific key for dependency scopes.")
    return key
  }()

  @usableFromInline
  static var top: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    set { pthread_setspecific(key, newValue) }
  }
}

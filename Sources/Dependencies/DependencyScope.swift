import DependenciesThreadLocal

/// A set of dependency values bound for synchronous work on the current thread.
///
/// Stores run every action inside their scope, so reducers see the store's dependencies. Binding
/// a scope costs two writes to a thread-local variable and no allocation, which is why stores use
/// it rather than a task-local binding on every action. Work that outlives the call (a `Task`, an
/// effect) does not see the scope: bind its values with ``withDependencies(_:operation:)-(_,()->R)``
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
  /// Creates a scope binding `values`.
  public init(_ values: DependencyValues) {
    self.values = values
  }

  /// Runs `body` with ``values`` as the current dependencies on this thread.
  @inlinable
  public func run<R>(_ body: () throws -> R) rethrows -> R {
    try ScopeBinder(unretained: self).run(body)
  }

  /// The innermost scope running on this thread, if any.
  @inlinable
  package static var current: DependencyScope? {
    guard let scope = dependencies_get_current_scope() else { return nil }
    return Unmanaged<DependencyScope>.fromOpaque(scope).takeUnretainedValue()
  }
}

/// Binds a ``DependencyScope`` without retaining it, for code that binds one around every small
/// piece of work it does: a store, which binds its dependencies for every action.
///
/// Whoever keeps the binder keeps its scope alive.
@usableFromInline
package struct ScopeBinder {
  @usableFromInline let scope: UnsafeMutableRawPointer

  /// A binder for `scope`, which the caller keeps alive for as long as it uses the binder.
  @inlinable
  package init(unretained scope: DependencyScope) {
    self.scope = Unmanaged.passUnretained(scope).toOpaque()
  }

  /// Runs `body` with the scope's values as the current dependencies on this thread.
  @inlinable
  package func run<R>(_ body: () throws -> R) rethrows -> R {
    let outer = dependencies_get_current_scope()
    dependencies_set_current_scope(scope)
    defer { dependencies_set_current_scope(outer) }
    return try body()
  }
}

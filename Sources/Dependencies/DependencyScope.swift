#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

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
    if outer == MainThreadScopes.mainThreadMarker {
      return try MainThreadScopes.storage.pointee.run(self, body)
    }
    pthread_setspecific(key, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(key, outer) }
    return try body()
  }

  /// The innermost scope running on this thread, if any.
  @inlinable
  static var current: DependencyScope? {
    guard let top = pthread_getspecific(ScopeStack.key) else { return nil }
    if top == MainThreadScopes.mainThreadMarker {
      // Only the main thread has this marker, so the main thread's stack is this thread's.
      guard let mainTop = MainThreadScopes.storage.pointee.top else { return nil }
      return Unmanaged<DependencyScope>.fromOpaque(mainTop).takeUnretainedValue()
    }
    if top == MainThreadScopes.otherThreadMarker { return nil }
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
}

/// The scopes of the main thread, kept in plain memory rather than thread-specific storage, so
/// that a store on the main actor binds its dependencies for every action with one
/// thread-specific read and two memory writes (``MainActorScopeBinder``).
///
/// When a binder first runs on a thread with no scope bound, it marks the thread's
/// thread-specific slot: the main thread with ``mainThreadMarker``, any other thread (the main
/// actor can run elsewhere, for example after `dispatch_main()`) with ``otherThreadMarker``,
/// which means "no scope" and keeps the thread on thread-specific storage. From then on every
/// scope bound on the main thread, by ``DependencyScope/run(_:)`` too, goes on this stack, so the
/// two kinds nest correctly, and only the main thread ever touches this memory.
@usableFromInline
package struct MainThreadScopes {
  /// The innermost scope bound on the main thread, unretained: whoever bound it keeps it alive.
  @usableFromInline package var top: UnsafeMutableRawPointer?

  /// The thread-specific value of the main thread once marked: an address no scope can have.
  @inlinable
  package static var mainThreadMarker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }

  /// The thread-specific value, meaning no scope, of other threads a binder has run on.
  @inlinable
  package static var otherThreadMarker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 2) }

  // Only the main thread dereferences it (see the type's comment).
  @usableFromInline
  package nonisolated(unsafe) static let storage: UnsafeMutablePointer<MainThreadScopes> = {
    let storage = UnsafeMutablePointer<MainThreadScopes>.allocate(capacity: 1)
    storage.initialize(to: MainThreadScopes())
    return storage
  }()

  @inlinable
  mutating func run<R>(_ scope: DependencyScope, _ body: () throws -> R) rethrows -> R {
    let outer = top
    top = Unmanaged.passUnretained(scope).toOpaque()
    defer { top = outer }
    return try body()
  }
}

/// Binds a dependency scope for code that binds one for every small piece of work it does on the
/// main actor: a store, which binds its dependencies for every action. On the main thread that
/// costs one thread-specific read and two memory writes; elsewhere it is ``DependencyScope/run(_:)``.
///
/// The binder holds its scope unretained: whoever keeps the binder keeps the scope alive.
@usableFromInline
package struct MainActorScopeBinder {
  @usableFromInline let scope: UnsafeMutableRawPointer
  @usableFromInline let key: pthread_key_t
  @usableFromInline let stack: UnsafeMutablePointer<MainThreadScopes>

  /// A binder for `scope`, which the caller keeps alive for as long as it uses the binder.
  package init(unretained scope: DependencyScope) {
    self.scope = Unmanaged.passUnretained(scope).toOpaque()
    self.key = ScopeStack.key
    self.stack = MainThreadScopes.storage
  }

  /// Runs `body` with the scope's values as the current dependencies.
  @MainActor
  @inlinable
  package func run<R>(_ body: () throws -> R) rethrows -> R {
    guard pthread_getspecific(key) == MainThreadScopes.mainThreadMarker else {
      return try runOffTheMainThreadStack(body)
    }
    let outer = stack.pointee.top
    stack.pointee.top = scope
    defer { stack.pointee.top = outer }
    return try body()
  }

  /// Marks a thread that has no scope bound, then runs `body` in the scope; while a scope is
  /// bound through thread-specific storage, and on other threads, uses that storage.
  @MainActor
  @usableFromInline
  func runOffTheMainThreadStack<R>(_ body: () throws -> R) rethrows -> R {
    if pthread_getspecific(key) == nil {
      pthread_setspecific(
        key, Thread.isMainThread ? MainThreadScopes.mainThreadMarker : MainThreadScopes.otherThreadMarker)
      if pthread_getspecific(key) == MainThreadScopes.mainThreadMarker { return try run(body) }
    }
    return try Unmanaged<DependencyScope>.fromOpaque(scope).takeUnretainedValue().run(body)
  }
}

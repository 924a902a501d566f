#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Synchronization

/// Where a ``Shared`` value is read and written: a root holding the value, or a path from a parent
/// node to part of its value (`$settings.color`, `$rows[id: id]`).
///
/// A class hierarchy rather than closures, so that a derived value costs one object and reads
/// go straight to the root's lock.
package class SharedNode<Value: Sendable>: @unchecked Sendable {
  /// The root whose value this node reads from.
  package var root: AnySharedRoot { fatalError("abstract") }

  /// The value, as the current ``SharedView`` (a test store's assertion) or the root sees it.
  func read() -> Value { fatalError("abstract") }

  /// Changes the value in place, under the root's lock.
  func write<R>(_ body: (inout Value) throws -> R) rethrows -> R { fatalError("abstract") }
}

/// The part of a root a test store sees without knowing its type: for snapshots of shared state.
package protocol AnySharedRoot: AnyObject, Sendable {
  /// The live value, whatever view is current.
  func liveValue() -> any Sendable
  /// Saves a stored value's pending change now; nothing for other values.
  func saveDocument() throws
  /// Reads a stored value's document again; nothing for other values.
  func reloadDocument() throws
}

/// A value held by reference: the one every holder of a key (or of copies of one `Shared`) reads.
final class SharedRoot<Value: Sendable>: SharedNode<Value>, AnySharedRoot, @unchecked Sendable {
  private let value: Lock<Value>
  /// Whether a test store snapshots this root; only then do reads consult ``SharedView/current``.
  /// Set when the root is made under a test store, or first written under one (a value a test
  /// made itself and gave to the store's state).
  private let isTracked = Atomic<Bool>(false)
  private let persistence: SharedPersistence<Value>?
  /// The thread inside a `withLock` of this root, 0 when none: reading the value there would
  /// wait for the lock that thread holds, forever, so it stops with a message instead.
  private let writingThread = Atomic<UInt>(0)
  /// The tree this root was made in, told of every change while one of its stores observes;
  /// `nil` for a value made outside every store.
  private let changes: SharedChanges?
  /// `==` for an `Equatable` value of a tree, found once: a write a store observes is compared
  /// with the value before it.
  private let isEqual: ((Value, Value) -> Bool)?

  init(_ initial: Value, persistence: SharedPersistence<Value>? = nil) {
    self.value = Lock(initial)
    self.persistence = persistence
    let container = Self.currentContainer
    self.changes = container?.changes
    self.isEqual = container == nil ? nil : SharedChanges.equality(of: Value.self)
    super.init()
    if let tracker = container?.tracker {
      tracker.track(self, initialValue: initial)
      isTracked.store(true, ordering: .relaxed)
    }
    persistence?.attach(to: self)
  }

  private static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  private func checkNotInsideWrite() {
    let writer = writingThread.load(ordering: .relaxed)
    guard writer != 0, writer == Self.currentThread else { return }
    preconditionFailure(
      """
      A shared value of type \(Value.self) was read inside its own withLock: use the value the \
      closure is given instead (withLock { $0 … }), since the lock is held while it runs.
      """
    )
  }

  /// The container of the store tree whose dependencies are current, if any.
  private static var currentContainer: SharedContainer? {
    DependencyValues.current.sharedContainer as? SharedContainer
  }

  /// The tracker of the test store whose dependencies are current, if any.
  private static var currentTracker: SharedTracker? {
    currentContainer?.tracker
  }

  /// The tree's changes when a store of it observes: only then is a write compared with the
  /// value before it.
  private var observedChanges: SharedChanges? {
    guard let changes, changes.isObserved else { return nil }
    return changes
  }

  override package var root: AnySharedRoot { self }

  package func liveValue() -> any Sendable {
    checkNotInsideWrite()
    return value.withLock { $0 }
  }

  override func read() -> Value {
    if isTracked.load(ordering: .relaxed), let view = SharedView.current, let seen = view.value(of: self) {
      return seen as! Value
    }
    checkNotInsideWrite()
    return value.withLock { $0 }
  }

  override func write<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    if let tracker = Self.currentTracker, !tracker.isTracking(self) {
      // The value before this first write under the test store is the one every earlier
      // snapshot of its test saw.
      tracker.track(self, initialValue: value.withLock { $0 })
      isTracked.store(true, ordering: .relaxed)
    }
    if isTracked.load(ordering: .relaxed), let view = SharedView.current {
      // A test's expectation: change what the assertion expects, not the live value.
      var seen = read()
      let result = try body(&seen)
      view.set(seen, of: self)
      return result
    }
    checkNotInsideWrite()
    if let changes = observedChanges { return try observedWrite(body, changes: changes) }
    var startsSave = false
    let result = try value.withLock { value in
      writingThread.store(Self.currentThread, ordering: .relaxed)
      defer { writingThread.store(0, ordering: .relaxed) }
      let result = try body(&value)
      startsSave = persistence?.recordChange(value) ?? false
      return result
    }
    // Outside the lock: a save reads and writes the document, and a reload takes this lock.
    if startsSave { persistence?.startSave() }
    return result
  }

  /// A write while a store of the tree observes: the same, telling the tree when the value
  /// changed. Apart, so that a write nobody observes copies nothing.
  private func observedWrite<R>(_ body: (inout Value) throws -> R, changes: SharedChanges) rethrows -> R {
    var startsSave = false
    var changed = true
    let result = try value.withLock { value in
      writingThread.store(Self.currentThread, ordering: .relaxed)
      defer { writingThread.store(0, ordering: .relaxed) }
      if let isEqual {
        let before = value
        let result = try body(&value)
        changed = !isEqual(before, value)
        startsSave = persistence?.recordChange(value) ?? false
        return result
      }
      let result = try body(&value)
      startsSave = persistence?.recordChange(value) ?? false
      return result
    }
    if startsSave { persistence?.startSave() }
    // After the lock is released: an observer reads the value.
    if changed { changes.recordChange() }
    return result
  }

  /// A value read from outside (another program's save): replaces the value without saving it,
  /// unless `isStillCurrent` says a change of ours came first.
  func replaceFromOutside(_ newValue: Value, if isStillCurrent: () -> Bool) {
    let changes = observedChanges
    let changed = value.withLock { value in
      guard isStillCurrent() else { return false }
      let before = value
      value = newValue
      return changes != nil && !(isEqual?(before, newValue) ?? false)
    }
    if changed { changes?.recordChange() }
  }

  package func saveDocument() throws {
    try persistence?.save()
  }

  package func reloadDocument() throws {
    try persistence?.reload()
  }
}

/// Part of a parent's value, through a writable key path.
final class SharedKeyPathNode<Parent: Sendable, Value: Sendable>: SharedNode<Value>, @unchecked Sendable {
  let parent: SharedNode<Parent>
  let keyPath: WritableKeyPath<Parent, Value>

  init(parent: SharedNode<Parent>, keyPath: WritableKeyPath<Parent, Value>) {
    self.parent = parent
    self.keyPath = keyPath
  }

  override var root: AnySharedRoot { parent.root }
  override func read() -> Value { parent.read()[keyPath: keyPath] }
  override func write<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try parent.write { try body(&$0[keyPath: keyPath]) }
  }
}

/// A parent's optional value, unwrapped: the element of a shared collection. Once the parent's
/// value is `nil` (the element removed), it keeps the last value it had, and writes change only
/// that copy.
final class SharedUnwrappedNode<Value: Sendable>: SharedNode<Value>, @unchecked Sendable {
  let parent: SharedNode<Value?>
  private let last: Lock<Value>

  init(parent: SharedNode<Value?>, current: Value) {
    self.parent = parent
    self.last = Lock(current)
  }

  override var root: AnySharedRoot { parent.root }

  override func read() -> Value {
    guard let value = parent.read() else { return last.withLock { $0 } }
    last.withLock { $0 = value }
    return value
  }

  override func write<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try parent.write { value in
      guard var present = value else {
        return try last.withLock { try body(&$0) }
      }
      let result = try body(&present)
      value = present
      last.withLock { $0 = present }
      return result
    }
  }
}

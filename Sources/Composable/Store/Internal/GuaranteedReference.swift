extension Unmanaged {
  /// Calls `body` with the instance, neither retained nor released, for an instance the caller
  /// keeps alive: a store's core, which the store holds for as long as it lives.
  ///
  /// A wrapper rather than the standard library's `_withUnsafeGuaranteedRef` called directly:
  /// that module is compiled in the Swift 5 language mode, so a main-actor closure handed to it
  /// gets a run-time check of the executor on every call, which would cost a root send more
  /// than the retain it saves. Here the closure handed to it is this nonisolated one.
  @inlinable
  @inline(__always)
  func withGuaranteedInstance<Result>(_ body: (Instance) -> Result) -> Result {
    _withUnsafeGuaranteedRef { body($0) }
  }
}

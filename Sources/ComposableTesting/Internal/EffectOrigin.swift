import Dependencies

/// Where a running effect comes from, for test failures: the test's `send` (or `receive`)
/// whose action started it, and the effect's own `.run`.
package struct EffectOrigin: Hashable, Sendable {
  package let send: SourceLocation
  package let effect: SourceLocation?
}

/// The test call (a test store's `send`) that the work on the current task descends from.
///
/// The test store binds it around the action it sends, and the effects' tasks inherit it from
/// there (``EffectActivity`` binds it again around each effect's work), so that the actions an
/// effect sends back, and the effects those start, are attributed to the test's `send` that set
/// it all going, with nothing about tests in the store itself.
package enum TestCall {
  @TaskLocal package static var current: SourceLocation?
}

/// Runs `operation` with dependencies changed by `update`, then restores the outer values.
///
/// Overrides nest: an inner call starts from the values of the outer one. Values follow into
/// child tasks and `Task { }` created inside `operation`.
///
/// ```swift
/// let id = withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   @Dependency(\.uuid) var uuid
///   return uuid()
/// }
/// ```
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  let storeRuntime = values.storeRuntime
  try update(&values)
  // The operation still runs for the same store, whatever values the update puts in place.
  values.storeRuntime = storeRuntime
  // Bound for the task too, so that tasks created by `operation` inherit the values.
  return try DependencyValues.$taskValues.withValue(values) {
    try DependencyScope(values).run(operation)
  }
}

/// Runs the async `operation` with dependencies changed by `update`, then restores the outer
/// values.
///
/// ```swift
/// await withDependencies {
///   $0.clock = ImmediateClock()
/// } operation: {
///   await model.refresh()
/// }
/// ```
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$taskValues.withValue(values, operation: operation)
}

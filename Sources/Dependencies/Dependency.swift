/// Reads a value from the current ``DependencyValues``.
///
/// ```swift
/// struct Feature: Reducer {
///   @Dependency(\.uuid) var uuid
///   @Dependency(\.clock) var clock
///   …
/// }
/// ```
///
/// The value is looked up each time it is read, so a reducer run by a store sees the store's
/// dependencies, and an effect sees the dependencies of the store that started it.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable
  private let location: SourceLocation

  /// Declares a dependency on the value at `keyPath`.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.keyPath = keyPath
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The current value.
  public var wrappedValue: Value {
    var values = DependencyValues.current
    values.access = DependencyAccess(location: location)
    return values[keyPath: keyPath]
  }
}

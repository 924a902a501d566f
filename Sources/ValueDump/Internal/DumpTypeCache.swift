import Foundation

/// How a type is dumped; computed once per type and cached for the duration of one dump or diff.
enum DumpValueKind {
  case optional
  case perSide
  case customDescription
  case customMirror
  case anyHashable
  case string
  case substring
  case character
  case unicodeScalar
  case bool
  case int
  case integer
  case floatingPoint
  case uuid
  case date
  case url
  case data
  case decimal
  case array
  case dictionary
  case set
  case reflected
}

/// Per-type facts shared by every builder working on one dump or diff. Never shared across calls.
final class DumpTypeCache {
  private var kinds: [ObjectIdentifier: DumpValueKind] = [:]
  private var names: [ObjectIdentifier: String] = [:]
  private var identifiers: [ObjectIdentifier: ((Any) -> AnyHashable)?] = [:]
  private var equalities: [ObjectIdentifier: ((Any, Any) -> Bool)?] = [:]

  func kind(of type: Any.Type) -> DumpValueKind {
    let id = ObjectIdentifier(type)
    if let kind = kinds[id] { return kind }
    let kind = Self.classify(type)
    kinds[id] = kind
    return kind
  }

  func name(of type: Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let name = names[id] { return name }
    let name = TypeNameFormatter.name(of: type)
    names[id] = name
    return name
  }

  /// Reads the `id` of a value of `type`, when `type` is `Identifiable`.
  func identifier(for type: Any.Type) -> ((Any) -> AnyHashable)? {
    let id = ObjectIdentifier(type)
    if let cached = identifiers[id] { return cached }
    let function = (type as? any Identifiable.Type).map { makeIdentifier($0) }
    identifiers[id] = .some(function)
    return function
  }

  /// `lhs == rhs` when both have the same `Equatable` type; `nil` when `==` does not apply.
  func equals(_ lhs: Any, _ rhs: Any) -> Bool? {
    let lhsType = type(of: lhs)
    guard lhsType == type(of: rhs) else { return nil }
    let id = ObjectIdentifier(lhsType)
    let function: ((Any, Any) -> Bool)?
    if let cached = equalities[id] {
      function = cached
    } else {
      function = (lhsType as? any Equatable.Type).map { makeEquality($0) }
      equalities[id] = .some(function)
    }
    return function?(lhs, rhs)
  }

  private static func classify(_ type: Any.Type) -> DumpValueKind {
    if type is any OptionalValue.Type { return .optional }
    if type is any DumpedPerSide.Type { return .perSide }
    if type is any CustomDumpStringConvertible.Type { return .customDescription }
    if type is any CustomDumpReflectable.Type { return .customMirror }
    if type == AnyHashable.self { return .anyHashable }
    if type == String.self { return .string }
    if type == Substring.self { return .substring }
    if type == Character.self { return .character }
    if type == Unicode.Scalar.self { return .unicodeScalar }
    if type == Bool.self { return .bool }
    if type == Int.self { return .int }
    if type is any BinaryInteger.Type { return .integer }
    if type is any BinaryFloatingPoint.Type { return .floatingPoint }
    if type == UUID.self { return .uuid }
    if type == Date.self { return .date }
    if type == URL.self { return .url }
    if type == Data.self { return .data }
    if type == Decimal.self { return .decimal }
    // The standard collections are read directly: their mirrors give the same children, more slowly.
    if type is any ArrayValue.Type { return .array }
    if type is any DictionaryValue.Type { return .dictionary }
    if type is any SetValue.Type { return .set }
    return .reflected
  }
}

/// `==` for two values of type `Value` held in `Any`s. Casting to a concrete type is much cheaper
/// than casting to `any Equatable` for every value.
private func makeEquality<Value: Equatable>(_: Value.Type) -> (Any, Any) -> Bool {
  { lhs, rhs in (lhs as! Value) == (rhs as! Value) }
}

/// Reads the `id` of a value of type `Value` held in an `Any`.
private func makeIdentifier<Value: Identifiable>(_: Value.Type) -> (Any) -> AnyHashable {
  { value in AnyHashable((value as! Value).id) }
}

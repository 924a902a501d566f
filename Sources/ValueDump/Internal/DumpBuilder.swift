import Foundation

/// How a type is dumped; computed once per type and cached for the duration of one dump or diff.
enum DumpValueKind {
  case optional
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

/// Lets the builder unwrap an optional held in an `Any` without reflection.
protocol OptionalValue {
  var dumpWrapped: Any? { get }
}

extension Optional: OptionalValue {
  var dumpWrapped: Any? {
    switch self {
    case .some(let wrapped): wrapped
    case .none: nil
    }
  }
}

/// Lets the builder read an `Array` held in an `Any` without reflection.
protocol ArrayValue {
  var dumpElements: [Any] { get }
}

extension Array: ArrayValue {
  var dumpElements: [Any] { map { $0 } }
}

/// Lets the builder read a `Dictionary` held in an `Any` without reflection.
protocol DictionaryValue {
  var dumpEntries: [(key: Any, value: Any)] { get }
}

extension Dictionary: DictionaryValue {
  var dumpEntries: [(key: Any, value: Any)] { map { (key: $0.key, value: $0.value) } }
}

/// Lets the builder read a `Set` held in an `Any` without reflection.
protocol SetValue {
  var dumpMembers: [Any] { get }
}

extension Set: SetValue {
  var dumpMembers: [Any] { map { $0 } }
}

/// The name of a case without associated values, as `String(describing:)` gives it: the case's
/// declared name, unless the enum describes itself otherwise (`CustomStringConvertible`), in
/// which case its description stands in. No public API reads the declared name past a custom
/// description, and this module uses none but public API.
private func payloadlessCaseName(_ value: Any) -> String {
  String(describing: value)
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

/// One level of a value's dump: a leaf, or an aggregate's header and its children, not yet dumped.
enum DumpExpansion {
  case leaf(String)
  case aggregate(DumpHeader, [DumpChildValue])
}

/// A child of an expanded value.
struct DumpChildValue {
  var label: String
  var value: Any
  /// The child's dump when it was already built (to sort a dictionary or set).
  var node: DumpNode?
}

/// Turns values into ``DumpNode`` trees using `Mirror`, one level at a time.
///
/// Class instances are numbered `#1`, `#2`, … in the order they are first expanded, which for a
/// full dump is the printed order; later occurrences (including cycles) print as a back reference
/// `Type#n(↩)`, so every dump terminates.
final class DumpBuilder {
  private let cache: DumpTypeCache
  /// Whether built nodes record the ``DumpChild/key`` of elements and members (only diffs need them).
  private let recordsKeys: Bool
  private var objectNumbers: [ObjectIdentifier: Int] = [:]
  /// Keeps every numbered object alive so that its identifier cannot be reused during the dump.
  private var retainedObjects: [AnyObject] = []
  /// Whether any class instance was numbered; decides whether sorted children must be rebuilt.
  private(set) var hasNumberedObjects = false

  init(cache: DumpTypeCache, recordsKeys: Bool = false) {
    self.cache = cache
    self.recordsKeys = recordsKeys
  }

  /// The full dump of `value`.
  func node(_ value: Any) -> DumpNode {
    node(from: expand(value))
  }

  /// The full dump of an expanded value.
  func node(from expansion: DumpExpansion) -> DumpNode {
    switch expansion {
    case .leaf(let text):
      return .leaf(text)
    case .aggregate(let header, let values):
      var children: [DumpChild] = []
      children.reserveCapacity(values.count)
      for child in values {
        let key = recordsKeys && header.kind.matchesByValue ? identity(of: child.value) : nil
        children.append(DumpChild(label: child.label, key: key, node: child.node ?? node(child.value)))
      }
      return .aggregate(DumpAggregate(header: header, children: children))
    }
  }

  /// One level of the dump of `value`.
  func expand(_ value: Any) -> DumpExpansion {
    let type = type(of: value)
    switch cache.kind(of: type) {
    case .optional:
      guard let wrapped = (value as? any OptionalValue)?.dumpWrapped else { return .leaf("nil") }
      return expand(wrapped)
    case .customDescription:
      return .leaf((value as! any CustomDumpStringConvertible).customDumpDescription)
    case .customMirror:
      return reflected(value, type: type, mirror: (value as! any CustomDumpReflectable).customDumpMirror)
    case .anyHashable:
      return expand((value as! AnyHashable).base)
    case .string:
      return .leaf(Self.quoted((value as! String).unicodeScalars))
    case .substring:
      return .leaf(Self.quoted((value as! Substring).unicodeScalars))
    case .character:
      return .leaf(Self.quoted((value as! Character).unicodeScalars))
    case .unicodeScalar:
      return .leaf(Self.quoted(CollectionOfOne(value as! Unicode.Scalar)))
    case .int:
      return .leaf(String(value as! Int))
    case .bool:
      return .leaf((value as! Bool) ? "true" : "false")
    case .integer, .floatingPoint, .decimal:
      return .leaf(String(describing: value))
    case .uuid:
      return .leaf("UUID(\((value as! UUID).uuidString))")
    case .date:
      let date = value as! Date
      return .leaf("Date(\(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))")
    case .url:
      return .leaf("URL(\((value as! URL).absoluteString))")
    case .data:
      let count = (value as! Data).count
      return .leaf("Data(\(count) \(count == 1 ? "byte" : "bytes"))")
    case .array:
      return collection(type: type, elements: (value as! any ArrayValue).dumpElements)
    case .dictionary:
      return dictionary(type: type, entries: (value as! any DictionaryValue).dumpEntries)
    case .set:
      return set(type: type, members: (value as! any SetValue).dumpMembers)
    case .reflected:
      return reflected(value, type: type, mirror: Mirror(reflecting: value))
    }
  }

  /// The identity used to match `value` across two versions of a collection: its `id` when it is `Identifiable`.
  func identity(of value: Any) -> AnyHashable? {
    cache.identifier(for: type(of: value))?(value)
  }

  // MARK: - Reflection

  private func reflected(_ value: Any, type: Any.Type, mirror: Mirror) -> DumpExpansion {
    switch mirror.displayStyle {
    case .struct?:
      return fields(open: cache.name(of: type) + "(", children: mirror.children)
    case .class?:
      guard type is AnyClass else {
        return fields(open: cache.name(of: type) + "(", children: mirror.children)
      }
      return object(value as AnyObject, type: type, mirror: mirror)
    case .enum?:
      return enumeration(value, type: type, mirror: mirror)
    case .tuple?:
      return fields(open: "(", children: mirror.children.map(Self.removingPositionalLabel))
    case .collection?:
      return collection(type: type, elements: mirror.children.map(\.value))
    case .dictionary?:
      return dictionary(type: type, entries: Self.entries(of: mirror))
    case .set?:
      return set(type: type, members: mirror.children.map(\.value))
    case .optional?:
      guard let wrapped = mirror.children.first else { return .leaf("nil") }
      return expand(wrapped.value)
    default:
      guard mirror.children.isEmpty else {
        return fields(open: cache.name(of: type) + "(", children: mirror.children)
      }
      if let metatype = value as? Any.Type {
        return .leaf(cache.name(of: metatype) + ".self")
      }
      return .leaf(String(describing: value))
    }
  }

  private func fields(open: String, children: some Collection<Mirror.Child>) -> DumpExpansion {
    var result: [DumpChildValue] = []
    result.reserveCapacity(children.count)
    for child in children {
      if let label = child.label, label.hasPrefix("_"),
        let wrapper = child.value as? any DumpedAsWrappedValue
      {
        // `@PresentationState var alert` is stored as `_alert`; show it as the property.
        result.append(DumpChildValue(label: "\(label.dropFirst()): ", value: wrapper.wrappedValueForDump))
        continue
      }
      result.append(DumpChildValue(label: child.label.map { "\($0): " } ?? "", value: child.value))
    }
    return .aggregate(DumpHeader(kind: .fields, open: open, close: ")", empty: open + ")"), result)
  }

  private func object(_ object: AnyObject, type: Any.Type, mirror: Mirror) -> DumpExpansion {
    hasNumberedObjects = true
    let name = cache.name(of: type)
    let id = ObjectIdentifier(object)
    if let number = objectNumbers[id] {
      return .leaf("\(name)#\(number)(↩)")
    }
    let number = objectNumbers.count + 1
    objectNumbers[id] = number
    retainedObjects.append(object)

    // Inherited stored properties come first, as they are declared first.
    var mirrors = [mirror]
    while let superclassMirror = mirrors[mirrors.count - 1].superclassMirror {
      mirrors.append(superclassMirror)
    }
    return fields(open: "\(name)#\(number)(", children: mirrors.reversed().flatMap(\.children))
  }

  private func enumeration(_ value: Any, type: Any.Type, mirror: Mirror) -> DumpExpansion {
    let name = cache.name(of: type)
    guard let payload = mirror.children.first else {
      return .leaf("\(name).\(payloadlessCaseName(value))")
    }
    let open = "\(name).\(payload.label ?? "?")("
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      return fields(open: open, children: payloadMirror.children.map(Self.removingPositionalLabel))
    }
    return fields(open: open, children: CollectionOfOne((label: nil, value: payload.value)))
  }

  /// Tuple elements without a label are reflected as `.0`, `.1`, …; they print without a label.
  private static func removingPositionalLabel(_ child: Mirror.Child) -> Mirror.Child {
    guard let label = child.label, label.hasPrefix(".") else { return child }
    return (label: nil, value: child.value)
  }

  private func collection(type: Any.Type, elements: [Any]) -> DumpExpansion {
    let name = cache.name(of: type)
    let isArray = name.hasPrefix("[")
    var children: [DumpChildValue] = []
    children.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      children.append(DumpChildValue(label: "[\(index)]: ", value: element))
    }
    let header = DumpHeader(
      kind: .elements,
      open: isArray ? "[" : name + "[",
      close: "]",
      empty: isArray ? "[]" : name + "[]"
    )
    return .aggregate(header, children)
  }

  /// The entries of a mirror with the `.dictionary` display style. Each child is normally a
  /// `(key: Key, value: Value)` tuple; a custom mirror may instead use the key as the child's label.
  private static func entries(of mirror: Mirror) -> [(key: Any, value: Any)] {
    mirror.children.enumerated().map { index, child in
      let pair = Mirror(reflecting: child.value)
      if pair.displayStyle == .tuple, pair.children.count == 2 {
        let elements = Array(pair.children)
        return (key: elements[0].value, value: elements[1].value)
      }
      return (key: child.label ?? "[\(index)]", value: child.value)
    }
  }

  private func dictionary(type: Any.Type, entries: [(key: Any, value: Any)]) -> DumpExpansion {
    let name = cache.name(of: type)
    let isDictionary = name.hasPrefix("[")
    let children = sortedNodes(entries.map(\.key)) { $0.inline }.map { index, keyNode in
      DumpChildValue(label: keyNode.inline + ": ", value: entries[index].value)
    }
    let header = DumpHeader(
      kind: .entries,
      open: isDictionary ? "[" : name + "[",
      close: "]",
      empty: isDictionary ? "[:]" : name + "[:]"
    )
    return .aggregate(header, children)
  }

  private func set(type: Any.Type, members: [Any]) -> DumpExpansion {
    let name = cache.name(of: type)
    let open = name.hasPrefix("Set<") ? "Set([" : name + "(["
    let children = sortedNodes(members) { $0.rendered }.map { index, node in
      DumpChildValue(label: "", value: members[index], node: node)
    }
    return .aggregate(DumpHeader(kind: .members, open: open, close: "])", empty: open + "])"), children)
  }

  /// Builds nodes for `values` ordered by `sortText` of their dumps, returning each value's original index.
  ///
  /// The sort text is computed with a fresh object numbering so that it depends only on the value. When
  /// class instances are involved, the nodes are rebuilt in sorted order so that this dump's `#n`
  /// numbering follows the printed order.
  private func sortedNodes(_ values: [Any], sortText: (DumpNode) -> String) -> [(Int, DumpNode)] {
    let scratch = DumpBuilder(cache: cache, recordsKeys: recordsKeys)
    let sortKeys = values.map { value in
      let node = scratch.node(value)
      return SortKey(node: node, text: sortText(node))
    }
    let order = sortKeys.indices.sorted { sortKeys[$0].precedes(sortKeys[$1]) }
    if scratch.hasNumberedObjects {
      return order.map { ($0, node(values[$0])) }
    }
    return order.map { ($0, sortKeys[$0].node) }
  }

  /// Orders dumps deterministically: numbers numerically and before everything else, then by text.
  private struct SortKey {
    var node: DumpNode
    var text: String
    var number: Double?

    init(node: DumpNode, text: String) {
      self.node = node
      self.text = text
      self.number = Double(text).flatMap { $0.isNaN ? nil : $0 }
    }

    func precedes(_ other: SortKey) -> Bool {
      switch (number, other.number) {
      case let (left?, right?) where left != right:
        return left < right
      case (_?, nil):
        return true
      case (nil, _?):
        return false
      default:
        return text < other.text
      }
    }
  }

  // MARK: - Strings

  /// A double-quoted Swift string literal; control, newline and separator characters are escaped so
  /// the result is always a single line.
  static func quoted(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    var result = "\""
    for scalar in scalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default:
          result.unicodeScalars.append(scalar)
        }
      }
    }
    result += "\""
    return result
  }
}

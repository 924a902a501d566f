import Foundation

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
  let cache: DumpTypeCache
  /// Whether built nodes record the ``DumpChild/key`` of elements and members (only diffs need them).
  let recordsKeys: Bool
  var objectNumbers: [ObjectIdentifier: Int] = [:]
  /// Keeps every numbered object alive so that its identifier cannot be reused during the dump.
  var retainedObjects: [AnyObject] = []
  /// Whether any class instance was numbered; decides whether sorted children must be rebuilt.
  var hasNumberedObjects = false

  /// The side of a diff this builder dumps, `nil` outside a diff.
  let side: DumpSide?

  init(cache: DumpTypeCache, recordsKeys: Bool = false, side: DumpSide? = nil) {
    self.cache = cache
    self.recordsKeys = recordsKeys
    self.side = side
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
    case .perSide:
      return expand((value as! any DumpedPerSide).valueForDump(on: side))
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

/// Turns the fully qualified names produced by `String(reflecting:)` into the short names used in dumps.
///
/// - Module prefixes are removed from every nominal type, including generic arguments:
///   `MyApp.IdentifiedArray<FoundationEssentials.UUID, MyApp.Row>` becomes `IdentifiedArray<UUID, Row>`.
/// - Anonymous contexts of private and function-local types (`(unknown context at $10a3c)`) and
///   extension contexts (`(extension in Other):`) are dropped.
/// - The standard library's `Array`, `Dictionary` and `Optional` get their sugared spellings:
///   `Swift.Dictionary<Swift.String, Swift.Array<Swift.Int>>` becomes `[String: [Int]]`.
///
/// The formatter never fails: text it does not understand is copied through unchanged.
struct TypeNameFormatter {
  private let bytes: [UInt8]
  private var position = 0

  private init(_ raw: String) {
    self.bytes = Array(raw.utf8)
  }

  /// The short name of `type`.
  static func name(of type: Any.Type) -> String {
    format(String(reflecting: type))
  }

  /// Shortens a name produced by `String(reflecting:)`.
  static func format(_ raw: String) -> String {
    var formatter = TypeNameFormatter(raw)
    return formatter.parseSequence(stoppingAt: [])
  }

  // MARK: - Parsing

  private static let dot = UInt8(ascii: ".")
  private static let less = UInt8(ascii: "<")
  private static let greater = UInt8(ascii: ">")
  private static let comma = UInt8(ascii: ",")
  private static let openParen = UInt8(ascii: "(")
  private static let closeParen = UInt8(ascii: ")")
  private static let openBracket = UInt8(ascii: "[")
  private static let closeBracket = UInt8(ascii: "]")
  private static let space = UInt8(ascii: " ")
  private static let dash = UInt8(ascii: "-")

  /// Bytes that can never be part of an identifier in a reflected type name.
  private static func isStructural(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ","),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"),
      UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "="):
      return true
    default:
      return false
    }
  }

  private var isAtEnd: Bool { position >= bytes.count }

  private func peek(_ offset: Int = 0) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  private func hasPrefix(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    guard position + utf8.count <= bytes.count else { return false }
    return bytes[position..<position + utf8.count].elementsEqual(utf8)
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Copies the input through, shortening every type path, until one of `terminators` is found at
  /// nesting depth zero (the terminator is not consumed).
  private mutating func parseSequence(stoppingAt terminators: Set<UInt8>) -> String {
    var output = ""
    var depth = 0
    while let byte = peek() {
      if depth == 0, terminators.contains(byte) { break }
      if byte == Self.dash, peek(1) == Self.greater {
        output += "->"
        position += 2
      } else if byte == Self.openParen, hasPrefix("(extension in ") {
        skip(past: "):")
      } else if byte == Self.openParen || byte == Self.openBracket {
        depth += 1
        output.append(Character(Unicode.Scalar(byte)))
        position += 1
      } else if byte == Self.closeParen || byte == Self.closeBracket {
        depth -= 1
        output.append(Character(Unicode.Scalar(byte)))
        position += 1
      } else if !Self.isStructural(byte) {
        output += parsePath()
      } else {
        output.append(Character(Unicode.Scalar(byte)))
        position += 1
      }
    }
    return output
  }

  private mutating func skip(past marker: String) {
    while !isAtEnd, !hasPrefix(marker) { position += 1 }
    position = min(bytes.count, position + marker.utf8.count)
  }

  private mutating func parseIdentifier() -> String {
    let start = position
    while let byte = peek(), !Self.isStructural(byte) { position += 1 }
    return text(start..<position)
  }

  private struct Component {
    var name: String
    var arguments: [String]?
  }

  /// Parses `Module.Outer<Args>.Inner` (with any anonymous contexts) and returns its short spelling.
  private mutating func parsePath() -> String {
    var components = [Component(name: parseIdentifier(), arguments: nil)]
    while let byte = peek() {
      if byte == Self.less {
        position += 1
        components[components.count - 1].arguments = parseGenericArguments()
      } else if byte == Self.dot, let next = peek(1), next == Self.openParen || !Self.isStructural(next) {
        position += 1
        if hasPrefix("(unknown context at ") {
          skip(past: ")")
        } else if next == Self.openParen {
          // Some other anonymous context we do not know: keep it verbatim.
          let start = position
          skip(past: ")")
          components.append(Component(name: text(start..<position), arguments: nil))
        } else {
          components.append(Component(name: parseIdentifier(), arguments: nil))
        }
      } else {
        break
      }
    }

    // The first component of a qualified path is always the module.
    let module = components.count > 1 ? components.removeFirst().name : nil
    if module == "Swift", components.count == 1, let arguments = components[0].arguments {
      switch (components[0].name, arguments.count) {
      case ("Array", 1):
        return "[\(arguments[0])]"
      case ("Dictionary", 2):
        return "[\(arguments[0]): \(arguments[1])]"
      case ("Optional", 1):
        let wrapped = arguments[0]
        return wrapped.utf8.contains(UInt8(ascii: " ")) ? "(\(wrapped))?" : "\(wrapped)?"
      default:
        break
      }
    }
    return components.map { component in
      guard let arguments = component.arguments else { return component.name }
      return "\(component.name)<\(arguments.joined(separator: ", "))>"
    }
    .joined(separator: ".")
  }

  /// Parses the arguments after a `<` up to and including the matching `>`.
  private mutating func parseGenericArguments() -> [String] {
    var arguments: [String] = []
    while !isAtEnd {
      while peek() == Self.space { position += 1 }
      arguments.append(parseSequence(stoppingAt: [Self.comma, Self.greater]))
      guard let byte = peek() else { break }
      position += 1
      if byte == Self.greater { break }
    }
    return arguments
  }
}

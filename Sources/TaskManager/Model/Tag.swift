import Foundation

/// A TaskPaper tag: a name with an optional value, written `@name` or `@name(value)`.
///
/// ```swift
/// let due = Tag(name: "due", value: "2024-11-24")
/// due.description  // "@due(2024-11-24)"
/// Tag(name: "done").description  // "@done"
/// ```
///
/// The value is stored unescaped: a value written `@note(a \(b\))` is `"a (b)"` here, and the
/// printer adds the escapes back.
public struct Tag: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The name without the leading `@`, e.g. `"due"`.
  ///
  /// TaskPaper names are made of letters, digits, `_`, `-` and `.` (see ``isValidName(_:)``);
  /// a name outside that set cannot be printed so that it parses back as the same tag.
  public var name: String

  /// The value between the parentheses, or `nil` for a bare `@name`.
  ///
  /// `@name()` and `@name` mean the same thing, so an empty value is normalised to `nil` by
  /// ``init(name:value:)`` and by the parser, which keeps equality meaningful.
  public var value: String?

  /// Creates a tag; an empty `value` is stored as `nil` because `@tag()` and `@tag` are the same tag.
  ///
  /// ```swift
  /// Tag(name: "due", value: "2024-10-31")
  /// Tag(name: "today")
  /// ```
  public init(name: String, value: String? = nil) {
    self.name = name
    self.value = (value?.isEmpty ?? true) ? nil : value
  }

  /// The canonical TaskPaper text of the tag, with `(` and `)` in the value escaped.
  ///
  /// ```swift
  /// Tag(name: "note", value: "a (b)").description  // "@note(a \\(b\\))"
  /// ```
  public var description: String {
    var bytes: [UInt8] = []
    TagSyntax.append(self, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `name` is a non-empty run of TaskPaper name characters (letters, combining marks,
  /// digits, `_`, `-`, `.`), i.e. whether `@name` would be read back as exactly this tag name.
  ///
  /// ```swift
  /// Tag.isValidName("due-date")  // true
  /// Tag.isValidName("two words")  // false
  /// ```
  public static func isValidName(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { bytes in
      guard !bytes.isEmpty else { return false }
      var index = 0
      while index < bytes.count {
        let length = TagSyntax.nameCharacterLength(bytes, at: index, end: bytes.count)
        guard length > 0 else { return false }
        index += length
      }
      return true
    }
  }
}

// MARK: - Names ignoring case

extension Tag {
  /// Whether this tag is called `name`, ignoring case: `@DUE`, `@Due` and `@due` are one tag
  /// name wherever taskman looks tags up, while each keeps the spelling it was written with.
  ///
  /// ```swift
  /// Tag(name: "Weekend").hasName("weekend")  // true
  /// ```
  public func hasName(_ name: String) -> Bool {
    Self.namesMatch(self.name, name)
  }

  /// Whether two tag names are the same name, ignoring case (ASCII names, the usual case, are
  /// compared byte by byte without allocating; others as their lowercased forms).
  ///
  /// ```swift
  /// Tag.namesMatch("Café", "CAFÉ")  // true
  /// ```
  public static func namesMatch(_ a: String, _ b: String) -> Bool {
    // Most names compared are the same as written, or differ in their first letter: both are
    // decided without reading the rest.
    if a == b { return true }
    guard let p = a.utf8.first, let q = b.utf8.first else { return false }
    if p != q, p < 0x80, q < 0x80, lowercasedASCII(p) != lowercasedASCII(q) { return false }
    let decided = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in asciiNamesMatch(x, y) } ?? nil
    } ?? nil
    return decided ?? (a.lowercased() == b.lowercased())
  }

  /// Whether two names match ignoring ASCII case, or nil when that takes Unicode's case rules:
  /// a byte beyond ASCII where the names differ, or names of different lengths that are not
  /// both ASCII (`K`, the Kelvin sign, lowercases to `k`).
  @inline(__always)
  private static func asciiNamesMatch(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard x.count == y.count else {
      return x.contains(where: { $0 >= 0x80 }) || y.contains(where: { $0 >= 0x80 }) ? nil : false
    }
    for index in 0..<x.count {
      let (p, q) = (x[index], y[index])
      if p == q { continue }
      // Alike so far, as written or but for ASCII case: an ASCII letter apart decides it.
      guard p < 0x80, q < 0x80 else { return nil }
      if lowercasedASCII(p) != lowercasedASCII(q) { return false }
    }
    return true
  }

  /// `name` as one key for all its spellings: lowercased, or `name` itself when it has no
  /// uppercase letter to fold (no copy is made for the usual lowercase ASCII name).
  static func foldedName(_ name: String) -> String {
    name.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? name : name.lowercased()
  }
}

@inline(__always)
private func lowercasedASCII(_ byte: UInt8) -> UInt8 {
  (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
}

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

/// A key a person pressed, with the modifiers held: what the runtime decodes from the
/// terminal's input and a ``KeyMap`` turns into an action.
///
/// ```swift
/// Key("q")            // the q key
/// Key.control("c")    // Ctrl-C
/// Key.alt("b")        // Alt-B (Escape then b, as terminals send it)
/// Key(.left, modifiers: .control)
/// ```
public struct Key: Hashable, Sendable {
  /// Which key.
  public var code: Code
  /// The modifiers held with it. Shift is not one for characters: `Key("Q")` is Shift-Q.
  public var modifiers: Modifiers

  /// A key that does not type a character, or one that does.
  public enum Code: Hashable, Sendable {
    /// A key that types `Character`: a letter, digit, symbol, space, or any text character.
    case character(Character)
    case enter, tab, backspace, delete, escape, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1 to F12.
    case function(Int)
  }

  /// Keys held with another: Shift, Alt (or Meta), Control.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The modifiers' bits: Shift 1, Alt 2, Control 4.
    public let rawValue: UInt8
    /// Makes modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt, which terminals send as Escape before the key (Meta).
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)
  }

  /// A key with modifiers.
  public init(_ code: Code, modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  /// The key that types `character`.
  public init(_ character: Character) {
    self.init(.character(character))
  }

  /// Control and a letter (stored lowercased: Ctrl-C and Ctrl-Shift-C are one key to a terminal).
  public static func control(_ letter: Character) -> Key {
    Key(.character(Character(letter.lowercased())), modifiers: .control)
  }

  /// Alt (Meta) and a character.
  public static func alt(_ character: Character) -> Key {
    Key(.character(character), modifiers: .alt)
  }

  /// Enter (Return).
  public static let enter = Key(.enter)
  /// Tab.
  public static let tab = Key(.tab)
  /// Shift-Tab, which terminals send as a key of its own.
  public static let backTab = Key(.tab, modifiers: .shift)
  /// Backspace.
  public static let backspace = Key(.backspace)
  /// Delete (forward).
  public static let delete = Key(.delete)
  /// Escape.
  public static let escape = Key(.escape)
  /// The up arrow.
  public static let up = Key(.up)
  /// The down arrow.
  public static let down = Key(.down)
  /// The left arrow.
  public static let left = Key(.left)
  /// The right arrow.
  public static let right = Key(.right)
  /// Home.
  public static let home = Key(.home)
  /// End.
  public static let end = Key(.end)
  /// Page Up.
  public static let pageUp = Key(.pageUp)
  /// Page Down.
  public static let pageDown = Key(.pageDown)

  /// The character the key types, when it types one with no modifier but Shift: what a text
  /// field inserts.
  public var typedCharacter: Character? {
    guard case let .character(character) = code, modifiers.subtracting(.shift).isEmpty else { return nil }
    return character
  }
}

extension Key: CustomStringConvertible {
  /// How help lines name the key: `q`, `Ctrl-C`, `Alt-B`, `↑`, `Enter`, `Shift-Tab`, `Space`.
  public var description: String {
    var name: String
    switch code {
    case .character(" "): name = "Space"
    case let .character(character): name = modifiers.isEmpty ? String(character) : character.uppercased()
    case .enter: name = "Enter"
    case .tab: name = "Tab"
    case .backspace: name = "Backspace"
    case .delete: name = "Delete"
    case .escape: name = "Esc"
    case .insert: name = "Insert"
    case .up: name = "↑"
    case .down: name = "↓"
    case .left: name = "←"
    case .right: name = "→"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "PgUp"
    case .pageDown: name = "PgDn"
    case let .function(number): name = "F\(number)"
    }
    if modifiers.contains(.shift) { name = "Shift-" + name }
    if modifiers.contains(.alt) { name = "Alt-" + name }
    if modifiers.contains(.control) { name = "Ctrl-" + name }
    return name
  }
}

/// A type a setting's value has: written in the config file, in an environment variable and on
/// the command line as one piece of text.
///
/// ```swift
/// try ColorSetting(settingText: "never")  // .never
/// ColorSetting.never.settingText          // "never"
/// ```
public protocol SettingValue: Equatable, Sendable {
  /// Reads a value as written in the file (without the spaces around it); throws why it is
  /// not one.
  init(settingText: String) throws(SettingValueError)
  /// The value as the file writes it; reads back as the same value.
  var settingText: String { get }
  /// Every value accepted, for help and errors; empty when the set is open (any text).
  static var allowedSettingTexts: [String] { get }
}

/// Why some text is not a value of a setting; ``reason`` completes "invalid value 'x' for
/// color: …".
public struct SettingValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the text, as a clause: `expected auto, always or never`.
  public var reason: String

  /// An error saying `reason`.
  public init(reason: String) {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}

extension SettingValue where Self: CaseIterable & RawRepresentable, RawValue == String {
  /// The case whose raw value is `settingText`, exactly.
  public init(settingText: String) throws(SettingValueError) {
    guard let value = Self(rawValue: settingText) else {
      throw SettingValueError(reason: "expected \(Self.allowedSettingTexts.joinedAsAlternatives())")
    }
    self = value
  }

  /// The raw value.
  public var settingText: String { rawValue }

  /// Every case's raw value.
  public static var allowedSettingTexts: [String] { allCases.map(\.rawValue) }
}

extension Bool: SettingValue {
  /// `true` or `false`, exactly.
  public init(settingText: String) throws(SettingValueError) {
    switch settingText {
    case "true": self = true
    case "false": self = false
    default: throw SettingValueError(reason: "expected true or false")
    }
  }

  /// `true` or `false`.
  public var settingText: String { self ? "true" : "false" }

  /// `true` and `false`.
  public static var allowedSettingTexts: [String] { ["true", "false"] }
}

extension [String] {
  /// `a`, `a or b`, `a, b or c`: how messages list alternatives.
  func joinedAsAlternatives() -> String {
    switch count {
    case 0: return ""
    case 1: return self[0]
    default: return dropLast().joined(separator: ", ") + " or " + last!
    }
  }
}

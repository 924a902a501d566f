import Foundation

/// `add.project`: the project a new task goes in when the add form is given no place (`taskman
/// add` without `--project` or `--under`): an inbox, created at the end of the list the first
/// time. Empty (the default): the end of the list.
///
/// ```swift
/// try AddProjectSetting(settingText: "Inbox").position  // .project("Inbox")
/// try AddProjectSetting(settingText: "").position       // .top
/// ```
public struct AddProjectSetting: Hashable, Sendable, SettingValue {
  /// The project's title, or nil for none.
  public var title: String?

  /// The project titled `title`, or none.
  public init(_ title: String? = nil) {
    self.title = title
  }

  /// Where a new task goes: the end of the project's children, or of the list.
  public var position: OutlinePosition {
    title.map(OutlinePosition.project) ?? .top
  }

  /// A project's name as `--project` takes it (`Inbox`, or `Inbox:`), or empty for none.
  public init(settingText: String) throws(SettingValueError) {
    let text = settingText.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else {
      self.init()
      return
    }
    do throws(OutlineError) {
      self.init(try OutlinePosition.validProjectTitle(text))
    } catch {
      throw SettingValueError(reason: "expected a project's name, like Inbox, one line without tags")
    }
  }

  /// The project's title, or empty.
  public var settingText: String { title ?? "" }

  /// Any project's name: an open set.
  public static var allowedSettingTexts: [String] { [] }
}

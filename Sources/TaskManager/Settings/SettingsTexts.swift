/// The settings form's fields: each key's value as text, as a person types it, changed through
/// bindings of ``SettingsFeature``:
///
/// ```swift
/// store.send(.binding(.set(\.texts.listSort, "due")))
/// ```
///
/// Text rather than typed values, so that a value the key does not accept (`list.sort = size`)
/// can be typed, and refused by the feature with the reason, as the file would be.
/// ``SettingsKey/field`` names each key's field.
public struct SettingsTexts: Equatable, Sendable {
  /// `color`.
  public var color: String
  /// `list.show-done`.
  public var listShowDone: String
  /// `list.sort`.
  public var listSort: String
  /// `list.filter`.
  public var listFilter: String
  /// `done.date-format`.
  public var doneDateFormat: String
  /// `add.project`.
  public var addProject: String
  /// `default`.
  public var defaultCommand: String
  /// `files`.
  public var files: String

  /// The fields showing `settings`.
  public init(_ settings: Settings = Settings()) {
    color = settings.color.settingText
    listShowDone = settings.listShowDone.settingText
    listSort = settings.listSort.settingText
    listFilter = settings.listFilter.settingText
    doneDateFormat = settings.doneDateFormat.settingText
    addProject = settings.addProject.settingText
    defaultCommand = settings.defaultCommand.settingText
    files = settings.files.settingText
  }
}

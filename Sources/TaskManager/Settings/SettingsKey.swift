import Composable

/// A setting's name in the config file, with the ``Settings`` field it sets, how its value is
/// read from text, and what it means: the one table that the file, `taskman config` and help
/// are made from.
///
/// ```swift
/// let key = SettingsKey.named("list.sort")!
/// var settings = Settings()
/// try key.set("due", in: &settings)
/// key.value(in: settings)  // "due"
/// ```
///
/// A key knows its field of ``Settings`` (``keyPath``) and its field of the settings form
/// (``field``), so that a change of one is a binding of that field:
///
/// ```swift
/// store.send(.binding(SettingsKey.listSort.binding("due")))  // .binding(.set(\.texts.listSort, "due"))
/// ```
public struct SettingsKey: Hashable, Sendable, CustomStringConvertible {
  /// The name, as the file writes it: `list.show-done`.
  public let name: String
  /// What the setting does, one or two sentences, for `taskman config` and help.
  public let summary: String
  /// Every value accepted, or empty when any text is (see ``SettingValue/allowedSettingTexts``).
  public let allowedValues: [String]
  /// The field of ``Settings`` the key sets.
  public let keyPath: PartialKeyPath<Settings> & Sendable
  /// The key's text field of the settings form (``SettingsFeature/State/texts``), which its
  /// bindings set.
  public let field: WritableKeyPath<SettingsFeature.State, String> & Sendable
  private let read: @Sendable (Settings) -> String
  private let write: @Sendable (inout Settings, String) throws(SettingValueError) -> Void

  /// A key named `name` for the field at `keyPath`, edited in the settings form's `field`.
  public init<Value: SettingValue>(
    _ name: String, _ keyPath: WritableKeyPath<Settings, Value> & Sendable,
    field: WritableKeyPath<SettingsFeature.State, String> & Sendable, summary: String
  ) {
    self.name = name
    self.field = field
    self.summary = summary
    self.allowedValues = Value.allowedSettingTexts
    self.keyPath = keyPath
    self.read = { $0[keyPath: keyPath].settingText }
    self.write = { settings, text throws(SettingValueError) in
      settings[keyPath: keyPath] = try Value(settingText: text)
    }
  }

  /// The settings form's action that sets the key to the value `text` says: the key's line
  /// changes when ``SettingsFeature`` receives it.
  ///
  /// ```swift
  /// SettingsKey.listSort.binding("due")  // .set(\.texts.listSort, "due")
  /// ```
  public func binding(_ text: String) -> BindingAction<SettingsFeature.State> {
    .set(field, text)
  }

  /// The key's value in `settings`, as the file writes it.
  public func value(in settings: Settings) -> String { read(settings) }

  /// The key's value in settings at their defaults.
  public var defaultValue: String { read(Settings()) }

  /// Sets the key's field of `settings` to the value `text` says; throws why it is not one,
  /// leaving `settings` as it was.
  public func set(_ text: String, in settings: inout Settings) throws(SettingValueError) {
    try write(&settings, text)
  }

  /// Whether `text` is a value of the key.
  public func validate(_ text: String) throws(SettingValueError) {
    var settings = Settings()
    try write(&settings, text)
  }

  /// The name.
  public var description: String { name }

  /// Keys are the same when their names are.
  public static func == (lhs: SettingsKey, rhs: SettingsKey) -> Bool { lhs.name == rhs.name }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension SettingsKey {
  /// `color = auto|always|never`.
  public static let color = SettingsKey(
    "color", \.color, field: \.texts.color,
    summary: "Colour the output: auto (only on a terminal, and not when NO_COLOR is set), always or never."
  )
  /// `list.show-done = true|false`.
  public static let listShowDone = SettingsKey(
    "list.show-done", \.listShowDone, field: \.texts.listShowDone,
    summary: "Whether list shows done items too (as --all does) when given no --done or --all."
  )
  /// `list.sort = none|due|project|created|text`.
  public static let listSort = SettingsKey(
    "list.sort", \.listSort, field: \.texts.listSort,
    summary: "The order list uses when given no --sort: none (the outline) or due, project, created or text (a flat list)."
  )
  /// `list.filter = <list's filter options>`.
  public static let listFilter = SettingsKey(
    "list.filter", \.listFilter, field: \.texts.listFilter,
    summary: "Filter options list uses when given none of its own, as typed after 'taskman list' (--not-tag someday --project Work). Empty: none."
  )
  /// `done.date-format = date|datetime`.
  public static let doneDateFormat = SettingsKey(
    "done.date-format", \.doneDateFormat, field: \.texts.doneDateFormat,
    summary: "What done writes in @done(…): date (2026-11-28) or datetime (2026-11-28 14:05)."
  )
  /// `add.project = <a project's name>`.
  public static let addProject = SettingsKey(
    "add.project", \.addProject, field: \.texts.addProject,
    summary: "The project add puts a new task in when given no --project or --under (an inbox), created the first time. Empty: the end of the list."
  )
  /// `files = <path>, <path>…`.
  public static let files = SettingsKey(
    "files", \.files, field: \.texts.files,
    summary: "The TaskPaper files to work on when --file is not given, separated by commas, the first the primary (where add puts tasks); a relative path is taken from the config file's directory, ~/ from the home directory. --file and $TASKMAN_FILE come first. Empty: tasks.taskpaper in the data directory."
  )

  /// `default = <a command line>`.
  public static let defaultCommand = SettingsKey(
    "default", \.defaultCommand, field: \.texts.defaultCommand,
    summary: "The command line taskman runs when given no command, as typed after 'taskman' (agenda, list --flat, or an alias's name). Empty: list."
  )

  /// Every key, in the order `taskman config` lists them.
  public static let all: [SettingsKey] = [color, listShowDone, listSort, listFilter, doneDateFormat, addProject, files, defaultCommand]

  /// The key named `name` (exactly), or nil.
  public static func named(_ name: String) -> SettingsKey? {
    all.first { $0.name == name }
  }

  /// Whether `name` can name a setting at all, known to this version or not: lowercase ASCII
  /// letters and digits in words joined by `.`, `-` or `_`, starting with a letter
  /// (`future.key`). A line with another name is an error rather than a key kept for later.
  public static func isValidName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
    var previousWasSeparator = false
    for byte in name.utf8 {
      let isSeparator = byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      let isWordByte = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      guard isSeparator || isWordByte else { return false }
      if isSeparator && previousWasSeparator { return false }
      previousWasSeparator = isSeparator
    }
    return !previousWasSeparator
  }
}
